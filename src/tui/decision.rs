//! Editing a sampled decision in place: `e` on a `sample_*` step of the
//! trace pane (or `:decision N [VALUE]`) opens a line editor prefilled with
//! the step's decision; Enter checks the new one by replaying the step with
//! it, as a session's replay would, and then replays every step after it, so
//! that every pane shows the new program.
//!
//! Replay is the judge: a perfect tile whose factors do not multiply to the
//! loop's extent, an innermost factor past its bound, a categorical index out
//! of range are refused with the replay's reason and the bounds to meet. A
//! compute location that replay would quietly move (TVM keeps a recorded
//! location only while it is still a place for the block) is refused too,
//! with the places there are. A later step that no longer applies is kept,
//! marked failed, with the ones after it (`Doc::restore`), never dropped.
//!
//! An edit is one change in the linear history: `u` right after it (or once
//! the steps after it are undone) puts the old decision back, redo puts the
//! new one back. Each edit remembers the steps before and after it; it is
//! undone only while the document holds exactly its "after" steps, so it never
//! undoes over another change.

use super::app::{App, Mode, Pane};
use super::keymap::{Key, KeyCode};
use super::lineedit::LineEdit;
use crate::trace::step::{op_spec, Arg, FieldKind, Step};
use crate::trace::{Handle, Trace};

/// Longest decision text considered: a decision is a few integers, and a
/// paste of a whole file must not be parsed number by number.
const MAX_DECISION_CHARS: usize = 4096;

/// Places probed when a compute location is refused (a loop nest deeper
/// than this has more places than a message can list anyway).
const MAX_PROBED_LOCATIONS: i64 = 32;

/// The decision editor's state (`Mode::Decision`).
#[derive(Clone, Debug)]
pub struct DecisionEditor {
    /// The step edited, 0-based among all the document's steps.
    pub step: usize,
    pub edit: LineEdit,
    /// What the decision means, shown before the text.
    pub about: String,
    /// Why the last Enter was refused.
    pub error: Option<String>,
}

/// An applied edit: the document's steps before and after it.
#[derive(Clone, Debug)]
pub struct DecisionChange {
    before: Vec<Step>,
    after: Vec<Step>,
    /// The trace's undone steps right after this edit was undone: a redo
    /// takes the edit back only while they are the same (a step typed and
    /// undone since then is redone first, as the last thing undone).
    undone_then: Vec<String>,
}

/// The edits `u` and redo walk through.
#[derive(Clone, Debug, Default)]
pub struct DecisionHistory {
    undo: Vec<DecisionChange>,
    redo: Vec<DecisionChange>,
}

fn same_steps(a: &[Step], b: &[Step]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_yaml() == y.to_yaml())
}

/// The decision's kind when `step` samples one: its field kind.
fn decision_kind(step: &Step) -> Option<FieldKind> {
    let spec = op_spec(&step.op)?;
    if !spec.samples {
        return None;
    }
    spec.fields
        .iter()
        .find(|f| f.name == "decision")
        .map(|f| f.kind)
}

/// The ops whose decisions can be edited, for messages.
fn sampling_ops() -> String {
    let names: Vec<&str> = crate::trace::step::op_specs()
        .iter()
        .filter(|s| s.samples)
        .map(|s| s.name)
        .collect();
    names.join(", ")
}

fn ints(arg: Option<&Arg>) -> Vec<i64> {
    match arg {
        Some(Arg::List(items)) => items
            .iter()
            .filter_map(|a| match a {
                Arg::Int(i) => Some(*i),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The decision as the editor shows it: `[4, 8, 2, 16]`, `3`.
pub fn decision_text(step: &Step) -> String {
    match step.arg("decision") {
        Some(Arg::List(_)) => format!(
            "[{}]",
            ints(step.arg("decision"))
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Arg::Int(i)) => i.to_string(),
        _ => String::new(),
    }
}

/// What a step's decision means, in a few words (the editor's prompt).
fn about(step: &Step, number: usize) -> String {
    let int = |k: &str| match step.arg(k) {
        Some(Arg::Int(i)) => *i,
        _ => 0,
    };
    match step.op.as_str() {
        "sample_perfect_tile" => {
            let product: i64 = ints(step.arg("decision"))
                .iter()
                .try_fold(1i64, |a, f| a.checked_mul(*f))
                .unwrap_or(0);
            let bound = int("max_innermost_factor");
            let inner = if bound > 0 {
                format!(", innermost <= {bound}")
            } else {
                String::new()
            };
            if product > 0 {
                format!(
                    "step {number} tile: {} factors of {product}{inner}: ",
                    int("n")
                )
            } else {
                format!("step {number} tile: {} factors{inner}: ", int("n"))
            }
        }
        "sample_categorical" => format!(
            "step {number} index into {:?}: ",
            ints(step.arg("candidates"))
        ),
        "sample_compute_location" => {
            format!("step {number} place (-2 inline, -1 root, N: the consumer's loop N): ")
        }
        op => format!("step {number} {op} decision: "),
    }
}

/// Parses the editor's text as a decision of `kind`; says why not.
pub fn parse_decision(kind: FieldKind, text: &str) -> Result<Arg, String> {
    let text = text.trim();
    if text.chars().count() > MAX_DECISION_CHARS {
        return Err(format!(
            "a decision is a few integers, not {} characters",
            text.chars().count()
        ));
    }
    let int = |word: &str| {
        word.parse::<i64>()
            .map_err(|_| format!("`{word}` is not an integer"))
    };
    match kind {
        FieldKind::OptInts => {
            let inner = text
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .or_else(|| text.strip_prefix('(').and_then(|t| t.strip_suffix(')')))
                .unwrap_or(text);
            let words: Vec<&str> = inner
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() {
                return Err("give the factors, e.g. `[4, 8, 2, 16]`".into());
            }
            let factors = words
                .into_iter()
                .map(int)
                .collect::<Result<Vec<i64>, String>>()?;
            Ok(Arg::List(factors.into_iter().map(Arg::Int).collect()))
        }
        FieldKind::OptInt => {
            if text.is_empty() {
                return Err("give one integer".into());
            }
            int(text)
                .map(Arg::Int)
                .map_err(|why| format!("{why}: this decision is one integer"))
        }
        other => Err(format!(
            "this decision is {}; the editor takes integers only",
            other.describe()
        )),
    }
}

impl App {
    /// `e`: the decision editor on the trace pane's selected step.
    pub fn open_decision_editor(&mut self) {
        if self.focus != Pane::Trace {
            return self.info(format!(
                "e edits a sampled decision: Tab to the Trace pane and select a step of {} (or :decision N VALUE)",
                sampling_ops()
            ));
        }
        self.open_decision_editor_at(self.trace_sel);
    }

    /// The decision editor on step `k` (0-based), or why not.
    pub fn open_decision_editor_at(&mut self, k: usize) {
        let step = match self.editable_step(k) {
            Ok(s) => s,
            Err(why) => return self.error(why),
        };
        self.focus = Pane::Trace;
        self.trace_sel = k;
        self.mode = Mode::Decision(Box::new(DecisionEditor {
            step: k,
            edit: LineEdit::new(&decision_text(&step)),
            about: about(&step, k + 1),
            error: None,
        }));
    }

    /// Step `k` when its decision can be edited: a sampling step that
    /// applied, or the failed one (the steps before it apply).
    fn editable_step(&self, k: usize) -> Result<Step, String> {
        let applied = self.doc.trace.steps.len();
        let pending = self.doc.pending.len();
        let step = if k < applied {
            self.doc.trace.steps[k].clone()
        } else if k == applied && pending > 0 {
            self.doc.pending[0].clone()
        } else if k < applied + pending {
            return Err(format!(
                "step {} is not applied: the failed step {} before it comes first (edit or remove it)",
                k + 1,
                applied + 1
            ));
        } else if k < self.trace_rows() {
            return Err(format!(
                "step {} is undone: redo it (ctrl-r) to edit its decision",
                k + 1
            ));
        } else {
            return Err(format!(
                "there are {} steps: no step {}",
                applied + pending,
                k + 1
            ));
        };
        if decision_kind(&step).is_none() {
            return Err(format!(
                "step {} is `{}`, which samples nothing: decisions belong to {}",
                k + 1,
                step.op,
                sampling_ops()
            ));
        }
        Ok(step)
    }

    /// Keys of the decision editor.
    pub(super) fn decision_key(&mut self, mut editor: Box<DecisionEditor>, k: Key) -> Mode {
        match k.code {
            KeyCode::Esc => {
                self.info("decision unchanged");
                Mode::Normal
            }
            KeyCode::Char('c') if k.ctrl => {
                self.info("decision unchanged");
                Mode::Normal
            }
            KeyCode::Enter => {
                let text = editor.edit.text.clone();
                if self.edit_decision(editor.step, &text) {
                    std::mem::replace(&mut self.mode, Mode::Normal)
                } else {
                    editor.error = self.message.as_ref().map(|m| m.text.clone());
                    Mode::Decision(editor)
                }
            }
            _ => {
                if editor.edit.key(k) {
                    editor.error = None;
                }
                Mode::Decision(editor)
            }
        }
    }

    /// Sets step `k`'s decision to `text` and replays; false (with the
    /// reason in the message line) when it is refused.
    pub fn edit_decision(&mut self, k: usize, text: &str) -> bool {
        let step = match self.editable_step(k) {
            Ok(s) => s,
            Err(why) => {
                self.error(why);
                return false;
            }
        };
        let Some(kind) = decision_kind(&step) else {
            self.error(format!("step {} samples nothing", k + 1));
            return false;
        };
        let value = match parse_decision(kind, text) {
            Ok(v) => v,
            Err(why) => {
                self.error(format!("step {} `{}`: {why}", k + 1, step.op));
                return false;
            }
        };
        let old_text = decision_text(&step);
        let mut edited = step.clone();
        edited.set_arg("decision", value);
        let recorded = match self.check_decision(k, &edited) {
            Ok(s) => s,
            Err(why) => {
                self.error(why);
                return false;
            }
        };
        if recorded.to_yaml() == step.to_yaml() {
            self.info(format!(
                "step {} keeps its decision {old_text}: nothing changed",
                k + 1
            ));
            return true;
        }
        let before = self.doc.all_steps();
        let mut after = before.clone();
        after[k] = recorded.clone();
        self.replace_steps(&after, true);
        let change = DecisionChange {
            before,
            after: self.doc.all_steps(),
            undone_then: Vec::new(),
        };
        self.decisions.undo.push(change);
        self.decisions.redo.clear();
        self.redo_group = None;
        self.trace_sel = k;
        let what = format!(
            "step {} `{}`: decision {old_text} -> {}",
            k + 1,
            step.op,
            decision_text(&recorded)
        );
        self.report_replay(&what, "u undoes the edit");
        true
    }

    /// Replays `edited` in place of step `k` after the steps before it: the
    /// step as recorded, or why the replay refuses the decision.
    fn check_decision(&self, k: usize, edited: &Step) -> Result<Step, String> {
        let all = self.doc.all_steps();
        let trace = Trace::replay(self.doc.trace.workload.clone(), &all[..k])
            .map_err(|(_, e)| format!("the steps before step {} no longer apply: {e}", k + 1))?;
        let mut probe = trace.clone();
        if let Err(e) = probe.push(edited.clone()) {
            return Err(format!("{e}; {}", decision_hint(&trace, edited)));
        }
        let Some(recorded) = probe.steps.last().cloned() else {
            return Err(format!("step {} recorded nothing", k + 1));
        };
        if edited.op == "sample_compute_location"
            && recorded.arg("decision") != edited.arg("decision")
        {
            return Err(format!(
                "step {} `sample_compute_location`: {} is not a place for the block now (the replay would move it to {}); the places are {}",
                k + 1,
                decision_text(edited),
                decision_text(&recorded),
                compute_places(&trace, edited)
            ));
        }
        Ok(recorded)
    }

    /// Puts `steps` in the document by replaying them (what does not apply
    /// is kept pending); `fresh` for a new change, which clears the redo stack.
    fn replace_steps(&mut self, steps: &[Step], fresh: bool) {
        let keep = self.target();
        let redo = std::mem::take(&mut self.doc.trace.redo);
        // A failure is kept pending, marked failed: `report_replay` says so.
        let _ = self.doc.restore(steps);
        if !fresh {
            self.doc.trace.redo = redo;
        }
        self.after_change(keep);
    }

    /// The message after a replay: what changed, and any step that no longer applies.
    fn report_replay(&mut self, what: &str, undo_hint: &str) {
        match &self.doc.pending_error {
            None => self.info(format!(
                "{what}; {} steps replayed ({undo_hint})",
                self.doc.trace.steps.len()
            )),
            Some(e) => {
                let failed = self.doc.trace.steps.len() + 1;
                let after = self.doc.pending.len().saturating_sub(1);
                let e = e.clone();
                self.error(format!(
                    "{what}; step {failed} no longer applies and is kept with the {after} after it (✗ in the trace; {undo_hint}, x removes it): {e}"
                ));
            }
        }
    }

    /// `u` on an edit: true when the last change was a decision edit (the
    /// document holds its steps) and it was taken back.
    pub(super) fn undo_decision_edit(&mut self) -> bool {
        let now = self.doc.all_steps();
        let Some(mut change) = self.decisions.undo.pop() else {
            return false;
        };
        if !same_steps(&change.after, &now) {
            // Another change came after it: that one is undone first.
            self.decisions.undo.push(change);
            return false;
        }
        self.replace_steps(&change.before, false);
        change.undone_then = undone_steps(self);
        self.decisions.redo.push(change);
        self.report_replay("decision edit undone", "ctrl-r redoes it");
        true
    }

    /// Redo of an undone edit, when the document is as the edit left it.
    pub(super) fn redo_decision_edit(&mut self) -> bool {
        let now = self.doc.all_steps();
        let Some(change) = self.decisions.redo.pop() else {
            return false;
        };
        if !same_steps(&change.before, &now) || change.undone_then != undone_steps(self) {
            self.decisions.redo.push(change);
            return false;
        }
        self.replace_steps(&change.after, false);
        self.decisions.undo.push(change);
        self.report_replay("decision edit redone", "u undoes it");
        true
    }
}

/// The trace's undone steps, as text (to compare).
fn undone_steps(app: &App) -> Vec<String> {
    app.doc.trace.redo.iter().map(Step::to_yaml).collect()
}

/// The bounds a refused decision must meet, from the program before it.
fn decision_hint(before: &Trace, step: &Step) -> String {
    let int = |k: &str| match step.arg(k) {
        Some(Arg::Int(i)) => Some(*i),
        _ => None,
    };
    match step.op.as_str() {
        "sample_perfect_tile" => {
            let extent = match step.arg("loop") {
                Some(Arg::Str(name)) => match before.state.lookup(name) {
                    Some(Handle::Loop(l)) => {
                        before.func().find_loop(*l).and_then(|f| f.extent.as_int())
                    }
                    _ => None,
                },
                _ => None,
            };
            let n = int("n").unwrap_or(0);
            let inner = match int("max_innermost_factor") {
                Some(m) if m > 0 => format!(", the last at most {m}"),
                _ => String::new(),
            };
            match extent {
                Some(e) => format!(
                    "give {n} positive factors whose product is the loop's extent {e}{inner}"
                ),
                None => {
                    format!("give {n} positive factors whose product is the loop's extent{inner}")
                }
            }
        }
        "sample_categorical" => {
            let c = ints(step.arg("candidates"));
            format!(
                "give an index from 0 to {} into the candidates {c:?}",
                c.len().saturating_sub(1)
            )
        }
        _ => "give a decision the replay keeps".into(),
    }
}

/// The places `sample_compute_location` keeps for the block, found by
/// replaying it with each: `-2 (inline), -1 (root), 0, 2`.
fn compute_places(before: &Trace, step: &Step) -> String {
    let mut places = Vec::new();
    for d in -2..MAX_PROBED_LOCATIONS {
        let mut probe = before.probe();
        let mut s = step.clone();
        s.set_arg("decision", Arg::Int(d));
        if probe.push(s).is_ok()
            && probe.steps.last().and_then(|r| r.arg("decision")) == Some(&Arg::Int(d))
        {
            places.push(match d {
                -2 => "-2 (inline)".to_string(),
                -1 => "-1 (root)".to_string(),
                d => d.to_string(),
            });
        }
    }
    places.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_parse_in_every_spelling_and_refuse_the_rest() {
        let list = |v: &[i64]| Arg::List(v.iter().map(|i| Arg::Int(*i)).collect());
        for text in ["[4, 8, 2, 16]", "4, 8, 2, 16", "(4,8,2,16)", " 4 8 2 16 "] {
            assert_eq!(
                parse_decision(FieldKind::OptInts, text),
                Ok(list(&[4, 8, 2, 16])),
                "{text}"
            );
        }
        assert_eq!(parse_decision(FieldKind::OptInt, " 3 "), Ok(Arg::Int(3)));
        assert_eq!(parse_decision(FieldKind::OptInt, "-2"), Ok(Arg::Int(-2)));
        let err = |k, t| parse_decision(k, t).unwrap_err();
        assert!(err(FieldKind::OptInts, "[4, x]").contains("`x` is not an integer"));
        assert!(err(FieldKind::OptInts, "[]").contains("give the factors"));
        assert!(err(FieldKind::OptInt, "[1]").contains("one integer"));
        assert!(err(FieldKind::OptInt, "").contains("one integer"));
        assert!(err(FieldKind::OptInt, "99999999999999999999").contains("not an integer"));
        let huge = "1, ".repeat(100_000);
        assert!(err(FieldKind::OptInts, &huge).contains("characters"));
    }
}
