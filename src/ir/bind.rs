//! Binding a function's shape variables to integers: `n` in
//! `T.Buffer((128, "n"))`, `n: T.int32`, `n = T.int32()`, `n = TypeVar("n")`.
//!
//! The bound function is the same program with each named variable replaced
//! by its value everywhere (loop bounds, iterator domains, predicates,
//! indices, buffer shapes, strides and offsets), and the scalar parameters
//! that were bound dropped: what TVM runs when it is called with those
//! sizes. The interpreter and lowering need constant shapes; this is how a
//! symbolic workload gets them.

use super::{Expr, PrimFunc, VarId};

/// Why a binding was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BindError {
    #[error("`{name}` is not a shape variable of the function (its shape variables: {known})")]
    NotAShapeVar { name: String, known: String },
    #[error("shape variable `{name}` bound to {value}, which does not fit its type {dtype}")]
    OutOfRange {
        name: String,
        value: i64,
        dtype: super::DataType,
    },
    #[error("shape variable `{name}` is bound twice")]
    Twice { name: String },
}

/// The function-level variables of `func`: its scalar parameters and the
/// variables its buffers' shapes, strides and offsets use, in first-use order.
pub fn shape_vars(func: &PrimFunc) -> Vec<VarId> {
    let mut vars: Vec<VarId> = func.params.iter().filter_map(|p| p.var).collect();
    for b in func.buffers.iter() {
        for e in b.shape.iter().chain(&b.strides).chain(&b.elem_offset) {
            e.visit(&mut |x| {
                if let Expr::Var(v) = x {
                    if !vars.contains(v) {
                        vars.push(*v);
                    }
                }
            });
        }
    }
    vars
}

/// `func` with each named shape variable replaced by its value.
pub fn bind_shape_vars(func: &PrimFunc, values: &[(String, i64)]) -> Result<PrimFunc, BindError> {
    let candidates = shape_vars(func);
    let mut bound: Vec<(VarId, Expr)> = Vec::new();
    for (name, value) in values {
        let Some(v) = candidates.iter().find(|v| func.var_name(**v) == name) else {
            return Err(BindError::NotAShapeVar {
                name: name.clone(),
                known: known_names(func, &candidates),
            });
        };
        if bound.iter().any(|(b, _)| b == v) {
            return Err(BindError::Twice { name: name.clone() });
        }
        let dtype = func.var(*v).dtype;
        if dtype
            .int_range()
            .is_some_and(|(lo, hi)| *value < lo || *value > hi)
        {
            return Err(BindError::OutOfRange {
                name: name.clone(),
                value: *value,
                dtype,
            });
        }
        bound.push((*v, Expr::Int(*value, dtype)));
    }
    let map = |v: VarId| bound.iter().find(|(b, _)| *b == v).map(|(_, e)| e.clone());
    let mut out = func.clone();
    out.body.substitute(&map);
    for b in 0..out.buffers.len() {
        let buf = out.buffer(super::BufferId(b as u32));
        let uses = buf
            .shape
            .iter()
            .chain(&buf.strides)
            .chain(&buf.elem_offset)
            .any(|e| e.mentions(&|v| map(v).is_some()));
        if uses {
            let buf = out.buffer_mut(super::BufferId(b as u32));
            for e in buf.shape.iter_mut().chain(&mut buf.strides) {
                e.substitute(&map);
            }
            if let Some(e) = &mut buf.elem_offset {
                e.substitute(&map);
            }
        }
    }
    out.params
        .retain(|p| p.var.is_none_or(|v| map(v).is_none()));
    Ok(out)
}

fn known_names(func: &PrimFunc, vars: &[VarId]) -> String {
    if vars.is_empty() {
        return "none".into();
    }
    vars.iter()
        .map(|v| format!("`{}`", func.var_name(*v)))
        .collect::<Vec<_>>()
        .join(", ")
}
