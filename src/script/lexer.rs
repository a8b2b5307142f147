//! Tokens of the Python subset TVMScript is written in.
//!
//! Produces INDENT/DEDENT/NEWLINE tokens from indentation the way Python does:
//! newlines and indentation inside brackets and after a `\` are ignored,
//! blank and comment-only lines do not count. Works on `char`s, so no slice
//! ever falls inside a UTF-8 sequence. Knows nothing of TIR.

use super::error::{ParseError, Result};
use crate::diag::Span;

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
pub enum Tok {
    Name(String),
    Keyword(Keyword),
    Int(i64),
    Float(f64),
    Str(String),
    /// Operators and punctuation, spelled as in the source (`(`, `//=`, `->` ...).
    Op(&'static str),
    Newline,
    Indent,
    Dedent,
    Eof,
}

impl Tok {
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
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Longest first, so `//=` wins over `//` and `/`.
const OPS: [&str; 38] = [
    "//=", "**=", ">>=", "<<=", "->", "//", "**", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=",
    "%=", "<<", ">>", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "@", "=", "+", "-", "*",
    "/", "%", "<", ">", "~",
];
const BIT_OPS: [&str; 3] = ["&", "|", "^"];

/// Splits `src` into tokens, ending with `Eof`.
pub fn tokenize(src: &str) -> Result<Vec<Token>> {
    Lexer::new(src).run()
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    tokens: Vec<Token>,
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
            tokens: Vec::new(),
            indents: vec![0],
            brackets: Vec::new(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.tokens.push(Token {
            tok,
            span: Span::new(start, self.pos),
        });
    }

    fn run(mut self) -> Result<Vec<Token>> {
        let mut at_line_start = true;
        loop {
            if at_line_start && self.brackets.is_empty() {
                if !self.indentation()? {
                    break;
                }
                at_line_start = false;
            }
            let Some(c) = self.peek() else { break };
            let start = self.pos;
            match c {
                ' ' | '\t' | '\x0c' | '\r' => {
                    self.bump();
                }
                '#' => self.skip_comment(),
                '\n' => {
                    self.bump();
                    if self.brackets.is_empty() {
                        self.push(Tok::Newline, start);
                        at_line_start = true;
                    }
                }
                '\\' => {
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
                '"' | '\'' => self.string(c)?,
                c if c.is_ascii_digit() => self.number()?,
                '.' if self.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => self.number()?,
                c if c.is_alphabetic() || c == '_' => self.word(),
                _ => self.punct(c)?,
            }
        }
        self.finish()
    }

    /// Handles indentation at the start of a logical line; false at end of input.
    fn indentation(&mut self) -> Result<bool> {
        loop {
            let line_start = self.pos;
            let mut width = 0usize;
            while let Some(c) = self.peek() {
                match c {
                    ' ' => width += 1,
                    '\t' => width = (width / 8 + 1) * 8,
                    '\x0c' | '\r' => {}
                    _ => break,
                }
                self.bump();
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
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    fn finish(mut self) -> Result<Vec<Token>> {
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
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                self.bump();
            } else {
                break;
            }
        }
        let word = &self.src[start..self.pos];
        let tok = match Keyword::from_word(word) {
            Some(kw) => Tok::Keyword(kw),
            None => Tok::Name(word.to_string()),
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
        let text: String = self.src[start..self.pos]
            .chars()
            .filter(|c| *c != '_')
            .collect();
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
        for _ in 0..n_quotes {
            self.bump();
        }
        let mut value = String::new();
        loop {
            let Some(c) = self.bump() else {
                return Err(ParseError::lex(
                    Span::new(start, start + n_quotes),
                    "unterminated string",
                )
                .with_label("this string is never closed"));
            };
            match c {
                c if c == quote => {
                    if !triple {
                        break;
                    }
                    if self.peek() == Some(quote) && self.peek_at(1) == Some(quote) {
                        self.bump();
                        self.bump();
                        break;
                    }
                    value.push(c);
                }
                '\n' if !triple => {
                    return Err(ParseError::lex(
                        Span::new(start, start + 1),
                        "unterminated string",
                    )
                    .with_label("the line ends before the closing quote"));
                }
                '\\' => self.escape(&mut value)?,
                c => value.push(c),
            }
        }
        self.push(Tok::Str(value), start);
        Ok(())
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
        let rest = &self.src[self.pos..];
        // Only operators that start with this byte are compared (longest first).
        let first = rest.as_bytes()[0];
        let Some(op) = OPS
            .iter()
            .chain(BIT_OPS.iter())
            .find(|op| op.as_bytes()[0] == first && rest.starts_with(**op))
        else {
            let span = Span::new(start, start + c.len_utf8());
            return Err(ParseError::lex(span, format!("unexpected character `{c}`"))
                .with_label("not valid in TVMScript"));
        };
        self.pos += op.len();
        let span = Span::new(start, self.pos);
        match *op {
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

    fn toks(src: &str) -> Vec<Tok> {
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
                Tok::Name("i".into()),
                Tok::Keyword(Keyword::In),
                Tok::Name("x".into()),
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
                Tok::Name("f".into()),
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
