//! The vector builtins of tensor intrinsics' implementations, as TVM prints
//! them: `T.Ramp(base, stride, lanes)`, `T.Broadcast(value, lanes)`,
//! `T.reinterpret("int32", v)`, `T.vectorlow("int8x8", v)` /
//! `T.vectorhigh`, `T.call_llvm_pure_intrin("int32x16", "llvm.x86...", ...)`
//! and `T.call_llvm_intrin`. Kept as written (`ir::builtin`), with their
//! lanes checked as TVM's constructors check them (`ir::vector`).

use super::args::exact_slice;
use super::expr::{cast, TExpr};
use super::func::FuncBuilder;
use crate::diag::Span;
use crate::ir::{Builtin, DataType, Expr, Opaque, MAX_LANES};
use crate::script::ast::{self, ExprKind};
use crate::script::error::{ParseError, Result};

impl FuncBuilder<'_> {
    /// The builtins `vector_builtin` reads.
    pub(super) fn is_vector_builtin(op: Builtin) -> bool {
        matches!(
            op,
            Builtin::Ramp
                | Builtin::Broadcast
                | Builtin::Reinterpret
                | Builtin::VectorLow
                | Builtin::VectorHigh
                | Builtin::CallLlvmPureIntrin
                | Builtin::CallLlvmIntrin
        )
    }

    /// `T.<op>(args)` for a vector builtin: the value's type and lanes, its
    /// arguments built, the lanes checked.
    pub(super) fn vector_builtin(
        &mut self,
        op: Builtin,
        span: Span,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<TExpr> {
        let what = format!("T.{}", op.name());
        let (dtype, lanes, built) = match op {
            Builtin::Ramp => {
                let [base, stride, lanes] = exact_args::<3>(&what, span, args, kwargs)?;
                let (base, stride) = (self.expr(base)?, self.expr(stride)?);
                let (base, stride) = self.unify(base, stride, span)?;
                let (base, stride) = (cast(base.dtype, base), cast(stride.dtype, stride));
                if !base.dtype.is_int() {
                    return Err(ParseError::semantic(
                        span,
                        format!(
                            "`T.Ramp` over {}: tirtui reads integer ramps (vector indices)",
                            base.dtype
                        ),
                    )
                    .with_label("not an integer base and stride"));
                }
                let n = lanes_literal(&what, lanes)?;
                let lanes_expr = Expr::Int(i64::from(n), DataType::I32);
                (base.dtype, n, vec![base.expr, stride.expr, lanes_expr])
            }
            Builtin::Broadcast => {
                let [value, lanes] = exact_args::<2>(&what, span, args, kwargs)?;
                let v = self.expr(value)?;
                let v = cast(v.dtype, v);
                let n = lanes_literal(&what, lanes)?;
                (
                    v.dtype,
                    n,
                    vec![v.expr, Expr::Int(i64::from(n), DataType::I32)],
                )
            }
            Builtin::Reinterpret | Builtin::VectorLow | Builtin::VectorHigh => {
                let [ty, value] = exact_args::<2>(&what, span, args, kwargs)?;
                let (dtype, n) = vector_dtype_arg(&what, ty)?;
                let v = self.expr(value)?;
                let v = cast(v.dtype, v);
                (dtype, n, vec![dtype_str(dtype, n), v.expr])
            }
            _ => {
                let n_args = args.len().max(2);
                let all = exact_slice(&what, span, args, kwargs, n_args)?;
                let (dtype, n) = vector_dtype_arg(&what, &all[0])?;
                let Some(name) = all[1].as_str() else {
                    return Err(ParseError::semantic(
                        all[1].span,
                        format!("`{what}` takes the LLVM intrinsic's name as a string second"),
                    )
                    .with_label("expected a string such as \"llvm.x86.avx512.vpdpbusd.512\""));
                };
                let mut built = vec![
                    dtype_str(dtype, n),
                    Expr::Opaque(Box::new(Opaque::Str(name.to_string()))),
                ];
                for a in &all[2..] {
                    let v = self.expr(a)?;
                    built.push(cast(v.dtype, v).expr);
                }
                (dtype, n, built)
            }
        };
        self.vectors = true;
        let expr = Expr::Opaque(Box::new(Opaque::Call {
            op,
            dtype,
            lanes,
            args: built,
        }));
        crate::ir::vector::lanes_of(&self.func, &expr).map_err(|why| {
            ParseError::semantic(span, why).with_label("vector lanes do not combine")
        })?;
        Ok(TExpr::strong(expr, dtype))
    }
}

/// Exactly `N` positional arguments and no keywords.
fn exact_args<'a, const N: usize>(
    what: &str,
    span: Span,
    args: &'a [ast::Expr],
    kwargs: &[ast::Keyword],
) -> Result<&'a [ast::Expr; N]> {
    super::args::exact::<N>(what, span, args, kwargs)
}

/// The lanes of `T.Ramp` / `T.Broadcast`: a literal in 2..=`MAX_LANES`
/// (TVM: more than one lane; its dtype holds lanes in a `uint16`).
fn lanes_literal(what: &str, e: &ast::Expr) -> Result<u32> {
    let ExprKind::Int(v) = e.kind else {
        return Err(ParseError::semantic(
            e.span,
            format!("`{what}` takes its lanes as an integer literal"),
        )
        .with_label("not a literal")
        .with_help("scalable vectors (`T.vscale()`) are not supported"));
    };
    match u32::try_from(v) {
        Ok(n) if (2..=MAX_LANES).contains(&n) => Ok(n),
        _ => Err(ParseError::semantic(
            e.span,
            format!("`{what}` with {v} lanes: TVM takes 2 to {MAX_LANES}"),
        )
        .with_label("lanes out of range")),
    }
}

/// A result type written as a string: `"int32"` or a vector `"int8x16"`.
fn vector_dtype_arg(what: &str, e: &ast::Expr) -> Result<(DataType, u32)> {
    let Some(name) = e.as_str() else {
        return Err(ParseError::semantic(
            e.span,
            format!("`{what}` takes the result dtype as a string first"),
        )
        .with_label("expected a string such as \"int32x4\""));
    };
    DataType::parse_lanes(name).ok_or_else(|| {
        ParseError::semantic(e.span, format!("unknown dtype `{name}`"))
            .with_label("not a TVM scalar or vector type")
            .with_help(format!(
                "a vector type is a scalar type and 2 to {MAX_LANES} lanes, such as \"int8x4\""
            ))
    })
}

/// The result type as the string argument TVM prints first.
fn dtype_str(dtype: DataType, lanes: u32) -> Expr {
    Expr::Opaque(Box::new(Opaque::Str(dtype.with_lanes(lanes))))
}

impl FuncBuilder<'_> {
    /// A let variable of `lanes` lanes (a vector one marks the function as
    /// having vectors, so that its uses are checked).
    pub(super) fn new_vector_var(
        &mut self,
        name: &str,
        dtype: DataType,
        lanes: u32,
    ) -> crate::ir::VarId {
        self.vectors = true;
        let v = self.func.new_vector_var(name, dtype, lanes);
        self.bind(name, super::func::Sym::Var(v));
        v
    }

    /// The lanes of a built value (1 in a function without vectors).
    pub(super) fn value_lanes(&self, e: &Expr, span: Span) -> Result<u32> {
        if !self.vectors {
            return Ok(1);
        }
        crate::ir::vector::lanes_of(&self.func, e).map_err(|why| {
            ParseError::semantic(span, why).with_label("vector lanes do not combine")
        })
    }

    /// The value of `x: T.<dtype>x<lanes> = v`: a scalar is cast to the
    /// annotation as before; a vector must already be of that type (TVM's
    /// let checks the types, and a vector cast is not read here).
    pub(super) fn typed_let_value(
        &self,
        v: TExpr,
        dtype: DataType,
        lanes: u32,
        span: Span,
    ) -> Result<TExpr> {
        let have = self.value_lanes(&v.expr, span)?;
        if have == 1 && lanes == 1 {
            return Ok(cast(dtype, v));
        }
        if have != lanes || v.dtype != dtype {
            return Err(ParseError::semantic(
                span,
                format!(
                    "the value is {}, the variable is declared {}",
                    v.dtype.with_lanes(have),
                    dtype.with_lanes(lanes)
                ),
            )
            .with_label("type differs from the annotation")
            .with_help("vector values are not converted: make both the same type"));
        }
        Ok(v)
    }

    /// A store's indices: as a load's, and a slice `a:b` (`a:b:s`) is the
    /// vector index `T.Ramp(a, s, (b - a) / s)`, as TVMScript reads
    /// `C[0:16] = v` (one lane: the index `a`).
    pub(super) fn store_indices(
        &mut self,
        buffer: crate::ir::BufferId,
        items: &[ast::Expr],
        span: Span,
    ) -> Result<Vec<Expr>> {
        let flat = match items {
            [one] => match &one.kind {
                ExprKind::Tuple(v) => v.as_slice(),
                _ => items,
            },
            _ => items,
        };
        if !flat
            .iter()
            .any(|i| matches!(i.kind, ExprKind::Slice { .. }))
        {
            return self.indices(buffer, items, span);
        }
        self.check_arity(buffer, flat.len(), span)?;
        let mut out = Vec::with_capacity(flat.len());
        for item in flat {
            let ExprKind::Slice { lo, hi, step } = &item.kind else {
                out.push(self.index(item)?);
                continue;
            };
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return Err(ParseError::semantic(
                    item.span,
                    "a slice stored to needs its start and stop",
                )
                .with_label("write `start:stop`"));
            };
            let start = self.index(lo)?;
            let stop = self.index(hi)?;
            let stride = match step {
                Some(s) => self.index(s)?,
                None => Expr::Int(1, DataType::I32),
            };
            let lanes = match (&start, &stop, &stride) {
                (Expr::Int(a, _), Expr::Int(b, _), Expr::Int(s, _)) if *s > 0 && b > a => {
                    (b - a + s - 1) / s
                }
                _ => {
                    let diff = crate::arith::simplify(&Expr::sub(stop.clone(), start.clone()));
                    match (diff.as_int(), stride.as_int()) {
                        (Some(d), Some(s)) if s > 0 && d > 0 => (d + s - 1) / s,
                        _ => {
                            return Err(ParseError::semantic(
                                item.span,
                                "a slice stored to needs a constant positive length and step",
                            )
                            .with_label("not a constant number of lanes"))
                        }
                    }
                }
            };
            if lanes == 1 {
                out.push(start);
                continue;
            }
            let lanes = u32::try_from(lanes)
                .ok()
                .filter(|n| *n <= MAX_LANES)
                .ok_or_else(|| {
                    ParseError::semantic(
                        item.span,
                        format!("a slice of {lanes} lanes: TVM's vectors have at most {MAX_LANES}"),
                    )
                    .with_label("too many lanes")
                })?;
            let dtype = match &start {
                Expr::Int(_, t) => *t,
                _ => crate::ir::vector::element_type(&self.func, &start).unwrap_or(DataType::I32),
            };
            let stride = match stride {
                Expr::Int(v, _) => Expr::Int(v, dtype),
                other => other,
            };
            self.vectors = true;
            out.push(Expr::Opaque(Box::new(Opaque::Call {
                op: Builtin::Ramp,
                dtype,
                lanes,
                args: vec![start, stride, Expr::Int(i64::from(lanes), DataType::I32)],
            })));
        }
        crate::ir::vector::indices_lanes(&self.func, &out).map_err(|why| {
            ParseError::semantic(span, why).with_label("vector lanes do not combine")
        })?;
        Ok(out)
    }

    /// A stored value against its indices: as many lanes, and a vector of
    /// the buffer's own type (TVM's BufferStore checks both).
    pub(super) fn vector_store_value(
        &self,
        buffer: crate::ir::BufferId,
        indices: &[Expr],
        value: TExpr,
        span: Span,
    ) -> Result<TExpr> {
        if !self.vectors {
            return Ok(value);
        }
        let want = crate::ir::vector::indices_lanes(&self.func, indices).map_err(|why| {
            ParseError::semantic(span, why).with_label("vector lanes do not combine")
        })?;
        let have = self.value_lanes(&value.expr, span)?;
        let dtype = self.func.buffer(buffer).dtype;
        if want != have || (have != 1 && value.dtype != dtype) {
            return Err(ParseError::semantic(
                span,
                format!(
                    "storing a {} value where the indices take {}",
                    value.dtype.with_lanes(have),
                    dtype.with_lanes(want)
                ),
            )
            .with_label("lanes or type differ")
            .with_help("store a vector of the buffer's type through as many lanes of index (`T.Broadcast` makes a scalar a vector)"));
        }
        Ok(value)
    }
}
