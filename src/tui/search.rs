//! `/` search in the text panes (TIR, CUDA, Trace) and the help, with `n`/`N`
//! to the next and previous match. Smart case: a query with an upper-case
//! letter matches case exactly, otherwise case is ignored.

use super::app::{App, Mode, Pane, Search, SearchIn};

fn matches(line: &str, query: &str) -> bool {
    if query.chars().any(char::is_uppercase) {
        line.contains(query)
    } else {
        line.to_lowercase().contains(&query.to_lowercase())
    }
}

impl App {
    /// What a search started now would look in.
    pub fn search_target(&self) -> SearchIn {
        if matches!(self.mode, Mode::Help { .. }) {
            return SearchIn::Help;
        }
        match self.focus {
            Pane::Cuda => SearchIn::Cuda,
            Pane::Trace => SearchIn::Trace,
            Pane::Tir | Pane::Palette => SearchIn::Tir,
        }
    }

    fn search_lines(&mut self, target: SearchIn) -> Vec<String> {
        match target {
            SearchIn::Tir => self.doc.printed.text.lines().map(str::to_string).collect(),
            SearchIn::Cuda => match self.cuda() {
                Ok(o) => o.kernel.source.lines().map(str::to_string).collect(),
                Err(e) => vec![e.to_string()],
            },
            SearchIn::Trace => {
                let mut rows: Vec<String> = self
                    .doc
                    .all_steps()
                    .iter()
                    .map(super::python::python_line)
                    .collect();
                rows.extend(
                    self.doc
                        .trace
                        .redo
                        .iter()
                        .rev()
                        .map(super::python::python_line),
                );
                rows
            }
            SearchIn::Help => super::view::help_text(self),
        }
    }

    fn search_pos(&self, target: SearchIn) -> usize {
        match (target, &self.mode) {
            (SearchIn::Tir, _) => self.cursor,
            (SearchIn::Cuda, _) => self.cuda_top,
            (SearchIn::Trace, _) => self.trace_sel,
            (SearchIn::Help, Mode::Help { scroll }) => *scroll as usize,
            (SearchIn::Help, _) => self.help_scroll as usize,
        }
    }

    fn set_search_pos(&mut self, target: SearchIn, line: usize) {
        match target {
            SearchIn::Tir => {
                self.diff = None;
                self.cursor = line;
                self.target_idx = 0;
                // Show the match's column when the line is long.
                self.tir_left = 0;
            }
            SearchIn::Cuda => self.cuda_top = line,
            SearchIn::Trace => self.trace_sel = line,
            SearchIn::Help => {
                self.help_scroll = line as u16;
                self.mode = Mode::Help {
                    scroll: line as u16,
                };
            }
        }
    }

    /// Starts a search from the current position (the match at it counts).
    pub fn start_search(&mut self, query: String, target: SearchIn) {
        if query.is_empty() {
            self.search = None;
            if target == SearchIn::Help {
                self.mode = Mode::Help {
                    scroll: self.help_scroll,
                };
            }
            return;
        }
        self.search = Some(Search { query, target });
        self.find(true, true);
    }

    /// `n` / `N`.
    pub fn search_next(&mut self, forward: bool) {
        self.find(forward, false);
    }

    fn find(&mut self, forward: bool, include_current: bool) {
        let Some(Search { query, target }) = self.search.clone() else {
            return self.info("no search yet: / starts one");
        };
        let lines = self.search_lines(target);
        let hits: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| matches(l, &query))
            .map(|(i, _)| i)
            .collect();
        if hits.is_empty() {
            if target == SearchIn::Help {
                self.mode = Mode::Help {
                    scroll: self.help_scroll,
                };
            }
            return self.error(format!("`{query}` not found"));
        }
        let pos = self.search_pos(target);
        let next = if forward {
            hits.iter()
                .find(|h| {
                    if include_current {
                        **h >= pos
                    } else {
                        **h > pos
                    }
                })
                .or(hits.first())
        } else {
            hits.iter().rev().find(|h| **h < pos).or(hits.last())
        };
        let line = *next.unwrap_or(&hits[0]);
        let k = hits.iter().position(|h| *h == line).unwrap_or(0);
        self.set_search_pos(target, line);
        self.info(format!(
            "/{query}: match {} of {} (line {}) · n next · N previous · Esc clears",
            k + 1,
            hits.len(),
            line + 1
        ));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn smart_case() {
        assert!(!super::matches("for i_0 in", "I_0"));
        assert!(super::matches("for i_0 in", "i_0"));
        assert!(super::matches("T.Block", "block"));
    }
}
