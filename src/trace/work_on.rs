//! Which function of a workload module a session schedules, by TVM's rule.
//!
//! TVM's `Schedule(mod)` works on `main`, else on the only function, else on
//! none: then every call that needs a function (`get_sblock` first of all)
//! is refused until `work_on` names one. A session chooses the same way: its
//! `func:` field, else a `work_on` step before any step that needs a
//! function, else TVM's default. Never the first function silently.

use super::step::Step;
use crate::diag::Diagnostic;
use crate::ir::Module;
use crate::script::{entry_func, no_func_chosen, scheduled_funcs, CHOOSE_FUNC_HELP};

/// No function is chosen where one is needed.
#[derive(Clone, Debug, PartialEq)]
pub struct NoFunction {
    /// The step (1-based) that needed a function or named a missing one;
    /// `None`: the session has no step, nothing chose one.
    pub step: Option<usize>,
    pub op: String,
    pub message: String,
    pub hint: String,
}

impl NoFunction {
    pub fn to_diagnostic(&self, origin: &str) -> Diagnostic {
        let (message, origin) = match self.step {
            Some(step) => (
                format!("step {step} `{}`: {}", self.op, self.message),
                format!("{origin}, step {step}"),
            ),
            None => (self.message.clone(), origin.to_string()),
        };
        Diagnostic::new(message)
            .with_origin(origin)
            .with_help(self.hint.clone())
    }
}

/// The name of the function the session works on: `Ok(None)` for TVM's
/// default (`main`, or the only function), `Ok(Some(name))` when the
/// session's `func:` or a leading `work_on` step names it.
pub fn choose_session_func(
    module: &Module,
    func: Option<&str>,
    steps: &[Step],
) -> Result<Option<String>, NoFunction> {
    if let Some(name) = func {
        return Ok(Some(name.to_string()));
    }
    let candidates = scheduled_funcs(module);
    for (index, step) in steps.iter().enumerate() {
        if step.op != "work_on" {
            if entry_func(module).is_some() {
                return Ok(None);
            }
            return Err(NoFunction {
                step: Some(index + 1),
                op: step.op.clone(),
                message: format!(
                    "`{}` does not know which function to be working on: {}",
                    step.op,
                    no_func_chosen(module)
                ),
                hint: format!(
                    "add `func: {}` to the session, or a step `{{op: work_on, func_name: {}}}` before this one",
                    candidates.first().copied().unwrap_or("NAME"),
                    candidates.first().copied().unwrap_or("NAME"),
                ),
            });
        }
        let name = match step.arg("func_name") {
            Some(super::Arg::Str(name)) => name,
            // The session reader checks the field's kind; a step built
            // otherwise is refused when applied.
            _ => continue,
        };
        if candidates.contains(&name.as_str()) {
            return Ok(Some(name.clone()));
        }
        let listed: Vec<String> = candidates.iter().map(|c| format!("`{c}`")).collect();
        return Err(NoFunction {
            step: Some(index + 1),
            op: step.op.clone(),
            message: format!(
                "cannot find the function `{name}` in the module; its functions are {}",
                listed.join(", ")
            ),
            hint: "name one of the module's functions".to_string(),
        });
    }
    if entry_func(module).is_some() {
        return Ok(None);
    }
    Err(NoFunction {
        step: None,
        op: String::new(),
        message: no_func_chosen(module),
        hint: CHOOSE_FUNC_HELP.to_string(),
    })
}
