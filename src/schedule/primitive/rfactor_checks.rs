//! The preconditions TVM 0.27's `rfactor` checks beyond the block being a
//! reduction over the loop (its test_tir_schedule_rfactor.py negatives): the
//! loop is serial, the init is the combiner's identity, the init and the
//! update store the same element, the bindings are quasi-affine, and the
//! scope is a stage pipeline (every read of a buffer produced in the scope is
//! covered by what its producer writes).
//!
//! TVM: src/s_tir/schedule/primitive/reduction.cc, analysis/reducer.cc.

use crate::ir::{BinOp, BlockId, BlockRealize, BufferStore, DataType, Expr, For, ForKind, LoopId};
use crate::schedule::analysis::{block_culprit, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// Every check, in TVM's order (loop kind before the block's shape).
pub(crate) fn check_rfactor_preconditions(
    func: &crate::ir::PrimFunc,
    loop_id: LoopId,
    l: &For,
    realize: &BlockRealize,
    binary: Option<(BinOp, &BufferStore)>,
) -> Result<(), ScheduleError> {
    if l.kind != ForKind::Serial {
        return Err(ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, loop_id),
            primitive: "rfactor",
            why: format!("is {}; rfactor needs a serial loop", kind_name(l.kind)),
            hint: "rfactor first, then parallelize, vectorize, unroll or bind the loops of the rf block".into(),
        });
    }
    let block_id = realize.block.id;
    let err = |why: String| ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block_id),
        why,
    };
    if let Some(e) = realize.iter_values.iter().find(|e| !is_quasi_affine(e)) {
        return Err(ScheduleError::WrongBlockKind {
            block: block_culprit(func, block_id),
            want: "reduction",
            why: format!(
                "the binding `{}` is not quasi-affine (sums of loop variables times constants, \
                 divided or taken modulo constants)",
                crate::script::print_expr(func, e)
            ),
        });
    }
    // A tuple reduction's init and identity were checked when it was matched.
    let Some((op, store)) = binary else {
        return check_stage_pipeline(func, block_id);
    };
    let Some(crate::ir::Stmt::BufferStore(init)) = &realize.block.init else {
        return Err(err("rfactor needs the init to be a single store".into()));
    };
    if init.buffer != store.buffer || init.indices != store.indices {
        return Err(err(format!(
            "its init stores `{}` at other indices than its update; rfactor needs both to store the same element",
            func.buffer(store.buffer).name
        )));
    }
    let dtype = func.buffer(store.buffer).dtype;
    if !is_identity(op, &init.value, dtype) {
        return Err(err(format!(
            "its init value `{}` is not the identity of `{}` (0 for +, 1 for *, the type's highest value for min, its lowest for max); rfactor finds no reducer",
            crate::script::print_expr(func, &init.value),
            op_name(op)
        )));
    }
    check_predicate_stays_affine(func, realize)?;
    check_stage_pipeline(func, block_id)
}

/// The rf block binds each loop that drives the reduction to an iterator of
/// its own. A `T.where` condition tying two of those loops (`k_0 * 10 + k_1
/// < 128`, from a non-divisible split) then constrains two iterators at
/// once: no affine binding, which TVM 0.27's schedule verifier refuses after
/// rfactor ("Wrong affine_binding: (B_rf, expected=0, actual=1)"), and which
/// tirtui's primitives that rebuild loops from iterator domains would drop
/// (reverse_compute_at found it, tests/schedule_checks.rs). Refused here, as
/// TVM refuses at this step.
fn check_predicate_stays_affine(
    func: &crate::ir::PrimFunc,
    realize: &BlockRealize,
) -> Result<(), ScheduleError> {
    let block_id = realize.block.id;
    let driving: Vec<crate::ir::VarId> = tree::loops_of_block(func, block_id)
        .unwrap_or_default()
        .iter()
        .filter_map(|l| func.find_loop(*l))
        .map(|l| l.var)
        .filter(|v| {
            realize
                .block
                .iter_vars
                .iter()
                .zip(&realize.iter_values)
                .any(|(iv, e)| iv.kind == crate::ir::IterKind::Reduce && e.uses_var(*v))
        })
        .collect();
    let mut conjuncts = Vec::new();
    split_and(&realize.predicate, &mut conjuncts);
    let Some(tying) = conjuncts
        .into_iter()
        .find(|c| driving.iter().filter(|v| c.uses_var(**v)).count() >= 2)
    else {
        return Ok(());
    };
    Err(ScheduleError::BlockPrecondition {
        block: block_culprit(func, block_id),
        primitive: "rfactor",
        why: format!(
            "its condition `T.where({})` ties loops that the rf block would bind to separate iterators: the rf block's binding would not be affine (TVM: \"Wrong affine_binding\")",
            crate::script::print_expr(func, tying)
        ),
        hint: "split the reduction loop by factors that divide its extent (no `T.where`), or rfactor before splitting".into(),
    })
}

fn split_and<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            split_and(a, out);
            split_and(b, out);
        }
        other => out.push(other),
    }
}

fn kind_name(kind: ForKind) -> &'static str {
    match kind {
        ForKind::Serial => "serial",
        ForKind::Parallel => "parallel",
        ForKind::Vectorized => "vectorized",
        ForKind::Unrolled => "unrolled",
        ForKind::ThreadBinding(_) => "bound to a thread axis",
    }
}

fn op_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Mul => "*",
        BinOp::Min => "min",
        _ => "max",
    }
}

/// TVM's IsQuasiAffine: literals and variables, sums and differences, products
/// with a constant, and floor division / modulo by a positive constant.
pub(crate) fn is_quasi_affine(e: &Expr) -> bool {
    let positive = |d: &Expr| d.as_int().is_some_and(|d| d > 0);
    match e {
        Expr::Int(..) | Expr::Var(_) => true,
        Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => is_quasi_affine(a) && is_quasi_affine(b),
        Expr::Binary(BinOp::Mul, a, b) => {
            (a.as_int().is_some() && is_quasi_affine(b))
                || (b.as_int().is_some() && is_quasi_affine(a))
        }
        Expr::Binary(BinOp::FloorDiv | BinOp::FloorMod, a, d) => positive(d) && is_quasi_affine(a),
        _ => false,
    }
}

/// TVM's reducer identities (CommReducer): 0 for +, 1 for *, the type's
/// highest value for min and lowest for max.
fn is_identity(op: BinOp, init: &Expr, dtype: DataType) -> bool {
    let (int_lo, int_hi) = match dtype {
        DataType::I8 => (i8::MIN as i64, i8::MAX as i64),
        DataType::I16 => (i16::MIN as i64, i16::MAX as i64),
        DataType::I64 => (i64::MIN, i64::MAX),
        DataType::U8 | DataType::U16 | DataType::U32 | DataType::U64 => {
            dtype.int_range().unwrap_or((0, i64::MAX))
        }
        DataType::Bool => (0, 1),
        _ => (i32::MIN as i64, i32::MAX as i64),
    };
    let float_hi: &[f64] = match dtype {
        DataType::F64 => &[f64::MAX],
        DataType::F16 => &[65504.0, f32::MAX as f64],
        _ => &[f32::MAX as f64],
    };
    match (op, init) {
        (BinOp::Add, Expr::Int(0, _)) | (BinOp::Mul, Expr::Int(1, _)) => true,
        (BinOp::Add, Expr::Float(v, _)) => *v == 0.0,
        (BinOp::Mul, Expr::Float(v, _)) => *v == 1.0,
        (BinOp::Min, Expr::Int(v, _)) => *v == int_hi,
        (BinOp::Max, Expr::Int(v, _)) => *v == int_lo,
        (BinOp::Min, Expr::Float(v, _)) => float_hi.contains(v),
        (BinOp::Max, Expr::Float(v, _)) => float_hi.contains(&-v),
        _ => false,
    }
}

/// TVM's stage-pipeline property of the block's scope: each block's read of a
/// buffer that one other block of the scope writes lies inside that write
/// (regions relaxed over the scope's loops). Otherwise the reader sees
/// elements nobody wrote, and rfactor's rebuilt nests would keep that.
fn check_stage_pipeline(func: &crate::ir::PrimFunc, block: BlockId) -> Result<(), ScheduleError> {
    use crate::schedule::region::relaxed_access;
    let Some(scope) = tree::scope_of_block(func, block) else {
        return Ok(());
    };
    let Some(scope_realize) = func.find_block(scope) else {
        return Ok(());
    };
    let children: Vec<&BlockRealize> = tree::child_blocks_of_block(&scope_realize.block);
    let ranges = crate::schedule::region::all_loop_ranges(func);
    for reader in &children {
        for read in &reader.block.reads {
            let writers: Vec<BlockId> = children
                .iter()
                .filter(|w| w.block.id != reader.block.id)
                .filter(|w| w.block.writes.iter().any(|x| x.buffer == read.buffer))
                .map(|w| w.block.id)
                .collect();
            let [writer] = writers.as_slice() else {
                continue;
            };
            let (Some(written), Some(wanted)) = (
                relaxed_access(func, *writer, read.buffer, true, None, &[]),
                relaxed_access(func, reader.block.id, read.buffer, false, None, &[]),
            ) else {
                continue;
            };
            let covered = written.iter().zip(&wanted).all(|(w, r)| {
                let end = |x: &crate::ir::Range| Expr::add(x.min.clone(), x.extent.clone());
                crate::arith::can_prove(
                    &Expr::binary(BinOp::Le, w.min.clone(), r.min.clone()),
                    &ranges,
                ) && crate::arith::can_prove(&Expr::binary(BinOp::Le, end(r), end(w)), &ranges)
            });
            if !covered {
                return Err(ScheduleError::UnsupportedPattern {
                    block: block_culprit(func, reader.block.id),
                    why: format!(
                        "it reads more of `{}` than block \"{}\" writes, so its scope is not a stage pipeline (TVM's region cover); rfactor needs one",
                        func.buffer(read.buffer).name,
                        func.find_block(*writer).map(|w| w.block.name.as_str()).unwrap_or("?"),
                    ),
                });
            }
        }
    }
    Ok(())
}
