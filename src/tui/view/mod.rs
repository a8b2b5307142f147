//! Drawing: the layout, the status and message lines, and helpers shared by
//! the panes. Render only: reads the app (and fills its caches), changes no
//! state but scroll positions that keep cursors in view.

mod cuda;
mod dialog;
mod popup;
pub(crate) use popup::help_text;
mod side;
mod tir;
mod tune;

use super::app::{App, Mode, Pane, Rects};
use super::keymap::Action;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph};
use ratatui::Frame;

/// Below this width the CUDA column is not shown beside the TIR: focusing
/// it (Tab) shows it in the TIR's place.
pub(crate) const CUDA_MIN_WIDTH: u16 = 110;

const PANES_ALL: [Pane; 4] = [Pane::Tir, Pane::Palette, Pane::Trace, Pane::Cuda];

pub fn draw(app: &mut App, f: &mut Frame) {
    let area = f.area();
    f.render_widget(Block::default().style(app.theme.base()), area);
    if area.height < 4 || area.width < 20 {
        if let Mode::Confirm(c) = &app.mode {
            // The way out of a dialog shows whatever the size.
            let d = dialog::confirm_dialog(app, c);
            dialog::draw_keys_only(app, f, area, &d);
            return;
        }
        f.render_widget(
            Paragraph::new("too small").wrap(ratatui::widgets::Wrap { trim: true }),
            area,
        );
        return;
    }
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .split(area);
    if app.zoom {
        // The focused pane alone.
        let main = rows[0];
        app.rects = Rects::default();
        match app.focus {
            Pane::Tir => {
                app.rects.tir = main;
                tir::draw(app, f, main);
            }
            Pane::Palette => {
                app.rects.palette = main;
                side::draw_palette(app, f, main);
            }
            Pane::Trace => {
                app.rects.trace = main;
                side::draw_trace(app, f, main);
            }
            Pane::Cuda => {
                let parts = Layout::default()
                    .direction(Direction::Vertical)
                    .constraints([Constraint::Min(3), Constraint::Length(9)])
                    .split(main);
                app.rects.cuda = parts[0];
                app.rects.run = parts[1];
                cuda::draw_cuda(app, f, parts[0]);
                cuda::draw_run(app, f, parts[1]);
            }
        }
        draw_status(app, f, rows[1]);
        draw_message(app, f, rows[2]);
        popup::draw(app, f, area);
        neutralize_cells(f);
        return;
    }
    let show_cuda = area.width >= CUDA_MIN_WIDTH;
    let cols = if show_cuda {
        Layout::default()
            .direction(Direction::Horizontal)
            .constraints([
                Constraint::Percentage(42),
                Constraint::Percentage(24),
                Constraint::Percentage(34),
            ])
            .split(rows[0])
    } else {
        Layout::default()
            .direction(Direction::Horizontal)
            .constraints([
                Constraint::Percentage(60),
                Constraint::Percentage(40),
                Constraint::Length(0),
            ])
            .split(rows[0])
    };
    let palette_h = (app.ops.len() as u16 + 4)
        .min(cols[1].height * 3 / 5)
        .max(3);
    let side = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Length(palette_h), Constraint::Min(3)])
        .split(cols[1]);
    let right = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(3), Constraint::Length(9)])
        .split(cols[2]);
    app.rects.palette = side[0];
    app.rects.trace = side[1];
    side::draw_palette(app, f, side[0]);
    side::draw_trace(app, f, side[1]);
    if show_cuda {
        app.rects.tir = cols[0];
        app.rects.cuda = right[0];
        app.rects.run = right[1];
        tir::draw(app, f, cols[0]);
        cuda::draw_cuda(app, f, right[0]);
        cuda::draw_run(app, f, right[1]);
    } else if app.focus == Pane::Cuda {
        // Too narrow for four panes: CUDA and Run take the TIR's place.
        let left = Layout::default()
            .direction(Direction::Vertical)
            .constraints([Constraint::Min(3), Constraint::Length(9)])
            .split(cols[0]);
        app.rects.tir = Rect::default();
        app.rects.cuda = left[0];
        app.rects.run = left[1];
        cuda::draw_cuda(app, f, left[0]);
        cuda::draw_run(app, f, left[1]);
    } else {
        app.rects.tir = cols[0];
        app.rects.cuda = Rect::default();
        app.rects.run = Rect::default();
        tir::draw(app, f, cols[0]);
    }
    draw_status(app, f, rows[1]);
    draw_message(app, f, rows[2]);
    tune::draw(app, f, rows[0]);
    popup::draw(app, f, area);
    neutralize_cells(f);
}

/// A pane's frame: rounded border, title, focus colour.
pub(super) fn pane_block<'a>(app: &App, title: Line<'a>, pane: Pane) -> Block<'a> {
    let focused = app.focus == pane
        && matches!(
            app.mode,
            Mode::Normal | Mode::Prompt(_) | Mode::Command(_) | Mode::Decision(_)
        );
    Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(app.theme.border(focused))
        .title(title.style(app.theme.fg("ui.title").add_modifier(Modifier::BOLD)))
        .style(app.theme.base())
}

fn draw_status(app: &mut App, f: &mut Frame, area: Rect) {
    let expensive = app.too_expensive();
    let t = &app.theme;
    let bar = t.bg("ui.status").patch(t.fg("ui.status.text"));
    let n = app.doc.trace.steps.len();
    let mut left = vec![
        Span::styled(
            format!(" {} ", sanitize(&app.doc.name())),
            bar.add_modifier(Modifier::BOLD),
        ),
        Span::styled(format!("│ {n} step{} ", if n == 1 { "" } else { "s" }), bar),
    ];
    if !app.doc.pending.is_empty() {
        left.push(Span::styled(
            format!("✗ {} not applied ", app.doc.pending.len()),
            bar.patch(t.fg("ui.status.error"))
                .add_modifier(Modifier::BOLD),
        ));
    }
    if app.doc.unsaved() {
        left.push(Span::styled(
            format!("[+] {} unsaved ", app.doc.unsaved_count()),
            bar.patch(t.fg("ui.status.unsaved"))
                .add_modifier(Modifier::BOLD),
        ));
    }
    if app.doc.journal_error.is_some() {
        left.push(Span::styled(
            "│ journal off ",
            bar.patch(t.fg("ui.status.error"))
                .add_modifier(Modifier::BOLD),
        ));
    }
    // Panes not on the screen, and how to reach them.
    let hidden: Vec<&str> = if app.zoom {
        PANES_ALL
            .iter()
            .filter(|p| **p != app.focus)
            .map(|p| p.name())
            .collect()
    } else if area.width < CUDA_MIN_WIDTH {
        if app.focus == Pane::Cuda {
            vec!["TIR"]
        } else {
            vec!["CUDA", "Run"]
        }
    } else {
        Vec::new()
    };
    if !hidden.is_empty() {
        left.push(Span::styled(
            format!(
                "│ hidden: {} ({} / {}) ",
                hidden.join(", "),
                app.keymap.hint(Action::NextPane),
                app.keymap.hint(Action::Zoom)
            ),
            bar.patch(t.fg("ui.key")),
        ));
    }
    if let Some(why) = expensive {
        left.push(Span::styled(
            format!("│ {why} "),
            bar.patch(t.fg("ui.status.error"))
                .add_modifier(Modifier::BOLD),
        ));
    }
    if let Some((_, start)) = &app.runner.busy {
        left.push(Span::styled(
            format!("│ {} running ", spinner(start.elapsed().as_millis())),
            bar.patch(t.fg("ui.status.ok")),
        ));
    }
    let km = &app.keymap;
    let hints: Vec<(String, &str)> = [
        (Action::Help, "help"),
        (Action::Command, "cmd"),
        (Action::Select, "palette"),
        (Action::Undo, "undo"),
        (Action::Run, "run"),
        (Action::Diff, "diff"),
        (Action::Save, "save"),
        (Action::Quit, "quit"),
    ]
    .into_iter()
    .map(|(a, label)| (km.hint(a), label))
    .collect();
    let mut right = Vec::new();
    for (k, label) in hints {
        right.push(Span::styled(
            k,
            bar.patch(t.fg("ui.key")).add_modifier(Modifier::BOLD),
        ));
        right.push(Span::styled(format!(" {label}  "), bar));
    }
    let left_w: usize = left.iter().map(|s| s.width()).sum();
    let right_w: usize = right.iter().map(|s| s.width()).sum();
    let mut spans = left;
    let room = (area.width as usize).saturating_sub(left_w);
    if right_w <= room {
        spans.push(Span::styled(" ".repeat(room - right_w), bar));
        spans.extend(right);
    } else {
        spans.push(Span::styled(" ".repeat(room), bar));
    }
    f.render_widget(Paragraph::new(Line::from(spans)).style(bar), area);
}

fn draw_message(app: &mut App, f: &mut Frame, area: Rect) {
    let t = &app.theme;
    let (prefix, edit, style) = match &app.mode {
        Mode::Command(line) => (":".to_string(), Some(&line.edit), t.fg("ui.text")),
        Mode::Prompt(w) => (format!("{} ", w.preview()), Some(&w.edit), t.fg("ui.text")),
        Mode::SavePath { edit, .. } => {
            ("save session as: ".to_string(), Some(edit), t.fg("ui.text"))
        }
        Mode::Search { edit, .. } => ("/".to_string(), Some(edit), t.fg("ui.text")),
        Mode::Decision(d) => (d.about.clone(), Some(&d.edit), t.fg("ui.text")),
        _ => (String::new(), None, t.fg("ui.text")),
    };
    if let Some(edit) = edit {
        // A long line (a pasted script) scrolls to keep the cursor in view.
        let width = area.width as usize;
        let lead = prefix.chars().count();
        let skip = (lead + edit.cursor + 1).saturating_sub(width);
        // Only what fits: a pasted script can be hundreds of kilobytes.
        let shown = sanitize(&edit.text.chars().skip(skip).take(width).collect::<String>());
        let mut spans = vec![
            Span::styled(
                prefix.clone(),
                t.fg("ui.title").add_modifier(Modifier::BOLD),
            ),
            Span::styled(shown, style),
        ];
        // A refused decision is shown in its box above (`popup`).
        let refused = match &app.mode {
            Mode::Prompt(w) => w.error.as_ref(),
            _ => None,
        };
        if let Some(e) = refused {
            spans.push(Span::styled(
                format!("   ✗ {}", sanitize(e)),
                t.fg("ui.status.error").add_modifier(Modifier::BOLD),
            ));
        }
        let line = Line::from(spans);
        f.render_widget(Paragraph::new(line).style(t.base()), area);
        let x = area.x + (lead + edit.cursor - skip) as u16;
        f.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y));
        return;
    }
    let line = match &app.message {
        Some(m) if m.error => Line::from(Span::styled(format!("✗ {}", sanitize(&m.text)), t.fg("ui.status.error").add_modifier(Modifier::BOLD))),
        Some(m) => Line::from(Span::styled(sanitize(&m.text), t.fg("ui.text"))),
        None => Line::from(Span::styled(
            format!(
                "{} panes · {} on a loop or block: palette · {} command (sch.split(i, factors=[None, 16])) · {} help",
                app.keymap.hint(Action::NextPane),
                app.keymap.hint(Action::Select),
                app.keymap.hint(Action::Command),
                app.keymap.hint(Action::Help)
            ),
            t.fg("ui.muted"),
        )),
    };
    f.render_widget(Paragraph::new(line).style(t.base()), area);
}

/// Whether a character could change the terminal or how the text around it
/// reads: C0/C1 controls (escape sequences start with ESC or CSI) and the
/// invisible bidirectional and formatting marks (a right-to-left override
/// makes `ab` read `ba`).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// Text from a file (notes, names, messages) made safe to draw on one line:
/// each control character becomes its visible picture (ESC as `␛`, a newline
/// as `␤`), bidi and invisible marks become `�`.
pub(crate) fn sanitize(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\t' => ' ',
            '\n' => '␤',
            '\u{7f}' => '␡',
            c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('�'),
            c if is_unsafe(c) => '�',
            c => c,
        })
        .collect()
}

/// The last line of defence: no cell of a frame holds a control or bidi
/// character, whatever a pane forgot to sanitize (ratatui drops C0/C1
/// controls itself; the bidi marks it passes on).
fn neutralize_cells(f: &mut Frame) {
    let buf = f.buffer_mut();
    for cell in buf.content.iter_mut() {
        if cell.symbol().chars().any(is_unsafe) {
            cell.set_symbol("�");
        }
    }
}

pub(super) fn spinner(ms: u128) -> char {
    const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
    FRAMES[(ms / 100 % 10) as usize]
}

/// Keeps `cursor` in view with a margin: returns the new top line.
pub(super) fn follow(top: usize, cursor: usize, rows: usize, len: usize) -> usize {
    let margin = 2.min(rows / 4);
    let mut top = top;
    if cursor < top + margin {
        top = cursor.saturating_sub(margin);
    } else if rows > 0 && cursor + margin >= top + rows {
        top = cursor + margin + 1 - rows;
    }
    top.min(len.saturating_sub(rows.min(len)))
}

/// Cuts `n` leading columns off a line of spans (horizontal scroll).
pub(super) fn skip_cols(spans: &[Span<'static>], n: usize) -> Vec<Span<'static>> {
    let mut left = n;
    let mut out = Vec::new();
    for s in spans {
        let len = s.content.chars().count();
        if left >= len {
            left -= len;
            continue;
        }
        let rest: String = s.content.chars().skip(left).collect();
        left = 0;
        out.push(Span::styled(rest, s.style));
    }
    out
}

/// Applies `style` on top of the columns `[a, b)` of a line of spans.
pub(super) fn emphasize(
    spans: &[Span<'static>],
    (a, b): (usize, usize),
    style: Style,
) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut col = 0;
    for s in spans {
        let chars: Vec<char> = s.content.chars().collect();
        let (start, end) = (col, col + chars.len());
        col = end;
        if end <= a || start >= b {
            out.push(s.clone());
            continue;
        }
        let cut = |x: usize, y: usize| chars[x - start..y - start].iter().collect::<String>();
        let (x, y) = (a.max(start), b.min(end));
        if x > start {
            out.push(Span::styled(cut(start, x), s.style));
        }
        out.push(Span::styled(cut(x, y), s.style.patch(style)));
        if y < end {
            out.push(Span::styled(cut(y, end), s.style));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_helpers() {
        let spans = vec![Span::raw("for "), Span::raw("i in x")];
        let e = emphasize(
            &spans,
            (4, 5),
            Style::default().add_modifier(Modifier::BOLD),
        );
        let text: Vec<&str> = e.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, vec!["for ", "i", " in x"]);
        assert!(e[1].style.add_modifier.contains(Modifier::BOLD));
        let s = skip_cols(&spans, 5);
        assert_eq!(
            s.iter().map(|s| s.content.as_ref()).collect::<String>(),
            " in x"
        );
        assert_eq!(follow(0, 30, 10, 100), 23);
        assert_eq!(follow(20, 5, 10, 100), 3);
        assert_eq!(follow(0, 3, 10, 5), 0);
    }
}
