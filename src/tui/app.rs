//! The explorer's model: the document, what each pane shows and where its
//! cursor is, the mode (normal, command line, prompt, popup), and the
//! normal-mode actions.
//!
//! No terminal IO here: events come in as plain data (`Event`), the screen is
//! drawn by `view` onto any ratatui backend, so the whole app runs headless in
//! tests. Text-entry modes live in `input.rs`.

use super::doc::{Doc, Opened};
use super::highlight::Highlighter;
use super::jobs::{RunKey, Runner};
use super::journal::Journal;
use super::keymap::{Action, Key, Keymap};
use super::lineedit::{CommandLine, LineEdit};
use super::targets::{handle_for, Target};
use super::theme::Theme;
use super::wizard::Wizard;
use crate::trace::step::{op_specs, OpSpec};
use crate::trace::Arg;
use crate::trace::{Step, StepError};
use ratatui::layout::Rect;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Input to the app, independent of the terminal library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Key(Key),
    /// Pasted text (the terminal's bracketed paste): text, never keys.
    Paste(String),
    /// Mouse wheel over a cell: `up` or down.
    Scroll {
        up: bool,
        col: u16,
        row: u16,
    },
    Click {
        col: u16,
        row: u16,
    },
    Resize(u16, u16),
    /// Time passes (spinner, background results).
    Tick,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    Tir,
    Palette,
    Trace,
    Cuda,
}

const PANES: [Pane; 4] = [Pane::Tir, Pane::Palette, Pane::Trace, Pane::Cuda];

pub enum Confirm {
    QuitUnsaved,
    RestoreJournal(Vec<Step>),
    /// Saving would replace a file that is not (or no longer) ours.
    Overwrite {
        path: PathBuf,
        then_quit: bool,
        question: String,
    },
}

/// Where a `/` search looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchIn {
    Tir,
    Cuda,
    Trace,
    Help,
}

/// The last search: `n`/`N` move between its matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    pub query: String,
    pub target: SearchIn,
}

pub enum Mode {
    Normal,
    Command(CommandLine),
    Prompt(Box<Wizard>),
    /// Asking where to save; `then_quit` after saving.
    SavePath {
        edit: LineEdit,
        then_quit: bool,
    },
    Help {
        scroll: u16,
    },
    /// A rendered diagnostic.
    Error {
        text: String,
        scroll: u16,
    },
    Confirm(Confirm),
    /// Typing a `/` search; `back` is the help scroll to return to.
    Search {
        edit: LineEdit,
        target: SearchIn,
    },
    /// Editing a sampled decision of the trace (`decision.rs`).
    Decision(Box<super::decision::DecisionEditor>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

/// The palette's verdict on one primitive for the cursor's target.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    Pass,
    Fail(String),
    NeedsInput,
    NotFor,
    /// The dry run has not finished yet.
    Checking,
}

/// Where each pane was drawn last, for the mouse.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rects {
    pub tir: Rect,
    pub palette: Rect,
    pub trace: Rect,
    pub cuda: Rect,
    pub run: Rect,
}

pub struct App {
    pub doc: Doc,
    pub theme: Theme,
    pub keymap: Keymap,
    pub hl: Highlighter,
    pub mode: Mode,
    pub focus: Pane,
    pub ops: &'static [OpSpec],
    /// TIR cursor line and which target on it.
    pub cursor: usize,
    pub target_idx: usize,
    pub tir_top: usize,
    pub palette_sel: usize,
    /// The sketches behind the palette's rule names (`propose`).
    pub rule_cache: super::propose::RuleCache,
    /// Steps `start..end` were appended by one proposal: `u` undoes them together.
    pub proposal_group: Option<(usize, usize)>,
    /// How many steps the next redo restores (a proposal undone as one).
    pub redo_group: Option<usize>,
    /// Decision edits, for undo and redo (`decision.rs`).
    pub decisions: super::decision::DecisionHistory,
    pub trace_sel: usize,
    pub cuda_top: usize,
    pub cuda_left: u16,
    /// The help's scroll, kept while a search in it is typed.
    pub help_scroll: u16,
    /// Columns the TIR pane is scrolled to the right.
    pub tir_left: u16,
    /// The focused pane alone on the screen.
    pub zoom: bool,
    pub search: Option<Search>,
    /// Python names of the `:` line that are not step outputs (lists,
    /// aliases, constants).
    pub py_vars: HashMap<String, Arg>,
    /// The rest of a script that stopped at an error, back in the command
    /// line once the error is closed.
    pub stashed_command: Option<String>,
    /// The diff shown instead of the TIR: (after step A, after step B).
    pub diff: Option<(usize, usize)>,
    pub diff_top: usize,
    pub message: Option<Message>,
    pub quit: bool,
    pub runner: Runner,
    /// The tune started from the explorer (`tune.rs`).
    pub tune: super::tune::TuneState,
    /// A run that failed, for the program it was for.
    pub run_failure: Option<(RunKey, String)>,
    pub history: Vec<String>,
    pub rects: Rects,
    /// Rows of the TIR pane's text area at the last draw (for paging).
    pub tir_rows: usize,
    /// Lowering and dry runs off the UI thread (`lanes.rs`).
    pub(super) lanes: super::lanes::Lanes,
    /// A change holding `double_buffer`, planned off the UI thread (`plan.rs`).
    pub(super) planner: super::plan::Planner,
    changed: Option<(u64, Vec<bool>)>,
}

pub use super::lanes::{NoCuda, BACKGROUND_DEADLINE};

impl App {
    /// Opens a file; the error is the rendered message for stderr.
    pub fn open(
        path: &Path,
        theme: Theme,
        keymap: Keymap,
        journal: Option<Journal>,
    ) -> Result<App, String> {
        let Opened {
            doc,
            failed,
            journal_steps,
            warnings,
        } = Doc::open(path, journal)?;
        let mut app = App::new(doc, theme, keymap);
        if !warnings.is_empty() {
            app.error(warnings.join("; "));
        }
        if let Some(e) = failed {
            app.show_step_error(&e, &format!("{} (opening)", path.display()));
            let n = app.doc.pending.len();
            app.error(format!(
                "step {} failed and is kept with the {} after it (✗ in the trace, saved with the session; x removes it): {}",
                app.doc.trace.steps.len() + 1,
                n.saturating_sub(1),
                e.failure,
            ));
        }
        if let Some(steps) = journal_steps {
            app.mode = Mode::Confirm(Confirm::RestoreJournal(steps));
        }
        Ok(app)
    }

    pub fn new(doc: Doc, theme: Theme, keymap: Keymap) -> App {
        let hl = Highlighter::new(theme.syntax.clone());
        // One abandoned lowering thread at most, among all the lanes.
        let budget = super::background::AbandonBudget::default();
        let mut app = App {
            doc,
            theme,
            keymap,
            hl,
            mode: Mode::Normal,
            focus: Pane::Tir,
            ops: op_specs(),
            cursor: 0,
            target_idx: 0,
            tir_top: 0,
            palette_sel: 0,
            rule_cache: Default::default(),
            proposal_group: None,
            redo_group: None,
            decisions: Default::default(),
            trace_sel: 0,
            cuda_top: 0,
            cuda_left: 0,
            help_scroll: 0,
            tir_left: 0,
            zoom: false,
            search: None,
            py_vars: HashMap::new(),
            stashed_command: None,
            diff: None,
            diff_top: 0,
            message: None,
            quit: false,
            runner: Runner::new(),
            tune: super::tune::TuneState::default(),
            run_failure: None,
            history: Vec::new(),
            rects: Rects::default(),
            tir_rows: 20,
            lanes: super::lanes::Lanes::new(&budget),
            planner: super::plan::Planner::new(&budget),
            changed: None,
        };
        app.cursor = app.doc.lines.header_lines().first().copied().unwrap_or(0);
        app.trace_sel = app.doc.trace.steps.len().saturating_sub(1);
        app
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    pub fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }

    /// A failed step: the one-line form in the status bar, the full diagnostic
    /// (culprit marked, hint) in a popup.
    pub fn show_step_error(&mut self, e: &StepError, origin: &str) {
        self.error(e.to_string());
        self.mode = Mode::Error {
            text: e.to_diagnostic(origin).render(),
            scroll: 0,
        };
    }

    pub fn handle(&mut self, ev: Event) {
        self.poll_jobs();
        self.poll_background();
        self.hl.poll();
        match ev {
            Event::Key(k) => self.key(k),
            Event::Paste(text) => self.paste(&text),
            Event::Scroll { up, col, row } => self.scroll_at(up, col, row),
            Event::Click { col, row } => self.click(col, row),
            Event::Resize(..) | Event::Tick => {}
        }
    }

    fn key(&mut self, k: Key) {
        match &self.mode {
            Mode::Normal => match self.keymap.get(&k) {
                Some(a) => self.action(a),
                None => self.info(format!(
                    "{} does nothing here: ? lists the keys, : takes TVM Python",
                    k
                )),
            },
            _ => self.mode_key(k),
        }
    }

    pub fn action(&mut self, a: Action) {
        match a {
            Action::Quit => self.request_quit(),
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            Action::Command => {
                self.mode = Mode::Command(CommandLine::default());
            }
            Action::Close => {
                if self.zoom {
                    self.zoom = false;
                } else if self.search.take().is_some() {
                    self.info("search cleared");
                } else if self.diff.take().is_none() {
                    self.message = None;
                }
            }
            Action::Search => {
                let target = match self.focus {
                    Pane::Tir => SearchIn::Tir,
                    Pane::Cuda => SearchIn::Cuda,
                    Pane::Trace => SearchIn::Trace,
                    Pane::Palette => {
                        self.info("/ searches the TIR, CUDA and Trace panes and the help: focus one with Tab");
                        return;
                    }
                };
                self.mode = Mode::Search {
                    edit: LineEdit::default(),
                    target,
                };
            }
            Action::Zoom => {
                self.zoom = !self.zoom;
                if self.zoom {
                    self.info(format!(
                        "{} alone on the screen: z or Esc shows all panes, Tab the next one",
                        self.focus.name()
                    ));
                }
            }
            Action::Remove => self.remove_step(),
            Action::NextPane | Action::PrevPane => {
                let i = PANES.iter().position(|p| *p == self.focus).unwrap_or(0);
                let n = PANES.len();
                let next = if a == Action::NextPane {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                self.focus = PANES[next];
            }
            Action::Down => self.move_by(1),
            Action::Up => self.move_by(-1),
            Action::PageDown => self.move_by((self.tir_rows / 2).max(1) as isize),
            Action::PageUp => self.move_by(-((self.tir_rows / 2).max(1) as isize)),
            Action::Top => self.move_by(isize::MIN / 2),
            Action::Bottom => self.move_by(isize::MAX / 2),
            Action::Left | Action::Right => self.sideways(a == Action::Right),
            Action::ScrollLeft | Action::ScrollRight => {
                let right = a == Action::ScrollRight;
                let shift = |v: u16| {
                    if right {
                        v.saturating_add(8)
                    } else {
                        v.saturating_sub(8)
                    }
                };
                match self.focus {
                    Pane::Cuda => self.cuda_left = shift(self.cuda_left),
                    _ => {
                        self.focus = Pane::Tir;
                        self.tir_left = shift(self.tir_left);
                    }
                }
            }
            Action::NextTarget | Action::PrevTarget
                if self
                    .search
                    .as_ref()
                    .is_some_and(|s| s.target == self.search_target()) =>
            {
                self.search_next(a == Action::NextTarget)
            }
            Action::NextTarget | Action::PrevTarget => self.jump_target(a == Action::NextTarget),
            Action::Select => self.select(),
            Action::Palette => self.focus = Pane::Palette,
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Save => self.save(None, false),
            Action::Run => self.run(),
            Action::Tune => self.tune_key(),
            Action::Schedule => self.propose(
                super::propose::Proposal::Default,
                super::propose::Scope::Function,
            ),
            Action::ScheduleBlock => self.propose(
                super::propose::Proposal::Default,
                super::propose::Scope::CursorBlock,
            ),
            Action::EditDecision => self.open_decision_editor(),
            Action::Diff => {
                let n = self.doc.trace.steps.len();
                if self.diff.is_some() {
                    self.diff = None;
                } else if n == 0 {
                    self.info("no steps yet: nothing to diff");
                } else {
                    self.open_diff(n - 1, n);
                }
            }
        }
    }

    pub fn open_diff(&mut self, a: usize, b: usize) {
        let n = self.doc.trace.steps.len();
        if a > n || b > n {
            self.error(format!(
                "there are {n} steps: give step numbers from 0 (the workload) to {n}"
            ));
            return;
        }
        self.diff = Some((a, b));
        self.focus = Pane::Tir;
        // Open at the first change, with a little context above it.
        let text = |k: usize| self.doc.texts.get(k).map(String::as_str).unwrap_or("");
        let old: Vec<&str> = text(a).lines().collect();
        let new: Vec<&str> = text(b).lines().collect();
        let ops = super::diff::diff_lines(&old, &new);
        let first = ops
            .iter()
            .position(|op| !matches!(op, super::diff::DiffOp::Same(..)));
        self.diff_top = first.map_or(0, |i| i.saturating_sub(3));
    }

    /// Moves the focused pane's cursor or view.
    fn move_by(&mut self, delta: isize) {
        let step = |v: usize, len: usize| -> usize {
            let max = len.saturating_sub(1) as isize;
            (v as isize).saturating_add(delta).clamp(0, max.max(0)) as usize
        };
        if self.diff.is_some() && self.focus == Pane::Tir {
            self.diff_top = step(self.diff_top, usize::MAX / 4);
            return;
        }
        match self.focus {
            Pane::Tir => {
                self.cursor = step(self.cursor, self.doc.printed.text.lines().count());
                self.target_idx = 0;
            }
            Pane::Palette => self.palette_sel = step(self.palette_sel, self.ops.len()),
            Pane::Trace => self.trace_sel = step(self.trace_sel, self.trace_rows()),
            Pane::Cuda => {
                let n = self.cuda_source_lines();
                self.cuda_top = step(self.cuda_top, n);
            }
        }
    }

    /// Rows of the trace pane: applied, pending (failed first), undone.
    pub fn trace_rows(&self) -> usize {
        self.doc.trace.steps.len() + self.doc.pending.len() + self.doc.trace.redo.len()
    }

    /// `x` in the trace pane: removes a failed or pending step (applied
    /// steps are undone with `u` instead).
    fn remove_step(&mut self) {
        if self.focus != Pane::Trace {
            return self.info("x removes a failed step: focus the Trace pane (Tab) and select it");
        }
        let n = self.doc.trace.steps.len();
        let k = self.trace_sel;
        if k < n {
            return self.info(
                "this step applied: u undoes the last step; x removes only failed or pending steps",
            );
        }
        match self.doc.remove_pending(k - n) {
            Some(step) => {
                self.info(format!(
                    "removed step {}: {}; {} steps apply{}",
                    k + 1,
                    python_line(&step),
                    self.doc.trace.steps.len(),
                    if self.doc.pending.is_empty() {
                        String::new()
                    } else {
                        format!(", {} still pending", self.doc.pending.len())
                    }
                ));
                self.trace_sel = self.trace_sel.min(self.trace_rows().saturating_sub(1));
            }
            None => {
                self.info("an undone step: redo it with ctrl-r, or it goes with the next new step")
            }
        }
    }

    fn sideways(&mut self, right: bool) {
        match self.focus {
            Pane::Tir => {
                let n = self.doc.lines.targets(self.cursor).len().max(1);
                self.target_idx = if right {
                    (self.target_idx + 1) % n
                } else {
                    (self.target_idx + n - 1) % n
                };
            }
            Pane::Cuda => {
                self.cuda_left = if right {
                    self.cuda_left.saturating_add(8)
                } else {
                    self.cuda_left.saturating_sub(8)
                };
            }
            _ => {}
        }
    }

    fn jump_target(&mut self, forward: bool) {
        self.focus = Pane::Tir;
        let lines = self.doc.lines.header_lines();
        let next = if forward {
            lines.iter().find(|l| **l > self.cursor).copied()
        } else {
            lines.iter().rev().find(|l| **l < self.cursor).copied()
        };
        if let Some(l) = next {
            self.cursor = l;
            self.target_idx = 0;
        }
    }

    /// The block or loop under the TIR cursor.
    pub fn target(&self) -> Option<Target> {
        let t = self.doc.lines.targets(self.cursor);
        if t.is_empty() {
            None
        } else {
            Some(t[self.target_idx % t.len()])
        }
    }

    fn select(&mut self) {
        match self.focus {
            Pane::Tir => self.focus = Pane::Palette,
            Pane::Palette => self.start_wizard(),
            Pane::Trace => {
                let n = self.doc.trace.steps.len();
                if self.trace_sel < n {
                    self.open_diff(self.trace_sel, self.trace_sel + 1);
                } else {
                    self.info("an undone step: redo it to see its diff");
                }
            }
            Pane::Cuda => {}
        }
    }

    fn start_wizard(&mut self) {
        let Some(op) = self.ops.get(self.palette_sel).cloned() else {
            return;
        };
        let target = self.target();
        let handle = target.map(|t| handle_for(&self.doc.trace, t));
        let (name, prelude) = match handle {
            Some(Ok((n, p))) => (Some(n), p),
            Some(Err(why)) => {
                self.error(format!("the cursor's target cannot be named: {why}"));
                (None, Vec::new())
            }
            None => (None, Vec::new()),
        };
        match Wizard::new(op, &self.doc.trace, target, name, prelude) {
            Ok(w) if w.is_complete() => self.finish_wizard(w),
            Ok(w) => self.mode = Mode::Prompt(Box::new(w)),
            Err(e) => self.error(e),
        }
    }

    /// Applies steps as one change (all or nothing) and reports; false when
    /// they did not apply (yet: a `double_buffer` is planned off the UI
    /// thread and applies when the plan is done).
    pub fn apply_steps(&mut self, steps: Vec<Step>, origin: &str) -> bool {
        if super::plan::steps_plan(&steps) {
            self.plan_in_background(super::plan::PlanInput::Steps(steps), origin, Vec::new());
            return false;
        }
        let keep = self.target();
        let summary = steps.last().map(python_line).unwrap_or_default();
        match self.doc.apply(steps) {
            Ok(()) => {
                self.after_change(keep);
                self.info(format!("step {}: {summary}", self.doc.trace.steps.len()));
                true
            }
            Err(e) => {
                self.show_step_error(&e, origin);
                false
            }
        }
    }

    /// Keeps the cursor on the same block or loop when it still exists.
    pub(super) fn after_change(&mut self, keep: Option<Target>) {
        if let Some((line, _)) = keep.and_then(|t| self.doc.lines.find(t)) {
            self.cursor = line;
            let targets = self.doc.lines.targets(line);
            self.target_idx = keep
                .and_then(|t| targets.iter().position(|x| *x == t))
                .unwrap_or(0);
        } else {
            let n = self.doc.printed.text.lines().count();
            self.cursor = self.cursor.min(n.saturating_sub(1));
            self.target_idx = 0;
        }
        self.trace_sel = self.doc.trace.steps.len().saturating_sub(1);
        if let Some((a, b)) = self.diff {
            let n = self.doc.trace.steps.len();
            self.diff = if b > n || a > n { None } else { Some((a, b)) };
        }
        if let Some(e) = self.doc.journal_error.clone() {
            self.error(e);
        }
    }

    /// Undoes the last step, or the whole of a proposal (`S`) when it is the
    /// last change: it was appended as one; or the last decision edit.
    pub fn undo(&mut self) {
        if self.undo_decision_edit() {
            return;
        }
        let keep = self.target();
        let n = self.doc.trace.steps.len();
        let group = match self.proposal_group.take() {
            Some((start, end)) if end == n && start < end => end - start,
            _ => 1,
        };
        let mut undone = 0;
        while undone < group {
            match self.doc.undo() {
                Ok(true) => undone += 1,
                Ok(false) => break,
                Err(e) => {
                    self.after_change(keep);
                    return self.show_step_error(&e, "undo");
                }
            }
        }
        self.redo_group = (undone > 1).then_some(undone);
        if undone == 0 {
            return self.info("nothing to undo");
        }
        self.after_change(keep);
        self.info(format!("undone; {} steps", self.doc.trace.steps.len()));
    }

    pub fn redo(&mut self) {
        if self.redo_decision_edit() {
            return;
        }
        let keep = self.target();
        let group = self.redo_group.take().unwrap_or(1);
        let start = self.doc.trace.steps.len();
        let mut redone = 0;
        while redone < group {
            match self.doc.redo() {
                Ok(true) => redone += 1,
                Ok(false) => break,
                Err(e) => {
                    self.after_change(keep);
                    return self.show_step_error(&e, "redo");
                }
            }
        }
        if redone == 0 {
            return self.info("nothing to redo");
        }
        if redone > 1 {
            self.proposal_group = Some((start, start + redone));
        }
        self.after_change(keep);
        self.info(format!("redone; {} steps", self.doc.trace.steps.len()));
    }

    /// Saves to `path`, the session path, or asks for one; asks before
    /// replacing a file that is not this session's (or changed on disk).
    pub fn save(&mut self, path: Option<&Path>, then_quit: bool) {
        if path.is_none() && self.doc.session_path.is_none() {
            self.mode = Mode::SavePath {
                edit: LineEdit::new(&self.doc.suggested_save_path()),
                then_quit,
            };
            return;
        }
        let target = path
            .map(Path::to_path_buf)
            .or_else(|| self.doc.session_path.clone());
        if let Some(t) = &target {
            if let Some(question) = self.doc.overwrite_question(t) {
                self.mode = Mode::Confirm(Confirm::Overwrite {
                    path: t.clone(),
                    then_quit,
                    question,
                });
                return;
            }
        }
        self.save_now(target.as_deref(), then_quit);
    }

    /// Saves without asking.
    pub fn save_now(&mut self, path: Option<&Path>, then_quit: bool) {
        self.record_results_for_save();
        match self.doc.save(path) {
            Ok(p) => {
                let n = self.doc.trace.steps.len() + self.doc.pending.len();
                self.info(format!(
                    "saved {n} step{} to {}{}",
                    if n == 1 { "" } else { "s" },
                    p.display(),
                    if self.doc.pending.is_empty() {
                        String::new()
                    } else {
                        format!(" ({} not applied, kept)", self.doc.pending.len())
                    }
                ));
                if then_quit {
                    self.quit = true;
                }
            }
            Err(e) => self.error(format!("cannot save: {e}")),
        }
    }

    pub fn request_quit(&mut self) {
        if self.doc.unsaved() {
            self.mode = Mode::Confirm(Confirm::QuitUnsaved);
        } else {
            self.quit = true;
        }
    }

    pub(super) fn cuda_source_lines(&mut self) -> usize {
        match self.cuda() {
            Ok(o) => o.kernel.source.lines().count(),
            Err(_) => 1,
        }
    }

    /// For each line of the current TIR, whether the last step changed it.
    pub fn changed_lines(&mut self) -> &[bool] {
        let v = self.doc.version;
        if self.changed.as_ref().is_none_or(|(cv, _)| *cv != v) {
            let n = self.doc.texts.len();
            let marks = if n >= 2 {
                super::diff::changed_lines(&self.doc.texts[n - 2], &self.doc.texts[n - 1])
            } else {
                Vec::new()
            };
            self.changed = Some((v, marks));
        }
        &self.changed.get_or_insert_with(|| (v, Vec::new())).1
    }
}

impl Pane {
    pub fn name(self) -> &'static str {
        match self {
            Pane::Tir => "TIR",
            Pane::Palette => "Palette",
            Pane::Trace => "Trace",
            Pane::Cuda => "CUDA",
        }
    }
}

pub use super::python::python_line;
