//! work_on: names the function of the module a schedule works on.
//!
//! TVM: `ConcreteScheduleNode::WorkOn`. A tirtui session schedules one
//! function, chosen before its first step (`trace::work_on::choose_session_func`:
//! the session's `func:`, else a `work_on` before any step that needs a
//! function, else TVM's default, `main` or the only one). Applied, the step
//! checks that it names that function; a later `work_on` that would switch
//! to another is refused, since the steps before it hold blocks and loops of
//! the first.

use super::{f, op, Applied};
use crate::trace::replay::{arg_err, Replayer};
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    vec![op(
        "work_on",
        vec![f("func_name", FieldKind::Str)],
        Returns::Nothing,
        work_on,
    )]
}

fn work_on(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let name = r.string(step, "func_name")?;
    let current = &r.func().name;
    if name == current {
        return Ok(vec![]);
    }
    Err(arg_err(
        "func_name",
        format!(
            "this session works on the function `{current}`, and tirtui schedules one function \
             per session: `work_on(\"{name}\")` would switch to another (TVM switches; the blocks \
             and loops named so far belong to `{current}`) (hint: schedule `{name}` in a session \
             of its own, `func: {name}`, or make this `work_on` the first step)"
        ),
    ))
}
