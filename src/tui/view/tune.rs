//! The tune panel: best time against trials as a line chart (ratatui `Chart`),
//! with the trial count, invalid and failed counts, and the keys that act on it.
//! Drawn over the right part of the panes while visible.

use crate::tui::app::App;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, BorderType, Chart, Clear, Dataset, GraphType, Paragraph};
use ratatui::Frame;

pub fn draw(app: &App, f: &mut Frame, area: Rect) {
    if !app.tune.visible || area.width < 30 || area.height < 8 {
        return;
    }
    let w = (area.width / 2).max(30).min(area.width);
    let h = (area.height * 3 / 5).max(8).min(area.height);
    let r = Rect {
        x: area.x + area.width - w,
        y: area.y,
        width: w,
        height: h,
    };
    f.render_widget(Clear, r);
    let t = &app.tune;
    let title = if t.is_running() {
        " Tune · :tune stop · T hides "
    } else {
        " Tune · :tune load · :tune N · T hides "
    };
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(app.theme.border(true))
        .title(Line::from(title).style(app.theme.fg("ui.title").add_modifier(Modifier::BOLD)))
        .style(app.theme.base());
    let inner = block.inner(r);
    f.render_widget(block, r);
    let parts = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Length(2), Constraint::Min(3)])
        .split(inner);
    let best = match &t.best {
        Some((ms, gflops, _)) => format!("best {ms:.4} ms, {gflops:.1} GFLOP/s"),
        None => "no valid time yet".into(),
    };
    let text = vec![
        Line::from(Span::styled(t.status.clone(), app.theme.fg("ui.text"))),
        Line::from(Span::styled(
            best,
            app.theme.fg("palette.pass").add_modifier(Modifier::BOLD),
        )),
    ];
    f.render_widget(Paragraph::new(text), parts[0]);
    if t.points.is_empty() {
        return;
    }
    let x_max = (t.trials.max(t.done).max(1)) as f64;
    let y_max = t.points.iter().map(|p| p.1).fold(0.0, f64::max) * 1.05;
    let y_min = t.points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) * 0.95;
    let data = Dataset::default()
        .name("best ms")
        .marker(Marker::Braille)
        .graph_type(GraphType::Line)
        .style(app.theme.fg("palette.pass"))
        .data(&t.points);
    let axis_style = app.theme.fg("ui.text");
    let chart = Chart::new(vec![data])
        .x_axis(
            Axis::default()
                .title("trials")
                .style(axis_style)
                .bounds([0.0, x_max])
                .labels(vec![
                    Line::from("0"),
                    Line::from(format!("{}", x_max as usize)),
                ]),
        )
        .y_axis(
            Axis::default()
                .title("ms")
                .style(axis_style)
                .bounds([y_min, y_max.max(y_min + 1e-6)])
                .labels(vec![
                    Line::from(format!("{y_min:.3}")),
                    Line::from(format!("{y_max:.3}")),
                ]),
        );
    f.render_widget(chart, parts[1]);
}
