//! Executes a compiled `Program` sequentially: every loop kind runs as a serial
//! loop, blocks bind their iter vars, skip when their predicate is false, run
//! `init` on the first reduction iteration and poison their allocations on entry.
//!
//! Variables live in per-kind `Vec`s indexed by `VarId`, buffer elements in
//! per-kind pools reached through views with precomputed row-major strides, so the
//! inner loop neither hashes nor allocates. Knows `code` and `scalar` only.

use super::code::{
    Access, AnyExpr, ArithOp, BExpr, CBlock, CMatch, CStmt, FExpr, FUnary, IExpr, Kind, Program,
};
use super::compile::buffer_len;
use super::error::InterpError;
use super::scalar::{
    erf, float_to_int, floor_div, floor_mod, poison_int, round_float, round_half_even, wrap_int,
};
use super::tensor::TensorData;
use crate::ir::DataType;

type Res<T> = Result<T, Box<InterpError>>;

/// Where a buffer's elements are: a pool of its kind, an offset and strides.
struct View {
    pool: usize,
    base: i64,
    shape: Vec<i64>,
    strides: Vec<i64>,
}

fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1].max(0);
    }
    strides
}

pub struct Machine<'p> {
    prog: &'p Program,
    ivars: Vec<i64>,
    fvars: Vec<f64>,
    bvars: Vec<bool>,
    views: Vec<View>,
    fpool: Vec<Vec<f64>>,
    ipool: Vec<Vec<i64>>,
    bpool: Vec<Vec<bool>>,
    /// Index of the innermost block being executed, for error messages.
    block: u32,
}

impl<'p> Machine<'p> {
    /// Allocates storage for every buffer that owns some (parameters get
    /// theirs from `adopt`).
    pub fn new(prog: &'p Program) -> Machine<'p> {
        let n_vars = prog.var_names.len();
        let mut m = Machine {
            prog,
            ivars: vec![0; n_vars],
            fvars: vec![0.0; n_vars],
            bvars: vec![false; n_vars],
            views: Vec::with_capacity(prog.buffers.len()),
            fpool: Vec::new(),
            ipool: Vec::new(),
            bpool: Vec::new(),
            block: 0,
        };
        for (i, info) in prog.buffers.iter().enumerate() {
            let pool = if !info.owns_storage || prog.params.contains(&(i as u32)) {
                usize::MAX
            } else {
                let n = buffer_len(info);
                match Kind::of(info.dtype) {
                    Kind::Float => push(&mut m.fpool, vec![f64::NAN; n]),
                    Kind::Int => push(&mut m.ipool, vec![poison_int(info.dtype); n]),
                    Kind::Bool => push(&mut m.bpool, vec![false; n]),
                }
            };
            m.views.push(View {
                pool,
                base: 0,
                shape: info.shape.clone(),
                strides: row_major_strides(&info.shape),
            });
        }
        m
    }

    /// Gives parameter buffer `b` the argument's storage (checked by the caller).
    pub fn adopt(&mut self, b: u32, data: TensorData) {
        let pool = match data {
            TensorData::Float(v) => push(&mut self.fpool, v),
            TensorData::Int(v) => push(&mut self.ipool, v),
            TensorData::Bool(v) => push(&mut self.bpool, v),
        };
        if let Some(view) = self.views.get_mut(b as usize) {
            view.pool = pool;
        }
    }

    /// Takes parameter buffer `b`'s storage back out.
    pub fn release(&mut self, b: u32) -> TensorData {
        let (kind, pool) = match self.prog.buffers.get(b as usize) {
            Some(info) => (Kind::of(info.dtype), self.views[b as usize].pool),
            None => return TensorData::Float(Vec::new()),
        };
        match kind {
            Kind::Float => TensorData::Float(
                self.fpool
                    .get_mut(pool)
                    .map(std::mem::take)
                    .unwrap_or_default(),
            ),
            Kind::Int => TensorData::Int(
                self.ipool
                    .get_mut(pool)
                    .map(std::mem::take)
                    .unwrap_or_default(),
            ),
            Kind::Bool => TensorData::Bool(
                self.bpool
                    .get_mut(pool)
                    .map(std::mem::take)
                    .unwrap_or_default(),
            ),
        }
    }

    pub fn run(&mut self) -> Result<(), InterpError> {
        self.exec(&self.prog.body).map_err(|e| *e)
    }

    fn block_name(&self) -> String {
        self.prog
            .block_names
            .get(self.block as usize)
            .cloned()
            .unwrap_or_else(|| "root".to_string())
    }

    fn exec(&mut self, s: &CStmt) -> Res<()> {
        match s {
            CStmt::Seq(v) => {
                for s in v {
                    self.exec(s)?;
                }
            }
            CStmt::For {
                var,
                min,
                extent,
                body,
            } => {
                let lo = self.index(min)?;
                let hi = lo.saturating_add(self.index(extent)?);
                for i in lo..hi {
                    self.ivars[*var as usize] = i;
                    self.exec(body)?;
                }
            }
            CStmt::Block(b) => self.exec_block(b)?,
            CStmt::Store { access, value } => match value {
                AnyExpr::F(e) => {
                    let v = self.eval_f(e)?;
                    let (pool, off) = self.locate(access)?;
                    *slot(&mut self.fpool, pool, off)? = v;
                }
                AnyExpr::I(e) => {
                    let v = self.eval_i(e)?;
                    let (pool, off) = self.locate(access)?;
                    *slot(&mut self.ipool, pool, off)? = v;
                }
                AnyExpr::B(e) => {
                    let v = self.eval_b(e)?;
                    let (pool, off) = self.locate(access)?;
                    *slot(&mut self.bpool, pool, off)? = v;
                }
            },
            CStmt::If {
                cond,
                then_case,
                else_case,
            } => {
                if self.eval_b(cond)? {
                    self.exec(then_case)?;
                } else if let Some(e) = else_case {
                    self.exec(e)?;
                }
            }
            CStmt::Let { var, value, body } => {
                let v = *var as usize;
                match value {
                    AnyExpr::I(e) => self.ivars[v] = self.eval_i(e)?,
                    AnyExpr::F(e) => self.fvars[v] = self.eval_f(e)?,
                    AnyExpr::B(e) => self.bvars[v] = self.eval_b(e)?,
                }
                self.exec(body)?;
            }
            CStmt::Evaluate(e) => match e {
                AnyExpr::I(e) => drop(self.eval_i(e)?),
                AnyExpr::F(e) => drop(self.eval_f(e)?),
                AnyExpr::B(e) => drop(self.eval_b(e)?),
            },
        }
        Ok(())
    }

    fn exec_block(&mut self, b: &CBlock) -> Res<()> {
        for it in &b.iters {
            let v = self.index(&it.value)?;
            self.ivars[it.var as usize] = v;
        }
        if let Some(p) = &b.predicate {
            if !self.eval_b(p)? {
                return Ok(());
            }
        }
        let outer = self.block;
        self.block = b.name;
        // T.init runs when every reduction iter var is at its domain's start.
        let has_init = b.init.is_some();
        let mut first = true;
        for it in &b.iters {
            if !(it.checked || has_init && it.reduce) {
                continue;
            }
            let v = self.ivars[it.var as usize];
            let min = self.index(&it.dom_min)?;
            if it.checked {
                let end = min.saturating_add(self.index(&it.dom_extent)?);
                if v < min || v >= end {
                    return Err(self.out_of_domain(it.var, v, min, end));
                }
            }
            first &= !it.reduce || v == min;
        }
        for &a in &b.allocs {
            self.poison(a);
        }
        for m in &b.match_buffers {
            self.bind_match(m)?;
        }
        if first && has_init {
            if let Some(init) = &b.init {
                self.exec(init)?;
            }
        }
        self.exec(&b.body)?;
        self.block = outer;
        Ok(())
    }

    /// Fills an allocation with "never written" values, as TVM leaves it undefined.
    fn poison(&mut self, b: u32) {
        let (Some(info), Some(view)) = (
            self.prog.buffers.get(b as usize),
            self.views.get(b as usize),
        ) else {
            return;
        };
        match Kind::of(info.dtype) {
            Kind::Float => fill(&mut self.fpool, view.pool, f64::NAN),
            Kind::Int => fill(&mut self.ipool, view.pool, poison_int(info.dtype)),
            Kind::Bool => fill(&mut self.bpool, view.pool, false),
        }
    }

    /// Points a match buffer's view at its source region.
    fn bind_match(&mut self, m: &CMatch) -> Res<()> {
        let mut mins = Vec::with_capacity(m.region.len());
        let mut extents = Vec::with_capacity(m.region.len());
        for (min, extent) in &m.region {
            mins.push(self.eval_i(min)?);
            extents.push(self.eval_i(extent)?);
        }
        let src = &self.views[m.source as usize];
        let shape = self.views[m.buffer as usize].shape.clone();
        let fail = |why: String| {
            Box::new(InterpError::MatchBuffer {
                block: self.block_name(),
                buffer: self.prog.buffers[m.buffer as usize].name.clone(),
                source_buffer: self.prog.buffers[m.source as usize].name.clone(),
                why,
            })
        };
        for d in 0..mins.len() {
            if mins[d] < 0 || extents[d] < 0 || mins[d].saturating_add(extents[d]) > src.shape[d] {
                return Err(fail(format!(
                    "region {mins:?} + {extents:?} exceeds shape {:?}",
                    src.shape
                )));
            }
        }
        // The match buffer's axes are the region's trailing ones; leading ones are unit.
        let lead = extents.len().checked_sub(shape.len());
        let fits = lead.is_some_and(|lead| {
            extents[..lead].iter().all(|&e| e == 1) && extents[lead..] == shape[..]
        });
        let Some(lead) = lead.filter(|_| fits) else {
            return Err(fail(format!(
                "region extents {extents:?} against shape {shape:?}"
            )));
        };
        let base = src.base
            + mins
                .iter()
                .zip(&src.strides)
                .map(|(m, s)| m * s)
                .sum::<i64>();
        let strides = src.strides[lead..].to_vec();
        let pool = src.pool;
        let view = &mut self.views[m.buffer as usize];
        view.pool = pool;
        view.base = base;
        view.strides = strides;
        Ok(())
    }

    /// The pool and offset of an element, checking every index against the shape.
    #[inline]
    fn locate(&self, acc: &Access) -> Res<(usize, usize)> {
        let view = &self.views[acc.buffer as usize];
        let mut off = view.base;
        for ((idx, &extent), &stride) in acc.indices.iter().zip(&view.shape).zip(&view.strides) {
            let i = self.index(idx)?;
            if i < 0 || i >= extent {
                return Err(self.out_of_bounds(acc));
            }
            off += i * stride;
        }
        Ok((view.pool, off as usize))
    }

    #[cold]
    fn out_of_bounds(&self, acc: &Access) -> Box<InterpError> {
        let b = acc.buffer as usize;
        Box::new(InterpError::OutOfBounds {
            buffer: self.prog.buffers[b].name.clone(),
            indices: acc
                .indices
                .iter()
                .map(|e| self.eval_i(e).unwrap_or(i64::MIN))
                .collect(),
            shape: self.views[b].shape.clone(),
            block: self.block_name(),
        })
    }

    #[cold]
    fn out_of_domain(&self, var: u32, value: i64, min: i64, end: i64) -> Box<InterpError> {
        Box::new(InterpError::IterOutOfDomain {
            block: self.block_name(),
            var: self
                .prog
                .var_names
                .get(var as usize)
                .cloned()
                .unwrap_or_default(),
            value,
            min,
            end,
        })
    }

    /// `eval_i` with the common leaf cases inline (indices are mostly variables).
    #[inline(always)]
    fn index(&self, e: &IExpr) -> Res<i64> {
        match e {
            IExpr::Var(v) => Ok(self.ivars[*v as usize]),
            IExpr::Const(c) => Ok(*c),
            _ => self.eval_i(e),
        }
    }

    #[cold]
    fn bad_shift(&self, amount: i64, dtype: crate::ir::DataType) -> Box<InterpError> {
        Box::new(InterpError::ShiftOutOfRange {
            block: self.block_name(),
            amount,
            dtype,
        })
    }

    #[cold]
    fn div_by_zero(&self) -> Box<InterpError> {
        Box::new(InterpError::DivisionByZero {
            block: self.block_name(),
        })
    }

    fn eval_i(&self, e: &IExpr) -> Res<i64> {
        Ok(match e {
            IExpr::Const(v) => *v,
            IExpr::Var(v) => self.ivars[*v as usize],
            IExpr::Arith(op, a, b, t) => {
                let (a, b) = (self.eval_i(a)?, self.eval_i(b)?);
                let r = match op {
                    ArithOp::Add => a.wrapping_add(b),
                    ArithOp::Sub => a.wrapping_sub(b),
                    ArithOp::Mul => a.wrapping_mul(b),
                    ArithOp::Min => a.min(b),
                    ArithOp::Max => a.max(b),
                    ArithOp::BitAnd => a & b,
                    ArithOp::BitOr => a | b,
                    ArithOp::BitXor => a ^ b,
                    // Values are kept sign-extended (signed) or non-negative
                    // (unsigned): `>>` on them is C's arithmetic or logical shift.
                    ArithOp::Shl | ArithOp::Shr => {
                        if b < 0 || b >= i64::from(t.bits()) {
                            return Err(self.bad_shift(b, *t));
                        }
                        if *op == ArithOp::Shl {
                            a.wrapping_shl(b as u32)
                        } else {
                            a >> b
                        }
                    }
                    _ if b == 0 => return Err(self.div_by_zero()),
                    ArithOp::Div => a.wrapping_div(b),
                    ArithOp::Mod => a.wrapping_rem(b),
                    ArithOp::FloorDiv => floor_div(a, b),
                    ArithOp::FloorMod => floor_mod(a, b),
                };
                wrap_int(*t, r)
            }
            IExpr::Load(acc) => {
                let (pool, off) = self.locate(acc)?;
                *get(&self.ipool, pool, off)?
            }
            IExpr::Wrap(a, t) => wrap_int(*t, self.eval_i(a)?),
            IExpr::FromFloat(a, t) => float_to_int(*t, self.eval_f(a)?),
            IExpr::FromBool(a) => self.eval_b(a)? as i64,
            IExpr::Abs(a, t) => wrap_int(*t, self.eval_i(a)?.wrapping_abs()),
            IExpr::Select(c, a, b) => {
                let (c, a, b) = (self.eval_b(c)?, self.eval_i(a)?, self.eval_i(b)?);
                if c {
                    a
                } else {
                    b
                }
            }
            IExpr::IfThenElse(c, a, b) => {
                if self.eval_b(c)? {
                    self.eval_i(a)?
                } else {
                    self.eval_i(b)?
                }
            }
        })
    }

    fn eval_f(&self, e: &FExpr) -> Res<f64> {
        Ok(match e {
            FExpr::Const(v) => *v,
            FExpr::Var(v) => self.fvars[*v as usize],
            FExpr::Arith(op, a, b, t) => float_arith(*op, self.eval_f(a)?, self.eval_f(b)?, *t),
            FExpr::Load(acc) => {
                let (pool, off) = self.locate(acc)?;
                *get(&self.fpool, pool, off)?
            }
            FExpr::FromInt(a, t) => round_float(*t, self.eval_i(a)? as f64),
            FExpr::FromBool(a) => self.eval_b(a)? as u8 as f64,
            FExpr::Round(a, t) => round_float(*t, self.eval_f(a)?),
            FExpr::Unary(f, a, t) => round_float(*t, float_unary(*f, self.eval_f(a)?)),
            FExpr::Pow(a, b, t) => round_float(*t, self.eval_f(a)?.powf(self.eval_f(b)?)),
            FExpr::Select(c, a, b) => {
                let (c, a, b) = (self.eval_b(c)?, self.eval_f(a)?, self.eval_f(b)?);
                if c {
                    a
                } else {
                    b
                }
            }
            FExpr::IfThenElse(c, a, b) => {
                if self.eval_b(c)? {
                    self.eval_f(a)?
                } else {
                    self.eval_f(b)?
                }
            }
        })
    }

    fn eval_b(&self, e: &BExpr) -> Res<bool> {
        Ok(match e {
            BExpr::Const(v) => *v,
            BExpr::Var(v) => self.bvars[*v as usize],
            BExpr::Load(acc) => {
                let (pool, off) = self.locate(acc)?;
                *get(&self.bpool, pool, off)?
            }
            BExpr::CmpI(op, a, b) => op.apply(self.eval_i(a)?, self.eval_i(b)?),
            BExpr::CmpF(op, a, b) => op.apply(self.eval_f(a)?, self.eval_f(b)?),
            BExpr::CmpB(op, a, b) => op.apply(self.eval_b(a)?, self.eval_b(b)?),
            BExpr::And(a, b) => self.eval_b(a)? && self.eval_b(b)?,
            BExpr::Or(a, b) => self.eval_b(a)? || self.eval_b(b)?,
            BExpr::Not(a) => !self.eval_b(a)?,
            BExpr::FromInt(a) => self.eval_i(a)? != 0,
            BExpr::FromFloat(a) => self.eval_f(a)? != 0.0,
            BExpr::Select(c, a, b) => {
                let (c, a, b) = (self.eval_b(c)?, self.eval_b(a)?, self.eval_b(b)?);
                if c {
                    a
                } else {
                    b
                }
            }
            BExpr::IfThenElse(c, a, b) => {
                if self.eval_b(c)? {
                    self.eval_b(a)?
                } else {
                    self.eval_b(b)?
                }
            }
        })
    }
}

/// One float operation in f64, rounded to `t` (exact for + - * / on f32 and f16).
#[inline]
fn float_arith(op: ArithOp, a: f64, b: f64, t: DataType) -> f64 {
    let r = match op {
        ArithOp::Add => a + b,
        ArithOp::Sub => a - b,
        ArithOp::Mul => a * b,
        ArithOp::Div => a / b,
        ArithOp::Mod => a % b,
        ArithOp::FloorDiv => round_float(t, a / b).floor(),
        ArithOp::FloorMod => a - round_float(t, round_float(t, a / b).floor() * b),
        ArithOp::Min => a.min(b),
        ArithOp::Max => a.max(b),
        // The compiler gives bitwise operators integer operands only.
        ArithOp::Shl | ArithOp::Shr | ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor => {
            f64::NAN
        }
    };
    round_float(t, r)
}

fn float_unary(f: FUnary, x: f64) -> f64 {
    match f {
        FUnary::Exp => x.exp(),
        FUnary::Exp2 => x.exp2(),
        FUnary::Log => x.ln(),
        FUnary::Log2 => x.log2(),
        FUnary::Log10 => x.log10(),
        FUnary::Sqrt => x.sqrt(),
        FUnary::Rsqrt => 1.0 / x.sqrt(),
        FUnary::Sin => x.sin(),
        FUnary::Cos => x.cos(),
        FUnary::Tan => x.tan(),
        FUnary::Tanh => x.tanh(),
        FUnary::Sigmoid => 1.0 / (1.0 + (-x).exp()),
        FUnary::Erf => erf(x),
        FUnary::Abs => x.abs(),
        FUnary::Floor => x.floor(),
        FUnary::Ceil => x.ceil(),
        FUnary::Round => round_half_even(x),
        FUnary::Trunc => x.trunc(),
    }
}

fn push<T>(pools: &mut Vec<Vec<T>>, data: Vec<T>) -> usize {
    pools.push(data);
    pools.len() - 1
}

fn fill<T: Copy>(pools: &mut [Vec<T>], pool: usize, v: T) {
    if let Some(p) = pools.get_mut(pool) {
        p.fill(v);
    }
}

/// An element of a pool; a miss means a compiler invariant broke, reported
/// rather than panicking.
#[inline]
fn get<T>(pools: &[Vec<T>], pool: usize, off: usize) -> Res<&T> {
    pools
        .get(pool)
        .and_then(|p| p.get(off))
        .ok_or_else(|| Box::new(storage_missing()))
}

#[inline]
fn slot<T>(pools: &mut [Vec<T>], pool: usize, off: usize) -> Res<&mut T> {
    pools
        .get_mut(pool)
        .and_then(|p| p.get_mut(off))
        .ok_or_else(|| Box::new(storage_missing()))
}

#[cold]
fn storage_missing() -> InterpError {
    InterpError::Malformed {
        what: "a buffer access reached no storage".into(),
    }
}
