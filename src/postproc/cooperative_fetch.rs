//! RewriteCooperativeFetch: a block annotated `meta_schedule.cooperative_fetch`
//! (a shared-memory copy placed by MultiLevelTiling, with a sampled vector
//! length) becomes a copy spread over the thread block: the annotation is
//! removed, the block's innermost (fused) loop is split into
//! `[None, threadIdx.y?, threadIdx.x, lanes?]`, the lanes vectorized and the
//! middle loops bound.
//!
//! The thread extents are those of the latest `bind` to `threadIdx.x` /
//! `threadIdx.y` before the annotation in the trace (a `warp_execution`
//! annotation sets `threadIdx.x` to the warp size), read from the loop as it
//! is now, as TVM does. The vector length falls back to 1 when it does not
//! divide the loop or when the block moves values wider than 4 bytes.

use super::{PostprocError, Writer};
use crate::ir::{BlockId, PrimFunc};
use crate::trace::{Arg, Trace};

const NAME: &str = "RewriteCooperativeFetch";
const ANN: &str = "meta_schedule.cooperative_fetch";
const WARP_SIZE: i64 = 32;

/// One annotated block and what the trace said before it.
struct Task {
    block: String,
    thread_x: Option<i64>,
    thread_y: Option<i64>,
    lanes: i64,
}

pub fn apply(trace: &mut Trace) -> Result<(), PostprocError> {
    let tasks = collect(trace)?;
    let mut w = Writer::new(trace, NAME);
    for task in tasks {
        rewrite(&mut w, task)?;
    }
    Ok(())
}

fn refused(why: String) -> PostprocError {
    PostprocError::Refused {
        postproc: NAME,
        why,
        hint: "bind a loop to threadIdx.x before annotating a cooperative fetch, and keep the annotated names alive",
    }
}

fn collect(trace: &Trace) -> Result<Vec<Task>, PostprocError> {
    let w = |name: &str| match trace.state.lookup(name) {
        Some(crate::trace::Handle::Loop(l)) => {
            trace.func().find_loop(*l).and_then(|f| f.extent.as_int())
        }
        _ => None,
    };
    let (mut thread_x, mut thread_y) = (None, None);
    let mut tasks = Vec::new();
    for (i, step) in trace.steps.iter().enumerate() {
        let text = |k: &str| match step.arg(k) {
            Some(Arg::Str(s)) => Some(s.as_str()),
            _ => None,
        };
        match step.op.as_str() {
            "bind" => {
                let axis = text("thread_axis");
                if matches!(axis, Some("threadIdx.x") | Some("threadIdx.y")) {
                    let loop_name = text("loop").unwrap_or("");
                    let extent = w(loop_name).ok_or_else(|| {
                        refused(format!(
                            "step {}: the loop `{loop_name}` bound to {} has no constant extent now",
                            i + 1,
                            axis.unwrap_or("")
                        ))
                    })?;
                    if axis == Some("threadIdx.x") {
                        thread_x = Some(extent);
                    } else {
                        thread_y = Some(extent);
                    }
                }
            }
            "annotate" if text("ann_key") == Some("warp_execution") => thread_x = Some(WARP_SIZE),
            "annotate" if text("ann_key") == Some(ANN) => {
                let lanes = match step.arg("ann_val") {
                    Some(Arg::Int(v)) => Some(*v),
                    Some(Arg::Str(n)) => match trace.state.lookup(n) {
                        Some(crate::trace::Handle::Int(v)) => Some(*v),
                        _ => None,
                    },
                    _ => None,
                }
                .ok_or_else(|| {
                    refused(format!(
                        "step {}: `{ANN}` needs an integer vector length",
                        i + 1
                    ))
                })?;
                let block = text("block_or_loop").unwrap_or("").to_string();
                tasks.push(Task {
                    block,
                    thread_x,
                    thread_y,
                    lanes,
                });
            }
            _ => {}
        }
    }
    Ok(tasks)
}

/// Bytes of the widest element the block reads or writes.
fn widest_element(func: &PrimFunc, block: BlockId) -> usize {
    func.find_block(block).map_or(1, |r| {
        r.block
            .reads
            .iter()
            .chain(&r.block.writes)
            .map(|region| func.buffer(region.buffer).dtype.bytes())
            .max()
            .unwrap_or(1)
    })
}

fn rewrite(w: &mut Writer, task: Task) -> Result<(), PostprocError> {
    let block = w
        .block(&task.block)
        .ok_or_else(|| refused(format!("`{}` does not name a block now", task.block)))?;
    let thread_x = task.thread_x.ok_or_else(|| {
        refused(format!(
            "block `{}` is annotated before any threadIdx.x binding",
            task.block
        ))
    })?;
    w.step(
        "unannotate",
        vec![
            ("block_or_loop", Arg::Str(task.block.clone())),
            ("ann_key", Arg::Str(ANN.into())),
        ],
        0,
    )?;
    let count = crate::schedule::tree::loops_of_block(w.trace.func(), block).map_or(0, |v| v.len());
    let loops = w.get_loops(&task.block, count)?;
    let fused = loops.last().cloned().ok_or_else(|| {
        refused(format!(
            "block `{}` has no loop to spread over the threads",
            task.block
        ))
    })?;
    let Some(extent) = w
        .loop_(&fused)
        .and_then(|l| w.trace.func().find_loop(l))
        .and_then(|f| f.extent.as_int())
    else {
        // TVM leaves a loop of symbolic extent as it is.
        return Ok(());
    };
    let mut lanes = task.lanes;
    if lanes <= 0 || extent % lanes != 0 || widest_element(w.trace.func(), block) > 4 {
        lanes = 1;
    }
    let mut factors = vec![Arg::Null];
    factors.extend(task.thread_y.map(Arg::Int));
    factors.push(Arg::Int(thread_x));
    if lanes > 1 {
        factors.push(Arg::Int(lanes));
    }
    let n = factors.len();
    let parts = w.step(
        "split",
        vec![("loop", Arg::Str(fused)), ("factors", Arg::List(factors))],
        n,
    )?;
    let x_at = if lanes > 1 { n - 2 } else { n - 1 };
    if lanes > 1 {
        w.step(
            "vectorize",
            vec![("loop", Arg::Str(parts[n - 1].clone()))],
            0,
        )?;
    }
    w.step(
        "bind",
        vec![
            ("loop", Arg::Str(parts[x_at].clone())),
            ("thread_axis", Arg::Str("threadIdx.x".into())),
        ],
        0,
    )?;
    if task.thread_y.is_some() {
        w.step(
            "bind",
            vec![
                ("loop", Arg::Str(parts[x_at - 1].clone())),
                ("thread_axis", Arg::Str("threadIdx.y".into())),
            ],
            0,
        )?;
    }
    Ok(())
}
