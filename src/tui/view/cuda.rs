//! The CUDA pane (generated kernel, each TIR block's lines tagged with the
//! block's colour, as Compiler Explorer links source and assembly) and the run
//! pane (last result and a sparkline of the time after each step).

use super::{pane_block, sanitize, skip_cols, spinner};
use crate::tui::app::{App, NoCuda, Pane};
use crate::tui::highlight::Lang;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Sparkline, Wrap};
use ratatui::Frame;

pub fn draw_cuda(app: &mut App, f: &mut Frame, area: Rect) {
    let out = app.cuda().cloned();
    match out {
        Err(why) => {
            let block = pane_block(app, Line::from(" CUDA "), Pane::Cuda);
            let t = &app.theme;
            let bold = t.fg("ui.text").add_modifier(Modifier::BOLD);
            let muted = t.fg("ui.muted");
            let text = match &why {
                NoCuda::Failed(e) => vec![
                    Line::from(Span::styled("No kernel for this program yet:", bold)),
                    Line::from(Span::styled(sanitize(e), muted)),
                    Line::default(),
                    Line::from(Span::styled(
                        "Bind loops to blockIdx/threadIdx (sch.bind) to get a CUDA kernel.",
                        muted,
                    )),
                ],
                NoCuda::TooExpensive(_) => vec![
                    Line::from(Span::styled(
                        "This program is too expensive to lower.",
                        t.fg("ui.status.error").add_modifier(Modifier::BOLD),
                    )),
                    Line::from(Span::styled(why.to_string(), muted)),
                    Line::default(),
                    Line::from(Span::styled(
                        "The explorer stays usable: keys, undo and quit work; the CUDA shows if lowering ends.",
                        muted,
                    )),
                ],
                NoCuda::Lowering(_) | NoCuda::Waiting => {
                    vec![Line::from(Span::styled(why.to_string(), muted))]
                }
            };
            f.render_widget(
                Paragraph::new(text).wrap(Wrap { trim: false }).block(block),
                area,
            );
        }
        Ok(out) => {
            let k = &out.kernel;
            let smem = k.static_shared_bytes + k.dynamic_shared_bytes;
            // Several kernels: the source holds all of them; the title names the first.
            let count = match k.launches.len() {
                0 | 1 => String::new(),
                n => format!("{n} kernels · first: "),
            };
            let title = format!(
                " CUDA · {count}grid ({},{},{}) block ({},{},{}) · smem {smem} B ",
                k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2]
            );
            let block = pane_block(app, Line::from(title), Pane::Cuda);
            let inner = block.inner(area);
            let rows = inner.height as usize;
            let lines = app.hl.lines(Lang::Cpp, &k.source);
            let n = lines.len();
            app.cuda_top = app.cuda_top.min(n.saturating_sub(rows.min(n)));
            // Line -> colour of the TIR block it came from.
            let mut owner: Vec<Option<usize>> = vec![None; n];
            for (bi, (name, ranges)) in out.block_lines.iter().enumerate() {
                let idx = app
                    .doc
                    .lines
                    .blocks
                    .iter()
                    .position(|(_, b)| b == name)
                    .unwrap_or(app.doc.lines.blocks.len() + bi);
                for &(a, b) in ranges {
                    for slot in owner.iter_mut().take(b.min(n)).skip(a) {
                        *slot = Some(idx);
                    }
                }
            }
            let t = &app.theme;
            let mut shown = Vec::new();
            for i in app.cuda_top..(app.cuda_top + rows).min(n) {
                let bar = match owner[i] {
                    Some(b) => Span::styled("▌", Style::default().fg(t.block_color(b))),
                    None => Span::raw(" "),
                };
                let mut spans = vec![bar, Span::raw(" ")];
                spans.extend(skip_cols(&lines[i], app.cuda_left as usize));
                shown.push(Line::from(spans));
            }
            f.render_widget(
                Paragraph::new(shown).block(block).style(app.theme.base()),
                area,
            );
        }
    }
}

pub fn draw_run(app: &mut App, f: &mut Frame, area: Rect) {
    let block = pane_block(app, Line::from(" Run "), Pane::Cuda);
    let inner = block.inner(area);
    f.render_widget(block, area);
    let parts = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Min(1), Constraint::Length(3)])
        .split(inner);
    let t = &app.theme;
    let key = app.run_key();
    let mut text: Vec<Line> = Vec::new();
    let label = |s: &str| Span::styled(s.to_string(), t.fg("ui.muted"));
    let value = |s: String| Span::styled(s, t.fg("ui.text").add_modifier(Modifier::BOLD));
    if let Some(r) = app.current_run() {
        let correct = match r.correct {
            Some(true) => Span::styled(
                "correct ✓",
                t.fg("ui.status.ok").add_modifier(Modifier::BOLD),
            ),
            Some(false) => Span::styled(
                "WRONG ✗",
                t.fg("ui.status.error").add_modifier(Modifier::BOLD),
            ),
            None => label("unchecked"),
        };
        text.push(Line::from(vec![
            label("time "),
            value(format!("{:.4} ms", r.time_ms)),
            label("  GFLOP/s "),
            value(format!("{:.1}", r.gflops)),
            label("  cuBLAS "),
            value(
                r.pct_of_cublas
                    .map(|p| format!("{p:.1}%"))
                    .unwrap_or_else(|| "n/a".into()),
            ),
        ]));
        text.push(Line::from(vec![
            correct,
            label(
                &r.max_rel_err
                    .map(|e| format!(" (max rel err {e:.1e})"))
                    .unwrap_or_default(),
            ),
            label("  regs "),
            value(r.registers.to_string()),
            label("  smem "),
            value(format!(
                "{} B",
                r.static_shared_bytes + r.dynamic_shared_bytes
            )),
        ]));
        text.push(Line::from(label(&r.device)));
    } else if let Some((_, start)) = app.runner.busy.as_ref().filter(|(k, _)| *k == key) {
        text.push(Line::from(Span::styled(
            format!(
                "{} running on the GPU… {:.1} s",
                spinner(start.elapsed().as_millis()),
                start.elapsed().as_secs_f64()
            ),
            t.fg("ui.status.ok"),
        )));
    } else if let Some((_, why)) = app.run_failure.as_ref().filter(|(k, _)| *k == key) {
        text.push(Line::from(Span::styled(
            format!("run failed: {why}"),
            t.fg("ui.status.error"),
        )));
    } else {
        text.push(Line::from(label(&format!(
            "not measured: press {} to run on the GPU",
            app.keymap.hint(crate::tui::keymap::Action::Run)
        ))));
    }
    f.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .style(t.base()),
        parts[0],
    );

    let times = app.times();
    let measured = times.iter().filter(|x| x.is_some()).count();
    let data: Vec<Option<u64>> = times
        .iter()
        .map(|x| x.map(|ms| (ms * 1000.0).max(1.0) as u64))
        .collect();
    let caption = if measured == 0 {
        "time after each step: nothing measured yet".to_string()
    } else {
        let best = times.iter().flatten().fold(f64::INFINITY, |a, b| a.min(*b));
        format!("time after each step (best {best:.4} ms)")
    };
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Length(1), Constraint::Min(1)])
        .split(parts[1]);
    f.render_widget(
        Paragraph::new(Line::from(label(&caption))).style(t.base()),
        rows[0],
    );
    if measured > 0 {
        let spark = Sparkline::default().data(data).style(t.fg("spark.bar"));
        f.render_widget(spark, rows[1]);
    }
}
