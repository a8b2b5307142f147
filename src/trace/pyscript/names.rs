//! Names for a step's outputs, as a TVM user would write them: loop variable
//! names for loops, `b0`, `b1` for blocks, `v0` for sampled values, never one
//! already bound.

use crate::trace::step::{op_spec, Returns};
use crate::trace::{Handle, Step, StepError, Trace};

/// Names bound in the trace, and the names of every loop variable, to avoid.
pub fn taken(trace: &Trace) -> Vec<String> {
    trace.state.names().into_iter().map(|(n, _)| n).collect()
}

/// A name from `base` (made an identifier) that is not in `taken`.
pub fn fresh(base: &str, taken: &[String]) -> String {
    let mut b: String = base
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if b.is_empty() || b.starts_with(|c: char| c.is_ascii_digit()) {
        b.insert(0, 'v');
    }
    if matches!(
        b.as_str(),
        "None" | "True" | "False" | "sch" | "for" | "in" | "if" | "def"
    ) {
        b.push('_');
    }
    if !taken.contains(&b) {
        return b;
    }
    (1..)
        .map(|k| format!("{b}_{k}"))
        .find(|n| !taken.contains(n))
        .unwrap_or(b)
}

/// The next `b{k}` not taken.
pub fn fresh_block_name(taken: &[String]) -> String {
    (0..)
        .map(|k| format!("b{k}"))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| "b".into())
}

/// Gives a step's outputs names, as a TVM user would: loop variable names for
/// loops, `b0`, `b1` for blocks, `v0` for sampled values. The count is found by
/// a dry run. Returns the named step, or the step's error.
pub fn name_outputs(trace: &Trace, mut step: Step, given: &[String]) -> Result<Step, StepError> {
    let spec = op_spec(&step.op);
    let returns = spec.as_ref().map(|s| s.returns).unwrap_or(Returns::Nothing);
    if returns == Returns::Nothing || !given.is_empty() && returns == Returns::One {
        step.out = given.to_vec();
        return Ok(step);
    }
    if given.len() > 1 {
        step.out = given.to_vec();
        return Ok(step);
    }
    let tmp = |n: usize| {
        (0..n)
            .map(|k| format!("__tirtui_out{k}"))
            .collect::<Vec<_>>()
    };
    let counts: Vec<usize> = match (returns, spec.and_then(|s| (s.out_count)(&step))) {
        (Returns::One, _) => vec![1],
        (_, Some(n)) => vec![n],
        _ => (1..=16).chain([0]).collect(),
    };
    let mut probe_err = None;
    for n in counts {
        let mut probe = trace.clone();
        let mut s = step.clone();
        s.out = tmp(n);
        match probe.push(s) {
            Ok(()) => {
                let mut names = taken(trace);
                let mut outs = Vec::new();
                for (k, t) in tmp(n).iter().enumerate() {
                    let base = match probe.state.lookup(t) {
                        Some(Handle::Loop(l)) => probe
                            .func()
                            .find_loop(*l)
                            .map(|f| probe.func().var_name(f.var).to_string())
                            .unwrap_or_else(|| "l".into()),
                        Some(Handle::Block(_)) => fresh_block_name(&names),
                        _ => format!("v{k}"),
                    };
                    let base = match given.first() {
                        Some(g) if n > 1 => format!("{g}_{k}"),
                        Some(g) => g.clone(),
                        None => base,
                    };
                    let name = fresh(&base, &names);
                    names.push(name.clone());
                    outs.push(name);
                }
                step.out = outs;
                return Ok(step);
            }
            Err(e) => {
                let count_problem = matches!(&e.failure, crate::trace::StepFailure::Argument { field, .. } if field == "out");
                if !count_problem {
                    return Err(e);
                }
                probe_err = Some(e);
            }
        }
    }
    match probe_err {
        Some(e) => Err(e),
        None => Ok(step),
    }
}
