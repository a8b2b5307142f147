//! The TIR pane: highlighted TVMScript with the lines of the last step marked,
//! each block's lines tagged with its colour, and the cursor's block or loop
//! emphasised; or, when toggled, the diff between two steps.

use super::{emphasize, follow, pane_block, skip_cols};
use crate::tui::app::{App, Pane};
use crate::tui::diff::{diff_lines, DiffOp};
use crate::tui::highlight::Lang;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub fn draw(app: &mut App, f: &mut Frame, area: Rect) {
    if let Some((a, b)) = app.diff {
        return draw_diff(app, f, area, a, b);
    }
    let func = app.doc.trace.func();
    let mut title = match app.target() {
        Some(t) => format!(" TIR · {} ", t.describe(func)),
        None => " TIR ".to_string(),
    };
    if app.tir_left > 0 {
        title.push_str(&format!("· ← {} cols (H) ", app.tir_left));
    }
    let block = pane_block(app, Line::from(title), Pane::Tir);
    let inner = block.inner(area);
    let rows = inner.height as usize;
    app.tir_rows = rows;
    let lines = app.hl.lines(Lang::Python, &app.doc.printed.text);
    let n = lines.len();
    app.cursor = app.cursor.min(n.saturating_sub(1));
    app.tir_top = follow(app.tir_top, app.cursor, rows, n);
    let changed = app.changed_lines().to_vec();
    let target = app.target();
    let t = &app.theme;
    let cursor_bg = t.bg("ui.cursorline");
    let target_cols = target
        .and_then(|tg| app.doc.lines.find(tg))
        .filter(|(l, _)| *l == app.cursor)
        .map(|(_, c)| c);
    // Long lines: scroll sideways to keep the cursor's target in view.
    let text_w = (inner.width as usize).saturating_sub(3).max(1);
    if let Some((a, b)) = target_cols {
        let left = app.tir_left as usize;
        if b > left + text_w {
            app.tir_left = (b - text_w.min(b)) as u16;
        } else if a < left {
            app.tir_left = a as u16;
        }
    }
    let longest = lines
        .iter()
        .map(|l| l.iter().map(|s| s.content.chars().count()).sum::<usize>())
        .max()
        .unwrap_or(0);
    app.tir_left = app.tir_left.min(longest.saturating_sub(text_w) as u16);
    let left = app.tir_left as usize;
    let mut out = Vec::with_capacity(rows);
    for i in app.tir_top..(app.tir_top + rows).min(n) {
        let mark = if changed.get(i).copied().unwrap_or(false) {
            Span::styled("▎", t.fg("ui.changed"))
        } else {
            Span::raw(" ")
        };
        let bar = match app.doc.lines.owner.get(i).copied().flatten() {
            Some(b) => Span::styled("▌", ratatui::style::Style::default().fg(t.block_color(b))),
            None => Span::raw(" "),
        };
        let mut spans = vec![mark, bar, Span::raw(" ")];
        if i == app.cursor {
            let body = match target_cols {
                Some(cols) => emphasize(
                    &lines[i],
                    cols,
                    ratatui::style::Style::default()
                        .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                ),
                None => lines[i].clone(),
            };
            spans.extend(skip_cols(&body, left));
            out.push(Line::from(spans).style(cursor_bg));
        } else {
            spans.extend(skip_cols(&lines[i], left));
            out.push(Line::from(spans));
        }
    }
    f.render_widget(Paragraph::new(out).block(block).style(t.base()), area);
}

fn draw_diff(app: &mut App, f: &mut Frame, area: Rect, a: usize, b: usize) {
    let (Some(old), Some(new)) = (app.doc.texts.get(a).cloned(), app.doc.texts.get(b).cloned())
    else {
        app.diff = None;
        return draw(app, f, area);
    };
    let name = |k: usize| {
        if k == 0 {
            "workload".to_string()
        } else {
            format!("step {k}")
        }
    };
    let title = format!(" Diff · {} → {} ", name(a), name(b));
    let block = pane_block(app, Line::from(title), Pane::Tir);
    let inner = block.inner(area);
    let rows = inner.height as usize;
    let old_hl = app.hl.lines(Lang::Python, &old);
    let new_hl = app.hl.lines(Lang::Python, &new);
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let ops = diff_lines(&old_lines, &new_lines);
    let t = &app.theme;
    let mut all: Vec<Line> = Vec::with_capacity(ops.len());
    for op in &ops {
        let (sign, style, spans) = match *op {
            DiffOp::Same(_, j) => (" ", t.fg("ui.muted"), new_hl.get(j)),
            DiffOp::Del(i) => (
                "-",
                t.fg("diff.del").add_modifier(Modifier::BOLD),
                old_hl.get(i),
            ),
            DiffOp::Add(j) => (
                "+",
                t.fg("diff.add").add_modifier(Modifier::BOLD),
                new_hl.get(j),
            ),
        };
        let mut line = vec![Span::styled(format!("{sign} "), style)];
        if let Some(s) = spans {
            if matches!(op, DiffOp::Del(_)) {
                line.extend(s.iter().map(|x| {
                    Span::styled(
                        x.content.clone(),
                        x.style.add_modifier(Modifier::CROSSED_OUT | Modifier::DIM),
                    )
                }));
            } else {
                line.extend(s.iter().cloned());
            }
        }
        all.push(Line::from(line));
    }
    if ops.iter().all(|o| matches!(o, DiffOp::Same(..))) {
        all.insert(
            0,
            Line::from(Span::styled("  (the TIR is the same)", t.fg("ui.muted"))),
        );
    }
    app.diff_top = app
        .diff_top
        .min(all.len().saturating_sub(rows.min(all.len())));
    let shown: Vec<Line> = all.into_iter().skip(app.diff_top).take(rows).collect();
    f.render_widget(
        Paragraph::new(shown).block(block).style(app.theme.base()),
        area,
    );
}
