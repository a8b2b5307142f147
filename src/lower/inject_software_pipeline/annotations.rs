//! The pipeline annotations of a loop: reading them (with the defaults TVM
//! gives) and TVM's check that the stage and order lists fit the body.

use super::{Ctx, ASYNC_CACHE, ASYNC_STAGES, INTERLEAVE, ORDER, STAGE, STAGE_COUNTERS};
use crate::ir::{AnnValue, Annotations};
use crate::lower::LowerError;

pub(super) fn int_list(v: &AnnValue) -> Option<Vec<i64>> {
    match v {
        AnnValue::List(items) => items
            .iter()
            .map(|x| match x {
                AnnValue::Int(i) => Some(*i),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The pipeline annotations of a loop whose body holds `n` statements.
pub(super) struct Annotated {
    pub(super) stages: Vec<i64>,
    pub(super) orders: Vec<i64>,
    pub(super) async_stages: Vec<i64>,
    pub(super) through_l1: bool,
    pub(super) interleave: bool,
}

/// Reads the stage (required), order (default: the body's order) and async
/// stage (default: none) annotations; stage and order need one entry per
/// statement.
pub(super) fn read_annotations(
    cx: &Ctx,
    annotations: &Annotations,
    n: usize,
) -> Result<Annotated, LowerError> {
    let get = |key: &str| annotations.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let list = |key: &str, default: Option<Vec<i64>>| -> Result<Vec<i64>, LowerError> {
        let v = match get(key) {
            None => {
                return default.ok_or_else(|| cx.err(format!("`{key}` is missing"), String::new()))
            }
            Some(v) => int_list(v).ok_or_else(|| {
                cx.err(format!("`{key}` must be a list of integers"), String::new())
            })?,
        };
        Ok(v)
    };
    let stages = list(STAGE, None)?;
    let orders = list(ORDER, Some((0..n as i64).collect()))?;
    // A set, as in TVM: repeats would only repeat every membership test.
    let mut async_stages = list(ASYNC_STAGES, Some(Vec::new()))?;
    async_stages.sort_unstable();
    async_stages.dedup();
    for (key, v) in [(STAGE, &stages), (ORDER, &orders)] {
        if v.len() != n {
            let example = (0..n)
                .map(|i| {
                    if key == STAGE {
                        (i + 1 == n) as usize
                    } else {
                        i
                    }
                    .to_string()
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(cx.err(
                format!(
                    "`{key}` has {} entries but the loop body holds {n} statements (as lowered, inner pipelines expanded):\n{}",
                    v.len(),
                    cx.listing
                ),
                format!("give `{key}` one entry per statement, {n} in all, e.g. [{example}]"),
            ));
        }
    }
    // Read by codegen (`stage_counter`) on the steady-state loop; checked here,
    // where the pipeline's other annotations are.
    if let Some(v) = get(STAGE_COUNTERS) {
        if !matches!(v, AnnValue::Int(0 | 1)) {
            return Err(cx.err(
                format!("`{STAGE_COUNTERS}` must be 1 (counters for `(k + c) % N`) or 0"),
                String::new(),
            ));
        }
    }
    let interleave = match get(INTERLEAVE) {
        None | Some(AnnValue::Int(0)) => false,
        Some(AnnValue::Int(1)) if !async_stages.is_empty() => true,
        Some(AnnValue::Int(1)) => {
            return Err(cx.err(
                format!("`{INTERLEAVE}` spreads async copies, but no stage is async"),
                format!("name the copies' stage in `{ASYNC_STAGES}`, or drop `{INTERLEAVE}`"),
            ))
        }
        Some(_) => {
            return Err(cx.err(
                format!(
                    "`{INTERLEAVE}` must be 1 (spread the async copies over the inner loop) or 0"
                ),
                String::new(),
            ))
        }
    };
    let through_l1 = match get(ASYNC_CACHE) {
        None => false,
        Some(AnnValue::Str(s)) if s == "ca" => true,
        Some(AnnValue::Str(s)) if s == "cg" => false,
        Some(_) => {
            return Err(cx.err(
                format!("`{ASYNC_CACHE}` must be \"ca\" (through L1) or \"cg\" (L2 only)"),
                String::new(),
            ))
        }
    };
    Ok(Annotated {
        stages,
        orders,
        async_stages,
        through_l1,
        interleave,
    })
}

/// TVM's ValidatePipelineBody: orders are a permutation of the statements,
/// and statements of one stage keep their relative order.
pub(super) fn validate(cx: &Ctx, stages: &[i64], orders: &[i64]) -> Result<(), LowerError> {
    if let Some(s) = stages.iter().find(|&&s| s < 0) {
        return Err(cx.err(format!("stage {s} is negative"), String::new()));
    }
    // TVM indexes the body by order: one outside 0..n is its IndexError.
    let n = orders.len() as i64;
    if let Some((i, o)) = orders
        .iter()
        .enumerate()
        .find(|(_, o)| !(0..n).contains(*o))
    {
        return Err(cx.err(
            format!("statement {i} has order {o}, outside 0..{n} (`{ORDER}` = {orders:?})"),
            format!("`{ORDER}` is a permutation of 0..{n}: one position per statement"),
        ));
    }
    let mut seen = vec![false; orders.len()];
    for (i, &o) in orders.iter().enumerate() {
        if std::mem::replace(&mut seen[o as usize], true) {
            return Err(cx.err(
                format!("two statements have order {o} (`{ORDER}` = {orders:?})"),
                "give every statement its own position".into(),
            ));
        }
        if let Some(j) = (0..i).rev().find(|&j| stages[j] == stages[i]) {
            if orders[j] > o {
                return Err(cx.err(
                    format!(
                        "statements {j} and {i} are both in stage {} but their order swaps them ({} > {o})",
                        stages[i], orders[j]
                    ),
                    "statements of one stage must keep their order".into(),
                ));
            }
        }
    }
    Ok(())
}

/// The stages against the loop (TVM checks neither; its prologue is a loop
/// of `max_stage` iterations, ours is written out): a prologue and epilogue
/// within `MAX_UNROLLED_NODES`, whose pipeline iterations (up to `lo + ext +
/// max_stage`) fit 64 bits. A stage past the loop's extent is allowed, as in
/// TVM (MetaSchedule's sm_80 sketches give stage 3 or 4 to loops of 2
/// iterations): the statement then runs only after every iteration of the
/// others, in the epilogue; the prologue and the epilogue together still run
/// each statement once per iteration. Returns the largest stage.
pub(super) fn check_stage_sizes(
    cx: &Ctx,
    stages: &[i64],
    lo: i64,
    ext: i64,
    body_nodes: u64,
) -> Result<i64, LowerError> {
    let max_stage = stages.iter().copied().max().unwrap_or(0);
    // The prologue and the epilogue each run `max_stage` pipeline iterations.
    crate::lower::limits::check_copies(
        0,
        2 * max_stage as u64,
        body_nodes,
        || format!("the prologue and epilogue of the pipeline of loop `{}` (largest stage {max_stage})", cx.loop_name),
        "give smaller stages (1 or 2 overlap copies with compute), or pipeline a loop with a smaller body",
    )?;
    if lo
        .checked_add(ext)
        .and_then(|e| e.checked_add(max_stage))
        .is_none()
    {
        return Err(cx.err(
            format!("the loop's bounds ({lo} + {ext}) and stages overflow 64 bits"),
            String::new(),
        ));
    }
    Ok(max_stage)
}
