//! A parsed call mapped onto the op table: TVM's aliases, positional
//! arguments in field order, varargs, and "did you mean" for unknown names.

use super::{err, example, PyCall, PyError as CommandError};
use crate::trace::step::{op_spec, op_specs, Arg, FieldKind};
use crate::trace::Step;

/// Maps a call onto the op table: TVM aliases, positional order, varargs.
/// The step's `out` is left empty (the caller names outputs).
pub fn to_step(call: &PyCall) -> Result<Step, CommandError> {
    let op = match call.op.as_str() {
        "get_sblock" => "get_block",
        other => other,
    };
    let Some(spec) = op_spec(op) else {
        let close = closest_op(op);
        return err(format!(
            "unknown primitive `{op}`{}",
            close
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default()
        ));
    };
    let mut given: Vec<(&str, Arg)> = Vec::new();
    let positional: Vec<&Arg> = call
        .args
        .iter()
        .filter(|(k, _)| k.is_none())
        .map(|(_, v)| v)
        .collect();
    let varargs = spec
        .fields
        .first()
        .is_some_and(|f| f.kind == FieldKind::Names)
        && (positional.len() > 1
            || positional
                .first()
                .is_some_and(|a| !matches!(a, Arg::List(_))));
    if varargs {
        given.push((
            spec.fields[0].name,
            Arg::List(positional.into_iter().cloned().collect()),
        ));
    } else {
        if positional.len() > spec.fields.len() {
            return err(format!(
                "`{op}` takes at most {} arguments: {}",
                spec.fields.len(),
                field_list(op)
            ));
        }
        for (field, v) in spec.fields.iter().zip(positional) {
            given.push((field.name, v.clone()));
        }
    }
    for (k, v) in call
        .args
        .iter()
        .filter_map(|(k, v)| k.as_ref().map(|k| (k, v)))
    {
        if op == "get_block" && k == "func_name" {
            // TVM's optional function name; a session holds one function.
            continue;
        }
        let Some(field) = spec.fields.iter().find(|f| f.name == k) else {
            return err(format!(
                "`{op}` has no argument `{k}`; its arguments are {}",
                field_list(op)
            ));
        };
        if given.iter().any(|(n, _)| *n == field.name) {
            return err(format!("argument `{k}` given twice"));
        }
        given.push((field.name, v.clone()));
    }
    for (name, v) in given.iter_mut() {
        let kind = spec.fields.iter().find(|f| f.name == *name).map(|f| f.kind);
        if kind == Some(FieldKind::Names) {
            if let Arg::Str(s) = v {
                *v = Arg::List(vec![Arg::Str(s.clone())]);
            }
        }
    }
    if let Some(missing) = spec
        .fields
        .iter()
        .find(|f| f.default.is_none() && !given.iter().any(|(n, _)| *n == f.name))
    {
        return err(format!(
            "`{op}` needs `{}` ({}), e.g. `{}`",
            missing.name,
            missing.kind.describe(),
            example(op)
        ));
    }
    Step::new(op, given, Vec::new()).ok_or_else(|| CommandError {
        message: format!("`{op}` is missing a required argument"),
    })
}

fn field_list(op: &str) -> String {
    op_spec(op)
        .map(|s| {
            s.fields
                .iter()
                .map(|f| f.name)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

fn closest_op(op: &str) -> Option<&'static str> {
    // No primitive name is near a long word; skip the quadratic distance for pastes.
    if op.len() > 64 {
        return None;
    }
    let specs = op_specs();
    specs
        .iter()
        .map(|s| (crate::script::error::edit_distance(op, s.name), s.name))
        .filter(|(d, name)| *d <= 3 || name.contains(op))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}
