//! Annotations: annotate, unannotate, and tirtui's double_buffer.

use super::{f, op, Applied, S};
use crate::ir::AnnValue;
use crate::schedule::primitive::annotate;
use crate::trace::double_buffer;
use crate::trace::replay::{arg_err, to_ann, Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op(
            "annotate",
            vec![
                f("block_or_loop", Name).block_by_name(),
                f("ann_key", Str),
                f("ann_val", Any),
            ],
            Nothing,
            annotate,
        )
        .with_probe_args(|_| {
            vec![
                ("ann_key", Arg::Str("pragma_probe".into())),
                ("ann_val", Arg::Int(1)),
            ]
        }),
        op(
            "unannotate",
            vec![f("block_or_loop", Name).block_by_name(), f("ann_key", Str)],
            Nothing,
            unannotate,
        ),
        // tirtui's convenience: recorded as three `annotate` steps.
        op(
            double_buffer::OP,
            vec![f("loop", Name)],
            Nothing,
            double_buffer,
        ),
    ]
}

fn annotate(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let key = r.string(step, "ann_key")?.to_string();
    let val = match step.arg("ann_val") {
        // The name of an earlier sample: its value, as TVM uses an ExprRV.
        Some(Arg::Str(n)) => match r.lookup(n) {
            Some(Handle::Int(v)) => Some(AnnValue::Int(*v)),
            _ => Some(AnnValue::Str(n.clone())),
        },
        other => other.and_then(to_ann),
    }
    .ok_or_else(|| arg_err("ann_val", "expected a number, string, bool, list or dict"))?;
    r.schedule
        .transact(|f| annotate::annotate(f, t, &key, val))
        .map_err(S)?;
    Ok(vec![])
}

fn unannotate(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let key = r.string(step, "ann_key")?.to_string();
    r.schedule
        .transact(|f| annotate::unannotate(f, t, &key))
        .map_err(S)?;
    Ok(vec![])
}

/// Applied directly (dry runs, tuning); `Trace::push` records it as the
/// `annotate` steps of `double_buffer::annotate_steps` instead.
fn double_buffer(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let plan = double_buffer::plan(r.func(), l).map_err(S)?;
    r.schedule
        .transact(|f| double_buffer::apply(f, l, &plan))
        .map_err(S)?;
    Ok(vec![])
}
