//! Keys, the action table, and the keymap (defaults in code, overrides from a
//! config file by action name).
//!
//! Keys are our own plain data (not crossterm's) so that the model and the tests
//! never depend on a terminal; `term.rs` converts. The action table is the one
//! source for the keymap, the config file's names and the help screen.
//!
//! The config file is `$XDG_CONFIG_HOME/tirtui/keys.toml` (else
//! `~/.config/tirtui/keys.toml`): under `[keys]`, an action name from
//! `ACTIONS` (the help screen lists them) maps to one key or a list, which
//! replace that action's default keys. Keys are written `q`, `G`, `ctrl-r`,
//! `alt-x`, `shift-tab`, `enter`, `esc`, `tab`, `up`, `pagedown`, `f1`, `space`.
//!
//! ```toml
//! [keys]
//! undo = "z"
//! redo = ["ctrl-y", "U"]
//! run = "F5"
//! ```
//!
//! Unknown actions or keys are reported in the status line; they never stop
//! the explorer. Popups and prompts use fixed keys (Esc, Enter, Tab, j/k).

use crate::session::toml::{self, TomlValue};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyCode {
    Char(char),
    Enter,
    Esc,
    Tab,
    BackTab,
    Backspace,
    Delete,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    F(u8),
}

/// One key press. `Char` keys carry their case in the char, never `shift`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
    pub alt: bool,
}

impl Key {
    pub const fn plain(code: KeyCode) -> Key {
        Key {
            code,
            ctrl: false,
            alt: false,
        }
    }

    pub const fn ch(c: char) -> Key {
        Key::plain(KeyCode::Char(c))
    }

    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
            alt: false,
        }
    }

    /// Parses `q`, `G`, `ctrl-r`, `alt-x`, `enter`, `esc`, `tab`, `shift-tab`,
    /// `up`, `pagedown`, `f1`, `space`, `colon`.
    pub fn parse(text: &str) -> Option<Key> {
        let mut ctrl = false;
        let mut alt = false;
        let mut shift = false;
        let mut rest = text.trim();
        loop {
            let lower = rest.to_ascii_lowercase();
            let Some((m, tail)) = ["ctrl-", "c-", "alt-", "a-", "m-", "shift-", "s-"]
                .iter()
                .find(|m| lower.starts_with(**m) && rest.len() > m.len())
                .map(|m| (*m, &rest[m.len()..]))
            else {
                break;
            };
            match m {
                "ctrl-" | "c-" => ctrl = true,
                "alt-" | "a-" | "m-" => alt = true,
                _ => shift = true,
            }
            rest = tail;
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(if shift { c.to_ascii_uppercase() } else { c }),
            _ => match rest.to_ascii_lowercase().as_str() {
                "enter" | "ret" | "return" | "cr" => KeyCode::Enter,
                "esc" | "escape" => KeyCode::Esc,
                "tab" if shift => KeyCode::BackTab,
                "tab" => KeyCode::Tab,
                "backtab" => KeyCode::BackTab,
                "backspace" | "bs" => KeyCode::Backspace,
                "delete" | "del" => KeyCode::Delete,
                "up" => KeyCode::Up,
                "down" => KeyCode::Down,
                "left" => KeyCode::Left,
                "right" => KeyCode::Right,
                "home" => KeyCode::Home,
                "end" => KeyCode::End,
                "pageup" | "pgup" => KeyCode::PageUp,
                "pagedown" | "pgdn" => KeyCode::PageDown,
                "space" => KeyCode::Char(' '),
                "colon" => KeyCode::Char(':'),
                "lt" => KeyCode::Char('<'),
                "gt" => KeyCode::Char('>'),
                f if f.starts_with('f') => {
                    KeyCode::F(f[1..].parse().ok().filter(|n| (1..=12).contains(n))?)
                }
                _ => return None,
            },
        };
        Some(Key { code, ctrl, alt })
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl-")?;
        }
        if self.alt {
            f.write_str("Alt-")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::Enter => f.write_str("Enter"),
            KeyCode::Esc => f.write_str("Esc"),
            KeyCode::Tab => f.write_str("Tab"),
            KeyCode::BackTab => f.write_str("Shift-Tab"),
            KeyCode::Backspace => f.write_str("Backspace"),
            KeyCode::Delete => f.write_str("Delete"),
            KeyCode::Up => f.write_str("↑"),
            KeyCode::Down => f.write_str("↓"),
            KeyCode::Left => f.write_str("←"),
            KeyCode::Right => f.write_str("→"),
            KeyCode::Home => f.write_str("Home"),
            KeyCode::End => f.write_str("End"),
            KeyCode::PageUp => f.write_str("PgUp"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::F(n) => write!(f, "F{n}"),
        }
    }
}

/// Parses a helix-style key string: plain characters, plus `<ret>`, `<esc>`,
/// `<tab>`, `<C-r>`, `<lt>` ... in angle brackets. For tests and scripts.
pub fn parse_key_string(s: &str) -> Result<Vec<Key>, String> {
    let mut keys = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '<' {
            keys.push(Key::ch(c));
            continue;
        }
        let mut name = String::new();
        let mut closed = false;
        for c in chars.by_ref() {
            if c == '>' {
                closed = true;
                break;
            }
            name.push(c);
        }
        if !closed {
            return Err(format!("unclosed `<{name}` in key string"));
        }
        keys.push(Key::parse(&name).ok_or_else(|| format!("unknown key `<{name}>`"))?);
    }
    Ok(keys)
}

/// Everything a key can do in normal mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Quit,
    Help,
    Command,
    Close,
    NextPane,
    PrevPane,
    Down,
    Up,
    Left,
    Right,
    Top,
    Bottom,
    PageDown,
    PageUp,
    NextTarget,
    PrevTarget,
    Select,
    Palette,
    Undo,
    Redo,
    Save,
    Run,
    Tune,
    Diff,
    Search,
    Zoom,
    Remove,
    ScrollLeft,
    ScrollRight,
    Schedule,
    ScheduleBlock,
    EditDecision,
}

/// One row of the action table: name (config files), help text, default keys.
pub struct ActionInfo {
    pub action: Action,
    pub name: &'static str,
    pub doc: &'static str,
    pub keys: &'static [&'static str],
}

pub const ACTIONS: &[ActionInfo] = &[
    info(Action::Command, "command", "command line: TVM Python (`sch.split(i, factors=[None, 16])`) or :w :q :diff", &[":"]),
    info(Action::Select, "select", "TIR: open the palette for the block/loop under the cursor; palette: apply; trace: diff that step", &["enter"]),
    info(Action::Palette, "palette", "focus the palette of primitives", &["p"]),
    info(Action::Undo, "undo", "undo the last step (replays all steps but the last)", &["u"]),
    info(Action::Redo, "redo", "redo the last undone step", &["ctrl-r"]),
    info(Action::Save, "save", "save the session (asks for a path the first time)", &["ctrl-s"]),
    info(Action::Run, "run", "compile and time the kernel on the GPU (in the background)", &["r"]),
    info(Action::Schedule, "schedule", "append the default schedule (:schedule N: sketch N of the space; :schedule list)", &["S"]),
    info(Action::ScheduleBlock, "schedule_block", "the default's steps for the cursor's block only (:schedule N block)", &["b"]),
    info(Action::EditDecision, "edit_decision", "trace: edit a sample_* step's decision (:decision N VALUE)", &["e"]),
    info(Action::Tune, "tune", "tune the sampled decisions on the GPU (:tune N, :tune stop, :tune load)", &["T"]),
    info(Action::Diff, "diff", "toggle the diff of the TIR before/after the last step", &["d"]),
    info(Action::Search, "search", "search the focused text pane (TIR, CUDA; in help too); n/N: next/previous match", &["/"]),
    info(Action::Zoom, "zoom", "show the focused pane alone on the whole screen (again: back to all panes)", &["z"]),
    info(Action::Remove, "remove", "trace: remove a step that failed (or is pending) from the session", &["x", "delete"]),
    info(Action::NextPane, "next_pane", "focus the next pane (a hidden pane is shown in the TIR's place)", &["tab"]),
    info(Action::PrevPane, "prev_pane", "focus the previous pane", &["shift-tab"]),
    info(Action::Down, "down", "move down", &["j", "down"]),
    info(Action::Up, "up", "move up", &["k", "up"]),
    info(Action::Left, "left", "TIR: previous loop on the line (the pane scrolls to it); CUDA: scroll left", &["h", "left"]),
    info(Action::Right, "right", "TIR: next loop on the line; CUDA: scroll right", &["l", "right"]),
    info(Action::ScrollLeft, "pan_left", "TIR, CUDA: scroll 8 columns left", &["H"]),
    info(Action::ScrollRight, "pan_right", "TIR, CUDA: scroll 8 columns right (long lines)", &["L"]),
    info(Action::NextTarget, "next_target", "TIR: jump to the next block or loop (after a search: the next match)", &["n", "}"]),
    info(Action::PrevTarget, "prev_target", "TIR: jump to the previous block or loop (after a search: the previous match)", &["N", "{"]),
    info(Action::Top, "top", "go to the top", &["g", "home"]),
    info(Action::Bottom, "bottom", "go to the bottom", &["G", "end"]),
    info(Action::PageDown, "page_down", "half a page down", &["ctrl-d", "pagedown"]),
    info(Action::PageUp, "page_up", "half a page up", &["ctrl-u", "pageup"]),
    info(Action::Help, "help", "this help", &["?", "f1"]),
    info(Action::Close, "close", "close the popup, diff or prompt", &["esc"]),
    info(Action::Quit, "quit", "quit (asks when there are unsaved steps)", &["q", "ctrl-c"]),
];

const fn info(
    action: Action,
    name: &'static str,
    doc: &'static str,
    keys: &'static [&'static str],
) -> ActionInfo {
    ActionInfo {
        action,
        name,
        doc,
        keys,
    }
}

impl Action {
    pub fn info(self) -> &'static ActionInfo {
        // Every action has a row; the fallback only keeps this total.
        ACTIONS
            .iter()
            .find(|i| i.action == self)
            .unwrap_or(&ACTIONS[0])
    }

    pub fn from_name(name: &str) -> Option<Action> {
        ACTIONS.iter().find(|i| i.name == name).map(|i| i.action)
    }
}

/// Normal-mode key bindings.
#[derive(Clone, Debug)]
pub struct Keymap {
    map: HashMap<Key, Action>,
}

impl Default for Keymap {
    fn default() -> Self {
        let mut map = HashMap::new();
        for row in ACTIONS {
            for k in row.keys {
                if let Some(key) = Key::parse(k) {
                    map.insert(key, row.action);
                }
            }
        }
        Keymap { map }
    }
}

impl Keymap {
    pub fn get(&self, key: &Key) -> Option<Action> {
        self.map.get(key).copied()
    }

    /// The keys bound to an action, in a stable order (for help and hints).
    pub fn keys_for(&self, action: Action) -> Vec<Key> {
        let mut keys: Vec<Key> = self
            .map
            .iter()
            .filter(|(_, a)| **a == action)
            .map(|(k, _)| *k)
            .collect();
        keys.sort_by_key(|k| {
            (
                k.ctrl,
                k.alt,
                !matches!(k.code, KeyCode::Char(_)),
                k.to_string(),
            )
        });
        keys
    }

    /// The first key of an action, as text (for the status bar's hints).
    pub fn hint(&self, action: Action) -> String {
        self.keys_for(action)
            .first()
            .map(Key::to_string)
            .unwrap_or_else(|| "(unbound)".into())
    }

    /// Applies `action = "key"` / `action = ["k1", "k2"]` lines: the given keys
    /// replace the action's defaults. Returns one message per problem.
    pub fn apply_config(&mut self, text: &str) -> Vec<String> {
        let mut problems = Vec::new();
        let entries = match toml::parse(text) {
            Ok(e) => e,
            Err(e) => return vec![e],
        };
        for entry in entries {
            // The GPU target shares the config file (see `session::gpu`).
            if entry.key == "gpu" {
                continue;
            }
            let name = entry.key.strip_prefix("keys.").unwrap_or(&entry.key);
            let Some(action) = Action::from_name(name) else {
                problems.push(format!("line {}: unknown action `{name}`", entry.line));
                continue;
            };
            let texts = match &entry.value {
                TomlValue::Str(s) => vec![s.clone()],
                TomlValue::List(v) => v.clone(),
            };
            let mut keys = Vec::new();
            for t in texts {
                match Key::parse(&t) {
                    Some(k) => keys.push(k),
                    None => problems.push(format!("line {}: unknown key `{t}`", entry.line)),
                }
            }
            self.map.retain(|_, a| *a != action);
            for k in keys {
                self.map.insert(k, action);
            }
        }
        problems
    }
}

pub use crate::session::config_path;

/// The default keymap patched by the config file, if there is one; problems are
/// reported, never fatal.
pub fn load_keymap(path: Option<&Path>) -> (Keymap, Vec<String>) {
    let mut keymap = Keymap::default();
    let Some(path) = path else {
        return (keymap, Vec::new());
    };
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let problems = keymap
                .apply_config(&text)
                .into_iter()
                .map(|p| format!("{}: {p}", path.display()))
                .collect();
            (keymap, problems)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (keymap, Vec::new()),
        Err(e) => (keymap, vec![format!("cannot read {}: {e}", path.display())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_keys() {
        assert_eq!(Key::parse("ctrl-r"), Some(Key::ctrl('r')));
        assert_eq!(Key::parse("G"), Some(Key::ch('G')));
        assert_eq!(Key::parse("shift-tab"), Some(Key::plain(KeyCode::BackTab)));
        assert_eq!(Key::parse("f1"), Some(Key::plain(KeyCode::F(1))));
        assert_eq!(Key::parse("bogus"), None);
        let keys = parse_key_string(":w<ret><C-r><lt>").unwrap();
        assert_eq!(
            keys,
            vec![
                Key::ch(':'),
                Key::ch('w'),
                Key::plain(KeyCode::Enter),
                Key::ctrl('r'),
                Key::ch('<')
            ]
        );
        assert!(parse_key_string("<nope>").is_err());
    }

    #[test]
    fn config_rebinds_by_name() {
        let mut km = Keymap::default();
        let problems =
            km.apply_config("[keys]\nundo = \"z\"\nredo = [\"ctrl-y\", \"U\"]\nfly = \"x\"\n");
        assert_eq!(km.get(&Key::ch('z')), Some(Action::Undo));
        assert_eq!(km.get(&Key::ch('u')), None);
        assert_eq!(km.get(&Key::ctrl('y')), Some(Action::Redo));
        assert_eq!(km.get(&Key::ch('U')), Some(Action::Redo));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("fly"));
    }

    #[test]
    fn every_action_has_a_default_key() {
        let km = Keymap::default();
        for row in ACTIONS {
            assert!(!km.keys_for(row.action).is_empty(), "{}", row.name);
        }
    }
}
