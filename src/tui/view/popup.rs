//! Popups over the panes: help (generated from the action table, so it lists
//! every key as bound), a step's full diagnostic, confirmations, and the
//! choices of the command line and the palette prompts.

use crate::tui::app::{App, Mode};
use crate::tui::command::EX_COMMANDS;
use crate::tui::keymap::ACTIONS;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};
use ratatui::Frame;

pub fn draw(app: &mut App, f: &mut Frame, area: Rect) {
    match &app.mode {
        Mode::Help { scroll } => {
            let lines = help_lines(app);
            let r = centered(area, 112, area.height.saturating_sub(2));
            let max = (lines.len() as u16).saturating_sub(r.height.saturating_sub(2));
            let scroll = (*scroll).min(max);
            if let Mode::Help { scroll: s } = &mut app.mode {
                *s = scroll;
            }
            framed(app, f, r, " Help ", lines, scroll);
        }
        Mode::Error { text, scroll } => {
            let h_want = text.lines().count() as u16 + 2;
            let r = centered(area, 100, h_want.min(area.height.saturating_sub(2)));
            let width = r.width.saturating_sub(2) as usize;
            let safe: Vec<String> = text.lines().map(super::sanitize).collect();
            let safe: Vec<&str> = safe.iter().map(String::as_str).collect();
            let fitted = fit_diagnostic(&hint_first_lines(safe), width);
            let lines: Vec<Line> = fitted
                .into_iter()
                .map(|l| {
                    let style = if l.starts_with("error") {
                        app.theme.fg("ui.status.error").add_modifier(Modifier::BOLD)
                    } else if l.starts_with("help") || l.starts_with("note") {
                        app.theme.fg("palette.pass")
                    } else {
                        app.theme.fg("ui.text")
                    };
                    Line::from(Span::styled(l, style))
                })
                .collect();
            let h = (lines.len() as u16 + 2).min(area.height.saturating_sub(2));
            let r = centered(area, 100, h);
            let max = (lines.len() as u16).saturating_sub(r.height.saturating_sub(2));
            let scroll = (*scroll).min(max);
            if let Mode::Error { scroll: s, .. } = &mut app.mode {
                *s = scroll;
            }
            framed(
                app,
                f,
                r,
                " Step failed: the program is unchanged ",
                lines,
                scroll,
            );
        }
        Mode::Confirm(c) => {
            let d = super::dialog::confirm_dialog(app, c);
            super::dialog::draw_dialog(app, f, area, &d);
        }
        Mode::Command(line) => {
            if let Some((_, items, cur)) = &line.completion {
                let items: Vec<(String, String)> =
                    items.iter().map(|i| (i.clone(), String::new())).collect();
                choices(app, f, area, &items, Some(*cur));
            }
        }
        Mode::Decision(d) => {
            let d = d.clone();
            decision_box(app, f, area, &d);
        }
        Mode::Prompt(w) => {
            let items = w.candidates.clone();
            let cur = w.cand;
            if !items.is_empty() {
                choices(app, f, area, &items, cur);
            }
        }
        _ => {}
    }
}

/// The diagnostic with its `note:`/`help:` lines moved up under the
/// `-->` origin, so the hint shows without scrolling past the program.
#[cfg(test)]
fn hint_first(text: &str) -> Vec<&str> {
    hint_first_lines(text.lines().collect())
}

fn hint_first_lines(lines: Vec<&str>) -> Vec<&str> {
    let Some(tail) = lines
        .iter()
        .position(|l| l.starts_with("note:") || l.starts_with("help:"))
    else {
        return lines;
    };
    let head = lines
        .iter()
        .position(|l| l.trim_start().starts_with("-->"))
        .map_or(1, |i| i + 1)
        .min(tail);
    let mut out: Vec<&str> = lines[..head].to_vec();
    out.extend(&lines[tail..]);
    out.extend(&lines[head..tail]);
    out
}

/// A diagnostic laid out for `width` columns: prose wrapped at spaces; source
/// lines and their `^^^` marks never wrapped but shifted together so the marks
/// stay on screen (the cut is shown as `…`).
fn fit_diagnostic(lines: &[&str], width: usize) -> Vec<String> {
    let width = width.max(12);
    // `  12 | code` or `     | ^^^`: the gutter ends after `| `.
    let gutter = |l: &str| -> Option<usize> {
        let bar = l.find('|')?;
        let head = &l[..bar];
        (head.trim().chars().all(|c| c.is_ascii_digit())).then_some(bar + 2)
    };
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        match gutter(l) {
            Some(g) if l.len() > g => {
                // A source line and the mark lines under it shift by one amount.
                let mut group = vec![l];
                while i + 1 < lines.len()
                    && gutter(lines[i + 1]).is_some()
                    && lines[i + 1].contains('^')
                {
                    i += 1;
                    group.push(lines[i]);
                }
                let caret = group
                    .iter()
                    .skip(1)
                    .filter_map(|m| m.find('^'))
                    .max()
                    .unwrap_or(0);
                let room = width.saturating_sub(g + 1);
                let shift = if caret > g && caret - g + 8 > room {
                    caret - g + 8 - room
                } else {
                    0
                };
                for m in group {
                    let (head, body) = m.split_at(g.min(m.len()));
                    let body: String = body.chars().skip(shift).collect();
                    let mut line = String::from(head);
                    if shift > 0 {
                        line.push('…');
                    }
                    line.push_str(&body);
                    out.push(line.chars().take(width).collect());
                }
            }
            _ if l.chars().count() <= width => out.push(l.to_string()),
            _ => {
                // Prose: wrap at spaces.
                let mut cur = String::new();
                for word in l.split(' ') {
                    if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
                        out.push(std::mem::take(&mut cur));
                        cur.push_str("  ");
                    } else if !cur.is_empty() {
                        cur.push(' ');
                    }
                    cur.push_str(word);
                }
                out.push(cur);
            }
        }
        i += 1;
    }
    out
}

fn framed(app: &App, f: &mut Frame, r: Rect, title: &str, lines: Vec<Line>, scroll: u16) {
    let t = &app.theme;
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(t.border(true))
        .title(Span::styled(
            title.to_string(),
            t.fg("ui.title").add_modifier(Modifier::BOLD),
        ))
        // The keys on the bottom border: never scrolled away, shown first.
        .title_bottom(
            Line::from(Span::styled(
                " Esc closes · j/k scroll ",
                t.fg("ui.key").add_modifier(Modifier::BOLD),
            ))
            .left_aligned(),
        )
        .style(t.fg("ui.text").patch(t.bg("ui.popup")));
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        r,
    );
}

/// A list of choices just above the message line.
fn choices(app: &App, f: &mut Frame, area: Rect, items: &[(String, String)], cur: Option<usize>) {
    let t = &app.theme;
    let shown = items.len().min(10);
    let top = match cur {
        Some(c) if c >= shown => c + 1 - shown,
        _ => 0,
    };
    let width = items
        .iter()
        .map(|(v, d)| v.chars().count() + d.chars().count() + 4)
        .max()
        .unwrap_or(10)
        .min(area.width as usize - 2) as u16
        + 2;
    let h = shown as u16 + 2;
    let r = Rect {
        x: area.x,
        y: area.bottom().saturating_sub(2 + h),
        width,
        height: h,
    };
    let lines: Vec<Line> = items
        .iter()
        .enumerate()
        .skip(top)
        .take(shown)
        .map(|(i, (v, d))| {
            let mut line = Line::from(vec![
                Span::styled(v.clone(), t.fg("ui.text").add_modifier(Modifier::BOLD)),
                Span::styled(
                    if d.is_empty() {
                        String::new()
                    } else {
                        format!("  {d}")
                    },
                    t.fg("ui.muted"),
                ),
            ]);
            if Some(i) == cur {
                line = line.style(t.bg("ui.selection"));
            }
            line
        })
        .collect();
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(t.border(false))
        .title(Span::styled(
            " Tab / ↑↓ choose · Enter accept ",
            t.fg("ui.muted"),
        ))
        .style(t.bg("ui.popup"));
    f.render_widget(Clear, r);
    f.render_widget(Paragraph::new(lines).block(block), r);
}

/// Above the status bar while a decision is edited: the step, and why the
/// last decision was refused (wrapped: the replay's reasons are long).
fn decision_box(app: &App, f: &mut Frame, area: Rect, d: &crate::tui::decision::DecisionEditor) {
    let t = &app.theme;
    let step = app
        .doc
        .all_steps()
        .get(d.step)
        .map(crate::tui::app::python_line)
        .unwrap_or_default();
    let mut lines = vec![Line::from(Span::styled(
        super::sanitize(&format!("{} {step}", d.step + 1)),
        t.fg("ui.text"),
    ))];
    match &d.error {
        Some(e) => lines.push(Line::from(Span::styled(
            format!("✗ {}", super::sanitize(e)),
            t.fg("ui.status.error").add_modifier(Modifier::BOLD),
        ))),
        None => lines.push(Line::from(Span::styled(
            "Enter replays the trace with this decision · Esc keeps the old one",
            t.fg("ui.muted"),
        ))),
    }
    let width = area.width;
    let inner = width.saturating_sub(2).max(1) as usize;
    let rows: usize = lines.iter().map(|l| l.width().max(1).div_ceil(inner)).sum();
    let h = (rows as u16 + 2).min(area.height.saturating_sub(2) / 2);
    if h < 3 {
        return;
    }
    let r = Rect {
        x: area.x,
        y: area.bottom().saturating_sub(2 + h),
        width,
        height: h,
    };
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(t.border(true))
        .title(Span::styled(
            " Decision · Enter applies · Esc cancels ",
            t.fg("ui.title").add_modifier(Modifier::BOLD),
        ))
        .style(t.fg("ui.text").patch(t.bg("ui.popup")));
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        r,
    );
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width
        .min(area.width.saturating_sub(2))
        .max(10.min(area.width));
    let h = height.min(area.height).max(3.min(area.height));
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// The help as plain text lines (for `/` search).
pub(crate) fn help_text(app: &App) -> Vec<String> {
    help_lines(app)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

fn help_lines(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let head = |s: &str| {
        Line::from(Span::styled(
            s.to_string(),
            t.fg("ui.title").add_modifier(Modifier::BOLD),
        ))
    };
    let mut out = vec![head("Keys (normal mode)")];
    for row in ACTIONS {
        let keys: Vec<String> = app
            .keymap
            .keys_for(row.action)
            .iter()
            .map(|k| k.to_string())
            .collect();
        out.push(Line::from(vec![
            Span::styled(
                format!("  {:<16}", keys.join(" ")),
                t.fg("ui.key").add_modifier(Modifier::BOLD),
            ),
            // A longer name pushes its text right rather than into it.
            Span::styled(format!("{:<11} ", row.name), t.fg("ui.muted")),
            Span::styled(row.doc.to_string(), t.fg("ui.text")),
        ]));
    }
    out.push(Line::default());
    out.push(head("Command line (:)"));
    for l in [
        "  b0 = sch.get_block(\"B\")            i, j, k = sch.get_loops(b0)",
        "  sch.split(i, factors=[None, 16])   sch.reorder(j, i)   sch.bind(i_0, \"blockIdx.x\")",
        "  Arguments by keyword or in TVM's order; outputs not named are named for you.",
        "  Tab completes primitives, handles and keywords; ↑/↓ history.",
    ] {
        out.push(Line::from(Span::styled(l.to_string(), t.fg("ui.text"))));
    }
    for (name, doc) in EX_COMMANDS {
        out.push(Line::from(vec![
            Span::styled(
                format!("  :{name:<15}"),
                t.fg("ui.key").add_modifier(Modifier::BOLD),
            ),
            Span::styled(doc.to_string(), t.fg("ui.text")),
        ]));
    }
    out.push(Line::default());
    out.push(head("Palette"));
    for (sym, key, doc) in [
        (
            "✓",
            "palette.pass",
            "passes its checks on the cursor's block/loop right now (dry run)",
        ),
        (
            "✗",
            "palette.fail",
            "would fail here (the reason is shown below the list)",
        ),
        (
            "?",
            "palette.unknown",
            "needs more than the cursor gives (a second loop, a block and a loop)",
        ),
    ] {
        out.push(Line::from(vec![
            Span::styled(format!("  {sym} "), t.fg(key).add_modifier(Modifier::BOLD)),
            Span::styled(doc.to_string(), t.fg("ui.text")),
        ]));
    }
    out.push(Line::from(Span::styled(
        "  Enter prompts for each argument (Tab cycles choices); Esc cancels.".to_string(),
        t.fg("ui.text"),
    )));
    out.push(Line::default());
    out.push(head("Popups and prompts"));
    out.push(Line::from(Span::styled(
        "  Esc closes or cancels · Enter accepts · j/k scroll · quit: [s]ave, [d]iscard · journal: [r]estore, [d]iscard".to_string(),
        t.fg("ui.text"),
    )));
    out.push(Line::default());
    out.push(head("Configuration"));
    // The documented place, not this machine's path: the screen stays the same everywhere.
    for l in [
        "  Keys: $XDG_CONFIG_HOME/tirtui/keys.toml (default ~/.config/tirtui/keys.toml)".to_string(),
        "    [keys]".to_string(),
        "    undo = \"z\"                 # an action name from the list above".to_string(),
        "    redo = [\"ctrl-y\", \"U\"]     # one key or a list; replaces the defaults".to_string(),
        "  Themes: --theme dark|light|PATH.toml (see themes/).".to_string(),
        "  Unsaved steps are journaled under $XDG_STATE_HOME/tirtui/journal; reopening offers them.".to_string(),
    ] {
        out.push(Line::from(Span::styled(l, t.fg("ui.text"))));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::hint_first;

    #[test]
    fn hints_move_above_the_program() {
        let text = "error: bad\n  --> f, step 1\n   |\n 1 | x\nhelp: do y\n      and z\n";
        assert_eq!(
            hint_first(text),
            vec![
                "error: bad",
                "  --> f, step 1",
                "help: do y",
                "      and z",
                "   |",
                " 1 | x"
            ]
        );
        assert_eq!(hint_first("error: only\n"), vec!["error: only"]);
    }
}
