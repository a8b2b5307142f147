//! Declarations and constants: buffer declarations (`T.Buffer`, `T.match_buffer`,
//! `T.alloc_buffer`), dtype strings, annotation dictionaries and integer
//! constant folding with Python's semantics (floor division, no overflow panics).

use std::collections::HashMap;

use super::args::Args;
use super::func::FuncBuilder;
use crate::diag::Span;
use crate::ir::{AnnValue, Annotations, Buffer, DataType, StorageScope};
use crate::script::ast::{self, BinaryOp, ExprKind, UnaryOp};
use crate::script::error::{ParseError, Result};

/// Parameters of TVM's buffer declarations after the handle/region argument.
const BUFFER_PARAMS: [&str; 10] = [
    "shape",
    "dtype",
    "data",
    "strides",
    "elem_offset",
    "scope",
    "align",
    "offset_factor",
    "buffer_type",
    "axis_separators",
];

/// Python's `a // b` (rounds towards negative infinity); `None` on zero or overflow.
pub(super) fn py_floordiv(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// Python's `a % b` (takes the sign of `b`); `None` on zero or overflow.
pub(super) fn py_mod(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        r.checked_add(b)
    } else {
        Some(r)
    }
}

/// Folds an integer expression over literals and module constants.
pub(super) fn const_int(e: &ast::Expr, consts: &HashMap<String, i64>) -> Option<i64> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Name(n) => consts.get(n).copied(),
        ExprKind::Unary(UnaryOp::Neg, x) => const_int(x, consts)?.checked_neg(),
        ExprKind::Unary(UnaryOp::Pos, x) => const_int(x, consts),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (const_int(a, consts)?, const_int(b, consts)?);
            match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                BinaryOp::FloorDiv => py_floordiv(a, b),
                BinaryOp::Mod => py_mod(a, b),
                BinaryOp::Pow => u32::try_from(b).ok().and_then(|b| a.checked_pow(b)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// All dtype names, quoted, for "expected" lists.
fn dtype_names() -> Vec<String> {
    DataType::ALL
        .iter()
        .map(|t| format!("`\"{}\"`", t.name()))
        .collect()
}

impl FuncBuilder<'_> {
    /// A dtype given as `"float32"` (or `T.float32`).
    pub fn dtype_arg(&self, e: &ast::Expr) -> Result<DataType> {
        let name = match &e.kind {
            ExprKind::Str(s) => s.clone(),
            _ => match self.m.tir_name(e) {
                Some(n) if DataType::from_name(&n).is_some() => n,
                _ => {
                    return Err(ParseError::semantic(e.span, "expected a dtype string")
                        .with_label("not a dtype")
                        .with_expected(["a string such as `\"float32\"`"]))
                }
            },
        };
        DataType::from_name(&name).ok_or_else(|| {
            ParseError::semantic(e.span, format!("unknown dtype `{name}`"))
                .with_label("not a TIR dtype")
                .with_expected(dtype_names())
                .with_suggestion(&name, DataType::ALL.iter().map(|t| t.name()), "")
        })
    }

    /// A string-valued argument such as `scope="shared"`.
    fn str_arg<'e>(&self, e: &'e ast::Expr, what: &str) -> Result<&'e str> {
        e.as_str().ok_or_else(|| {
            ParseError::semantic(e.span, format!("{what} must be a string"))
                .with_label("expected a string")
        })
    }

    /// The buffer of `T.Buffer(shape, dtype, ...)`, `T.match_buffer(_, shape, ...)`
    /// or `T.alloc_buffer(shape, ...)`; `args` start at the shape.
    pub fn buffer_decl(
        &mut self,
        name: &str,
        fname: &str,
        span: Span,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<Buffer> {
        let a = Args::new(fname, span, args, kwargs, &BUFFER_PARAMS)?;
        let shape_e = a.require("shape")?;
        let dims: &[ast::Expr] = match &shape_e.kind {
            ExprKind::Tuple(v) | ExprKind::List(v) => v,
            _ => std::slice::from_ref(shape_e),
        };
        let mut shape = Vec::with_capacity(dims.len());
        for d in dims {
            let extent = match &d.kind {
                // TVM's spelling of an extent that uses a later parameter.
                ExprKind::Str(text) => {
                    let e = crate::script::parser::parse_expr_at(text, d.span.start + 1)?;
                    // A quoted name that nothing declares is a shape variable
                    // this buffer defines (TVM quotes such a variable at its
                    // first use, an int32 unless declared otherwise).
                    if let Some(name) = e.as_name() {
                        if self.lookup(name).is_none() && !self.m.consts.contains_key(name) {
                            self.new_var(name, DataType::I32);
                        }
                    }
                    self.index(&e)?
                }
                _ => self.index(d)?,
            };
            if extent.as_int().is_some_and(|v| v < 0) {
                return Err(
                    ParseError::semantic(d.span, "a buffer extent cannot be negative")
                        .with_label("negative extent"),
                );
            }
            shape.push(extent);
        }
        let dtype = match a.get("dtype") {
            Some(d) => self.dtype_arg(d)?,
            None => DataType::F32,
        };
        let mut buffer = Buffer::new(name, shape, dtype);
        if let Some(data) = a.get("data") {
            if !matches!(data.kind, ExprKind::None) {
                return Err(ParseError::semantic(
                    data.span,
                    "`data=` (aliasing another buffer) is not supported",
                )
                .with_label("not supported")
                .with_help("tirtui reads block-level TIR; declare the buffer with its own shape"));
            }
        }
        if let Some(scope_e) = a.get("scope") {
            let scope = self.str_arg(scope_e, "a storage scope")?;
            buffer.scope = StorageScope::from_name(scope).ok_or_else(|| {
                ParseError::semantic(scope_e.span, format!("unknown storage scope `{scope}`"))
                    .with_label("not a storage scope")
                    .with_expected([
                        "`\"global\"`",
                        "`\"shared\"`",
                        "`\"shared.dyn\"`",
                        "`\"local\"`",
                        "`\"wmma.matrix_a\"`",
                        "`\"wmma.matrix_b\"`",
                        "`\"wmma.accumulator\"`",
                    ])
            })?;
        }
        if let Some(strides) = a.get("strides") {
            match &strides.kind {
                ExprKind::None => {}
                ExprKind::Tuple(v) | ExprKind::List(v) => {
                    // `strides=(1,)` whatever the rank is how TVM's
                    // cache_index declares its buffers: kept, read as
                    // row-major (lowering uses one stride per axis only).
                    let single_unit = v.len() == 1 && matches!(v[0].kind, ExprKind::Int(1));
                    if v.len() != buffer.shape.len() && !v.is_empty() && !single_unit {
                        return Err(ParseError::semantic(
                            strides.span,
                            "one stride per dimension is needed",
                        )
                        .with_label(format!("expected {} strides", buffer.shape.len())));
                    }
                    buffer.strides = v.iter().map(|s| self.index(s)).collect::<Result<_>>()?;
                }
                _ => {
                    return Err(ParseError::semantic(strides.span, "strides are a tuple")
                        .with_label("expected `(s0, s1, ...)`"))
                }
            }
        }
        if let Some(off) = a.get("elem_offset") {
            if !matches!(off.kind, ExprKind::None) {
                buffer.elem_offset = Some(self.index(off)?);
            }
        }
        // Alignment hints, the buffer type and empty axis separators change
        // nothing here; align and offset_factor are kept only to print them
        // back as TVM does.
        if let Some(e) = a.get("align") {
            buffer.data_alignment = self.require_const(e, "align")?;
        }
        if let Some(e) = a.get("offset_factor") {
            buffer.offset_factor = self.require_const(e, "offset_factor")?;
        }
        if let Some(e) = a.get("buffer_type") {
            self.str_arg(e, "a buffer type")?;
        }
        if let Some(e) = a.get("axis_separators") {
            let empty = match &e.kind {
                ExprKind::None => true,
                ExprKind::Tuple(v) | ExprKind::List(v) => v.is_empty(),
                _ => false,
            };
            if !empty {
                return Err(
                    ParseError::semantic(e.span, "axis separators are not supported")
                        .with_label("not supported"),
                );
            }
        }
        Ok(buffer)
    }

    /// `{"key": value, ...}` as in `T.func_attr`, `T.block_attr` and `annotations=`.
    pub fn annotations(&self, e: &ast::Expr) -> Result<Annotations> {
        let ExprKind::Dict(entries) = &e.kind else {
            return Err(
                ParseError::semantic(e.span, "expected a dictionary of annotations")
                    .with_label("not a dictionary")
                    .with_expected(["`{\"key\": value}`"]),
            );
        };
        entries
            .iter()
            .map(|(k, v)| {
                let key = k.as_str().ok_or_else(|| {
                    ParseError::semantic(k.span, "annotation keys must be strings")
                        .with_label("not a string")
                })?;
                Ok((key.to_string(), self.ann_value(v)?))
            })
            .collect()
    }

    fn ann_value(&self, e: &ast::Expr) -> Result<AnnValue> {
        let not_const = || {
            ParseError::semantic(e.span, "annotation values must be constants")
                .with_label("not a constant")
                .with_expected([
                    "an integer",
                    "a float",
                    "a string",
                    "a boolean",
                    "a list of these",
                    "a dict of these with string keys",
                ])
        };
        Ok(match &e.kind {
            ExprKind::Int(v) => AnnValue::Int(*v),
            ExprKind::Float(v) => AnnValue::Float(*v),
            ExprKind::Str(s) => AnnValue::Str(s.clone()),
            ExprKind::Bool(b) => AnnValue::Bool(*b),
            ExprKind::List(v) | ExprKind::Tuple(v) => {
                AnnValue::List(v.iter().map(|x| self.ann_value(x)).collect::<Result<_>>()?)
            }
            // A nested dict (TVM's `Map`): string keys, as at the top level.
            ExprKind::Dict(_) => AnnValue::Dict(self.annotations(e)?),
            ExprKind::Unary(UnaryOp::Neg, x) if matches!(x.kind, ExprKind::Float(_)) => {
                match self.ann_value(x)? {
                    AnnValue::Float(f) => AnnValue::Float(-f),
                    _ => return Err(not_const()),
                }
            }
            // `T.bool(True)`, `T.int32(4)`, `T.float32(0.5)`.
            ExprKind::Call { func, args, kwargs } if kwargs.is_empty() && args.len() == 1 => {
                let dtype = self
                    .m
                    .tir_name(func)
                    .and_then(|n| DataType::from_name(&n))
                    .ok_or_else(not_const)?;
                match (self.ann_value(&args[0])?, dtype) {
                    (AnnValue::Bool(b), DataType::Bool) => AnnValue::BoolImm(b),
                    (AnnValue::Int(v), DataType::Bool) => AnnValue::BoolImm(v != 0),
                    (AnnValue::Int(v), t) if t.is_int() => {
                        super::call::check_int_range(v, t, args[0].span)?;
                        AnnValue::Int(v)
                    }
                    (AnnValue::Int(v), t) if t.is_float() => AnnValue::Float(v as f64),
                    (AnnValue::Float(f), t) if t.is_float() => AnnValue::Float(f),
                    _ => return Err(not_const()),
                }
            }
            _ => AnnValue::Int(self.const_int(e).ok_or_else(not_const)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_floor_semantics() {
        assert_eq!(py_floordiv(7, 2), Some(3));
        assert_eq!(py_floordiv(-7, 2), Some(-4));
        assert_eq!(py_mod(-7, 2), Some(1));
        assert_eq!(py_mod(7, -2), Some(-1));
        assert_eq!(py_floordiv(1, 0), None);
        assert_eq!(py_floordiv(i64::MIN, -1), None);
        assert_eq!(py_mod(i64::MIN, -1), None);
    }
}
