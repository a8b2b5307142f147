//! Facts about a workload that a GPU run reports against: its flop count and
//! whether it is a matmul (so cuBLAS can be timed on the same inputs). Part of
//! `session` because those facts become a run request (`crate::runtime`).

use crate::ir::{BinOp, Expr, IterKind, PrimFunc, Stmt};
use crate::runtime::Matmul;

/// Floating-point operations of one run: for each block, the size of its
/// iteration space times the float arithmetic operations in its body
/// (a multiply-add counts 2, as for GEMM's 2*M*N*K).
pub fn flop_count(func: &PrimFunc) -> f64 {
    let mut total = 0.0;
    for block in func.blocks() {
        if block.name == "root" {
            continue;
        }
        let space: f64 = block
            .iter_vars
            .iter()
            .map(|iv| iv.dom.extent.as_int().unwrap_or(1) as f64)
            .product();
        let mut ops = 0.0;
        block.body.visit(&mut |s| {
            if let Stmt::BufferStore(st) = s {
                let dtype = func.buffer(st.buffer).dtype;
                if dtype.is_float() {
                    st.value.visit(&mut |e| {
                        if matches!(
                            e,
                            Expr::Binary(
                                BinOp::Add
                                    | BinOp::Sub
                                    | BinOp::Mul
                                    | BinOp::Div
                                    | BinOp::Min
                                    | BinOp::Max,
                                _,
                                _
                            )
                        ) {
                            ops += 1.0;
                        }
                        if matches!(e, Expr::Call(..)) {
                            ops += 1.0;
                        }
                    });
                }
            }
        });
        total += space * ops;
    }
    total
}

/// Recognises `C[i, j] = C[i, j] + A[i, k] * B[k, j]` over float32 parameters
/// (either operand possibly stored transposed).
pub fn matmul_shape(func: &PrimFunc) -> Option<Matmul> {
    let compute: Vec<_> = func
        .blocks()
        .into_iter()
        .filter(|b| b.name != "root")
        .collect();
    let [block] = compute.as_slice() else {
        return None;
    };
    let Stmt::BufferStore(st) = &block.body else {
        return None;
    };
    let params = func.param_buffers();
    let pos = |b| params.iter().position(|p| *p == b);
    let c = pos(st.buffer)?;
    if st.indices.len() != 2 || func.buffer(st.buffer).dtype != crate::ir::DataType::F32 {
        return None;
    }
    let (vi, vj) = (st.indices[0].as_var()?, st.indices[1].as_var()?);
    let Expr::Binary(BinOp::Add, lhs, rhs) = &st.value else {
        return None;
    };
    let is_c = |e: &Expr| matches!(e, Expr::Load(b, idx) if *b == st.buffer && *idx == st.indices);
    let prod = if is_c(lhs) {
        rhs
    } else if is_c(rhs) {
        lhs
    } else {
        return None;
    };
    let Expr::Binary(BinOp::Mul, x, y) = &**prod else {
        return None;
    };
    let (Expr::Load(a_buf, a_idx), Expr::Load(b_buf, b_idx)) = (&**x, &**y) else {
        return None;
    };
    let vk = block
        .iter_vars
        .iter()
        .find(|iv| iv.kind == IterKind::Reduce)?
        .var;
    let var2 = |idx: &Vec<Expr>| -> Option<(crate::ir::VarId, crate::ir::VarId)> {
        (idx.len() == 2).then_some(())?;
        Some((idx[0].as_var()?, idx[1].as_var()?))
    };
    let a_t = match var2(a_idx)? {
        (p, q) if p == vi && q == vk => false,
        (p, q) if p == vk && q == vi => true,
        _ => return None,
    };
    let b_t = match var2(b_idx)? {
        (p, q) if p == vk && q == vj => false,
        (p, q) if p == vj && q == vk => true,
        _ => return None,
    };
    let extent = |v| {
        block
            .iter_vars
            .iter()
            .find(|iv| iv.var == v)
            .and_then(|iv| iv.dom.extent.as_int())
    };
    if [*a_buf, *b_buf]
        .iter()
        .any(|b| func.buffer(*b).dtype != crate::ir::DataType::F32)
    {
        return None;
    }
    Some(Matmul {
        m: extent(vi)? as usize,
        n: extent(vj)? as usize,
        k: extent(vk)? as usize,
        a: pos(*a_buf)?,
        b: pos(*b_buf)?,
        c,
        a_transposed: a_t,
        b_transposed: b_t,
    })
}
