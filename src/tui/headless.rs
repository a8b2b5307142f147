//! The app on ratatui's `TestBackend`: feed key strings, read the screen as
//! text. Used by the rendering tests and the keystroke-to-frame measurement.

use super::app::{App, Event};
use super::journal::Journal;
use super::keymap::{parse_key_string, Key, Keymap};
use super::theme::Theme;
use super::view;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::Path;
use std::time::{Duration, Instant};

pub struct Headless {
    pub app: App,
    terminal: Terminal<TestBackend>,
    /// How long a frame waits for lowering and dry runs before it is drawn
    /// without them (a user sees them a few frames later; tests want them
    /// in the frame that follows the key).
    pub background_wait: Duration,
}

impl Headless {
    /// Opens a file with the dark theme, the default keys and no journal, and
    /// draws once.
    pub fn open(path: &Path, width: u16, height: u16) -> Result<Headless, String> {
        Headless::open_with(path, width, height, None)
    }

    /// As `open`, journaling into the folder `journal_dir`.
    pub fn open_with(
        path: &Path,
        width: u16,
        height: u16,
        journal_dir: Option<&Path>,
    ) -> Result<Headless, String> {
        let theme = Theme::load("dark").map_err(|e| e.to_string())?;
        let journal = journal_dir.map(|d| Journal::in_dir(d, path));
        let app = App::open(path, theme, Keymap::default(), journal)?;
        let terminal = Terminal::new(TestBackend::new(width, height)).map_err(|e| e.to_string())?;
        let mut h = Headless {
            app,
            terminal,
            background_wait: Duration::from_secs(60),
        };
        h.draw();
        Ok(h)
    }

    /// Draws a frame; when it asked for lowering or dry runs, waits for
    /// them (up to `background_wait`) and draws again.
    pub fn draw(&mut self) {
        self.draw_once();
        let start = Instant::now();
        while self.app.background_busy() && start.elapsed() < self.background_wait {
            std::thread::sleep(Duration::from_millis(1));
            self.app.poll_background();
            if !self.app.background_busy() {
                // A frame with the results may ask for more (the marks of
                // a target the CUDA frame showed).
                self.draw_once();
            }
        }
        if self.app.background_busy() {
            self.draw_once();
        }
    }

    fn draw_once(&mut self) {
        let app = &mut self.app;
        // TestBackend's draw cannot fail.
        let _ = self.terminal.draw(|f| view::draw(app, f));
    }

    /// One event, then a frame, as the terminal loop does.
    pub fn event(&mut self, ev: Event) {
        self.app.handle(ev);
        self.draw();
    }

    pub fn key(&mut self, key: Key) {
        self.event(Event::Key(key));
    }

    /// Helix-style key string: `:sch.split(i, factors=[None, 16])<ret>`.
    pub fn keys(&mut self, keys: &str) -> Result<(), String> {
        for k in parse_key_string(keys)? {
            self.key(k);
        }
        Ok(())
    }

    pub fn resize(&mut self, width: u16, height: u16) {
        self.terminal.backend_mut().resize(width, height);
        let _ = self
            .terminal
            .resize(ratatui::layout::Rect::new(0, 0, width, height));
        self.event(Event::Resize(width, height));
    }

    /// Waits for background highlighting, then draws (what a user sees a few
    /// frames later). False when it took longer than `limit`.
    pub fn settle(&mut self, limit: Duration) -> bool {
        let start = Instant::now();
        while self.app.hl.busy() {
            if start.elapsed() > limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
            self.app.hl.poll();
        }
        self.draw();
        true
    }

    /// Waits until the background run (if any) reports, up to `limit`.
    pub fn wait_jobs(&mut self, limit: Duration) -> bool {
        let start = Instant::now();
        while self.app.runner.busy.is_some() {
            if start.elapsed() > limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
            self.event(Event::Tick);
        }
        true
    }

    /// The screen as text, one line per row, trailing spaces trimmed.
    pub fn screen(&self) -> String {
        let buf = self.terminal.backend().buffer();
        let mut out = String::new();
        for y in 0..buf.area.height {
            let mut line = String::new();
            for x in 0..buf.area.width {
                if let Some(c) = buf.cell((x, y)) {
                    line.push_str(c.symbol());
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
