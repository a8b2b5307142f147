//! Whether a declared region holds every access a block makes to a buffer,
//! checked point by point: the block's iterators (and loops inside its body)
//! run over their constant domains and each load or store index is computed
//! as the CPU would (float32 in f32, casts truncating), so indices region
//! analysis cannot bound (`floor` of a float, `min`/`max` clamps) are checked
//! too. An index that reads memory, or a space too large to run, cannot be
//! checked and is reported so (the caller refuses).

use std::collections::HashMap;

use crate::ir::{
    BinOp, BlockRealize, BufferId, DataType, Expr, Intrinsic, PrimFunc, Range, Stmt, VarId,
};

/// Most index evaluations one check may do (the iteration space times the
/// accesses per point).
const MAX_STEPS: u64 = 1 << 23;

#[derive(Debug)]
pub enum Uncovered {
    /// The access at `point` (`vi=3, vj=0`) falls outside; `index` as numbers.
    Missed {
        point: String,
        index: String,
    },
    Unchecked(String),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    I(i64),
    F32(f32),
    F64(f64),
}

impl Val {
    fn as_int(self) -> Option<i64> {
        match self {
            Val::I(v) => Some(v),
            _ => None,
        }
    }
}

struct Checker<'a> {
    func: &'a PrimFunc,
    buffer: BufferId,
    is_write: bool,
    /// The region with its bounds computed at the current point.
    bounds: Vec<(i64, i64)>,
    env: HashMap<VarId, Val>,
    steps: u64,
}

/// Checks that every access of `buffer` (loads when `!is_write`, stores when
/// `is_write`) in the block lies in `region` (over the block's iterators).
pub fn check_covered(
    func: &PrimFunc,
    realize: &BlockRealize,
    buffer: BufferId,
    is_write: bool,
    region: &[Range],
) -> Result<(), Uncovered> {
    let b = &realize.block;
    let mut doms = Vec::new();
    for iv in &b.iter_vars {
        match (iv.dom.min.as_int(), iv.dom.extent.as_int()) {
            (Some(min), Some(extent)) => doms.push((iv.var, min, extent)),
            _ => {
                return Err(Uncovered::Unchecked(format!(
                    "iterator `{}` has no constant domain",
                    func.var_name(iv.var)
                )))
            }
        }
    }
    let mut c = Checker {
        func,
        buffer,
        is_write,
        bounds: Vec::new(),
        env: HashMap::new(),
        steps: 0,
    };
    if doms.iter().any(|d| d.2 <= 0) {
        return Ok(());
    }
    let mut at: Vec<i64> = doms.iter().map(|d| d.1).collect();
    loop {
        for ((var, _, _), v) in doms.iter().zip(&at) {
            c.env.insert(*var, Val::I(*v));
        }
        c.bounds = region
            .iter()
            .map(|r| {
                let lo = c.int(&r.min)?;
                Ok((lo, lo.saturating_add(c.int(&r.extent)?)))
            })
            .collect::<Result<_, Uncovered>>()?;
        if let Some(init) = &b.init {
            c.stmt(init)?;
        }
        c.stmt(&b.body)?;
        // Odometer over the iteration space, last iterator fastest.
        let mut k = doms.len();
        loop {
            if k == 0 {
                return Ok(());
            }
            k -= 1;
            at[k] += 1;
            if at[k] < doms[k].1 + doms[k].2 {
                break;
            }
            at[k] = doms[k].1;
        }
    }
}

impl Checker<'_> {
    fn unchecked<T>(&self, why: impl Into<String>) -> Result<T, Uncovered> {
        Err(Uncovered::Unchecked(why.into()))
    }

    fn int(&self, e: &Expr) -> Result<i64, Uncovered> {
        match eval(e, &self.env).and_then(Val::as_int) {
            Some(v) => Ok(v),
            None => self.unchecked(format!(
                "`{}` is not an integer computed from the iterators",
                crate::script::printer::print_expr(self.func, e)
            )),
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), Uncovered> {
        match s {
            Stmt::For(f) => {
                let (min, extent) = (self.int(&f.min)?, self.int(&f.extent)?);
                for v in min..min.saturating_add(extent) {
                    self.env.insert(f.var, Val::I(v));
                    self.stmt(&f.body)?;
                }
                self.env.remove(&f.var);
                Ok(())
            }
            Stmt::BlockRealize(_) => self.unchecked("the block holds other blocks"),
            Stmt::Seq(list) => list.iter().try_for_each(|s| self.stmt(s)),
            Stmt::BufferStore(st) => {
                for i in &st.indices {
                    self.expr(i)?;
                }
                self.expr(&st.value)?;
                if self.is_write && st.buffer == self.buffer {
                    self.access(&st.indices)?;
                }
                Ok(())
            }
            Stmt::IfThenElse(ite) => {
                self.expr(&ite.cond)?;
                match eval(&ite.cond, &self.env).and_then(Val::as_int) {
                    Some(0) => ite.else_case.as_ref().map_or(Ok(()), |e| self.stmt(e)),
                    Some(_) => self.stmt(&ite.then_case),
                    None => {
                        self.stmt(&ite.then_case)?;
                        ite.else_case.as_ref().map_or(Ok(()), |e| self.stmt(e))
                    }
                }
            }
            Stmt::LetStmt(l) => {
                self.expr(&l.value)?;
                match eval(&l.value, &self.env) {
                    Some(v) => {
                        self.env.insert(l.var, v);
                        let out = self.stmt(&l.body);
                        self.env.remove(&l.var);
                        out
                    }
                    // A value read from memory: fine unless an index uses it.
                    None => self.stmt(&l.body),
                }
            }
            Stmt::Evaluate(e) => self.expr(e),
        }
    }

    /// Visits the loads in `e` (only the branch `if_then_else` takes, when
    /// its condition is known).
    fn expr(&mut self, e: &Expr) -> Result<(), Uncovered> {
        match e {
            Expr::Load(b, idx) => {
                for i in idx {
                    self.expr(i)?;
                }
                if !self.is_write && *b == self.buffer {
                    self.access(idx)?;
                }
                Ok(())
            }
            Expr::Call(Intrinsic::IfThenElse, args) if args.len() == 3 => {
                self.expr(&args[0])?;
                match eval(&args[0], &self.env).and_then(Val::as_int) {
                    Some(0) => self.expr(&args[2]),
                    Some(_) => self.expr(&args[1]),
                    None => {
                        self.expr(&args[1])?;
                        self.expr(&args[2])
                    }
                }
            }
            Expr::Binary(_, a, b) => {
                self.expr(a)?;
                self.expr(b)
            }
            Expr::Not(a) | Expr::Cast(_, a) => self.expr(a),
            Expr::Select(c, a, b) => {
                self.expr(c)?;
                self.expr(a)?;
                self.expr(b)
            }
            Expr::Call(_, args) => args.iter().try_for_each(|a| self.expr(a)),
            Expr::Opaque(_) if self.mentions_buffer(e) => {
                self.unchecked("the buffer is used inside an opaque builtin")
            }
            Expr::Int(..) | Expr::Float(..) | Expr::Var(_) | Expr::Opaque(_) => Ok(()),
        }
    }

    fn mentions_buffer(&self, e: &Expr) -> bool {
        let text = crate::script::printer::print_expr(self.func, e);
        let name = &self.func.buffer(self.buffer).name;
        text.contains(name.as_str())
    }

    fn access(&mut self, idx: &[Expr]) -> Result<(), Uncovered> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return self.unchecked(format!(
                "more than {MAX_STEPS} accesses to check (a smaller block checks)"
            ));
        }
        if idx.len() != self.bounds.len() {
            return self.unchecked("an access with another number of indices than the region");
        }
        let values = idx
            .iter()
            .map(|i| self.int(i))
            .collect::<Result<Vec<i64>, _>>()?;
        let inside = values
            .iter()
            .zip(&self.bounds)
            .all(|(v, (lo, hi))| lo <= v && v < hi);
        if inside {
            return Ok(());
        }
        let mut point: Vec<(String, i64)> = self
            .env
            .iter()
            .filter_map(|(var, v)| Some((self.func.var_name(*var).to_string(), v.as_int()?)))
            .collect();
        point.sort();
        let point = point
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(", ");
        let index = values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        Err(Uncovered::Missed { point, index })
    }
}

/// The value of an index expression at `env`, computed as the CPU does;
/// `None` for loads, unknown variables and what has no exact value here
/// (float16, overflow, division by zero).
fn eval(e: &Expr, env: &HashMap<VarId, Val>) -> Option<Val> {
    Some(match e {
        Expr::Int(v, _) => Val::I(*v),
        Expr::Float(v, DataType::F32) => Val::F32(*v as f32),
        Expr::Float(v, DataType::F64) => Val::F64(*v),
        Expr::Float(..) => return None,
        Expr::Var(v) => *env.get(v)?,
        Expr::Binary(op, a, b) => binary(*op, eval(a, env)?, eval(b, env)?)?,
        Expr::Not(a) => Val::I((eval(a, env)?.as_int()? == 0) as i64),
        Expr::Select(c, a, b) => {
            let (c, a, b) = (eval(c, env)?.as_int()?, eval(a, env)?, eval(b, env)?);
            if c != 0 {
                a
            } else {
                b
            }
        }
        Expr::Cast(t, a) => cast(*t, eval(a, env)?)?,
        Expr::Call(Intrinsic::IfThenElse, args) if args.len() == 3 => {
            if eval(&args[0], env)?.as_int()? != 0 {
                eval(&args[1], env)?
            } else {
                eval(&args[2], env)?
            }
        }
        Expr::Call(Intrinsic::Likely, args) if args.len() == 1 => eval(&args[0], env)?,
        Expr::Call(op, args) if args.len() == 1 => rounding(*op, eval(&args[0], env)?)?,
        Expr::Load(..) | Expr::Call(..) | Expr::Opaque(_) => return None,
    })
}

fn cast(t: DataType, v: Val) -> Option<Val> {
    let float = |x: f64| -> Option<i64> {
        let x = x.trunc();
        (x.is_finite() && x.abs() < 9.0e15).then_some(x as i64)
    };
    Some(match t {
        DataType::Bool => Val::I(match v {
            Val::I(i) => (i != 0) as i64,
            Val::F32(f) => (f != 0.0) as i64,
            Val::F64(f) => (f != 0.0) as i64,
        }),
        DataType::F32 => Val::F32(match v {
            Val::I(i) => i as f32,
            Val::F32(f) => f,
            Val::F64(f) => f as f32,
        }),
        DataType::F64 => Val::F64(match v {
            Val::I(i) => i as f64,
            Val::F32(f) => f as f64,
            Val::F64(f) => f,
        }),
        t if t.is_int() => {
            let i = match v {
                Val::I(i) => i,
                Val::F32(f) => float(f as f64)?,
                Val::F64(f) => float(f)?,
            };
            let (lo, hi) = t.int_range()?;
            if i < lo || i > hi {
                return None;
            }
            Val::I(i)
        }
        _ => return None,
    })
}

fn rounding(op: Intrinsic, v: Val) -> Option<Val> {
    let f32_op = |x: f32| -> Option<f32> {
        Some(match op {
            Intrinsic::Floor => x.floor(),
            Intrinsic::Ceil => x.ceil(),
            Intrinsic::Round => x.round_ties_even(),
            Intrinsic::Trunc => x.trunc(),
            Intrinsic::Fabs => x.abs(),
            _ => return None,
        })
    };
    let f64_op = |x: f64| -> Option<f64> {
        Some(match op {
            Intrinsic::Floor => x.floor(),
            Intrinsic::Ceil => x.ceil(),
            Intrinsic::Round => x.round_ties_even(),
            Intrinsic::Trunc => x.trunc(),
            Intrinsic::Fabs => x.abs(),
            _ => return None,
        })
    };
    Some(match v {
        Val::F32(x) => Val::F32(f32_op(x)?),
        Val::F64(x) => Val::F64(f64_op(x)?),
        Val::I(i) if op == Intrinsic::Abs => Val::I(i.checked_abs()?),
        Val::I(_) => return None,
    })
}

fn binary(op: BinOp, a: Val, b: Val) -> Option<Val> {
    let cmp = |o: std::cmp::Ordering| -> Option<Val> {
        use std::cmp::Ordering::*;
        Some(Val::I(match op {
            BinOp::Eq => (o == Equal) as i64,
            BinOp::Ne => (o != Equal) as i64,
            BinOp::Lt => (o == Less) as i64,
            BinOp::Le => (o != Greater) as i64,
            BinOp::Gt => (o == Greater) as i64,
            BinOp::Ge => (o != Less) as i64,
            _ => return None,
        }))
    };
    match (a, b) {
        (Val::I(x), Val::I(y)) => Some(Val::I(match op {
            BinOp::Add => x.checked_add(y)?,
            BinOp::Sub => x.checked_sub(y)?,
            BinOp::Mul => x.checked_mul(y)?,
            BinOp::Div => x.checked_div(y)?,
            BinOp::Mod => x.checked_rem(y)?,
            BinOp::FloorDiv => floor_div(x, y)?,
            BinOp::FloorMod => floor_mod(x, y)?,
            BinOp::Min => x.min(y),
            BinOp::Max => x.max(y),
            BinOp::And => (x != 0 && y != 0) as i64,
            BinOp::Or => (x != 0 || y != 0) as i64,
            _ => return cmp(x.cmp(&y)),
        })),
        (Val::F32(x), Val::F32(y)) => Some(Val::F32(match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::Div => x / y,
            BinOp::Min => x.min(y),
            BinOp::Max => x.max(y),
            _ => return cmp(x.partial_cmp(&y)?),
        })),
        (Val::F64(x), Val::F64(y)) => Some(Val::F64(match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::Div => x / y,
            BinOp::Min => x.min(y),
            BinOp::Max => x.max(y),
            _ => return cmp(x.partial_cmp(&y)?),
        })),
        _ => None,
    }
}

fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

fn floor_mod(x: i64, y: i64) -> Option<i64> {
    x.checked_sub(floor_div(x, y)?.checked_mul(y)?)
}
