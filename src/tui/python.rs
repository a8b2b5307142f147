//! One trace step in TVM's Python spelling, as the trace pane and messages
//! show it: `i_0, i_1 = sch.split(i, factors=[None, 16])`. Handles print as
//! names, other strings as Python strings.

use crate::trace::step::{op_spec, Arg, FieldKind};
use crate::trace::Step;

/// A step as TVM Python: `i_0, i_1 = sch.split(i, factors=[None, 16])`.
pub fn python_line(step: &Step) -> String {
    let spec = op_spec(&step.op);
    let mut args = Vec::new();
    for (i, (k, v)) in step.args.iter().enumerate() {
        if !step.explicit.iter().any(|e| e == k) {
            continue;
        }
        let field = spec
            .as_ref()
            .and_then(|s| s.fields.iter().find(|f| f.name == k));
        let handles = matches!(
            field.map(|f| f.kind),
            Some(FieldKind::Name | FieldKind::Names | FieldKind::Factors)
        );
        let text = match field.and_then(|f| f.kind.python_text(v)) {
            Some(t) => t,
            None if handles => names(v),
            None => v.to_python(),
        };
        if field.is_some_and(|f| f.varargs) {
            args.push(
                text.trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_string(),
            );
        } else if i == 0 {
            args.push(text);
        } else {
            args.push(format!("{k}={text}"));
        }
    }
    let call = format!("sch.{}({})", step.op, args.join(", "));
    if step.out.is_empty() {
        call
    } else {
        format!("{} = {call}", step.out.join(", "))
    }
}

/// A value whose strings are handle names (printed bare).
fn names(v: &Arg) -> String {
    match v {
        Arg::Str(s) => s.clone(),
        Arg::List(items) => format!(
            "[{}]",
            items.iter().map(names).collect::<Vec<_>>().join(", ")
        ),
        other => other.to_python(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_print_as_tvm_python() {
        let step = |op: &str, args: Vec<(&str, Arg)>, out: &[&str]| {
            let s = Step::new(op, args, out.iter().map(|o| o.to_string()).collect()).unwrap();
            python_line(&s)
        };
        let n = |s: &str| Arg::Str(s.into());
        assert_eq!(
            step("get_block", vec![("name", n("B"))], &["b0"]),
            "b0 = sch.get_block(\"B\")"
        );
        assert_eq!(
            step(
                "split",
                vec![
                    ("loop", n("i")),
                    ("factors", Arg::List(vec![Arg::Null, Arg::Int(16)]))
                ],
                &["i_0", "i_1"]
            ),
            "i_0, i_1 = sch.split(i, factors=[None, 16])"
        );
        assert_eq!(
            step(
                "reorder",
                vec![("ordered_loops", Arg::List(vec![n("j"), n("i")]))],
                &[]
            ),
            "sch.reorder(j, i)"
        );
        assert_eq!(
            step(
                "cache_write",
                vec![
                    ("block", n("b0")),
                    ("write_buffer_index", Arg::Int(0)),
                    ("storage_scope", n("local"))
                ],
                &["b1"]
            ),
            "b1 = sch.cache_write(b0, write_buffer_index=0, storage_scope=\"local\")"
        );
    }
}
