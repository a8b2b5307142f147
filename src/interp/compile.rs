//! Compiles a `PrimFunc` into the interpreter's `Program`: checks scoping of
//! variables and buffers, constant shapes and index counts once, so execution
//! only checks values (bounds, division by zero, iteration domains).
//!
//! Knows `ir` and `code`; runs nothing.

use super::code::{Access, BufferInfo, CBlock, CIter, CMatch, CStmt, IExpr, Program};
use super::compile_expr::convert;
use super::error::InterpError;
use super::interval::{bounds, Interval};
use super::tensor::numel;
use crate::ir::{
    BinOp, BlockRealize, BufferId, DataType, Expr, IterKind, IterVar, MatchBuffer, PrimFunc, Stmt,
    VarId,
};

/// Largest buffer the interpreter allocates (elements).
const MAX_ELEMS: i128 = 1 << 31;

pub struct Compiler<'a> {
    func: &'a PrimFunc,
    /// How many enclosing scopes bind each variable.
    var_depth: Vec<u32>,
    /// How many enclosing scopes make each buffer available.
    buf_depth: Vec<u32>,
    buffers: Vec<BufferInfo>,
    block_names: Vec<String>,
    /// Known bounds of loop and iter variables where they are bound.
    ranges: Vec<Option<Interval>>,
}

pub fn compile(func: &PrimFunc) -> Result<Program, InterpError> {
    refuse_uint64(func)?;
    if let Some((block, what)) = crate::ir::builtin::first_opaque_in_blocks(&func.body) {
        return Err(InterpError::OpaqueBuiltinInBlock { block, what });
    }
    let mut c = Compiler {
        func,
        var_depth: vec![0; func.vars.len()],
        buf_depth: vec![0; func.buffers.len()],
        buffers: func
            .buffers
            .iter()
            .map(|b| BufferInfo {
                name: b.name.clone(),
                dtype: b.dtype,
                shape: Vec::new(),
                owns_storage: false,
            })
            .collect(),
        block_names: Vec::new(),
        ranges: vec![None; func.vars.len()],
    };
    let mut params = Vec::new();
    for b in func.param_buffers() {
        if params.contains(&b.0) {
            return Err(InterpError::Malformed {
                what: format!("buffer `{}` is bound to two parameters", c.name(b)),
            });
        }
        c.declare(b, true)?;
        params.push(b.0);
    }
    let body = c.stmt(&func.body)?;
    Ok(Program {
        body,
        buffers: c.buffers,
        block_names: c.block_names,
        var_names: func.vars.iter().map(|v| v.name.clone()).collect(),
        params,
    })
}

/// Folds an integer expression made of immediates only.
pub fn const_int(e: &Expr) -> Option<i64> {
    match e {
        Expr::Int(v, t) if *t != DataType::Bool => Some(*v),
        Expr::Cast(t, a) if t.is_int() => const_int(a),
        Expr::Binary(op, a, b) => {
            let (a, b) = (const_int(a)?, const_int(b)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                BinOp::Div | BinOp::FloorDiv if b > 0 && a >= 0 => Some(a / b),
                BinOp::Mod | BinOp::FloorMod if b > 0 && a >= 0 => Some(a % b),
                BinOp::Min => Some(a.min(b)),
                BinOp::Max => Some(a.max(b)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The constant shape of `buffer`, or why it has none.
pub fn buffer_shape(func: &PrimFunc, b: BufferId) -> Result<Vec<i64>, InterpError> {
    let buf = func
        .buffers
        .get(b.0 as usize)
        .ok_or_else(|| InterpError::UnknownBuffer {
            buffer: format!("#{}", b.0),
        })?;
    let shape: Vec<i64> = buf
        .shape
        .iter()
        .map(const_int)
        .collect::<Option<_>>()
        .ok_or_else(|| InterpError::NonConstantShape {
            buffer: buf.name.clone(),
        })?;
    let elems = shape.iter().try_fold(1i128, |acc, &d| {
        (d >= 0)
            .then(|| acc.saturating_mul(d as i128))
            .filter(|&n| n <= MAX_ELEMS)
            .ok_or(d)
    });
    match elems {
        Ok(_) => Ok(shape),
        Err(d) if d < 0 => Err(InterpError::Malformed {
            what: format!("buffer `{}` has a negative extent {d}", buf.name),
        }),
        Err(_) => Err(InterpError::TooLarge {
            buffer: buf.name.clone(),
            elems: shape
                .iter()
                .fold(1i128, |acc, &d| acc.saturating_mul(d as i128)),
        }),
    }
}

impl Compiler<'_> {
    fn name(&self, b: BufferId) -> String {
        self.buffers
            .get(b.0 as usize)
            .map_or_else(|| format!("#{}", b.0), |i| i.name.clone())
    }

    /// Makes `b` available in the current scope, fixing its shape.
    fn declare(&mut self, b: BufferId, owns_storage: bool) -> Result<(), InterpError> {
        let shape = buffer_shape(self.func, b)?;
        let i = b.0 as usize;
        self.buffers[i].shape = shape;
        self.buffers[i].owns_storage |= owns_storage;
        self.buf_depth[i] += 1;
        Ok(())
    }

    fn undeclare(&mut self, b: BufferId) {
        if let Some(d) = self.buf_depth.get_mut(b.0 as usize) {
            *d = d.saturating_sub(1);
        }
    }

    fn bind(&mut self, v: VarId) -> Result<(), InterpError> {
        let d = self
            .var_depth
            .get_mut(v.0 as usize)
            .ok_or_else(|| InterpError::UnknownVar {
                name: format!("#{}", v.0),
            })?;
        *d += 1;
        Ok(())
    }

    fn unbind(&mut self, v: VarId) {
        if let Some(d) = self.var_depth.get_mut(v.0 as usize) {
            *d = d.saturating_sub(1);
        }
    }

    /// The dtype of a variable that is bound here.
    pub fn var_dtype(&self, v: VarId) -> Result<DataType, InterpError> {
        match (
            self.func.vars.get(v.0 as usize),
            self.var_depth.get(v.0 as usize),
        ) {
            (Some(decl), Some(&d)) if d > 0 => Ok(decl.dtype),
            (decl, _) => Err(InterpError::UnknownVar {
                name: decl.map_or_else(|| format!("#{}", v.0), |d| d.name.clone()),
            }),
        }
    }

    /// The dtype of a buffer that is available here.
    pub fn buffer_dtype(&self, b: BufferId) -> Result<DataType, InterpError> {
        match self.buf_depth.get(b.0 as usize) {
            Some(&d) if d > 0 => Ok(self.buffers[b.0 as usize].dtype),
            _ => Err(InterpError::UnknownBuffer {
                buffer: self.name(b),
            }),
        }
    }

    pub fn access(&self, b: BufferId, indices: &[Expr]) -> Result<Access, InterpError> {
        self.buffer_dtype(b)?;
        let ndim = self.buffers[b.0 as usize].shape.len();
        if indices.len() != ndim {
            return Err(InterpError::IndexCount {
                buffer: self.name(b),
                expected: ndim,
                got: indices.len(),
            });
        }
        let indices = indices
            .iter()
            .map(|e| self.int_expr(e, "a buffer index"))
            .collect::<Result<_, _>>()?;
        Ok(Access {
            buffer: b.0,
            indices,
        })
    }

    fn stmt(&mut self, s: &Stmt) -> Result<CStmt, InterpError> {
        Ok(match s {
            Stmt::For(l) => {
                let min = self.int_expr(&l.min, "a loop min")?;
                let extent = self.int_expr(&l.extent, "a loop extent")?;
                self.var_kind_int(l.var, "a loop variable")?;
                // v in [min, min + extent - 1], whatever min and extent evaluate to.
                let range = match (self.bounds(&min), self.bounds(&extent)) {
                    (Some((lo, min_hi)), Some((_, ext_hi))) if ext_hi >= 1 => {
                        min_hi.checked_add(ext_hi - 1).map(|hi| (lo, hi))
                    }
                    _ => None,
                };
                self.bind(l.var)?;
                let outer = self.set_range(l.var, range);
                let body = self.stmt(&l.body)?;
                self.set_range(l.var, outer);
                self.unbind(l.var);
                CStmt::For {
                    var: l.var.0,
                    min,
                    extent,
                    body: Box::new(body),
                }
            }
            Stmt::BlockRealize(r) => CStmt::Block(Box::new(self.block(r)?)),
            Stmt::Seq(v) => CStmt::Seq(v.iter().map(|s| self.stmt(s)).collect::<Result<_, _>>()?),
            Stmt::BufferStore(st) => {
                let dtype = self.buffer_dtype(st.buffer)?;
                let access = self.access(st.buffer, &st.indices)?;
                let value = convert(self.expr(&st.value)?, dtype).into_any();
                CStmt::Store { access, value }
            }
            Stmt::IfThenElse(i) => CStmt::If {
                cond: self.bool_expr(&i.cond, "an if condition")?,
                then_case: Box::new(self.stmt(&i.then_case)?),
                else_case: match &i.else_case {
                    Some(e) => Some(Box::new(self.stmt(e)?)),
                    None => None,
                },
            },
            Stmt::LetStmt(l) => {
                let value = self.expr(&l.value)?;
                self.bind(l.var)?;
                let dtype = self.var_dtype(l.var)?;
                let body = self.stmt(&l.body)?;
                self.unbind(l.var);
                CStmt::Let {
                    var: l.var.0,
                    value: convert(value, dtype).into_any(),
                    body: Box::new(body),
                }
            }
            Stmt::Evaluate(e) => CStmt::Evaluate(self.expr(e)?.into_any()),
        })
    }

    fn bounds(&self, e: &IExpr) -> Option<Interval> {
        bounds(e, &self.ranges)
    }

    /// Sets the known range of `v`, returning the previous one.
    fn set_range(&mut self, v: VarId, range: Option<Interval>) -> Option<Interval> {
        match self.ranges.get_mut(v.0 as usize) {
            Some(r) => std::mem::replace(r, range),
            None => None,
        }
    }

    fn var_kind_int(&self, v: VarId, what: &str) -> Result<(), InterpError> {
        match self.func.vars.get(v.0 as usize) {
            Some(d) if d.dtype.is_int() => Ok(()),
            Some(d) => Err(InterpError::TypeMismatch {
                what: format!("{what} `{}` must be an integer, not {}", d.name, d.dtype),
            }),
            None => Err(InterpError::UnknownVar {
                name: format!("#{}", v.0),
            }),
        }
    }

    fn block(&mut self, r: &BlockRealize) -> Result<CBlock, InterpError> {
        let b = &r.block;
        if r.iter_values.len() != b.iter_vars.len() {
            return Err(InterpError::Malformed {
                what: format!(
                    "block \"{}\" binds {} values to {} iter vars",
                    b.name,
                    r.iter_values.len(),
                    b.iter_vars.len()
                ),
            });
        }
        let name = self.block_names.len() as u32;
        self.block_names.push(b.name.clone());
        // Bindings, domains and the predicate live in the enclosing scope.
        let mut iters = Vec::with_capacity(b.iter_vars.len());
        let mut domains = Vec::with_capacity(b.iter_vars.len());
        for (iv, value) in b.iter_vars.iter().zip(&r.iter_values) {
            let (iter, domain) = self.iter_var(iv, value)?;
            domains.push(domain);
            iters.push(iter);
        }
        let predicate = if r.predicate.is_const_true() {
            None
        } else {
            Some(self.bool_expr(&r.predicate, "a block predicate")?)
        };
        // Inside the block every iter var lies in its domain (checked or proven).
        let mut outer_ranges = Vec::with_capacity(b.iter_vars.len());
        for (iv, domain) in b.iter_vars.iter().zip(domains) {
            self.bind(iv.var)?;
            outer_ranges.push(self.set_range(iv.var, domain));
        }
        for &a in &b.alloc_buffers {
            self.declare(a, true)?;
        }
        let mut match_buffers = Vec::with_capacity(b.match_buffers.len());
        for m in &b.match_buffers {
            match_buffers.push(self.match_buffer(&b.name, m)?);
        }
        let init = match &b.init {
            Some(s) => Some(self.stmt(s)?),
            None => None,
        };
        let body = self.stmt(&b.body)?;
        for m in &b.match_buffers {
            self.undeclare(m.buffer);
        }
        for &a in &b.alloc_buffers {
            self.undeclare(a);
        }
        for (iv, range) in b.iter_vars.iter().zip(outer_ranges).rev() {
            self.set_range(iv.var, range);
            self.unbind(iv.var);
        }
        Ok(CBlock {
            name,
            iters,
            predicate,
            allocs: b.alloc_buffers.iter().map(|a| a.0).collect(),
            match_buffers,
            init,
            body,
        })
    }

    /// One iterator of a block: its binding and domain compiled in the
    /// enclosing scope, and the domain's constant bounds when known. The
    /// binding is checked against the domain at run time unless the bounds
    /// prove it lies inside.
    fn iter_var(
        &mut self,
        iv: &IterVar,
        value: &Expr,
    ) -> Result<(CIter, Option<Interval>), InterpError> {
        self.var_kind_int(iv.var, "an iter var")?;
        let value = self.int_expr(value, "an iter var binding")?;
        let dom_min = self.int_expr(&iv.dom.min, "an iter var domain")?;
        let dom_extent = self.int_expr(&iv.dom.extent, "an iter var domain")?;
        let domain = match (self.bounds(&dom_min), self.bounds(&dom_extent)) {
            (Some((lo, lo2)), Some((ext, ext2))) if lo == lo2 && ext == ext2 && ext >= 1 => {
                lo.checked_add(ext - 1).map(|hi| (lo, hi))
            }
            _ => None,
        };
        let proven = match (self.bounds(&value), domain) {
            (Some((vl, vh)), Some((dl, dh))) => dl <= vl && vh <= dh,
            _ => false,
        };
        let iter = CIter {
            var: iv.var.0,
            value,
            dom_min,
            dom_extent,
            reduce: iv.kind == IterKind::Reduce,
            checked: !proven,
        };
        Ok((iter, domain))
    }

    /// A `T.match_buffer` of block `block`: same dtype and rank as its source,
    /// its region compiled; declares the matched buffer.
    fn match_buffer(&mut self, block: &str, m: &MatchBuffer) -> Result<CMatch, InterpError> {
        let src = m.source.buffer;
        let src_dtype = self.buffer_dtype(src)?;
        let src_ndim = self.buffers[src.0 as usize].shape.len();
        let dtype = self.func.buffers.get(m.buffer.0 as usize).map(|x| x.dtype);
        let why = if dtype != Some(src_dtype) {
            Some("its dtype differs".to_string())
        } else if m.source.region.len() != src_ndim {
            Some(format!(
                "the region has {} dimensions",
                m.source.region.len()
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(InterpError::MatchBuffer {
                block: block.to_string(),
                buffer: self.name(m.buffer),
                source_buffer: self.name(src),
                why,
            });
        }
        let region = m
            .source
            .region
            .iter()
            .map(|r| {
                Ok((
                    self.int_expr(&r.min, "a region min")?,
                    self.int_expr(&r.extent, "a region extent")?,
                ))
            })
            .collect::<Result<_, InterpError>>()?;
        self.declare(m.buffer, false)?;
        Ok(CMatch {
            buffer: m.buffer.0,
            source: src.0,
            region,
        })
    }
}

/// Number of elements of a declared buffer.
pub fn buffer_len(info: &BufferInfo) -> usize {
    numel(&info.shape)
}

/// uint64 values above 2**63 do not fit the interpreter's i64 integers:
/// a program with a uint64 buffer, variable or value is refused, not run
/// with signed arithmetic.
fn refuse_uint64(func: &PrimFunc) -> Result<(), InterpError> {
    use crate::ir::DataType::U64;
    if let Some(b) = func.buffers.iter().find(|b| b.dtype == U64) {
        return Err(InterpError::Uint64 {
            what: format!("buffer `{}`", b.name),
        });
    }
    if let Some(v) = func.vars.iter().find(|v| v.dtype == U64) {
        return Err(InterpError::Uint64 {
            what: format!("variable `{}`", v.name),
        });
    }
    let mut found = false;
    func.body.visit(&mut |s: &Stmt| {
        s.for_each_expr(|e| {
            e.visit(&mut |x: &Expr| {
                found |= matches!(x, Expr::Int(_, U64) | Expr::Cast(U64, _));
            })
        })
    });
    if found {
        return Err(InterpError::Uint64 {
            what: "a value".to_string(),
        });
    }
    Ok(())
}
