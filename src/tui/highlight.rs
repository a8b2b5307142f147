//! Syntax highlighting of TVMScript and CUDA: `tokens` classes each piece of a
//! line, the theme's `.tmTheme` scope rules give each class its style.
//!
//! syntect's regex grammars took 15-90 ms per program (more than a frame); the
//! texts are our own printer's and emitter's, so a small tokenizer is exact for
//! them and takes well under a millisecond. syntect stays for the theme only
//! (reading `.tmTheme` files and matching their scope rules). A text of up to
//! `INLINE_LIMIT` bytes (every shipped kernel and program) is highlighted at
//! once, in the frame that shows it: waiting for a worker's result cost a
//! second frame and up to a poll interval. A longer text goes to a thread,
//! once per text (cached by language and text hash); until its result is back
//! the frame shows it line by line from lines highlighted before, plain where
//! a line is new. Knows nothing of panes or the app.

use super::tokens::{self, Carry, Class};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use syntect::highlighting::{FontStyle, Theme};
use syntect::parsing::Scope;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    Python,
    Cpp,
}

/// Highlighted lines: one vector of spans per text line.
pub type Lines = Rc<Vec<Vec<Span<'static>>>>;

type Job = (Lang, u64, String);
/// A finished job; None when it was skipped for a newer one.
type Done = (Lang, u64, Option<Vec<Vec<Span<'static>>>>);

/// Hash of a text, for cache keys.
pub fn text_hash(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// A cache of highlighted texts for one syntax theme.
pub struct Highlighter {
    theme: Arc<Theme>,
    cache: HashMap<(Lang, u64), Lines>,
    /// Spans of every line highlighted so far, by line text (the stand-in
    /// while a text is being highlighted).
    seen: HashMap<(Lang, String), Vec<Span<'static>>>,
    pending: HashSet<(Lang, u64)>,
    worker: Option<(Sender<Job>, Receiver<Done>)>,
    /// Texts up to this many bytes are highlighted in the caller's thread.
    inline_limit: usize,
}

/// Texts up to this many bytes are highlighted in the caller's thread: about
/// 0.5 ms at this size, well inside a frame.
const INLINE_LIMIT: usize = 64 * 1024;

/// How many texts to keep; the TIR of each trace step and a CUDA or two.
const CACHE_CAP: usize = 64;
const SEEN_CAP: usize = 50_000;

impl Highlighter {
    /// A highlighter that works in the background.
    pub fn new(theme: Arc<Theme>) -> Highlighter {
        Highlighter {
            theme,
            cache: HashMap::new(),
            seen: HashMap::new(),
            pending: HashSet::new(),
            worker: None,
            inline_limit: INLINE_LIMIT,
        }
    }

    /// A highlighter that returns final results at once (slower frames).
    pub fn blocking(theme: Arc<Theme>) -> Highlighter {
        Highlighter {
            inline_limit: usize::MAX,
            ..Highlighter::new(theme)
        }
    }

    /// A highlighter that sends every text longer than `limit` bytes to its
    /// worker.
    pub fn with_inline_limit(theme: Arc<Theme>, limit: usize) -> Highlighter {
        Highlighter {
            inline_limit: limit,
            ..Highlighter::new(theme)
        }
    }

    /// Whether some text is still being highlighted.
    pub fn busy(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The highlighted lines of `text`: final when known, else a stand-in
    /// built from lines seen before while the worker highlights it.
    pub fn lines(&mut self, lang: Lang, text: &str) -> Lines {
        self.poll();
        let key = (lang, text_hash(text));
        if let Some(l) = self.cache.get(&key) {
            return l.clone();
        }
        if text.len() <= self.inline_limit || !self.submit(lang, key.1, text) {
            let lines = highlight(&self.theme, lang, text);
            return self.store(lang, key.1, lines);
        }
        Rc::new(
            text.lines()
                .map(|l| match self.seen.get(&(lang, l.to_string())) {
                    Some(spans) => spans.clone(),
                    None => vec![Span::raw(l.replace('\t', "    "))],
                })
                .collect(),
        )
    }

    /// Sends a job to the worker (started on first use); false when there is
    /// no worker.
    fn submit(&mut self, lang: Lang, hash: u64, text: &str) -> bool {
        if self.pending.contains(&(lang, hash)) {
            return true;
        }
        if self.worker.is_none() {
            let (job_tx, job_rx) = channel::<Job>();
            let (done_tx, done_rx) = channel::<Done>();
            let theme = self.theme.clone();
            let spawned = std::thread::Builder::new()
                .name("tirtui-highlight".into())
                .spawn(move || worker(&theme, job_rx, done_tx));
            if spawned.is_err() {
                return false;
            }
            self.worker = Some((job_tx, done_rx));
        }
        let sent = self
            .worker
            .as_ref()
            .is_some_and(|(tx, _)| tx.send((lang, hash, text.to_string())).is_ok());
        if sent {
            self.pending.insert((lang, hash));
        } else {
            self.worker = None;
        }
        sent
    }

    /// Takes finished results in; true when something new arrived.
    pub fn poll(&mut self) -> bool {
        let mut got = false;
        loop {
            let msg = match &self.worker {
                Some((_, rx)) => rx.try_recv(),
                None => return got,
            };
            match msg {
                Ok((lang, hash, result)) => {
                    self.pending.remove(&(lang, hash));
                    if let Some(lines) = result {
                        self.store(lang, hash, lines);
                        got = true;
                    }
                }
                Err(TryRecvError::Empty) => return got,
                Err(TryRecvError::Disconnected) => {
                    // The worker died: highlight in this thread from now on.
                    self.worker = None;
                    self.pending.clear();
                    self.inline_limit = usize::MAX;
                    return got;
                }
            }
        }
    }

    fn store(&mut self, lang: Lang, hash: u64, lines: Vec<Vec<Span<'static>>>) -> Lines {
        if self.cache.len() >= CACHE_CAP {
            self.cache.clear();
        }
        if self.seen.len() >= SEEN_CAP {
            self.seen.clear();
        }
        for spans in &lines {
            let text: String = spans.iter().map(|s| s.content.as_ref()).collect();
            self.seen.insert((lang, text), spans.clone());
        }
        let lines = Rc::new(lines);
        self.cache.insert((lang, hash), lines.clone());
        lines
    }
}

fn worker(theme: &Theme, jobs: Receiver<Job>, done: Sender<Done>) {
    while let Ok(first) = jobs.recv() {
        // Only the newest job per language matters; the rest are skipped.
        let mut batch = vec![first];
        while let Ok(more) = jobs.try_recv() {
            batch.push(more);
        }
        let mut newest: HashMap<Lang, usize> = HashMap::new();
        for (i, (lang, ..)) in batch.iter().enumerate() {
            newest.insert(*lang, i);
        }
        for (i, (lang, hash, text)) in batch.into_iter().enumerate() {
            let result = (newest.get(&lang) == Some(&i)).then(|| highlight(theme, lang, &text));
            if done.send((lang, hash, result)).is_err() {
                return;
            }
        }
    }
}

fn highlight(theme: &Theme, lang: Lang, text: &str) -> Vec<Vec<Span<'static>>> {
    let styles = class_styles(theme);
    let mut carry = Carry::Nothing;
    text.lines()
        .map(|line| {
            let (pieces, open) = tokens::line(lang, line, carry);
            carry = open;
            pieces
                .into_iter()
                .map(|(class, piece)| {
                    Span::styled(piece.replace('\t', "    "), styles[class as usize])
                })
                .collect()
        })
        .collect()
}

/// The theme's style of every token class (by `Class as usize`), from the
/// TextMate scope rules of the `.tmTheme`.
fn class_styles(theme: &Theme) -> [Style; Class::ALL.len()] {
    let hl = syntect::highlighting::Highlighter::new(theme);
    Class::ALL.map(|class| {
        let stack: Vec<Scope> = Scope::new(class.scope()).into_iter().collect();
        convert(hl.style_for_stack(&stack))
    })
}

/// syntect style -> ratatui style: foreground and font style only; the pane
/// draws its own background so that the UI theme stays in charge.
fn convert(s: syntect::highlighting::Style) -> Style {
    let mut style = Style::default().fg(Color::Rgb(s.foreground.r, s.foreground.g, s.foreground.b));
    if s.font_style.contains(FontStyle::BOLD) {
        style = style.add_modifier(Modifier::BOLD);
    }
    if s.font_style.contains(FontStyle::ITALIC) {
        style = style.add_modifier(Modifier::ITALIC);
    }
    if s.font_style.contains(FontStyle::UNDERLINE) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    style
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::Theme as UiTheme;

    #[test]
    fn highlights_and_caches() {
        let theme = UiTheme::load("dark").unwrap();
        let mut h = Highlighter::blocking(theme.syntax.clone());
        let text = "for i in range(4):\n    x = 1  # c\n";
        let a = h.lines(Lang::Python, text);
        assert_eq!(a.len(), 2);
        let joined: String = a[1].iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(joined, "    x = 1  # c");
        // More than one colour on the first line (keyword vs name).
        let colours: std::collections::HashSet<_> = a[0].iter().map(|s| s.style.fg).collect();
        assert!(colours.len() > 1);
        let b = h.lines(Lang::Python, text);
        assert!(Rc::ptr_eq(&a, &b), "second call must come from the cache");
        let c = h.lines(Lang::Cpp, "__global__ void k(float* a) { a[0] = 1.0f; }\n");
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn short_texts_are_final_in_the_first_frame() {
        let theme = UiTheme::load("dark").unwrap();
        let mut h = Highlighter::new(theme.syntax.clone());
        let text = "for i in range(4):\n    x = 1\n";
        let lines = h.lines(Lang::Python, text);
        assert!(lines[0].len() > 1, "highlighted at once");
        assert!(!h.busy(), "nothing left for the worker");
        let long = "x = 1\n".repeat(INLINE_LIMIT / 6 + 1);
        let stand_in = h.lines(Lang::Python, &long);
        assert_eq!(stand_in[0].len(), 1, "a long text waits for the worker");
        assert!(h.busy());
    }

    #[test]
    fn background_results_arrive_and_stand_ins_reuse_lines() {
        let theme = UiTheme::load("dark").unwrap();
        let mut h = Highlighter::with_inline_limit(theme.syntax.clone(), 0);
        let first = "for i in range(4):\n    x = 1\n";
        let plain = h.lines(Lang::Python, first);
        assert_eq!(plain[0].len(), 1, "a stand-in before the result arrives");
        assert!(h.busy());
        let start = std::time::Instant::now();
        while h.busy() && start.elapsed() < std::time::Duration::from_secs(20) {
            std::thread::sleep(std::time::Duration::from_millis(5));
            h.poll();
        }
        let done = h.lines(Lang::Python, first);
        assert!(done[0].len() > 1, "highlighted once the worker is done");
        // A new text that shares a line: that line is coloured at once.
        let second = "for i in range(4):\n    y = 2\n";
        let stand_in = h.lines(Lang::Python, second);
        assert_eq!(stand_in[0], done[0]);
        assert_eq!(stand_in[1].len(), 1);
    }
}
