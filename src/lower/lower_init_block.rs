//! LowerInitBlock: a reduction block's `T.init()` becomes
//! `if <every reduction iter var is at its minimum>: init` before the body.
//!
//! TVM: src/tir/transforms/lower_init_block.cc. After `decompose_reduction` the
//! init is already its own block and nothing changes here.
//!
//! Invariant: works on the block-level `ir`; knows nothing of CUDA.

use crate::ir::{BinOp, Expr, IfThenElse, IterKind, PrimFunc, Stmt};

pub fn run(func: &PrimFunc) -> PrimFunc {
    let mut out = func.clone();
    out.body.visit_mut(&mut |s| {
        let Stmt::BlockRealize(r) = s else { return };
        let Some(init) = r.block.init.take() else {
            return;
        };
        let cond = r
            .block
            .iter_vars
            .iter()
            .filter(|iv| iv.kind == IterKind::Reduce)
            .map(|iv| Expr::binary(BinOp::Eq, Expr::Var(iv.var), iv.dom.min.clone()))
            .reduce(Expr::and);
        let init = match cond {
            Some(cond) => Stmt::IfThenElse(crate::ir::Shared::new(IfThenElse {
                cond,
                then_case: init,
                else_case: None,
            })),
            None => init,
        };
        let body = std::mem::replace(&mut r.block.body, Stmt::Seq(Vec::new()));
        r.block.body = Stmt::Seq(vec![init, body]);
    });
    out
}
