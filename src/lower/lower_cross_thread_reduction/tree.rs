//! The shared-memory tree allreduce, for reductions whose threads do not tile
//! warps: every thread stores its partial in its slot of a shared buffer (one
//! row per combination of the other threadIdx loops), then halving strides
//! fold the upper half into the lower until slot 0 holds the result. Each
//! step reads what another thread wrote in the step before; `thread_sync`
//! puts the barriers between them.

use super::warp::Emitted;
use super::OtherThread;
use crate::ir::{
    BinOp, Buffer, BufferStore, DataType, Expr, IfThenElse, PrimFunc, Stmt, StorageScope,
};

pub struct Reduction<'a> {
    pub name: &'a str,
    pub op: BinOp,
    pub dtype: DataType,
    /// The reducing thread's index, 0-based.
    pub lane: Expr,
    pub extent: i64,
    pub partial: Expr,
    pub others: &'a [OtherThread],
}

pub fn emit(func: &mut PrimFunc, red: &Reduction) -> Emitted {
    let n = red.extent;
    let mut shape: Vec<Expr> = red.others.iter().map(|o| Expr::int(o.extent)).collect();
    shape.push(Expr::int(n));
    let mut buf = Buffer::new(format!("{}_red_buf", red.name), shape, red.dtype);
    buf.scope = StorageScope::Shared;
    let buf = func.new_buffer(buf);
    // Where each thread's slot is: other thread loops, then the reducing one.
    let slot = |lane: Expr| -> Vec<Expr> {
        let mut v: Vec<Expr> = red
            .others
            .iter()
            .map(|o| {
                if o.min.as_int() == Some(0) {
                    Expr::Var(o.var)
                } else {
                    Expr::sub(Expr::Var(o.var), o.min.clone())
                }
            })
            .collect();
        v.push(lane);
        v
    };
    let lane = &red.lane;
    let mut stmts = vec![Stmt::BufferStore(BufferStore {
        buffer: buf,
        indices: slot(lane.clone()),
        value: red.partial.clone(),
    })];
    let mut stride = (n as u64).next_power_of_two() as i64 / 2;
    while stride >= 1 {
        let partner = Expr::add(lane.clone(), Expr::int(stride));
        let mut cond = Expr::lt(lane.clone(), Expr::int(stride));
        if stride * 2 > n {
            cond = Expr::and(cond, Expr::lt(partner.clone(), Expr::int(n)));
        }
        stmts.push(Stmt::IfThenElse(crate::ir::Shared::new(IfThenElse {
            cond,
            then_case: Stmt::BufferStore(BufferStore {
                buffer: buf,
                indices: slot(lane.clone()),
                value: Expr::binary(
                    red.op,
                    Expr::Load(buf, slot(lane.clone())),
                    Expr::Load(buf, slot(partner)),
                ),
            }),
            else_case: None,
        })));
        stride /= 2;
    }
    Emitted {
        stmts,
        total: Expr::Load(buf, slot(Expr::int(0))),
        buffers: vec![buf],
    }
}
