//! Confirmation dialogs (restore a journal, quit with unsaved steps,
//! overwrite a file). Their key line is what gets the user out, so it is laid
//! out first, on the dialog's last rows, and never scrolled or cut off; the
//! question gets the rows that are left, sanitized and truncated with `…`
//! (a journal's step or a path can be huge, multi-line or escape-laden).

use super::sanitize;
use crate::tui::app::{python_line, App, Confirm};
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph};
use ratatui::Frame;

/// Text from outside read for a dialog: at most this many characters (a
/// dialog shows far less; the rest is never laid out).
const CONTENT_CAP: usize = 4096;

/// The dialog's parts: title, question, keys in full and in short.
pub(super) struct Dialog {
    pub title: &'static str,
    pub question: String,
    pub keys: &'static str,
    pub keys_short: &'static str,
}

pub(super) fn confirm_dialog(app: &App, c: &Confirm) -> Dialog {
    match c {
        Confirm::QuitUnsaved => {
            let n = app.doc.unsaved_count();
            Dialog {
                title: " Quit ",
                question: format!(
                    "{n} unsaved change{} to the trace.",
                    if n == 1 { "" } else { "s" }
                ),
                keys: "[s] save and quit   [d] discard and quit   [Esc] cancel",
                keys_short: "s save · d discard · Esc",
            }
        }
        Confirm::RestoreJournal(steps) => {
            let new = app.doc.new_in(steps);
            let last: String = steps
                .last()
                .map(python_line)
                .unwrap_or_default()
                .chars()
                .take(CONTENT_CAP)
                .collect();
            Dialog {
                title: " Restore? ",
                question: format!(
                    "A journal from an earlier session holds {} step{}, {new} of them not saved, for this file (the last: {last}).",
                    steps.len(),
                    if steps.len() == 1 { "" } else { "s" },
                ),
                keys: "[r] restore them   [d] discard the journal   [Esc] decide later",
                keys_short: "r restore · d discard · Esc",
            }
        }
        Confirm::Overwrite { question, .. } => Dialog {
            title: " Overwrite? ",
            question: question.chars().take(CONTENT_CAP).collect(),
            keys: "[y] overwrite   [n] do not save   [Esc] cancel",
            keys_short: "y overwrite · n no · Esc",
        },
    }
}

/// Word-wraps `text` (already one line) at `width` columns, breaking words
/// longer than a line; at most `max_rows` rows, the last one ending in `…`
/// when text was left out.
pub(super) fn wrap_rows(text: &str, width: usize, max_rows: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut cur_w = 0;
    let mut cut = false;
    'words: for word in text.split(' ') {
        let word: Vec<char> = word.chars().collect();
        let mut s = 0;
        loop {
            let rest = &word[s..];
            let room = if cur_w == 0 {
                width
            } else {
                width.saturating_sub(cur_w + 1)
            };
            if rest.len() <= room {
                if cur_w > 0 {
                    cur.push(' ');
                    cur_w += 1;
                }
                cur.extend(rest);
                cur_w += rest.len();
                break;
            }
            if cur_w > 0 {
                rows.push(std::mem::take(&mut cur));
                cur_w = 0;
            } else {
                // A word longer than a row: break it.
                rows.push(rest[..width].iter().collect());
                s += width;
            }
            if rows.len() > max_rows {
                cut = true;
                break 'words;
            }
        }
    }
    if !cur.is_empty() {
        rows.push(cur);
    }
    if rows.len() > max_rows {
        cut = true;
        rows.truncate(max_rows);
    }
    if cut {
        if let Some(last) = rows.last_mut() {
            let keep = width.saturating_sub(1).min(last.chars().count());
            *last = last.chars().take(keep).collect::<String>() + "…";
        }
    }
    rows
}

/// Draws a dialog centred in `area`: question on top, keys on the last rows.
pub(super) fn draw_dialog(app: &App, f: &mut Frame, area: Rect, d: &Dialog) {
    let t = &app.theme;
    let outer_w = 76.min(area.width);
    let inner_w = outer_w.saturating_sub(2) as usize;
    let keys_text = if d.keys.chars().count() <= inner_w {
        d.keys
    } else {
        d.keys_short
    };
    let max_inner_h = area.height.saturating_sub(2) as usize;
    let keys = wrap_rows(keys_text, inner_w, max_inner_h.max(1));
    // The question's lines, sanitized; a blank row before the keys when it fits.
    let question: String = d
        .question
        .lines()
        .map(sanitize)
        .collect::<Vec<_>>()
        .join(" ");
    let room = max_inner_h.saturating_sub(keys.len());
    let mut body = wrap_rows(&question, inner_w, room.min(8));
    if room > body.len() {
        body.push(String::new());
    }
    let inner_h = (body.len() + keys.len()).min(max_inner_h.max(keys.len()));
    let h = (inner_h as u16 + 2).min(area.height);
    let r = Rect {
        x: area.x + (area.width - outer_w) / 2,
        y: area.y + (area.height - h) / 2,
        width: outer_w,
        height: h,
    };
    let mut lines: Vec<Line> = body
        .into_iter()
        .take(inner_h.saturating_sub(keys.len()))
        .map(|l| Line::from(Span::styled(l, t.fg("ui.text"))))
        .collect();
    lines.extend(
        keys.into_iter()
            .map(|k| Line::from(Span::styled(k, t.fg("ui.key").add_modifier(Modifier::BOLD)))),
    );
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(t.border(true))
        .title(Span::styled(
            d.title,
            t.fg("ui.title").add_modifier(Modifier::BOLD),
        ))
        .style(t.fg("ui.text").patch(t.bg("ui.popup")));
    f.render_widget(Clear, r);
    f.render_widget(Paragraph::new(lines).block(block), r);
}

/// A terminal too small for any frame: the dialog's short keys alone, so
/// that the way out still shows.
pub(super) fn draw_keys_only(app: &App, f: &mut Frame, area: Rect, d: &Dialog) {
    let rows = wrap_rows(d.keys_short, area.width as usize, area.height as usize);
    let lines: Vec<Line> = rows
        .into_iter()
        .map(|k| Line::from(Span::styled(k, app.theme.fg("ui.key"))))
        .collect();
    f.render_widget(Clear, area);
    f.render_widget(Paragraph::new(lines), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_rows_truncates_and_breaks_long_words() {
        assert_eq!(wrap_rows("ab cd ef", 5, 3), ["ab cd", "ef"]);
        assert_eq!(wrap_rows("abcdefgh", 3, 5), ["abc", "def", "gh"]);
        assert_eq!(wrap_rows("ab cd ef gh", 5, 1), ["ab c…"]);
        assert_eq!(
            wrap_rows(&"x".repeat(100_000), 10, 2),
            ["xxxxxxxxxx", "xxxxxxxxx…"]
        );
        assert!(wrap_rows("anything", 10, 0).is_empty());
    }
}
