//! The terminal: the only place that talks to crossterm. Raw mode, alternate
//! screen and mouse capture on the way in; all of it undone on the way out,
//! on error, and from a panic hook, so the shell is never left broken.

use super::app::{App, Event};
use super::keymap::{Key, KeyCode};
use super::view;
use crossterm::event::{
    self, Event as CtEvent, KeyCode as CtKey, KeyEventKind, KeyModifiers, MouseButton,
    MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::time::Duration;

/// Runs the app until it quits. Errors are terminal IO errors.
pub fn run(app: &mut App) -> Result<(), String> {
    install_panic_hook();
    enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let res = event_loop(app);
    leave();
    res
}

fn enter() -> std::io::Result<()> {
    enable_raw_mode()?;
    execute!(
        std::io::stdout(),
        EnterAlternateScreen,
        event::EnableMouseCapture,
        // A paste arrives as one text event, never as keys.
        event::EnableBracketedPaste
    )
}

/// Undoes `enter`; each part on its own so one failure does not skip the rest.
fn leave() {
    let _ = execute!(std::io::stdout(), event::DisableBracketedPaste);
    let _ = execute!(std::io::stdout(), event::DisableMouseCapture);
    let _ = execute!(
        std::io::stdout(),
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = disable_raw_mode();
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
}

fn event_loop(app: &mut App) -> Result<(), String> {
    let io = |e: std::io::Error| format!("terminal: {e}");
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout())).map_err(io)?;
    let mut frames = FrameLog::from_env();
    loop {
        terminal.draw(|f| view::draw(app, f)).map_err(io)?;
        frames.drawn();
        if app.quit {
            return Ok(());
        }
        // A spinner needs frames; otherwise wake up now and then for results.
        // Highlighting results are picked up quickly.
        let timeout = if app.hl.busy() {
            Duration::from_millis(10)
        } else if app.runner.busy.is_some() {
            Duration::from_millis(100)
        } else {
            Duration::from_millis(1000)
        };
        if !event::poll(timeout).map_err(io)? {
            app.handle(Event::Tick);
            continue;
        }
        // Take every pending event before the next frame (key repeat, pastes).
        for _ in 0..64 {
            let ev = event::read().map_err(io)?;
            frames.read(&ev);
            if let Some(ev) = convert(ev) {
                app.handle(ev);
            }
            if app.quit || !event::poll(Duration::ZERO).map_err(io)? {
                break;
            }
        }
    }
}

/// `TIRTUI_FRAME_LOG=FILE`: for each key, the milliseconds from reading it to
/// the end of the frame that shows its result (written to the terminal), one
/// line per key. What `bench/explorer_latency.py` reports as the binary's own
/// latency, without tmux's share.
struct FrameLog {
    file: Option<std::fs::File>,
    since: Option<std::time::Instant>,
}

impl FrameLog {
    fn from_env() -> FrameLog {
        let file = std::env::var_os("TIRTUI_FRAME_LOG").and_then(|p| std::fs::File::create(p).ok());
        FrameLog { file, since: None }
    }

    fn read(&mut self, ev: &CtEvent) {
        if self.file.is_some() && self.since.is_none() && matches!(ev, CtEvent::Key(_)) {
            self.since = Some(std::time::Instant::now());
        }
    }

    fn drawn(&mut self) {
        if let (Some(file), Some(t)) = (self.file.as_mut(), self.since.take()) {
            use std::io::Write;
            // A log that cannot be written is not worth stopping the explorer for.
            let _ = writeln!(file, "{:.3}", t.elapsed().as_secs_f64() * 1e3);
        }
    }
}

fn convert(ev: CtEvent) -> Option<Event> {
    match ev {
        CtEvent::Key(k) if k.kind != KeyEventKind::Release => {
            let code = match k.code {
                CtKey::Char(c) => KeyCode::Char(c),
                CtKey::Enter => KeyCode::Enter,
                CtKey::Esc => KeyCode::Esc,
                CtKey::Tab if k.modifiers.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
                CtKey::Tab => KeyCode::Tab,
                CtKey::BackTab => KeyCode::BackTab,
                CtKey::Backspace => KeyCode::Backspace,
                CtKey::Delete => KeyCode::Delete,
                CtKey::Up => KeyCode::Up,
                CtKey::Down => KeyCode::Down,
                CtKey::Left => KeyCode::Left,
                CtKey::Right => KeyCode::Right,
                CtKey::Home => KeyCode::Home,
                CtKey::End => KeyCode::End,
                CtKey::PageUp => KeyCode::PageUp,
                CtKey::PageDown => KeyCode::PageDown,
                CtKey::F(n) => KeyCode::F(n),
                _ => return None,
            };
            Some(Event::Key(Key {
                code,
                ctrl: k.modifiers.contains(KeyModifiers::CONTROL),
                alt: k.modifiers.contains(KeyModifiers::ALT),
            }))
        }
        CtEvent::Mouse(m) => match m.kind {
            MouseEventKind::ScrollUp => Some(Event::Scroll {
                up: true,
                col: m.column,
                row: m.row,
            }),
            MouseEventKind::ScrollDown => Some(Event::Scroll {
                up: false,
                col: m.column,
                row: m.row,
            }),
            MouseEventKind::Down(MouseButton::Left) => Some(Event::Click {
                col: m.column,
                row: m.row,
            }),
            _ => None,
        },
        CtEvent::Resize(w, h) => Some(Event::Resize(w, h)),
        CtEvent::Paste(text) => Some(Event::Paste(text)),
        _ => None,
    }
}
