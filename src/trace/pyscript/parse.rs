//! Python for the `:` line: statements split at newlines and `;`, one
//! statement parsed into `PyStmt` (targets and a call, name, list, index or
//! literal), and single values for the wizard's prompts.

use super::{err, PyError as CommandError, PyExpr, PyStmt};
use crate::trace::step::Arg;

/// Splits Python text into statements: at newlines and `;` outside brackets
/// and strings, with `#` comments dropped. A newline inside brackets joins
/// the lines (a call spread over several lines is one statement).
pub fn split_statements(text: &str) -> Result<Vec<String>, CommandError> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth: i32 = 0;
    let mut quote: Option<char> = None;
    let mut chars = text.chars().peekable();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        let t = cur.trim();
        if !t.is_empty() {
            out.push(t.to_string());
        }
        cur.clear();
    };
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            cur.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            } else if c == q {
                quote = None;
            } else if c == '\n' {
                return err("a string is not closed before the end of its line");
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                quote = Some(c);
                cur.push(c);
            }
            '#' => {
                while chars.peek().is_some_and(|n| *n != '\n') {
                    chars.next();
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                cur.push(c);
            }
            ')' | ']' | '}' => {
                depth -= 1;
                cur.push(c);
            }
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
                cur.push(' ');
            }
            '\n' | '\r' if depth > 0 => cur.push(' '),
            '\n' | '\r' | ';' => flush(&mut cur, &mut out),
            c => cur.push(c),
        }
    }
    if quote.is_some() {
        return err("unterminated string");
    }
    flush(&mut cur, &mut out);
    Ok(out)
}

/// Parses one statement: `a, b = sch.split(...)`, `(i, j) = ...`,
/// `x = loops[-1]`, `sch.vectorize(sch.get_loops(b)[-1])`.
pub fn parse_statement(text: &str) -> Result<PyStmt, CommandError> {
    let toks = tokenize(text)?;
    // The assignment's `=` is the first one outside brackets.
    let mut depth = 0i32;
    let mut eq = None;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => depth -= 1,
            Tok::Punct('=') if depth == 0 => {
                eq = Some(i);
                break;
            }
            _ => {}
        }
    }
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let mut targets = Vec::new();
    let mut unpack = false;
    if let Some(eq) = eq {
        let mut names = &p.toks[..eq];
        if let (Some(Tok::Punct(o @ ('(' | '['))), Some(Tok::Punct(c))) =
            (names.first(), names.last())
        {
            if (*o == '(' && *c == ')') || (*o == '[' && *c == ']') {
                names = &names[1..names.len() - 1];
                // `(a) = x` is a plain name; `[a] = x` unpacks.
                unpack = *o == '[';
            }
        }
        unpack |= names.iter().any(|t| matches!(t, Tok::Punct(',')));
        let mut expect_name = true;
        for t in names {
            match (t, expect_name) {
                (Tok::Ident(n), true) => {
                    targets.push(n.clone());
                    expect_name = false;
                }
                (Tok::Punct(','), false) => expect_name = true,
                _ => {
                    return err(
                        "before `=` put the names to assign, like `i, j, k = sch.get_loops(b)`",
                    )
                }
            }
        }
        if targets.is_empty() {
            return err("expected a name before `=`");
        }
        p.pos = eq + 1;
    }
    let mut value = p.expr()?;
    // `i, j = loops[0], loops[1]`: a bare tuple on the right is a list.
    if eq.is_some() && matches!(p.toks.get(p.pos), Some(Tok::Punct(','))) {
        let mut items = vec![value];
        while matches!(p.toks.get(p.pos), Some(Tok::Punct(','))) {
            p.pos += 1;
            if p.pos == p.toks.len() {
                break;
            }
            items.push(p.expr()?);
        }
        value = PyExpr::List(items);
    }
    if p.pos < p.toks.len() {
        return err(match eq {
            None if matches!(value, PyExpr::Call { .. }) => "unexpected text after the call",
            _ => "unexpected text after the expression",
        });
    }
    Ok(PyStmt {
        targets,
        unpack,
        value,
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Float(f64),
    Str(String),
    Punct(char),
}

fn tokenize(line: &str) -> Result<Vec<Tok>, CommandError> {
    let chars: Vec<char> = line.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word == "lambda" {
                // transform_layout's index maps: the lambda's text is the value.
                i = lambda_end(&chars, i);
                toks.push(Tok::Str(
                    chars[start..i]
                        .iter()
                        .collect::<String>()
                        .trim()
                        .to_string(),
                ));
            } else {
                toks.push(Tok::Ident(word));
            }
        } else if c.is_ascii_digit()
            || (c == '-'
                && chars
                    .get(i + 1)
                    .is_some_and(|d| d.is_ascii_digit() || *d == '.'))
        {
            let start = i;
            i += 1;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || chars[i] == '.'
                    || ((chars[i] == '-' || chars[i] == '+') && matches!(chars[i - 1], 'e' | 'E')))
            {
                i += 1;
            }
            let text: String = chars[start..i].iter().collect();
            if let Ok(v) = text.parse::<i64>() {
                toks.push(Tok::Int(v));
            } else if let Ok(v) = text.parse::<f64>() {
                toks.push(Tok::Float(v));
            } else {
                return err(format!("`{text}` is not a number"));
            }
        } else if c == '"' || c == '\'' {
            let mut s = String::new();
            i += 1;
            let mut closed = false;
            while i < chars.len() {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    s.push(chars[i + 1]);
                    i += 2;
                } else if chars[i] == c {
                    closed = true;
                    i += 1;
                    break;
                } else {
                    s.push(chars[i]);
                    i += 1;
                }
            }
            if !closed {
                return err("unterminated string");
            }
            toks.push(Tok::Str(s));
        } else if "()[]{},=.:".contains(c) {
            toks.push(Tok::Punct(c));
            i += 1;
        } else {
            return err(format!("unexpected `{c}`"));
        }
    }
    Ok(toks)
}

/// Where a lambda that starts before `from` ends: after its parameters and
/// `:`, at the first `,` `)` or `]` outside its own brackets (or the line's end).
fn lambda_end(chars: &[char], from: usize) -> usize {
    let mut i = from;
    while i < chars.len() && chars[i] != ':' {
        i += 1;
    }
    let mut depth = 0i32;
    while i < chars.len() {
        match chars[i] {
            '(' | '[' => depth += 1,
            ')' | ']' | ',' if depth == 0 => return i,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The deepest nesting of brackets and calls a statement may have. The
/// parser recurses once per level: 20,000 nested `(` overflowed the stack
/// (and left the terminal in the alternate screen). TVM schedules nest a
/// few levels.
pub const MAX_NESTING: usize = 64;

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Brackets and calls open around the current token.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_char(&mut self, c: char, what: &str) -> Result<(), CommandError> {
        if self.eat(c) {
            Ok(())
        } else {
            err(format!("expected `{c}` {what}"))
        }
    }

    fn ident(&mut self, what: &str) -> Result<String, CommandError> {
        match self.next() {
            Some(Tok::Ident(s)) => Ok(s),
            _ => err(format!("expected {what}")),
        }
    }

    /// One nesting level deeper, refused past `MAX_NESTING`.
    fn nested<T>(
        &mut self,
        inner: impl FnOnce(&mut Parser) -> Result<T, CommandError>,
    ) -> Result<T, CommandError> {
        if self.depth >= MAX_NESTING {
            return err(format!(
                "brackets and calls are nested more than {MAX_NESTING} levels deep (at token {}): \
                 the `:` line takes at most {MAX_NESTING}; set parts to names first (`x = ...`)",
                self.pos + 1
            ));
        }
        self.depth += 1;
        let r = inner(self);
        self.depth -= 1;
        r
    }

    fn value(&mut self) -> Result<Arg, CommandError> {
        self.nested(Parser::value_inner)
    }

    /// `{"key": value, ...}` after its `{`: string keys, plain values.
    fn dict_rest(&mut self) -> Result<Arg, CommandError> {
        let mut entries = Vec::new();
        while !self.eat('}') {
            let Some(Tok::Str(key)) = self.next() else {
                return err("a dict's keys are strings: `{\"key\": 1}`");
            };
            self.expect_char(':', "after the dict's key")?;
            entries.push((key, self.value()?));
            if !self.eat(',') {
                self.expect_char('}', "to close the dict")?;
                break;
            }
        }
        Ok(Arg::Map(entries))
    }

    fn value_inner(&mut self) -> Result<Arg, CommandError> {
        match self.next() {
            Some(Tok::Int(v)) => Ok(Arg::Int(v)),
            Some(Tok::Float(v)) => Ok(Arg::Float(v)),
            Some(Tok::Str(s)) => Ok(Arg::Str(s)),
            Some(Tok::Ident(s)) => Ok(match s.as_str() {
                "None" => Arg::Null,
                "True" => Arg::Bool(true),
                "False" => Arg::Bool(false),
                _ => Arg::Str(s),
            }),
            Some(Tok::Punct(open @ ('[' | '('))) => {
                let close = if open == '[' { ']' } else { ')' };
                let mut items = Vec::new();
                while !self.eat(close) {
                    items.push(self.value()?);
                    if !self.eat(',') {
                        self.expect_char(close, "to close the list")?;
                        break;
                    }
                }
                Ok(Arg::List(items))
            }
            Some(Tok::Punct('{')) => self.dict_rest(),
            _ => {
                err("expected a value (a name, number, string, None, True/False, a list or a dict)")
            }
        }
    }
}

impl Parser {
    /// An expression: a primary, then calls, `[i]` and `[a:b]` after it.
    fn expr(&mut self) -> Result<PyExpr, CommandError> {
        self.nested(Parser::expr_inner)
    }

    fn expr_inner(&mut self) -> Result<PyExpr, CommandError> {
        let mut e =
            match self.next() {
                Some(Tok::Int(v)) => PyExpr::Lit(Arg::Int(v)),
                Some(Tok::Float(v)) => PyExpr::Lit(Arg::Float(v)),
                Some(Tok::Str(s)) => PyExpr::Lit(Arg::Str(s)),
                Some(Tok::Ident(s)) => match s.as_str() {
                    "None" => PyExpr::Lit(Arg::Null),
                    "True" => PyExpr::Lit(Arg::Bool(true)),
                    "False" => PyExpr::Lit(Arg::Bool(false)),
                    _ => {
                        let mut name = s;
                        // `sch.split`, `tvm.tir.Schedule.split`: the last name is the op.
                        while self.eat('.') {
                            name = self.ident("a name after `.`")?;
                        }
                        if self.eat('(') {
                            PyExpr::Call {
                                args: self.call_args(&name)?,
                                op: name,
                            }
                        } else {
                            PyExpr::Name(name)
                        }
                    }
                },
                Some(Tok::Punct(open @ ('[' | '('))) => {
                    let close = if open == '[' { ']' } else { ')' };
                    let mut items = Vec::new();
                    while !self.eat(close) {
                        items.push(self.expr()?);
                        if !self.eat(',') {
                            self.expect_char(close, "to close the list")?;
                            break;
                        }
                    }
                    PyExpr::List(items)
                }
                // An annotation's dict: plain values only (no calls inside).
                Some(Tok::Punct('{')) => PyExpr::Lit(self.dict_rest()?),
                _ => return err(
                    "expected a value (a name, number, string, None, True/False, a list, a dict or a call)",
                ),
            };
        // Each `[i]` wraps the expression once more: it counts as a level.
        let mut postfix = 0;
        while self.eat('[') {
            postfix += 1;
            if self.depth + postfix > MAX_NESTING {
                return err(format!(
                    "indexes and slices are nested more than {MAX_NESTING} levels deep (at token {}): \
                     the `:` line takes at most {MAX_NESTING}",
                    self.pos
                ));
            }
            let int = |p: &mut Parser| match p.peek() {
                Some(Tok::Int(v)) => {
                    let v = *v;
                    p.pos += 1;
                    Some(v)
                }
                _ => None,
            };
            let a = int(self);
            if self.eat(':') {
                let b = int(self);
                self.expect_char(']', "to close the slice (`[a:b]` takes integers)")?;
                e = PyExpr::Slice(Box::new(e), a, b);
            } else {
                let Some(a) = a else {
                    return err("an index is an integer: `loops[-1]`, or a slice `loops[-2:]`");
                };
                self.expect_char(']', "to close the index")?;
                e = PyExpr::Index(Box::new(e), a);
            }
        }
        Ok(e)
    }

    fn call_args(&mut self, op: &str) -> Result<Vec<(Option<String>, PyExpr)>, CommandError> {
        let mut args = Vec::new();
        while !self.eat(')') {
            let kw = match (self.toks.get(self.pos), self.toks.get(self.pos + 1)) {
                (Some(Tok::Ident(k)), Some(Tok::Punct('='))) => {
                    let k = k.clone();
                    self.pos += 2;
                    Some(k)
                }
                _ => None,
            };
            let v = self.expr()?;
            args.push((kw, v));
            if !self.eat(',') {
                self.expect_char(')', &format!("to close the call of `{op}`"))?;
                break;
            }
        }
        Ok(args)
    }
}

/// A plain argument value (no calls or indexing inside), names as strings.
pub fn plain_arg(e: &PyExpr) -> Option<Arg> {
    match e {
        PyExpr::Lit(a) => Some(a.clone()),
        PyExpr::Name(n) => Some(Arg::Str(n.clone())),
        PyExpr::List(items) => items
            .iter()
            .map(plain_arg)
            .collect::<Option<Vec<_>>>()
            .map(Arg::List),
        _ => None,
    }
}

/// One Python value (`[None, 16]`, `4`, `"shared"`, `i`); a bare
/// comma-separated sequence is read as a list (`None, 16`).
pub fn parse_value(text: &str) -> Result<Arg, CommandError> {
    let toks = tokenize(text)?;
    if toks.is_empty() {
        return err("expected a value");
    }
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let v = p.value()?;
    if p.pos == p.toks.len() {
        return Ok(v);
    }
    let mut toks = vec![Tok::Punct('[')];
    toks.extend(p.toks);
    toks.push(Tok::Punct(']'));
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let v = p.value()?;
    if p.pos != p.toks.len() {
        return err("unexpected text after the value");
    }
    Ok(v)
}
