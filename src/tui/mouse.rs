//! Mouse input: the wheel scrolls the pane under the pointer (or a popup), a
//! click focuses a pane and moves its cursor there.

use super::app::{App, Mode, Pane};
use ratatui::layout::Rect;

impl App {
    fn pane_at(&self, col: u16, row: u16) -> Option<Pane> {
        let inside =
            |r: Rect| col >= r.x && col < r.x + r.width && row >= r.y && row < r.y + r.height;
        let r = self.rects;
        if inside(r.tir) {
            Some(Pane::Tir)
        } else if inside(r.palette) {
            Some(Pane::Palette)
        } else if inside(r.trace) {
            Some(Pane::Trace)
        } else if inside(r.cuda) || inside(r.run) {
            Some(Pane::Cuda)
        } else {
            None
        }
    }

    pub(super) fn scroll_at(&mut self, up: bool, col: u16, row: u16) {
        if let Mode::Help { scroll } | Mode::Error { scroll, .. } = &mut self.mode {
            *scroll = if up {
                scroll.saturating_sub(3)
            } else {
                scroll.saturating_add(3)
            };
            return;
        }
        let Some(pane) = self.pane_at(col, row) else {
            return;
        };
        let d: isize = if up { -3 } else { 3 };
        let shift = |v: usize| (v as isize + d).max(0) as usize;
        match pane {
            Pane::Tir if self.diff.is_some() => self.diff_top = shift(self.diff_top),
            Pane::Tir => {
                let n = self.doc.printed.text.lines().count();
                self.tir_top = shift(self.tir_top).min(n.saturating_sub(1));
                // The cursor stays in view, as in an editor.
                let rows = self.tir_rows.max(1);
                self.cursor = self
                    .cursor
                    .clamp(self.tir_top, self.tir_top + rows - 1)
                    .min(n.saturating_sub(1));
            }
            Pane::Cuda => {
                let n = self.cuda_source_lines();
                self.cuda_top = shift(self.cuda_top).min(n.saturating_sub(1));
            }
            Pane::Palette => {
                self.palette_sel = shift(self.palette_sel).min(self.ops.len().saturating_sub(1))
            }
            Pane::Trace => {
                let n = self.trace_rows();
                self.trace_sel = shift(self.trace_sel).min(n.saturating_sub(1));
            }
        }
    }

    pub(super) fn click(&mut self, col: u16, row: u16) {
        if !matches!(self.mode, Mode::Normal) {
            return;
        }
        let Some(pane) = self.pane_at(col, row) else {
            return;
        };
        self.focus = pane;
        let r = self.rects;
        match pane {
            Pane::Tir if self.diff.is_none() => {
                let line = self.tir_top + row.saturating_sub(r.tir.y + 1) as usize;
                if line < self.doc.printed.text.lines().count() {
                    self.cursor = line;
                    // A click on a loop name in a `T.grid` header picks that loop.
                    let text_col = col.saturating_sub(r.tir.x + 3) as usize;
                    let headers = self
                        .doc
                        .lines
                        .headers
                        .get(line)
                        .cloned()
                        .unwrap_or_default();
                    self.target_idx = headers
                        .iter()
                        .position(|(_, (a, b))| text_col >= *a && text_col < *b)
                        .unwrap_or(0);
                }
            }
            Pane::Palette => {
                let i = row.saturating_sub(r.palette.y + 2) as usize;
                if i < self.ops.len() {
                    self.palette_sel = i;
                }
            }
            Pane::Trace => {
                let i = row.saturating_sub(r.trace.y + 1) as usize;
                if i < self.trace_rows() {
                    self.trace_sel = i;
                }
            }
            _ => {}
        }
    }
}
