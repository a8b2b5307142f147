//! Tokens of the Python subset TVMScript is written in.
//!
//! Produces INDENT/DEDENT/NEWLINE tokens from indentation the way Python does:
//! newlines and indentation inside brackets and after a `\` are ignored,
//! blank and comment-only lines do not count. Scans bytes (every delimiter is
//! ASCII, so no slice falls inside a UTF-8 sequence) and reads `char`s only
//! where non-ASCII text appears; names and escape-free strings borrow from the
//! source. Knows nothing of TIR.

use super::error::{ParseError, Result};
use crate::diag::Span;
use std::borrow::Cow;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    And,
    As,
    Class,
    Def,
    Elif,
    Else,
    False,
    For,
    From,
    If,
    Import,
    In,
    Is,
    None,
    Not,
    Or,
    Pass,
    Return,
    True,
    With,
    /// Python keywords TVMScript workloads do not use; kept so the parser can say so.
    Other,
}

impl Keyword {
    fn from_word(word: &str) -> Option<Keyword> {
        Some(match word {
            "and" => Keyword::And,
            "as" => Keyword::As,
            "class" => Keyword::Class,
            "def" => Keyword::Def,
            "elif" => Keyword::Elif,
            "else" => Keyword::Else,
            "False" => Keyword::False,
            "for" => Keyword::For,
            "from" => Keyword::From,
            "if" => Keyword::If,
            "import" => Keyword::Import,
            "in" => Keyword::In,
            "is" => Keyword::Is,
            "None" => Keyword::None,
            "not" => Keyword::Not,
            "or" => Keyword::Or,
            "pass" => Keyword::Pass,
            "return" => Keyword::Return,
            "True" => Keyword::True,
            "with" => Keyword::With,
            "assert" | "async" | "await" | "break" | "continue" | "del" | "except" | "finally"
            | "global" | "lambda" | "nonlocal" | "raise" | "try" | "while" | "yield" => {
                Keyword::Other
            }
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    Name(&'a str),
    Keyword(Keyword),
    Int(i64),
    Float(f64),
    Str(Cow<'a, str>),
    /// Operators and punctuation, spelled as in the source (`(`, `//=`, `->` ...).
    Op(&'static str),
    Newline,
    Indent,
    Dedent,
    Eof,
}

impl Tok<'_> {
    /// How the token reads in an error message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Name(n) => format!("name `{n}`"),
            Tok::Keyword(_) => "keyword".to_string(),
            Tok::Int(v) => format!("integer `{v}`"),
            Tok::Float(v) => format!("number `{v}`"),
            Tok::Str(_) => "string".to_string(),
            Tok::Op(op) => format!("`{op}`"),
            Tok::Newline => "end of line".to_string(),
            Tok::Indent => "indent".to_string(),
            Tok::Dedent => "dedent".to_string(),
            Tok::Eof => "end of file".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    pub span: Span,
}

/// The operator or punctuation mark at the start of `rest`, longest match
/// first (`//=` over `//` over `/`).
fn operator(rest: &[u8]) -> Option<&'static str> {
    let at = |i: usize| rest.get(i).copied().unwrap_or(0);
    let with_eq =
        |long: &'static str, short: &'static str| if at(2) == b'=' { long } else { short };
    Some(match (at(0), at(1)) {
        (b'/', b'/') => with_eq("//=", "//"),
        (b'*', b'*') => with_eq("**=", "**"),
        (b'>', b'>') => with_eq(">>=", ">>"),
        (b'<', b'<') => with_eq("<<=", "<<"),
        (b'-', b'>') => "->",
        (b'<', b'=') => "<=",
        (b'>', b'=') => ">=",
        (b'=', b'=') => "==",
        (b'!', b'=') => "!=",
        (b'+', b'=') => "+=",
        (b'-', b'=') => "-=",
        (b'*', b'=') => "*=",
        (b'/', b'=') => "/=",
        (b'%', b'=') => "%=",
        (b'(', _) => "(",
        (b')', _) => ")",
        (b'[', _) => "[",
        (b']', _) => "]",
        (b'{', _) => "{",
        (b'}', _) => "}",
        (b',', _) => ",",
        (b':', _) => ":",
        (b'.', _) => ".",
        (b';', _) => ";",
        (b'@', _) => "@",
        (b'=', _) => "=",
        (b'+', _) => "+",
        (b'-', _) => "-",
        (b'*', _) => "*",
        (b'/', _) => "/",
        (b'%', _) => "%",
        (b'<', _) => "<",
        (b'>', _) => ">",
        (b'~', _) => "~",
        (b'&', _) => "&",
        (b'|', _) => "|",
        (b'^', _) => "^",
        _ => return None,
    })
}

/// Splits `src` into tokens, ending with `Eof`.
pub fn tokenize(src: &str) -> Result<Vec<Token<'_>>> {
    Lexer::new(src).run()
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    tokens: Vec<Token<'a>>,
    indents: Vec<usize>,
    /// Open brackets with their spans, for matching and for "unclosed" errors.
    brackets: Vec<(char, Span)>,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            // A UTF-8 byte order mark is not part of the program.
            pos: if src.starts_with('\u{feff}') { 3 } else { 0 },
            // About one token per five bytes of TVMScript.
            tokens: Vec::with_capacity(src.len() / 4 + 8),
            indents: {
                let mut v = Vec::with_capacity(32);
                v.push(0);
                v
            },
            brackets: Vec::with_capacity(16),
        }
    }

    fn peek(&self) -> Option<char> {
        match self.src.as_bytes().get(self.pos) {
            Some(&b) if b < 0x80 => Some(b as char),
            Some(_) => self.src[self.pos..].chars().next(),
            None => None,
        }
    }

    fn peek_byte(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn push(&mut self, tok: Tok<'a>, start: usize) {
        self.tokens.push(Token {
            tok,
            span: Span::new(start, self.pos),
        });
    }

    fn run(mut self) -> Result<Vec<Token<'a>>> {
        let mut at_line_start = true;
        loop {
            if at_line_start && self.brackets.is_empty() {
                if !self.indentation()? {
                    break;
                }
                at_line_start = false;
            }
            let Some(b) = self.peek_byte() else { break };
            let start = self.pos;
            match b {
                b' ' | b'\t' | b'\x0c' | b'\r' => self.pos += 1,
                b'#' => self.skip_comment(),
                b'\n' => {
                    self.pos += 1;
                    if self.brackets.is_empty() {
                        self.push(Tok::Newline, start);
                        at_line_start = true;
                    }
                }
                b'\\' => {
                    self.bump();
                    if self.peek() == Some('\r') {
                        self.bump();
                    }
                    if self.bump() != Some('\n') {
                        return Err(ParseError::lex(
                            Span::new(start, start + 1),
                            "unexpected character after line continuation `\\`",
                        )
                        .with_label("`\\` must end the line"));
                    }
                }
                b'"' | b'\'' => self.string(b as char)?,
                b'0'..=b'9' => self.number()?,
                b'.' if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => self.number()?,
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.word(),
                _ => match self.peek() {
                    Some(c) if c.is_alphabetic() => self.word(),
                    Some(c) => self.punct(c)?,
                    None => break,
                },
            }
        }
        self.finish()
    }

    /// Handles indentation at the start of a logical line; false at end of input.
    fn indentation(&mut self) -> Result<bool> {
        loop {
            let line_start = self.pos;
            let mut width = 0usize;
            while let Some(b) = self.peek_byte() {
                match b {
                    b' ' => width += 1,
                    b'\t' => width = (width / 8 + 1) * 8,
                    b'\x0c' | b'\r' => {}
                    _ => break,
                }
                self.pos += 1;
            }
            match self.peek() {
                None => return Ok(false),
                Some('\n') => {
                    self.bump();
                }
                Some('#') => self.skip_comment(),
                Some(_) => {
                    let span = Span::new(self.pos, self.pos);
                    let current = self.indents.last().copied().unwrap_or(0);
                    if width > current {
                        if self.tokens.is_empty() {
                            return Err(ParseError::lex(
                                Span::new(line_start, self.pos.max(line_start + 1)),
                                "unexpected indent",
                            )
                            .with_label("the first line must not be indented"));
                        }
                        self.indents.push(width);
                        self.tokens.push(Token {
                            tok: Tok::Indent,
                            span,
                        });
                    } else {
                        while width < self.indents.last().copied().unwrap_or(0) {
                            self.indents.pop();
                            self.tokens.push(Token {
                                tok: Tok::Dedent,
                                span,
                            });
                        }
                        if width != self.indents.last().copied().unwrap_or(0) {
                            return Err(ParseError::lex(
                                Span::new(line_start, self.pos.max(line_start + 1)),
                                "unindent does not match any outer indentation level",
                            )
                            .with_label("inconsistent indentation"));
                        }
                    }
                    return Ok(true);
                }
            }
        }
    }

    fn skip_comment(&mut self) {
        self.pos = match self.src.as_bytes()[self.pos..]
            .iter()
            .position(|&b| b == b'\n')
        {
            Some(n) => self.pos + n,
            None => self.src.len(),
        };
    }

    fn finish(mut self) -> Result<Vec<Token<'a>>> {
        if let Some((open, span)) = self.brackets.last() {
            return Err(ParseError::lex(*span, format!("unclosed `{open}`"))
                .with_label("this bracket is never closed"));
        }
        let end = Span::new(self.src.len(), self.src.len());
        if !matches!(
            self.tokens.last().map(|t| &t.tok),
            None | Some(Tok::Newline)
        ) {
            self.tokens.push(Token {
                tok: Tok::Newline,
                span: end,
            });
        }
        while self.indents.len() > 1 {
            self.indents.pop();
            self.tokens.push(Token {
                tok: Tok::Dedent,
                span: end,
            });
        }
        self.tokens.push(Token {
            tok: Tok::Eof,
            span: end,
        });
        Ok(self.tokens)
    }

    fn word(&mut self) {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if b.is_ascii_alphanumeric() || b == b'_' {
                self.pos += 1;
            } else if b >= 0x80 {
                // Non-ASCII: letters and digits of any script continue the name.
                match self.peek() {
                    Some(c) if c.is_alphanumeric() => self.pos += c.len_utf8(),
                    _ => break,
                }
            } else {
                break;
            }
        }
        let word = &self.src[start..self.pos];
        let tok = match Keyword::from_word(word) {
            Some(kw) => Tok::Keyword(kw),
            None => Tok::Name(word),
        };
        self.push(tok, start);
    }

    fn number(&mut self) -> Result<()> {
        let start = self.pos;
        let radix = match (self.peek(), self.peek_at(1)) {
            (Some('0'), Some('x' | 'X')) => 16,
            (Some('0'), Some('o' | 'O')) => 8,
            (Some('0'), Some('b' | 'B')) => 2,
            _ => 10,
        };
        let mut is_float = false;
        if radix != 10 {
            self.bump();
            self.bump();
            while self.peek().is_some_and(|c| c.is_digit(radix) || c == '_') {
                self.bump();
            }
        } else {
            self.digits();
            if self.peek() == Some('.') {
                is_float = true;
                self.bump();
                self.digits();
            }
            if matches!(self.peek(), Some('e' | 'E')) {
                let sign = usize::from(matches!(self.peek_at(1), Some('+' | '-')));
                if self.peek_at(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                    is_float = true;
                    self.bump();
                    if sign == 1 {
                        self.bump();
                    }
                    self.digits();
                }
            }
        }
        let span = Span::new(start, self.pos);
        if self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            let end = self.pos + self.peek().map(char::len_utf8).unwrap_or(0);
            return Err(
                ParseError::lex(Span::new(start, end), "invalid number literal")
                    .with_label("a number cannot run into a name"),
            );
        }
        let literal = &self.src[start..self.pos];
        let text: Cow<str> = if literal.contains('_') {
            Cow::Owned(literal.chars().filter(|c| *c != '_').collect())
        } else {
            Cow::Borrowed(literal)
        };
        let tok = if is_float {
            match text.parse::<f64>() {
                Ok(v) if v.is_finite() => Tok::Float(v),
                _ => {
                    return Err(ParseError::lex(span, "invalid float literal")
                        .with_label("not a finite number"))
                }
            }
        } else {
            let digits = if radix == 10 { &text[..] } else { &text[2..] };
            match i64::from_str_radix(digits, radix) {
                Ok(v) => Tok::Int(v),
                Err(_) => {
                    return Err(ParseError::lex(span, "integer literal out of range")
                        .with_label("does not fit in 64 bits"))
                }
            }
        };
        self.push(tok, start);
        Ok(())
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '_') {
            self.bump();
        }
    }

    fn string(&mut self, quote: char) -> Result<()> {
        let start = self.pos;
        let triple = self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote);
        let n_quotes = if triple { 3 } else { 1 };
        self.pos += n_quotes;
        let q = quote as u8;
        let bytes = self.src.as_bytes();
        // Borrowed from the source until an escape makes the value differ.
        let mut value: Option<String> = None;
        let mut chunk = self.pos;
        loop {
            let Some(&b) = bytes.get(self.pos) else {
                return Err(ParseError::lex(
                    Span::new(start, start + n_quotes),
                    "unterminated string",
                )
                .with_label("this string is never closed"));
            };
            match b {
                _ if b == q => {
                    let end = self.pos;
                    self.pos += 1;
                    if !triple {
                        self.finish_string(value, chunk, end, start);
                        break;
                    }
                    if bytes.get(self.pos) == Some(&q) && bytes.get(self.pos + 1) == Some(&q) {
                        self.pos += 2;
                        self.finish_string(value, chunk, end, start);
                        break;
                    }
                }
                b'\n' if !triple => {
                    return Err(ParseError::lex(
                        Span::new(start, start + 1),
                        "unterminated string",
                    )
                    .with_label("the line ends before the closing quote"));
                }
                b'\\' => {
                    let text = value.get_or_insert_with(String::new);
                    text.push_str(&self.src[chunk..self.pos]);
                    self.pos += 1;
                    self.escape(text)?;
                    chunk = self.pos;
                }
                _ => self.pos += 1,
            }
        }
        Ok(())
    }

    /// Pushes a string token: the source slice `chunk..end` is the value, or
    /// the rest of it after the escapes already decoded into `value`.
    fn finish_string(&mut self, value: Option<String>, chunk: usize, end: usize, start: usize) {
        let text = match value {
            None => Cow::Borrowed(&self.src[chunk..end]),
            Some(mut v) => {
                v.push_str(&self.src[chunk..end]);
                Cow::Owned(v)
            }
        };
        self.push(Tok::Str(text), start);
    }

    /// One escape sequence after a `\\` inside a string, decoded as Python does
    /// (so that printing, which writes `\\x01`, and parsing are inverses).
    /// Unknown escapes keep their backslash, as in Python.
    fn escape(&mut self, value: &mut String) -> Result<()> {
        let start = self.pos - 1;
        let Some(c) = self.bump() else {
            return Ok(());
        };
        let simple = match c {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'f' => Some('\u{c}'),
            'v' => Some('\u{b}'),
            '\\' | '\'' | '"' => Some(c),
            _ => None,
        };
        if let Some(ch) = simple {
            value.push(ch);
            return Ok(());
        }
        match c {
            '\n' => {}
            '0'..='7' => {
                let mut code = c.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match self.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            self.bump();
                            code = code * 8 + d;
                        }
                        None => break,
                    }
                }
                value.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
            'x' | 'u' | 'U' => {
                let len = match c {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut code = 0u32;
                for _ in 0..len {
                    match self.peek().and_then(|d| d.to_digit(16)) {
                        Some(d) => {
                            self.bump();
                            code = code * 16 + d;
                        }
                        None => {
                            return Err(ParseError::lex(
                                Span::new(start, self.pos),
                                format!("truncated `\\{c}` escape"),
                            )
                            .with_label(format!("`\\{c}` takes exactly {len} hex digits")));
                        }
                    }
                }
                let ch = char::from_u32(code).ok_or_else(|| {
                    ParseError::lex(
                        Span::new(start, self.pos),
                        format!("`\\{c}{code:0len$x}` is not a Unicode character"),
                    )
                    .with_label("not a valid code point")
                })?;
                value.push(ch);
            }
            other => {
                value.push('\\');
                value.push(other);
            }
        }
        Ok(())
    }

    fn punct(&mut self, c: char) -> Result<()> {
        let start = self.pos;
        let Some(op) = operator(&self.src.as_bytes()[self.pos..]) else {
            let span = Span::new(start, start + c.len_utf8());
            return Err(ParseError::lex(span, format!("unexpected character `{c}`"))
                .with_label("not valid in TVMScript"));
        };
        self.pos += op.len();
        let span = Span::new(start, self.pos);
        match op {
            "(" | "[" | "{" => self.brackets.push((c, span)),
            ")" | "]" | "}" => {
                let want = match c {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                match self.brackets.pop() {
                    Some((open, _)) if open == want => {}
                    Some((open, open_span)) => {
                        let close = match open {
                            '(' => ')',
                            '[' => ']',
                            _ => '}',
                        };
                        return Err(ParseError::lex(
                            span,
                            format!("mismatched `{c}`: `{open}` is still open"),
                        )
                        .with_label(format!("expected `{close}`"))
                        .with_expected([format!("`{close}`")])
                        .with_help({
                            let (line, col) = crate::diag::line_col(self.src, open_span.start);
                            format!("the `{open}` at line {line}, column {col} is not closed yet")
                        }));
                    }
                    None => {
                        return Err(ParseError::lex(span, format!("unmatched `{c}`"))
                            .with_label("no bracket to close"))
                    }
                }
            }
            _ => {}
        }
        self.push(Tok::Op(op), start);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok<'_>> {
        tokenize(src)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn indentation_makes_indent_and_dedent() {
        let t = toks("for i in x:\n    # c\n\n    pass\npass\n");
        assert_eq!(
            t,
            vec![
                Tok::Keyword(Keyword::For),
                Tok::Name("i"),
                Tok::Keyword(Keyword::In),
                Tok::Name("x"),
                Tok::Op(":"),
                Tok::Newline,
                Tok::Indent,
                Tok::Keyword(Keyword::Pass),
                Tok::Newline,
                Tok::Dedent,
                Tok::Keyword(Keyword::Pass),
                Tok::Newline,
                Tok::Eof,
            ]
        );
    }

    #[test]
    fn brackets_join_lines_and_numbers_parse() {
        let t = toks("f(1,\n  2.5, 1e-5, .5, 0x10, 'a\\'b', \"c\")");
        assert_eq!(
            t,
            vec![
                Tok::Name("f"),
                Tok::Op("("),
                Tok::Int(1),
                Tok::Op(","),
                Tok::Float(2.5),
                Tok::Op(","),
                Tok::Float(1e-5),
                Tok::Op(","),
                Tok::Float(0.5),
                Tok::Op(","),
                Tok::Int(16),
                Tok::Op(","),
                Tok::Str("a'b".into()),
                Tok::Op(","),
                Tok::Str("c".into()),
                Tok::Op(")"),
                Tok::Newline,
                Tok::Eof,
            ]
        );
    }

    /// `operator` is the longest match in Python's operator table.
    #[test]
    fn operators_match_longest_first() {
        const OPS: [&str; 41] = [
            "//=", "**=", ">>=", "<<=", "->", "//", "**", "<=", ">=", "==", "!=", "+=", "-=", "*=",
            "/=", "%=", "<<", ">>", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "@", "=",
            "+", "-", "*", "/", "%", "<", ">", "~", "&", "|", "^",
        ];
        let chars = b"/*<>-=!+%()[]{},:.;@~&|^ a0";
        for a in chars {
            for b in chars {
                for c in chars {
                    let text = [*a, *b, *c];
                    let want = OPS
                        .iter()
                        .find(|op| text.starts_with(op.as_bytes()))
                        .copied();
                    assert_eq!(operator(&text), want, "{:?}", std::str::from_utf8(&text));
                }
            }
        }
    }

    #[test]
    fn names_and_plain_strings_borrow_from_the_source() {
        let src = "abc = 'x\\ty' + \"plain\" + é1";
        let toks = toks(src);
        assert!(matches!(toks[0], Tok::Name("abc")));
        assert_eq!(toks[2], Tok::Str("x\ty".into()));
        assert!(matches!(&toks[4], Tok::Str(Cow::Borrowed("plain"))));
        assert_eq!(toks[6], Tok::Name("é1"));
    }

    #[test]
    fn errors_do_not_panic() {
        for src in [
            "'abc",
            "f(1",
            "f(1]",
            ")",
            "99999999999999999999",
            "1abc",
            "x = $",
            "a\n  b\n c\n",
            "  x",
            "é = 'ü",
            "\\x",
        ] {
            assert!(tokenize(src).is_err(), "{src}");
        }
        assert!(tokenize("\"\"\"doc\nstring\"\"\"\nx\n").is_ok());
        assert!(tokenize("\u{feff}x = 1\r\n").is_ok());
    }

    #[test]
    fn string_escapes_decode_as_in_python() {
        assert_eq!(
            toks(r#"'\x01\x7f\u00e9\U0001F600\101\0\a\q'"#)[0],
            Tok::Str("\u{1}\u{7f}é😀A\0\u{7}\\q".into())
        );
        for bad in [r"'\x1'", r"'\uZZZZ'", r"'\U00110000'", r"'\ud800'"] {
            let e = tokenize(bad).unwrap_err();
            assert!(
                e.message.contains("escape") || e.message.contains("Unicode"),
                "{bad}: {e}"
            );
        }
    }
}
