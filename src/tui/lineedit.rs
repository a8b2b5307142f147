//! A one-line text editor (command line, prompts) and the `:` line's state.

use super::keymap::{Key, KeyCode};

/// A one-line editor; `cursor` counts characters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineEdit {
    pub text: String,
    pub cursor: usize,
}

impl LineEdit {
    pub fn new(text: &str) -> LineEdit {
        LineEdit {
            text: text.to_string(),
            cursor: text.chars().count(),
        }
    }

    pub fn set(&mut self, text: &str) {
        *self = LineEdit::new(text);
    }

    fn byte(&self, char_idx: usize) -> usize {
        self.text
            .char_indices()
            .nth(char_idx)
            .map(|(b, _)| b)
            .unwrap_or(self.text.len())
    }

    /// Inserts `text` at the cursor in one go (a paste): linear in the
    /// line's length, where a key per character was quadratic.
    pub fn insert_str(&mut self, text: &str) {
        let b = self.byte(self.cursor);
        self.text.insert_str(b, text);
        self.cursor += text.chars().count();
    }

    /// The text before the cursor.
    pub fn head(&self) -> &str {
        &self.text[..self.byte(self.cursor)]
    }

    /// Editing keys; false when the key is not an editing key.
    pub fn key(&mut self, k: Key) -> bool {
        let n = self.text.chars().count();
        match (k.code, k.ctrl) {
            (KeyCode::Char('a'), true) | (KeyCode::Home, _) => self.cursor = 0,
            (KeyCode::Char('e'), true) | (KeyCode::End, _) => self.cursor = n,
            (KeyCode::Char('u'), true) => {
                let b = self.byte(self.cursor);
                self.text.replace_range(..b, "");
                self.cursor = 0;
            }
            (KeyCode::Char('w'), true) => {
                let head: Vec<char> = self.head().chars().collect();
                let mut i = head.len();
                while i > 0 && head[i - 1] == ' ' {
                    i -= 1;
                }
                while i > 0 && (head[i - 1].is_alphanumeric() || head[i - 1] == '_') {
                    i -= 1;
                }
                if i == head.len() && i > 0 {
                    i -= 1;
                }
                let (a, b) = (self.byte(i), self.byte(self.cursor));
                self.text.replace_range(a..b, "");
                self.cursor = i;
            }
            (KeyCode::Char(c), false) if !k.alt => {
                let b = self.byte(self.cursor);
                self.text.insert(b, c);
                self.cursor += 1;
            }
            (KeyCode::Backspace, _) if self.cursor > 0 => {
                let (a, b) = (self.byte(self.cursor - 1), self.byte(self.cursor));
                self.text.replace_range(a..b, "");
                self.cursor -= 1;
            }
            (KeyCode::Backspace, _) => {}
            (KeyCode::Delete, _) if self.cursor < n => {
                let (a, b) = (self.byte(self.cursor), self.byte(self.cursor + 1));
                self.text.replace_range(a..b, "");
            }
            (KeyCode::Delete, _) => {}
            (KeyCode::Left, _) => self.cursor = self.cursor.saturating_sub(1),
            (KeyCode::Right, _) => self.cursor = (self.cursor + 1).min(n),
            _ => return false,
        }
        true
    }
}

/// The `:` line: text, completion cycling, history position.
#[derive(Clone, Debug, Default)]
pub struct CommandLine {
    pub edit: LineEdit,
    /// Word start (chars), candidates, and which one is shown.
    pub completion: Option<(usize, Vec<String>, usize)>,
    pub history_pos: Option<usize>,
}

/// Replaces the word that starts at char `start` (up to the cursor) by `item`.
pub fn replace_word(edit: &mut LineEdit, start: usize, item: &str) {
    let head: String = edit.head().chars().take(start).collect();
    let tail: String = edit.text.chars().skip(edit.cursor).collect();
    edit.text = format!("{head}{item}{tail}");
    edit.cursor = start + item.chars().count();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_edit_keys() {
        let mut e = LineEdit::new("sch.split");
        e.key(Key::ctrl('w'));
        assert_eq!(e.text, "sch.");
        e.key(Key::ch('f'));
        e.key(Key::plain(KeyCode::Left));
        e.key(Key::plain(KeyCode::Backspace));
        assert_eq!((e.text.as_str(), e.cursor), ("schf", 3));
        e.key(Key::plain(KeyCode::Home));
        e.key(Key::plain(KeyCode::Delete));
        assert_eq!(e.text, "chf");
        e.key(Key::plain(KeyCode::End));
        e.key(Key::ctrl('u'));
        assert_eq!(e.text, "");
        assert!(!e.key(Key::plain(KeyCode::Enter)));
    }

    #[test]
    fn insert_str_at_the_cursor() {
        let mut e = LineEdit::new("sch.(i)");
        e.cursor = 4;
        e.insert_str("unroll");
        assert_eq!((e.text.as_str(), e.cursor), ("sch.unroll(i)", 10));
        e.insert_str("é");
        assert_eq!(e.cursor, 11);
        e.key(Key::ch('x'));
        assert_eq!(e.text, "sch.unrolléx(i)");
    }
}
