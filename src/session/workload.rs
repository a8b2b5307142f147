//! Facts about a workload that a GPU run reports against: its flop count and
//! whether it is a matmul (so cuBLAS can be timed on the same inputs). Part of
//! `session` because those facts become a run request (`crate::runtime`).

use crate::ir::{BinOp, DataType, Expr, IterKind, PrimFunc, Stmt};
use crate::runtime::Matmul;

/// Arithmetic operations of one run: for each block, the size of its
/// iteration space times the arithmetic operations of its float or integer
/// stores (a multiply-add counts 2, as for GEMM's 2*M*N*K). Integer stores
/// count so that an int8 GEMM reports its operations per second (GOP/s).
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
                if dtype.is_float() || dtype.is_int() {
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

/// Recognises `C[i, j] = C[i, j] + A[i, k] * B[k, j]` over parameters
/// (either operand possibly stored transposed) in the types cuBLAS times:
/// float32, float16, or float16 operands cast to a float32 accumulator
/// (`T.Cast("float32", A[i, k])`, cuBLAS's HGEMM with fp32 accumulation).
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
    let c_dtype = func.buffer(st.buffer).dtype;
    if st.indices.len() != 2 || !matches!(c_dtype, DataType::F32 | DataType::F16 | DataType::I32) {
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
    // An operand is a load, or (for a wider accumulator) a load cast to C's type.
    let operand = |e: &Expr| -> Option<(crate::ir::BufferId, Vec<Expr>, bool)> {
        match e {
            Expr::Load(b, idx) => Some((*b, idx.clone(), false)),
            Expr::Cast(t, inner) if *t == c_dtype => match &**inner {
                Expr::Load(b, idx) => Some((*b, idx.clone(), true)),
                _ => None,
            },
            _ => None,
        }
    };
    let ((a_buf, a_idx, a_cast), (b_buf, b_idx, b_cast)) = (operand(x)?, operand(y)?);
    let (a_buf, b_buf) = (&a_buf, &b_buf);
    let (a_idx, b_idx) = (&a_idx, &b_idx);
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
    let (ta, tb) = (func.buffer(*a_buf).dtype, func.buffer(*b_buf).dtype);
    let types_ok = ta == tb
        && match (ta, c_dtype) {
            (DataType::F32, DataType::F32) | (DataType::F16, DataType::F16) => true,
            // fp16 or bf16 products accumulated in fp32: both operands
            // cast (cuBLAS times bf16 through cublasGemmEx, CUDA_R_16BF).
            (DataType::F16 | DataType::BF16, DataType::F32) => a_cast && b_cast,
            // int8 products accumulated in int32 (cuBLAS's plan decides
            // whether it has a kernel for the layout).
            (DataType::I8, DataType::I32) => a_cast && b_cast,
            _ => false,
        };
    if !types_ok {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn gemm(a: &str, c: &str, product: &str) -> PrimFunc {
        let src = format!(
            r#"
@T.prim_func
def main(A: T.Buffer((64, 32), "{a}"), B: T.Buffer((32, 16), "{a}"), C: T.Buffer((64, 16), "{c}")):
    for i, j, k in T.grid(64, 16, 32):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.{c}(0)
            C[vi, vj] = C[vi, vj] + {product}
"#
        );
        crate::script::parse_func(&src, None).unwrap()
    }

    #[test]
    fn half_precision_matmuls_are_recognised() {
        let plain = "A[vi, vk] * B[vk, vj]";
        let cast = "T.Cast(\"float32\", A[vi, vk]) * T.Cast(\"float32\", B[vk, vj])";
        for (a, c, product, timed) in [
            ("float32", "float32", plain, true),
            ("float16", "float16", plain, true),
            ("float16", "float32", cast, true),
            // bf16 into fp32: cuBLAS times it too (`--run` said nothing before).
            ("bfloat16", "float32", cast, true),
            ("bfloat16", "bfloat16", plain, false),
            // Only one operand widened: not the product cuBLAS computes.
            (
                "float16",
                "float32",
                "T.Cast(\"float32\", A[vi, vk]) * T.Cast(\"float32\", B[vk, vj] * B[vk, vj])",
                false,
            ),
            (
                "int8",
                "int32",
                "T.Cast(\"int32\", A[vi, vk]) * T.Cast(\"int32\", B[vk, vj])",
                true,
            ),
            // One operand widened: an int8 product that wraps.
            (
                "int8",
                "int32",
                "T.Cast(\"int32\", A[vi, vk] * B[vk, vj])",
                false,
            ),
        ] {
            let mm = matmul_shape(&gemm(a, c, product));
            assert_eq!(mm.is_some(), timed, "{a} -> {c}: {product}");
            if let Some(mm) = mm {
                assert_eq!((mm.m, mm.n, mm.k, mm.a, mm.b, mm.c), (64, 16, 32, 0, 1, 2));
            }
        }
        // Casts are conversions, not flops: 2*M*N*K either way.
        assert_eq!(
            flop_count(&gemm("float16", "float32", cast)),
            2.0 * 64.0 * 16.0 * 32.0
        );
        // An int8 GEMM counts its integer multiply-adds (reported as GOP/s).
        let int8 = "T.Cast(\"int32\", A[vi, vk]) * T.Cast(\"int32\", B[vk, vj])";
        assert_eq!(
            flop_count(&gemm("int8", "int32", int8)),
            2.0 * 64.0 * 16.0 * 32.0
        );
    }
}
