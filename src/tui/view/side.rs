//! The palette (primitives with their arguments, marked by a dry run on the
//! cursor's target) and the trace (numbered steps with their `out` names).

use super::{follow, pane_block, sanitize};
use crate::tui::app::{python_line, App, Mark, Pane};
use crate::tui::command::example;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// The palette's title: the target, then the keys that apply the rules that
/// shape it (`(b, S)`) before the rules' names, which are cut (`…`) where
/// the pane is too narrow; the target goes before the keys do.
fn palette_title(target: Option<&str>, rules: &str, width: usize) -> String {
    let Some(d) = target else {
        return " Palette ".to_string();
    };
    if rules.is_empty() {
        return format!(" Palette · {d} ");
    }
    let fit = |head: String| {
        let room = width.saturating_sub(head.chars().count() + 1);
        let shown = if rules.chars().count() <= room {
            rules.to_string()
        } else {
            let cut: String = rules.chars().take(room.saturating_sub(1)).collect();
            format!("{}…", cut.trim_end_matches([',', ' ']))
        };
        format!("{head}{shown} ")
    };
    // The first head that leaves room for a few letters of the rules.
    let heads = [
        format!(" Palette · {d} · (b, S) rules: "),
        format!(" Palette · {d} · (b, S) "),
        " Palette · (b, S) ".to_string(),
    ];
    let head = heads
        .iter()
        .find(|h| h.chars().count() + 8 <= width)
        .unwrap_or(&heads[2]);
    fit(head.clone())
}

pub fn draw_palette(app: &mut App, f: &mut Frame, area: Rect) {
    let target = app.target().map(|t| t.describe(app.doc.trace.func()));
    let rules = app.cursor_rules().join(", ");
    let width = usize::from(area.width.saturating_sub(2));
    let title = palette_title(target.as_deref(), &rules, width);
    let marks = app.marks();
    let block = pane_block(app, Line::from(title), Pane::Palette);
    let inner = block.inner(area);
    f.render_widget(block, area);
    if inner.height == 0 {
        return;
    }
    let t = &app.theme;
    let detail_rows = if inner.height >= 8 { 2 } else { 0 };
    let list_rows = (inner.height - detail_rows) as usize;
    let n = app.ops.len();
    app.palette_sel = app.palette_sel.min(n.saturating_sub(1));
    let top = follow(0, app.palette_sel, list_rows, n);
    let focused = app.focus == Pane::Palette;
    let mut lines = Vec::new();
    for (i, op) in app.ops.iter().enumerate().skip(top).take(list_rows) {
        let (sym, style) = match marks.get(i) {
            Some(Mark::Pass) => ("✓", t.fg("palette.pass")),
            Some(Mark::Fail(_)) => ("✗", t.fg("palette.fail")),
            Some(Mark::NeedsInput) => ("?", t.fg("palette.unknown")),
            Some(Mark::Checking) => ("…", t.fg("ui.muted")),
            _ => (" ", t.fg("ui.muted")),
        };
        let name_style = match marks.get(i) {
            Some(Mark::NotFor) | None => t.fg("ui.muted"),
            Some(Mark::Fail(_)) => t.fg("ui.text").add_modifier(Modifier::DIM),
            _ => t.fg("ui.text"),
        };
        let args: Vec<&str> = op
            .fields
            .iter()
            .filter(|f| f.default.is_none())
            .map(|f| f.name)
            .collect();
        let mut line = Line::from(vec![
            Span::styled(format!("{sym} "), style.add_modifier(Modifier::BOLD)),
            Span::styled(op.name.to_string(), name_style),
            Span::styled(format!(" {}", args.join(" ")), t.fg("ui.muted")),
        ]);
        if i == app.palette_sel {
            line = line.style(if focused {
                t.bg("ui.selection")
            } else {
                t.bg("ui.cursorline")
            });
        }
        lines.push(line);
    }
    f.render_widget(
        Paragraph::new(lines).style(t.base()),
        Rect {
            height: list_rows as u16,
            ..inner
        },
    );
    if detail_rows > 0 {
        let detail = match (app.ops.get(app.palette_sel), marks.get(app.palette_sel)) {
            (Some(op), Some(Mark::Fail(why))) => Line::from(Span::styled(
                format!("✗ {}: {}", op.name, sanitize(why)),
                t.fg("palette.fail"),
            )),
            (Some(op), Some(Mark::Pass)) => Line::from(Span::styled(
                format!("✓ would pass: {}", example(op.name)),
                t.fg("palette.pass"),
            )),
            (Some(op), _) => Line::from(Span::styled(example(op.name), t.fg("ui.muted"))),
            _ => Line::default(),
        };
        let r = Rect {
            y: inner.y + list_rows as u16,
            height: detail_rows,
            ..inner
        };
        f.render_widget(
            Paragraph::new(detail)
                .wrap(Wrap { trim: true })
                .style(t.base()),
            r,
        );
    }
}

pub fn draw_trace(app: &mut App, f: &mut Frame, area: Rect) {
    let steps = &app.doc.trace.steps;
    let pending = &app.doc.pending;
    let redo = &app.doc.trace.redo;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut title = format!(" Trace · {} step{}", steps.len(), plural(steps.len()));
    if !pending.is_empty() {
        title.push_str(&format!(", {} not applied", pending.len()));
    }
    if !redo.is_empty() {
        title.push_str(&format!(", {} to redo", redo.len()));
    }
    title.push(' ');
    let block = pane_block(app, Line::from(title), Pane::Trace);
    let inner = block.inner(area);
    let t = &app.theme;
    let total = steps.len() + pending.len() + redo.len();
    let rows = inner.height as usize;
    if total == 0 {
        let hint = Line::from(Span::styled(
            "no steps: pick a primitive in the palette, or type `:`",
            t.fg("ui.muted"),
        ));
        f.render_widget(
            Paragraph::new(hint).wrap(Wrap { trim: true }).block(block),
            area,
        );
        return;
    }
    app.trace_sel = app.trace_sel.min(total - 1);
    let top = follow(0, app.trace_sel, rows, total);
    let focused = app.focus == Pane::Trace;
    let width = total.to_string().len();
    let mut lines = Vec::new();
    // Row kinds: 0 applied, 1 failed (first pending), 2 pending, 3 undone.
    let undone = redo.iter().rev();
    for (i, (step, kind)) in steps
        .iter()
        .map(|s| (s, 0u8))
        .chain(
            pending
                .iter()
                .enumerate()
                .map(|(k, s)| (s, if k == 0 { 1 } else { 2 })),
        )
        .chain(undone.map(|s| (s, 3)))
        .enumerate()
        .skip(top)
        .take(rows)
    {
        let done = kind == 0;
        let num_style = if done {
            t.fg("ui.muted")
        } else {
            t.fg("ui.muted").add_modifier(Modifier::DIM)
        };
        let text_style = if done {
            t.fg("ui.text")
        } else {
            t.fg("ui.muted")
                .add_modifier(Modifier::DIM | Modifier::ITALIC)
        };
        let mut spans = vec![Span::styled(format!("{:>width$} ", i + 1), num_style)];
        match kind {
            1 => spans.push(Span::styled(
                "✗ ",
                t.fg("ui.status.error").add_modifier(Modifier::BOLD),
            )),
            2 => spans.push(Span::styled("· ", num_style)),
            _ => {}
        }
        let line_text = sanitize(&python_line(step));
        match line_text.split_once(" = ") {
            Some((outs, call)) if !step.out.is_empty() => {
                spans.push(Span::styled(
                    outs.to_string(),
                    t.fg("ui.title")
                        .patch(text_style)
                        .add_modifier(Modifier::BOLD),
                ));
                spans.push(Span::styled(format!(" = {call}"), text_style));
            }
            _ => spans.push(Span::styled(line_text, text_style)),
        }
        match kind {
            1 => spans.push(Span::styled(
                "  (failed: x removes it)",
                t.fg("ui.status.error").add_modifier(Modifier::BOLD),
            )),
            2 => spans.push(Span::styled("  (not applied)", num_style)),
            3 => spans.push(Span::styled("  (undone)", num_style)),
            _ => {}
        }
        let mut line = Line::from(spans);
        if i == app.trace_sel && focused {
            line = line.style(t.bg("ui.selection"));
        }
        lines.push(line);
    }
    f.render_widget(Paragraph::new(lines).block(block).style(t.base()), area);
}
