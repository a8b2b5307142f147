//! Keys in the modal states: the `:` command line (history, completion, and
//! running what was typed), the palette's prompts, the save-path prompt,
//! popups and confirmations.
//!
//! Keys here are literal (typing must reach the text); only normal mode goes
//! through the keymap.

use super::app::{App, Confirm, Mode, SearchIn};
use super::command::{self, Command};
use super::keymap::{Key, KeyCode};
use super::lineedit::{replace_word, CommandLine, LineEdit};
use super::targets::{autobind, name_outputs};
use super::wizard::Wizard;
use std::path::Path;

impl App {
    pub(super) fn finish_wizard(&mut self, w: Wizard) {
        let (base, mut steps, step) = match w.into_steps() {
            Ok(x) => x,
            Err(e) => return self.error(e),
        };
        let origin = format!("{} (palette)", self.doc.name());
        let mut base = base;
        // Loops picked by variable name get bound first.
        match autobind(&base, &step) {
            Ok(more) => {
                for s in more {
                    if base.push(s.clone()).is_err() {
                        break;
                    }
                    steps.push(s);
                }
            }
            Err(e) => return self.error(e),
        }
        match name_outputs(&base, step, &[]) {
            Ok(step) => {
                steps.push(step);
                self.apply_steps(steps, &origin);
            }
            Err(e) => self.show_step_error(&e, &origin),
        }
    }

    pub(super) fn mode_key(&mut self, k: Key) {
        let mode = std::mem::replace(&mut self.mode, Mode::Normal);
        self.mode = match mode {
            Mode::Normal => Mode::Normal,
            Mode::Command(line) => self.command_key(line, k),
            Mode::Prompt(w) => self.prompt_key(w, k),
            Mode::SavePath {
                mut edit,
                then_quit,
            } => match k.code {
                KeyCode::Esc => {
                    self.info("not saved");
                    Mode::Normal
                }
                KeyCode::Enter => {
                    let path = edit.text.trim().to_string();
                    if path.is_empty() {
                        self.error("give a path for the session file");
                        Mode::SavePath { edit, then_quit }
                    } else {
                        self.save(Some(Path::new(&path)), then_quit);
                        std::mem::replace(&mut self.mode, Mode::Normal)
                    }
                }
                _ => {
                    edit.key(k);
                    Mode::SavePath { edit, then_quit }
                }
            },
            Mode::Help { scroll } if k.code == KeyCode::Char('/') => {
                self.help_scroll = scroll;
                Mode::Search {
                    edit: LineEdit::default(),
                    target: SearchIn::Help,
                }
            }
            Mode::Help { scroll } if matches!(k.code, KeyCode::Char('n' | 'N')) => {
                self.mode = Mode::Help { scroll };
                if self
                    .search
                    .as_ref()
                    .is_some_and(|s| s.target == SearchIn::Help)
                {
                    self.search_next(k.code == KeyCode::Char('n'));
                } else {
                    self.info("no search in the help yet: / starts one");
                }
                std::mem::replace(&mut self.mode, Mode::Normal)
            }
            Mode::Help { scroll } => match popup_scroll(k, scroll) {
                Some(s) => {
                    self.help_scroll = s;
                    Mode::Help { scroll: s }
                }
                None => Mode::Normal,
            },
            Mode::Search { mut edit, target } => match k.code {
                KeyCode::Esc => self.search_back(target),
                KeyCode::Char('c') if k.ctrl => self.search_back(target),
                KeyCode::Enter => {
                    self.mode = self.search_back(target);
                    self.start_search(edit.text.clone(), target);
                    std::mem::replace(&mut self.mode, Mode::Normal)
                }
                KeyCode::Backspace if edit.text.is_empty() => self.search_back(target),
                _ => {
                    edit.key(k);
                    Mode::Search { edit, target }
                }
            },
            Mode::Error { scroll, .. } if popup_scroll(k, scroll).is_none() => {
                // Closing the error brings back a script that stopped at it.
                self.reopen_stashed();
                std::mem::replace(&mut self.mode, Mode::Normal)
            }
            Mode::Error { text, scroll } => match popup_scroll(k, scroll) {
                Some(s) if s != scroll || is_scroll_key(k) => Mode::Error { text, scroll: s },
                Some(_) => {
                    // Any other key dismisses the error and does its usual job.
                    self.mode = Mode::Normal;
                    if let Some(a) = self.keymap.get(&k) {
                        self.action(a);
                    }
                    std::mem::replace(&mut self.mode, Mode::Normal)
                }
                None => Mode::Normal,
            },
            Mode::Confirm(c) => self.confirm_key(c, k),
            Mode::Decision(editor) => self.decision_key(editor, k),
        };
    }

    fn confirm_key(&mut self, c: Confirm, k: Key) -> Mode {
        let ch = match k.code {
            KeyCode::Char(ch) => ch.to_ascii_lowercase(),
            KeyCode::Esc => 'c',
            _ => return Mode::Confirm(c),
        };
        match (c, ch) {
            (
                Confirm::Overwrite {
                    path, then_quit, ..
                },
                'y' | 'o',
            ) => {
                self.save_now(Some(&path), then_quit);
                std::mem::replace(&mut self.mode, Mode::Normal)
            }
            (Confirm::Overwrite { .. }, 'n' | 'c' | 'q') => {
                self.info("not saved: :w OTHER.yaml saves elsewhere");
                Mode::Normal
            }
            (Confirm::QuitUnsaved, 's' | 'y') => {
                self.save(None, true);
                std::mem::replace(&mut self.mode, Mode::Normal)
            }
            (Confirm::QuitUnsaved, 'd' | 'n') => {
                self.doc.discard_journal();
                self.quit = true;
                Mode::Normal
            }
            (Confirm::RestoreJournal(steps), 'r' | 'y') => {
                match self.doc.restore(&steps) {
                    Ok(()) => self.info(format!(
                        "restored {} steps from the journal (unsaved)",
                        steps.len()
                    )),
                    Err(e) => self.show_step_error(&e, "journal"),
                }
                self.trace_sel = self.doc.trace.steps.len().saturating_sub(1);
                std::mem::replace(&mut self.mode, Mode::Normal)
            }
            (Confirm::RestoreJournal(_), 'd' | 'n') => {
                self.doc.discard_journal();
                self.info("journal discarded");
                Mode::Normal
            }
            (_, 'c' | 'q') => Mode::Normal,
            (c, _) => Mode::Confirm(c),
        }
    }

    fn prompt_key(&mut self, mut w: Box<Wizard>, k: Key) -> Mode {
        match k.code {
            KeyCode::Esc => {
                self.info("cancelled");
                Mode::Normal
            }
            KeyCode::Enter => match w.accept() {
                Ok(()) if w.is_complete() => {
                    self.finish_wizard(*w);
                    std::mem::replace(&mut self.mode, Mode::Normal)
                }
                Ok(()) => {
                    w.error = None;
                    Mode::Prompt(w)
                }
                Err(e) => {
                    w.error = Some(e);
                    Mode::Prompt(w)
                }
            },
            KeyCode::Tab | KeyCode::Down => {
                w.cycle(true);
                Mode::Prompt(w)
            }
            KeyCode::BackTab | KeyCode::Up => {
                w.cycle(false);
                Mode::Prompt(w)
            }
            _ => {
                if w.edit.key(k) {
                    w.cand = None;
                    w.error = None;
                }
                Mode::Prompt(w)
            }
        }
    }

    /// Where a search prompt returns to.
    fn search_back(&mut self, target: SearchIn) -> Mode {
        if target == SearchIn::Help {
            Mode::Help {
                scroll: self.help_scroll,
            }
        } else {
            Mode::Normal
        }
    }

    /// Pasted text: into the line being edited, or (in normal mode) into a
    /// new command line; never run as keys, never applied without Enter.
    /// Several lines become `;`-separated statements, comments dropped.
    pub(super) fn paste(&mut self, text: &str) {
        // Terminals (and tmux) paste line ends as CR.
        let text = &text.replace("\r\n", "\n").replace('\r', "\n");
        let one_line = |t: &str| t.replace('\n', " ");
        let script = if text.trim_end().contains('\n') {
            match command::split_statements(text) {
                Ok(stmts) => stmts.join("; "),
                Err(_) => one_line(text),
            }
        } else {
            text.trim_end_matches(['\r', '\n']).to_string()
        };
        let insert = |edit: &mut LineEdit, t: &str| edit.insert_str(t);
        match &mut self.mode {
            Mode::Normal => {
                let script = script.trim_start_matches(':').to_string();
                let lines = script.split("; ").count();
                self.mode = Mode::Command(CommandLine {
                    edit: LineEdit::new(&script),
                    ..CommandLine::default()
                });
                self.info(format!("pasted {lines} statement(s) into the command line: Enter applies them, Esc drops them"));
            }
            Mode::Command(line) => {
                insert(&mut line.edit, &script);
                line.completion = None;
            }
            Mode::Prompt(w) => insert(&mut w.edit, &one_line(text)),
            Mode::Decision(d) => {
                insert(&mut d.edit, &one_line(text));
                d.error = None;
            }
            Mode::SavePath { edit, .. } | Mode::Search { edit, .. } => {
                insert(edit, one_line(text).trim())
            }
            _ => self.info("paste ignored: close this first (Esc)"),
        }
    }

    fn command_key(&mut self, mut line: CommandLine, k: Key) -> Mode {
        match k.code {
            KeyCode::Esc => return Mode::Normal,
            KeyCode::Char('c') if k.ctrl => {
                self.info("command cancelled");
                return Mode::Normal;
            }
            KeyCode::Enter => {
                let text = line.edit.text.trim().to_string();
                if !text.is_empty() && self.history.last() != Some(&text) {
                    self.history.push(text.clone());
                }
                self.run_command(&text);
                return std::mem::replace(&mut self.mode, Mode::Normal);
            }
            KeyCode::Tab | KeyCode::BackTab => {
                let forward = k.code == KeyCode::Tab;
                match &mut line.completion {
                    Some((start, items, i)) => {
                        let n = items.len();
                        *i = if forward {
                            (*i + 1) % n
                        } else {
                            (*i + n - 1) % n
                        };
                        let (start, item) = (*start, items[*i].clone());
                        replace_word(&mut line.edit, start, &item);
                    }
                    None => {
                        let handles: Vec<String> = self
                            .doc
                            .trace
                            .state
                            .names()
                            .into_iter()
                            .map(|(n, _)| n)
                            .collect();
                        let head = line.edit.head().to_string();
                        let (start_byte, items) = command::complete(&head, &handles);
                        if !items.is_empty() {
                            let start = head[..start_byte].chars().count();
                            replace_word(&mut line.edit, start, &items[0]);
                            if items.len() > 1 {
                                line.completion = Some((start, items, 0));
                            }
                        }
                    }
                }
                return Mode::Command(line);
            }
            KeyCode::Up | KeyCode::Down if !self.history.is_empty() => {
                let n = self.history.len();
                let pos = match (line.history_pos, k.code == KeyCode::Up) {
                    (None, true) => Some(n - 1),
                    (None, false) => None,
                    (Some(p), true) => Some(p.saturating_sub(1)),
                    (Some(p), false) if p + 1 < n => Some(p + 1),
                    (Some(_), false) => None,
                };
                line.history_pos = pos;
                let text = pos.map(|p| self.history[p].clone()).unwrap_or_default();
                line.edit.set(&text);
            }
            KeyCode::Backspace if line.edit.text.is_empty() => return Mode::Normal,
            _ => {
                line.edit.key(k);
            }
        }
        line.completion = None;
        Mode::Command(line)
    }

    /// Runs one `:` command line.
    pub fn run_command(&mut self, text: &str) {
        let origin = format!("{} (command line)", self.doc.name());
        let cmd = match command::parse(text) {
            Ok(c) => c,
            Err(e) => return self.error(e.message),
        };
        match cmd {
            Command::Python(stmts) => self.run_python(&stmts, &origin),
            Command::Write(p) => self.save(p.as_deref().map(Path::new), false),
            Command::WriteQuit => self.save(None, true),
            Command::Quit { force: true } => {
                self.doc.discard_journal();
                self.quit = true;
            }
            Command::Quit { force: false } => {
                if self.doc.unsaved() {
                    self.error("there are unsaved steps: :w saves them, :q! drops them");
                } else {
                    self.quit = true;
                }
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Run => self.run(),
            Command::Tune(t) => self.tune_command(t),
            Command::Help => self.mode = Mode::Help { scroll: 0 },
            Command::Schedule(p, scope) => self.propose(p, scope),
            Command::Decision(n, None) => self.open_decision_editor_at(n - 1),
            Command::Decision(n, Some(value)) => {
                self.edit_decision(n - 1, &value);
            }
            Command::Diff(None, _) => {
                let n = self.doc.trace.steps.len();
                if n == 0 {
                    self.info("no steps yet: nothing to diff");
                } else {
                    self.open_diff(n - 1, n);
                }
            }
            Command::Diff(Some(s), None) if s >= 1 => self.open_diff(s - 1, s),
            Command::Diff(Some(_), None) => {
                self.error("steps count from 1; `:diff 0 N` compares the workload with step N")
            }
            Command::Diff(Some(a), Some(b)) => self.open_diff(a, b),
        }
    }
}

fn is_scroll_key(k: Key) -> bool {
    matches!(
        k.code,
        KeyCode::Char('j' | 'k' | 'g' | 'G' | ' ')
            | KeyCode::Up
            | KeyCode::Down
            | KeyCode::PageUp
            | KeyCode::PageDown
            | KeyCode::Home
            | KeyCode::End
    ) || (k.ctrl && matches!(k.code, KeyCode::Char('d' | 'u')))
}

/// Scroll keys of a popup; None closes it.
fn popup_scroll(k: Key, scroll: u16) -> Option<u16> {
    match k.code {
        KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') | KeyCode::Char('?') => None,
        KeyCode::Char('j') | KeyCode::Down => Some(scroll.saturating_add(1)),
        KeyCode::Char('k') | KeyCode::Up => Some(scroll.saturating_sub(1)),
        KeyCode::Char('d') if k.ctrl => Some(scroll.saturating_add(10)),
        KeyCode::PageDown | KeyCode::Char(' ') => Some(scroll.saturating_add(10)),
        KeyCode::Char('u') if k.ctrl => Some(scroll.saturating_sub(10)),
        KeyCode::PageUp => Some(scroll.saturating_sub(10)),
        KeyCode::Char('g') | KeyCode::Home => Some(0),
        // Clamped to the last page when drawn.
        KeyCode::Char('G') | KeyCode::End => Some(u16::MAX),
        _ => Some(scroll),
    }
}
