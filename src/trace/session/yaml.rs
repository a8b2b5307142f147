//! Session YAML to a tree of `Node`s: a direct reader for the shape tirtui
//! writes, `serde_yaml` for everything else (issue 13: loading must be cheap).
//!
//! The direct reader takes top-level `key: value` lines whose values are plain,
//! quoted or one-line flow (`{...}`, `[...]`) scalars, and block sequences of
//! such values (`steps:` followed by `  - {...}` lines). It resolves plain
//! scalars as `serde_yaml` does (YAML 1.2 core schema) and gives up, returning
//! None, at anything else: block scalars, nested block mappings, anchors, tags,
//! multi-line flow, duplicate keys, unusual numbers or escapes, tabs, CRs.
//! Given up, the text goes through `serde_yaml`, which then also reports any
//! syntax error, so what the reader accepts loads exactly as before and what it
//! does not is handled exactly as before (`tests` compare both on every shipped
//! session and on mutated ones).

use serde_yaml::{Number, Value};
use std::borrow::Cow;

/// A YAML value, as `serde_yaml::Value` models it, borrowing from the text
/// where it can.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Node<'a> {
    Null,
    Bool(bool),
    Number(Number),
    String(Cow<'a, str>),
    Sequence(Vec<Node<'a>>),
    /// Pairs in document order.
    Mapping(Vec<(Node<'a>, Node<'a>)>),
    /// A value with a `!tag` (only from `serde_yaml`); accessors look through it.
    Tagged(Box<Node<'a>>),
}

impl<'a> Node<'a> {
    fn untag(&self) -> &Node<'a> {
        match self {
            Node::Tagged(inner) => inner.untag(),
            other => other,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self.untag() {
            Node::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self.untag() {
            Node::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self.untag() {
            Node::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self.untag() {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The value of a mapping's `key` (string keys, as `Mapping::get`).
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        match self {
            Node::Mapping(pairs) => pairs
                .iter()
                .find(|(k, _)| matches!(k, Node::String(s) if s == key))
                .map(|(_, v)| v),
            _ => None,
        }
    }
}

impl From<Value> for Node<'static> {
    fn from(v: Value) -> Node<'static> {
        match v {
            Value::Null => Node::Null,
            Value::Bool(b) => Node::Bool(b),
            Value::Number(n) => Node::Number(n),
            Value::String(s) => Node::String(Cow::Owned(s)),
            Value::Sequence(items) => Node::Sequence(items.into_iter().map(Node::from).collect()),
            Value::Mapping(map) => Node::Mapping(
                map.into_iter()
                    .map(|(k, v)| (Node::from(k), Node::from(v)))
                    .collect(),
            ),
            Value::Tagged(t) => Node::Tagged(Box::new(Node::from(t.value))),
        }
    }
}

/// Reads `text` directly when it has the shape tirtui writes; None otherwise.
pub(super) fn read_direct(text: &str) -> Option<Node<'_>> {
    // Printable ASCII and newlines, checked bytewise without branching
    // (vectorised); anything else character by character.
    let ascii = text.bytes().fold(true, |ok, b| {
        ok & (b == b'\n' || (b' '..=b'~').contains(&b))
    });
    if !ascii && !text.chars().all(allowed_char) {
        return None;
    }
    let mut r = Reader {
        src: text.as_bytes(),
        text,
        pos: 0,
        depth: 0,
    };
    r.document()
}

/// The deepest flow nesting the direct reader follows; deeper text goes to
/// `serde_yaml`, whose recursion limit (128) then refuses it with a line
/// number (issue 29: 30,000 nested `[` overflowed the stack further on).
const MAX_DIRECT_NESTING: usize = 64;

/// Characters the direct reader lets through (anything else: `serde_yaml`
/// decides): newline, printable ASCII, and non-ASCII that YAML allows anywhere.
fn allowed_char(c: char) -> bool {
    matches!(c, '\n' | ' '..='~')
        || (c >= '\u{a0}' && !matches!(c, '\u{feff}' | '\u{fffe}' | '\u{ffff}'))
}

struct Reader<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    /// Flow collections open around `pos`.
    depth: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn spaces(&mut self) -> usize {
        let start = self.pos;
        while self.peek() == Some(b' ') {
            self.pos += 1;
        }
        self.pos - start
    }

    /// After a value: spaces, an optional ` # comment`, and the end of the line.
    fn end_of_line(&mut self) -> Option<()> {
        let had_space = self.spaces() > 0;
        match self.peek() {
            None => Some(()),
            Some(b'\n') => {
                self.pos += 1;
                Some(())
            }
            Some(b'#') if had_space => {
                self.skip_line();
                Some(())
            }
            _ => None,
        }
    }

    fn skip_line(&mut self) {
        match self.src[self.pos..].iter().position(|&b| b == b'\n') {
            Some(n) => self.pos += n + 1,
            None => self.pos = self.src.len(),
        }
    }

    /// Skips blank and comment-only lines; returns the indentation of the
    /// next line (its first non-space byte is at `pos`), None at the end.
    fn next_content_line(&mut self) -> Option<usize> {
        loop {
            let line_start = self.pos;
            let indent = self.spaces();
            match self.peek() {
                None => return None,
                Some(b'\n') => self.pos += 1,
                Some(b'#') => self.skip_line(),
                Some(_) => {
                    debug_assert_eq!(self.pos, line_start + indent);
                    return Some(indent);
                }
            }
        }
    }

    fn document(&mut self) -> Option<Node<'a>> {
        let mut pairs: Vec<(Node<'a>, Node<'a>)> = Vec::with_capacity(4);
        let mut pending = self.next_content_line();
        while let Some(indent) = pending {
            if indent != 0 {
                return None;
            }
            let key = self.key()?;
            if pairs.iter().any(|(k, _)| k.as_str() == Some(key)) {
                return None;
            }
            if self.peek() != Some(b':') {
                return None;
            }
            self.pos += 1;
            let had_space = self.spaces() > 0;
            let value = match self.peek() {
                Some(b'#') if !had_space => return None,
                None | Some(b'\n') | Some(b'#') => {
                    self.end_of_line()?;
                    pending = self.next_content_line();
                    match pending {
                        Some(n) if self.peek() == Some(b'-') => {
                            let (items, next) = self.block_sequence(n)?;
                            pending = next;
                            pairs.push((Node::String(Cow::Borrowed(key)), items));
                            continue;
                        }
                        Some(0) => Node::Null,
                        // A nested block mapping or a continued scalar.
                        Some(_) => return None,
                        None => Node::Null,
                    }
                }
                Some(_) if !had_space => return None,
                Some(_) => {
                    let v = self.flow_value()?;
                    self.end_of_line()?;
                    pending = self.next_content_line();
                    v
                }
            };
            pairs.push((Node::String(Cow::Borrowed(key)), value));
        }
        if pairs.is_empty() {
            return None;
        }
        Some(Node::Mapping(pairs))
    }

    /// `- value` lines at indentation `indent`; returns the sequence and the
    /// indentation of the line after it.
    fn block_sequence(&mut self, indent: usize) -> Option<(Node<'a>, Option<usize>)> {
        let mut items = Vec::with_capacity(64);
        let mut pending = Some(indent);
        while let Some(n) = pending {
            if n != indent || self.peek() != Some(b'-') {
                if n > indent || (n == indent && indent > 0) {
                    return None;
                }
                break;
            }
            self.pos += 1;
            if self.spaces() == 0 {
                return None;
            }
            if matches!(self.peek(), None | Some(b'\n' | b'#' | b'-')) {
                return None;
            }
            items.push(self.flow_value()?);
            self.end_of_line()?;
            pending = self.next_content_line();
        }
        Some((Node::Sequence(items), pending))
    }

    /// A mapping key: a plain name that YAML reads as a string.
    fn key(&mut self) -> Option<&'a str> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.pos += 1;
        }
        let key = &self.text[start..self.pos];
        match key.as_bytes().first() {
            Some(b) if b.is_ascii_alphabetic() || *b == b'_' => {}
            _ => return None,
        }
        match plain_scalar(key)? {
            Node::String(_) => Some(key),
            _ => None,
        }
    }

    /// A scalar or a one-line flow collection, at most `MAX_DIRECT_NESTING` deep.
    fn flow_value(&mut self) -> Option<Node<'a>> {
        let opens = matches!(self.peek()?, b'{' | b'[');
        if !opens {
            return self.flow_value_at();
        }
        if self.depth >= MAX_DIRECT_NESTING {
            return None;
        }
        self.depth += 1;
        let value = self.flow_value_at();
        self.depth -= 1;
        value
    }

    fn flow_value_at(&mut self) -> Option<Node<'a>> {
        match self.peek()? {
            b'{' => {
                self.pos += 1;
                let mut pairs: Vec<(Node<'a>, Node<'a>)> = Vec::with_capacity(6);
                self.spaces();
                if self.peek() == Some(b'}') {
                    self.pos += 1;
                    return Some(Node::Mapping(pairs));
                }
                loop {
                    let key = self.key()?;
                    if pairs.iter().any(|(k, _)| k.as_str() == Some(key)) {
                        return None;
                    }
                    self.spaces();
                    if self.peek() != Some(b':') {
                        return None;
                    }
                    self.pos += 1;
                    if self.spaces() == 0 {
                        return None;
                    }
                    let value = self.flow_value()?;
                    pairs.push((Node::String(Cow::Borrowed(key)), value));
                    self.spaces();
                    match self.peek()? {
                        b',' => {
                            self.pos += 1;
                            self.spaces();
                            if matches!(self.peek(), Some(b'}' | b',')) {
                                return None;
                            }
                        }
                        b'}' => {
                            self.pos += 1;
                            return Some(Node::Mapping(pairs));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::with_capacity(4);
                self.spaces();
                if self.peek() == Some(b']') {
                    self.pos += 1;
                    return Some(Node::Sequence(items));
                }
                loop {
                    items.push(self.flow_value()?);
                    self.spaces();
                    match self.peek()? {
                        b',' => {
                            self.pos += 1;
                            self.spaces();
                            if matches!(self.peek(), Some(b']' | b',')) {
                                return None;
                            }
                        }
                        b']' => {
                            self.pos += 1;
                            return Some(Node::Sequence(items));
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => self.double_quoted(),
            b'\'' => self.single_quoted(),
            _ => {
                let start = self.pos;
                while self.peek().is_some_and(plain_byte) {
                    self.pos += 1;
                }
                let token = &self.text[start..self.pos];
                // The scalar must end here: a space, a flow indicator or the
                // end of the line follows (else it may go on, `a b`, or be a key).
                let mut after = self.pos;
                while self.src.get(after) == Some(&b' ') {
                    after += 1;
                }
                match self.src.get(after) {
                    None | Some(b',' | b']' | b'}' | b'\n') => {}
                    Some(b'#') if after > self.pos => {}
                    _ => return None,
                }
                plain_scalar(token)
            }
        }
    }

    fn double_quoted(&mut self) -> Option<Node<'a>> {
        self.pos += 1;
        let start = self.pos;
        // Borrowed unless an escape makes the value differ from the text.
        let mut owned: Option<String> = None;
        let mut chunk = start;
        loop {
            match self.peek()? {
                b'"' => {
                    let value = match owned {
                        None => Cow::Borrowed(&self.text[start..self.pos]),
                        Some(mut s) => {
                            s.push_str(&self.text[chunk..self.pos]);
                            Cow::Owned(s)
                        }
                    };
                    self.pos += 1;
                    return Some(Node::String(value));
                }
                b'\n' => return None,
                b'\\' => {
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&self.text[chunk..self.pos]);
                    self.pos += 1;
                    let c = match self.peek()? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'0' => '\0',
                        b'x' => self.hex_escape(2)?,
                        b'u' => self.hex_escape(4)?,
                        b'U' => self.hex_escape(8)?,
                        _ => return None,
                    };
                    s.push(c);
                    self.pos += 1;
                    chunk = self.pos;
                }
                _ => self.pos += 1,
            }
        }
    }

    /// `\xHH`, `\uHHHH`, `\UHHHHHHHH` with `pos` on the letter; leaves `pos`
    /// on the last hex digit.
    fn hex_escape(&mut self, len: usize) -> Option<char> {
        let digits = self.text.get(self.pos + 1..self.pos + 1 + len)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let code = u32::from_str_radix(digits, 16).ok()?;
        self.pos += len;
        char::from_u32(code)
    }

    fn single_quoted(&mut self) -> Option<Node<'a>> {
        self.pos += 1;
        let start = self.pos;
        let mut owned: Option<String> = None;
        let mut chunk = start;
        loop {
            match self.peek()? {
                b'\'' if self.src.get(self.pos + 1) == Some(&b'\'') => {
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(&self.text[chunk..=self.pos]);
                    self.pos += 2;
                    chunk = self.pos;
                }
                b'\'' => {
                    let value = match owned {
                        None => Cow::Borrowed(&self.text[start..self.pos]),
                        Some(mut s) => {
                            s.push_str(&self.text[chunk..self.pos]);
                            Cow::Owned(s)
                        }
                    };
                    self.pos += 1;
                    return Some(Node::String(value));
                }
                b'\n' => return None,
                _ => self.pos += 1,
            }
        }
    }
}

/// Bytes of the plain scalars the direct reader takes.
fn plain_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'/' | b'~')
}

/// A plain scalar resolved as `serde_yaml` resolves it; None for spellings
/// the direct reader leaves to `serde_yaml` (other number forms, `-x`, ...).
fn plain_scalar(s: &str) -> Option<Node<'_>> {
    let bytes = s.as_bytes();
    match s {
        "" => return None,
        "null" | "Null" | "NULL" | "~" => return Some(Node::Null),
        "true" | "True" | "TRUE" => return Some(Node::Bool(true)),
        "false" | "False" | "FALSE" => return Some(Node::Bool(false)),
        _ => {}
    }
    let first = bytes[0];
    if first.is_ascii_alphabetic() || first == b'_' {
        // Letters first: never an integer, and a float only as Rust's
        // `inf`/`nan`, which `serde_yaml` refuses (not finite): a string.
        return Some(Node::String(Cow::Borrowed(s)));
    }
    if s.starts_with("./") || s.starts_with("../") || first == b'/' {
        return Some(Node::String(Cow::Borrowed(s)));
    }
    let digits = s.strip_prefix('-').unwrap_or(s);
    let (int_part, frac) = match digits.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (digits, None),
    };
    let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int_part) {
        return None;
    }
    match frac {
        None => {
            // `0`, or no leading zero (`007` is a string to YAML 1.2); short
            // enough for an i64.
            if (int_part.len() > 1 && int_part.starts_with('0')) || int_part.len() > 18 {
                return None;
            }
            s.parse::<i64>().ok().map(|i| Node::Number(Number::from(i)))
        }
        Some(f) if all_digits(f) => match s.parse::<f64>() {
            Ok(v) if v.is_finite() => Some(Node::Number(Number::from(v))),
            _ => None,
        },
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow(text: &str) -> Option<Node<'static>> {
        serde_yaml::from_str::<Value>(text).ok().map(Node::from)
    }

    /// What the direct reader accepts, `serde_yaml` reads as the same tree.
    fn agrees(text: &str) {
        if let Some(fast) = read_direct(text) {
            assert_eq!(Some(fast), slow(text), "{text:?}");
        }
    }

    #[test]
    fn shipped_sessions_read_directly_and_as_serde_yaml_does() {
        let mut direct = 0;
        for dir in ["sessions", "tests/data"] {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                agrees(&text);
                if read_direct(&text).is_some() {
                    direct += 1;
                }
            }
        }
        assert!(direct >= 10, "only {direct} sessions read directly");
    }

    #[test]
    fn scalars_resolve_as_in_serde_yaml() {
        for v in [
            "a",
            "null",
            "Null",
            "NULL",
            "~",
            "true",
            "False",
            "TRUE",
            "0",
            "-0",
            "12",
            "-7",
            "007",
            "0.5",
            "-2.25",
            "12.8",
            "1.",
            ".5",
            "1e3",
            "0x10",
            "+1",
            "blockIdx.y",
            "../gemm.tir",
            "./x",
            "inf",
            "nan",
            "yes",
            "no",
            "on",
            "y",
            "n",
            "-",
            "--a",
            "a-b",
            "9223372036854775807",
            "99999999999999999999",
            "123456789012345678",
            "a~b",
            "_x",
        ] {
            agrees(&format!("k: {v}\n"));
            agrees(&format!("k: [{v}, {v}]\n"));
            agrees(&format!("k: {{a: {v}}}\n"));
        }
    }

    #[test]
    fn quoted_strings_and_escapes() {
        for v in [
            r#""plain""#,
            r#""a \"b\" c""#,
            r#""tab\there\nline\\""#,
            r#""\u0007 bell \x41 \U0001F600""#,
            r#""\ud800""#,
            r#""bad \q escape""#,
            r#""lambda i, j: (i // 16, j % 16)""#,
            r#"'it''s'"#,
            r#"''"#,
            r#""""#,
            r#""é ü 😀""#,
        ] {
            agrees(&format!("k: {v}\n"));
            agrees(&format!("k: [{v}]\n"));
            agrees(&format!("k: {{a: {v}}}\n"));
        }
    }

    #[test]
    fn layouts_outside_the_subset_are_left_to_serde_yaml() {
        for text in [
            "k:\n  a: 1\n",
            "k: |\n  text\n",
            "k: a b\n",
            "k: {a: 1,\n  b: 2}\n",
            "k: &x 1\nj: *x\n",
            "k: !tag 1\n",
            "k: 1\nk: 2\n",
            "k: {a: 1, a: 2}\n",
            "---\nk: 1\n",
            "k:\n- 1\n  - 2\n",
            "k:\r\n- 1\r\n",
            "k:\t1\n",
            "k: [1, 2,]\n",
            "k: a#b\n",
        ] {
            assert!(read_direct(text).is_none(), "{text:?}");
        }
        for text in [
            "k:\n- 1\n- 2\nj: x\n",
            "k:\n  - [a, b]   # c\n  - {x: 1}\n\n# end\n",
            "k:\nj: 1\n",
            "k:\n",
            "# c\nk: []   # c\nj: {}\n",
        ] {
            assert!(read_direct(text).is_some(), "{text:?}");
            agrees(text);
        }
    }

    /// Every text one edit away from a shipped session: where the direct
    /// reader accepts it, `serde_yaml` reads the same tree.
    #[test]
    fn mutated_sessions_agree() {
        let text = std::fs::read_to_string("sessions/gemm_000_5_unroll.yaml").unwrap();
        let text: String = text.lines().take(12).collect::<Vec<_>>().join("\n") + "\n";
        let bytes: Vec<char> = text.chars().collect();
        let inserts = [
            ' ', '\n', '-', ':', ',', '[', ']', '{', '}', '"', '\'', '#', '0', 'a', '.', '\\', '~',
        ];
        for i in 0..bytes.len() {
            let mut deleted = bytes.clone();
            deleted.remove(i);
            agrees(&deleted.iter().collect::<String>());
            for c in inserts {
                let mut inserted = bytes.clone();
                inserted.insert(i, c);
                agrees(&inserted.iter().collect::<String>());
            }
        }
    }
}
