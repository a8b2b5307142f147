//! The terminal: the only place that talks to crossterm. Raw mode, alternate
//! screen and mouse capture on the way in; all of it undone on the way out,
//! on error, from a panic hook, and on SIGTERM, SIGINT, SIGHUP and SIGQUIT,
//! so the shell is never left broken.
//!
//! A signal ends the event loop as `q!` would (the journal, written after
//! every change, keeps the unsaved steps; the lock is dropped). Should the UI
//! thread be busy past `SIGNAL_GRACE` (a long paste being applied), the
//! signal thread restores the terminal itself and exits: the journal is
//! written atomically, so it holds the last acknowledged change.

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
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How the explorer ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The user quit.
    Quit,
    /// A signal (its number) ended it.
    Signal(i32),
}

/// How long the UI thread has to notice a signal before the signal thread
/// restores the terminal and exits on its own.
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// The longest the event loop waits for input before looking at signals.
const MAX_IDLE: Duration = Duration::from_millis(200);

/// Runs the app until it quits or a signal ends it. Errors are terminal IO
/// errors.
pub fn run(app: &mut App) -> Result<Ended, String> {
    install_panic_hook();
    let signals = SignalWatch::start();
    enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let res = event_loop(app, &signals.caught);
    leave();
    signals.stop();
    res
}

/// The signals that end the explorer, watched by a thread.
struct SignalWatch {
    /// The signal caught (0: none).
    caught: Arc<AtomicI32>,
    /// Set once the terminal is restored by the UI thread.
    done: Arc<AtomicBool>,
    handle: Option<signal_hook::iterator::Handle>,
}

impl SignalWatch {
    fn start() -> SignalWatch {
        let caught = Arc::new(AtomicI32::new(0));
        let done = Arc::new(AtomicBool::new(false));
        // Without the signal thread the default actions stay: the explorer
        // still dies on them, only without restoring the terminal.
        let handle = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT])
            .ok()
            .and_then(|mut signals| {
                let handle = signals.handle();
                let (caught, done) = (Arc::clone(&caught), Arc::clone(&done));
                std::thread::Builder::new()
                    .name("tirtui-signals".into())
                    .spawn(move || {
                        if let Some(sig) = signals.forever().next() {
                            caught.store(sig, Ordering::SeqCst);
                            let start = std::time::Instant::now();
                            while start.elapsed() < SIGNAL_GRACE {
                                if done.load(Ordering::SeqCst) {
                                    return;
                                }
                                std::thread::sleep(Duration::from_millis(10));
                            }
                            // The UI thread is stuck: restore and go.
                            leave();
                            eprintln!("tirtui: {}: terminal restored; the journal keeps the last applied step", signal_name(sig));
                            std::process::exit(128 + sig);
                        }
                    })
                    .ok()
                    .map(|_| handle)
            });
        SignalWatch {
            caught,
            done,
            handle,
        }
    }

    fn stop(self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle {
            h.close();
        }
    }
}

pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        SIGTERM => "SIGTERM",
        SIGINT => "SIGINT",
        SIGHUP => "SIGHUP",
        SIGQUIT => "SIGQUIT",
        _ => "a signal",
    }
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
        // A lowering or dry-run thread's panic is caught there and shown as
        // an error in its pane: the explorer goes on, so the terminal stays
        // set up and nothing is printed over the screen.
        let background = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(super::background::THREAD_PREFIX));
        if background {
            return;
        }
        leave();
        previous(info);
    }));
}

fn event_loop(app: &mut App, signal: &AtomicI32) -> Result<Ended, String> {
    let io = |e: std::io::Error| format!("terminal: {e}");
    let mut terminal = Terminal::new(CrosstermBackend::new(std::io::stdout())).map_err(io)?;
    let mut frames = FrameLog::from_env(app);
    loop {
        terminal.draw(|f| view::draw(app, f)).map_err(io)?;
        frames.drawn();
        if app.quit {
            return Ok(Ended::Quit);
        }
        let sig = signal.load(Ordering::SeqCst);
        if sig != 0 {
            return Ok(Ended::Signal(sig));
        }
        // A spinner needs frames; otherwise wake up now and then for results.
        // Highlighting results are picked up quickly.
        let timeout = if app.hl.busy() {
            Duration::from_millis(10)
        } else if app.background_busy() {
            // Lowering or dry runs: show their results (or the deadline) soon.
            Duration::from_millis(50)
        } else if app.runner.busy.is_some() {
            Duration::from_millis(100)
        } else {
            MAX_IDLE
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
            if app.quit
                || signal.load(Ordering::SeqCst) != 0
                || !event::poll(Duration::ZERO).map_err(io)?
            {
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
    /// The log `TIRTUI_FRAME_LOG` names; when it cannot be opened the
    /// explorer runs without one and its status bar says why.
    fn from_env(app: &mut App) -> FrameLog {
        let file = std::env::var_os("TIRTUI_FRAME_LOG").and_then(|p| {
            open_frame_log(std::path::Path::new(&p))
                .map_err(|e| app.error(format!("TIRTUI_FRAME_LOG: {e}; no frame log is kept")))
                .ok()
        });
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

/// Opens (creates or empties) the frame log at `path` under the write rules
/// of `input::write` (issue 29): never through a symbolic link (a link
/// planted at the path would have its target emptied), only a regular file
/// (a FIFO would block, a device is not a log), with `O_NOFOLLOW` against a
/// link that appears after the check. Emptied only once it is known to be a
/// regular file.
pub fn open_frame_log(path: &std::path::Path) -> Result<std::fs::File, String> {
    use std::os::unix::fs::OpenOptionsExt;
    crate::input::write::check_target(path, &crate::input::write::WriteRules::STRICT)
        .map_err(|e| e.to_string())?;
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let regular = file.metadata().is_ok_and(|m| m.is_file());
    if !regular {
        return Err(format!(
            "{} is not a regular file; tirtui writes only regular files",
            path.display()
        ));
    }
    file.set_len(0)
        .map_err(|e| format!("cannot empty {}: {e}", path.display()))?;
    Ok(file)
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
