//! The trace as a TVM Python script (`def apply_trace(sch): ...`).

use super::step::{op_spec, Arg, FieldKind, FieldSpec, Returns, Step};

/// A script real TVM accepts: `apply_trace(tvm.tir.Schedule(mod))` replays the session.
pub fn to_python(steps: &[Step], origin: &str) -> String {
    let mut s = String::new();
    s.push_str(&format!("# Trace exported by tirtui from {origin}\n"));
    s.push_str("# Usage: sch = tvm.s_tir.Schedule(mod)  (tvm.tir.Schedule before TVM 0.25); apply_trace(sch)\n\n\n");
    s.push_str("def apply_trace(sch):\n");
    s.push_str("    # TVM 0.25+ renamed get_block to get_sblock; accept either.\n");
    s.push_str("    get_block = getattr(sch, \"get_sblock\", None) or sch.get_block\n");
    if steps.is_empty() {
        s.push_str("    return sch\n");
        return s;
    }
    // Block names that were not bound by a step are looked up once.
    let mut bound: Vec<String> = Vec::new();
    // Outputs of sampling steps: an `ann_val` naming one passes the variable.
    let mut sampled: Vec<String> = Vec::new();
    for step in steps {
        let Some(spec) = op_spec(&step.op) else {
            continue;
        };
        let mut args = Vec::new();
        for field in &spec.fields {
            let Some(value) = step.arg(field.name) else {
                continue;
            };
            let explicit = step.explicit.iter().any(|e| e == field.name);
            let needed = explicit || field.default.is_none() || field.name == "decision";
            if !needed || (field.name == "decision" && matches!(value, Arg::Null)) {
                continue;
            }
            let text = match (field.kind, value) {
                (FieldKind::Name, Arg::Str(n)) => handle(n, field, &bound),
                (_, Arg::Str(n)) if field.name == "ann_val" && sampled.contains(n) => n.clone(),
                (kind, v) if kind.python_text(v).is_some() => {
                    kind.python_text(v).unwrap_or_default()
                }
                (FieldKind::Names | FieldKind::Factors, Arg::List(items)) => {
                    let parts: Vec<String> = items
                        .iter()
                        .map(|a| match a {
                            Arg::Str(n) => handle(n, field, &bound),
                            other => other.to_python(),
                        })
                        .collect();
                    format!("[{}]", parts.join(", "))
                }
                _ => value.to_python(),
            };
            if field.varargs {
                args.push(
                    text.trim_start_matches('[')
                        .trim_end_matches(']')
                        .to_string(),
                );
            } else {
                args.push(format!("{}={text}", field.name));
            }
        }
        let call = match spec.python_call {
            Some(callee) => format!("{callee}({})", args.join(", ")),
            None => format!("sch.{}({})", step.op, args.join(", ")),
        };
        let line = match (spec.returns, step.out.len()) {
            (_, 0) => call,
            (Returns::Many, _) => format!("{} = {call}", step.out.join(", ")),
            _ => format!("{} = {call}", step.out[0]),
        };
        if let Some(note) = &step.note {
            s.push_str(&format!("    # {}\n", note.replace('\n', " ")));
        }
        s.push_str(&format!("    {line}\n"));
        bound.extend(step.out.iter().cloned());
        if spec.samples {
            sampled.extend(step.out.iter().cloned());
        }
    }
    s.push_str("    return sch\n");
    s
}

/// A handle argument: an earlier `out` name, or a block looked up by name.
fn handle(name: &str, field: &FieldSpec, bound: &[String]) -> String {
    if bound.iter().any(|b| b == name) {
        name.to_string()
    } else if field.block_by_name {
        format!("get_block({name:?})")
    } else {
        name.to_string()
    }
}
