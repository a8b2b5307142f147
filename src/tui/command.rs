//! The `:` command line: TVM's Python spelling of a schedule call
//! (`i, j, k = sch.get_loops(b0)`, `sch.split(i, factors=[None, 16])`) or an
//! editor command (`:w`, `:q`, `:diff 2 5` ...), plus completion.
//!
//! Pure text in, data out: knows the op table (`trace::step`) but not the app.
//! Positional arguments map onto the op table's field order, as in TVM's
//! `Schedule` methods; varargs primitives (`reorder`, `fuse`, `merge`) take
//! their loops positionally or as one list.

use crate::trace::step::{op_spec, op_specs, Arg, FieldKind};
use crate::trace::Step;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Error)]
#[error("{message}")]
pub struct CommandError {
    pub message: String,
}

fn err<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError {
        message: message.into(),
    })
}

/// A schedule call as typed: `targets = obj.op(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct PyCall {
    pub targets: Vec<String>,
    pub op: String,
    /// Keyword (or None for positional) and value, in the order typed.
    pub args: Vec<(Option<String>, Arg)>,
}

/// A Python expression of the `:` line: what a TVM user writes around
/// schedule calls.
#[derive(Clone, Debug, PartialEq)]
pub enum PyExpr {
    /// A number, a string, None, True or False.
    Lit(Arg),
    /// A name: a handle, a loop variable, or a Python variable set earlier.
    Name(String),
    /// `[a, b]` or `(a, b)`.
    List(Vec<PyExpr>),
    /// `sch.op(args)`; keyword or None for positional.
    Call {
        op: String,
        args: Vec<(Option<String>, PyExpr)>,
    },
    /// `x[-1]`
    Index(Box<PyExpr>, i64),
    /// `x[a:b]`
    Slice(Box<PyExpr>, Option<i64>, Option<i64>),
}

/// One statement: `targets = value` (targets empty for a bare expression).
#[derive(Clone, Debug, PartialEq)]
pub struct PyStmt {
    pub targets: Vec<String>,
    pub value: PyExpr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Python statements, in order (one per line or `;`), as typed.
    Python(Vec<String>),
    /// `:w [path]`
    Write(Option<String>),
    /// `:q`, or `:q!` (force: drop unsaved steps)
    Quit {
        force: bool,
    },
    /// `:wq` / `:x`
    WriteQuit,
    Undo,
    Redo,
    Run,
    /// `:tune [N]`, `:tune stop`, `:tune load`, `:tune close`.
    Tune(super::tune::TuneCommand),
    /// `:diff` (last step), `:diff N` (step N), `:diff A B` (after step A vs after step B).
    Diff(Option<usize>, Option<usize>),
    Help,
}

/// The editor commands, for completion and help.
pub const EX_COMMANDS: &[(&str, &str)] = &[
    ("w", "save the session (`:w path.yaml` saves to a new path)"),
    (
        "q",
        "quit (refuses when there are unsaved steps; `:q!` drops them)",
    ),
    ("wq", "save and quit"),
    ("undo", "undo the last step"),
    ("redo", "redo the last undone step"),
    ("run", "run the kernel on the GPU"),
    (
        "tune",
        "`:tune N` tune N trials, `:tune stop`, `:tune load` loads the best, `:tune close`",
    ),
    (
        "diff",
        "`:diff` last step, `:diff N` step N, `:diff A B` the TIR after step A vs after step B",
    ),
    ("help", "the help screen"),
];

pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let line = line.strip_prefix(':').unwrap_or(line).trim();
    if line.is_empty() {
        return err("empty command");
    }
    let python_setup = line.starts_with("import ") || line.starts_with("from ");
    if !python_setup && !line.contains(['(', '=', '[', ';', '\n', '#']) {
        return parse_ex(line);
    }
    let stmts = split_statements(line)?;
    if stmts.is_empty() {
        return err("only comments: nothing to run");
    }
    Ok(Command::Python(stmts))
}

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
            Tok::Punct('(' | '[') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct('=') if depth == 0 => {
                eq = Some(i);
                break;
            }
            _ => {}
        }
    }
    let mut p = Parser { toks, pos: 0 };
    let mut targets = Vec::new();
    if let Some(eq) = eq {
        let mut names = &p.toks[..eq];
        if let (Some(Tok::Punct(o @ ('(' | '['))), Some(Tok::Punct(c))) =
            (names.first(), names.last())
        {
            if (*o == '(' && *c == ')') || (*o == '[' && *c == ']') {
                names = &names[1..names.len() - 1];
            }
        }
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
    let value = p.expr()?;
    if p.pos < p.toks.len() {
        return err(match eq {
            None if matches!(value, PyExpr::Call { .. }) => "unexpected text after the call",
            _ => "unexpected text after the expression",
        });
    }
    Ok(PyStmt { targets, value })
}

fn parse_ex(line: &str) -> Result<Command, CommandError> {
    let mut words = line.split_whitespace();
    let head = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            err(format!("`:{head}` takes no arguments"))
        }
    };
    match head {
        "w" | "write" => match rest.as_slice() {
            [] => Ok(Command::Write(None)),
            [p] => Ok(Command::Write(Some((*p).to_string()))),
            _ => err("`:w` takes one path"),
        },
        "q" | "quit" => no_args(Command::Quit { force: false }),
        "q!" | "quit!" => no_args(Command::Quit { force: true }),
        "wq" | "x" => no_args(Command::WriteQuit),
        "undo" | "u" => no_args(Command::Undo),
        "redo" => no_args(Command::Redo),
        "run" | "r" => no_args(Command::Run),
        "tune" => super::tune::parse_tune(&rest)
            .map(Command::Tune)
            .map_err(|message| CommandError { message }),
        "help" | "h" => no_args(Command::Help),
        "diff" => {
            let num = |s: &str| {
                s.parse::<usize>().map_err(|_| CommandError {
                    message: format!("`:diff` takes step numbers, not `{s}`"),
                })
            };
            match rest.as_slice() {
                [] => Ok(Command::Diff(None, None)),
                [a] => Ok(Command::Diff(Some(num(a)?), None)),
                [a, b] => Ok(Command::Diff(Some(num(a)?), Some(num(b)?))),
                _ => err("`:diff` takes at most two step numbers"),
            }
        }
        other if op_spec(other).is_some() => err(format!(
            "write the call in TVM's Python form, e.g. `{}`",
            example(other)
        )),
        other => err(format!(
            "unknown command `{other}`: type a schedule call like `sch.split(i, factors=[None, 16])`, or one of :{}",
            EX_COMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(" :")
        )),
    }
}

/// An example call for an op, for messages and the palette.
pub fn example(op: &str) -> String {
    let Some(spec) = op_spec(op) else {
        return format!("sch.{op}(...)");
    };
    let args: Vec<String> = spec
        .fields
        .iter()
        .filter(|f| f.default.is_none())
        .map(|f| match f.kind {
            FieldKind::Factors => format!("{}=[None, 16]", f.name),
            FieldKind::Names => format!("{}=[...]", f.name),
            FieldKind::BufferRef => format!("{}=(\"write\", 0)", f.name),
            FieldKind::Lambda => format!("{}=lambda i, j: (j, i)", f.name),
            _ => f.name.to_string(),
        })
        .collect();
    format!("sch.{op}({})", args.join(", "))
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
        } else if "()[],=.:".contains(c) {
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

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
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

    fn expect(&mut self, c: char, what: &str) -> Result<(), CommandError> {
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

    fn value(&mut self) -> Result<Arg, CommandError> {
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
                        self.expect(close, "to close the list")?;
                        break;
                    }
                }
                Ok(Arg::List(items))
            }
            _ => err("expected a value (a name, number, string, None, True/False or a list)"),
        }
    }
}

impl Parser {
    /// An expression: a primary, then calls, `[i]` and `[a:b]` after it.
    fn expr(&mut self) -> Result<PyExpr, CommandError> {
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
                            self.expect(close, "to close the list")?;
                            break;
                        }
                    }
                    PyExpr::List(items)
                }
                _ => return err(
                    "expected a value (a name, number, string, None, True/False, a list or a call)",
                ),
            };
        while self.eat('[') {
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
                self.expect(']', "to close the slice (`[a:b]` takes integers)")?;
                e = PyExpr::Slice(Box::new(e), a, b);
            } else {
                let Some(a) = a else {
                    return err("an index is an integer: `loops[-1]`, or a slice `loops[-2:]`");
                };
                self.expect(']', "to close the index")?;
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
                self.expect(')', &format!("to close the call of `{op}`"))?;
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
    let mut p = Parser { toks, pos: 0 };
    let v = p.value()?;
    if p.pos == p.toks.len() {
        return Ok(v);
    }
    let mut toks = vec![Tok::Punct('[')];
    toks.extend(p.toks);
    toks.push(Tok::Punct(']'));
    let mut p = Parser { toks, pos: 0 };
    let v = p.value()?;
    if p.pos != p.toks.len() {
        return err("unexpected text after the value");
    }
    Ok(v)
}

/// Maps a call onto the op table: TVM aliases, positional order, varargs.
/// The step's `out` is left empty (the caller names outputs).
pub fn to_step(call: &PyCall) -> Result<Step, CommandError> {
    let op = match call.op.as_str() {
        "get_sblock" => "get_block",
        other => other,
    };
    let Some(spec) = op_spec(op) else {
        let close = closest_op(op);
        return err(format!(
            "unknown primitive `{op}`{}",
            close
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default()
        ));
    };
    let mut given: Vec<(&str, Arg)> = Vec::new();
    let positional: Vec<&Arg> = call
        .args
        .iter()
        .filter(|(k, _)| k.is_none())
        .map(|(_, v)| v)
        .collect();
    let varargs = spec
        .fields
        .first()
        .is_some_and(|f| f.kind == FieldKind::Names)
        && (positional.len() > 1
            || positional
                .first()
                .is_some_and(|a| !matches!(a, Arg::List(_))));
    if varargs {
        given.push((
            spec.fields[0].name,
            Arg::List(positional.into_iter().cloned().collect()),
        ));
    } else {
        if positional.len() > spec.fields.len() {
            return err(format!(
                "`{op}` takes at most {} arguments: {}",
                spec.fields.len(),
                field_list(op)
            ));
        }
        for (field, v) in spec.fields.iter().zip(positional) {
            given.push((field.name, v.clone()));
        }
    }
    for (k, v) in call
        .args
        .iter()
        .filter_map(|(k, v)| k.as_ref().map(|k| (k, v)))
    {
        if op == "get_block" && k == "func_name" {
            // TVM's optional function name; a session holds one function.
            continue;
        }
        let Some(field) = spec.fields.iter().find(|f| f.name == k) else {
            return err(format!(
                "`{op}` has no argument `{k}`; its arguments are {}",
                field_list(op)
            ));
        };
        if given.iter().any(|(n, _)| *n == field.name) {
            return err(format!("argument `{k}` given twice"));
        }
        given.push((field.name, v.clone()));
    }
    for (name, v) in given.iter_mut() {
        let kind = spec.fields.iter().find(|f| f.name == *name).map(|f| f.kind);
        if kind == Some(FieldKind::Names) {
            if let Arg::Str(s) = v {
                *v = Arg::List(vec![Arg::Str(s.clone())]);
            }
        }
    }
    if let Some(missing) = spec
        .fields
        .iter()
        .find(|f| f.default.is_none() && !given.iter().any(|(n, _)| *n == f.name))
    {
        return err(format!(
            "`{op}` needs `{}` ({}), e.g. `{}`",
            missing.name,
            missing.kind.describe(),
            example(op)
        ));
    }
    Step::new(op, given, Vec::new()).ok_or_else(|| CommandError {
        message: format!("`{op}` is missing a required argument"),
    })
}

fn field_list(op: &str) -> String {
    op_spec(op)
        .map(|s| {
            s.fields
                .iter()
                .map(|f| f.name)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

fn closest_op(op: &str) -> Option<&'static str> {
    // No primitive name is near a long word; skip the quadratic distance for pastes.
    if op.len() > 64 {
        return None;
    }
    let specs = op_specs();
    specs
        .iter()
        .map(|s| (crate::script::error::edit_distance(op, s.name), s.name))
        .filter(|(d, name)| *d <= 3 || name.contains(op))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// Completion of the word before the end of `line`: the byte offset where the
/// word starts and the candidates (each a replacement for the word).
pub fn complete(line: &str, handles: &[String]) -> (usize, Vec<String>) {
    let start = line
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_' || *c == '!')
        .last()
        .map(|(i, _)| i)
        .unwrap_or(line.len());
    let word = &line[start..];
    let before = line[..start].trim_end();
    let mut out: Vec<String> = Vec::new();
    if before.ends_with('.') {
        out.extend(op_specs().iter().map(|s| format!("{}(", s.name)));
    } else if !line.contains('(') && (before.is_empty() || before.ends_with('=')) {
        if before.is_empty() {
            out.extend(EX_COMMANDS.iter().map(|(n, _)| n.to_string()));
        }
        out.push("sch.".into());
        out.extend(op_specs().iter().map(|s| format!("sch.{}(", s.name)));
        out.extend(handles.iter().cloned());
    } else if let Some(open) = line.rfind('(') {
        out.extend(handles.iter().cloned());
        let callee = line[..open].rsplit(['.', ' ', '=']).next().unwrap_or("");
        if let Some(spec) = op_spec(callee) {
            out.extend(spec.fields.iter().map(|f| format!("{}=", f.name)));
        }
        out.extend(["None", "True", "False"].map(String::from));
    }
    out.retain(|c| c.starts_with(word) && c != word);
    out.dedup();
    (start, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(line: &str) -> Result<(Vec<String>, Step), CommandError> {
        match parse(line)? {
            Command::Python(stmts) => {
                let st = parse_statement(&stmts[0])?;
                let PyExpr::Call { op, args } = st.value else {
                    panic!("not a call: {line}");
                };
                let args = args
                    .iter()
                    .map(|(k, v)| (k.clone(), plain_arg(v).expect("plain")))
                    .collect();
                let call = PyCall {
                    targets: st.targets.clone(),
                    op,
                    args,
                };
                Ok((call.targets.clone(), to_step(&call)?))
            }
            other => panic!("not a call: {other:?}"),
        }
    }

    #[test]
    fn python_calls_map_onto_the_op_table() {
        let (t, s) = step("i, j, k = sch.get_loops(b0)").unwrap();
        assert_eq!(t, vec!["i", "j", "k"]);
        assert_eq!(s.arg("block"), Some(&Arg::Str("b0".into())));
        let (_, s) = step("sch.split(i, factors=[None, 16])").unwrap();
        assert_eq!(
            s.arg("factors"),
            Some(&Arg::List(vec![Arg::Null, Arg::Int(16)]))
        );
        assert_eq!(s.arg("preserve_unit_iters"), Some(&Arg::Bool(true)));
        let (_, s) = step("sch.split(i, [None, 16], False)").unwrap();
        assert_eq!(s.arg("preserve_unit_iters"), Some(&Arg::Bool(false)));
        let (t, s) = step("b0 = sch.get_block(\"B\", func_name='main')").unwrap();
        assert_eq!(
            (t, s.arg("name")),
            (vec!["b0".to_string()], Some(&Arg::Str("B".into())))
        );
        let (_, s) = step("sch.reorder(j, i)").unwrap();
        assert_eq!(
            s.arg("ordered_loops"),
            Some(&Arg::List(vec![Arg::Str("j".into()), Arg::Str("i".into())]))
        );
        let (_, s) = step("sch.reorder([j, i])").unwrap();
        assert_eq!(
            s.arg("ordered_loops"),
            Some(&Arg::List(vec![Arg::Str("j".into()), Arg::Str("i".into())]))
        );
        let (t, _) = step("[a, b] = sch.split(loop=k, factors=(None, 4))").unwrap();
        assert_eq!(t, vec!["a", "b"]);
        let (_, s) = step("sch.bind(x, \"threadIdx.x\")").unwrap();
        assert_eq!(s.arg("thread_axis"), Some(&Arg::Str("threadIdx.x".into())));
        let (_, s) = step("sch.annotate(b, ann_key='k', ann_val=-1.5)").unwrap();
        assert_eq!(s.arg("ann_val"), Some(&Arg::Float(-1.5)));
        let (_, s) = step("sch.get_sblock('C')").unwrap();
        assert_eq!(s.op, "get_block");
    }

    #[test]
    fn lambdas_are_values() {
        // transform_layout as TVM prints it: the lambdas' text is kept whole.
        let (_, s) = step("sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda i, j: (i // 16, j // 16, i % 16, j % 16,), pad_value=lambda a, b, c, d: (T.float32(0.0),), assume_injective_transform=False)").unwrap();
        assert_eq!(
            s.arg("index_map"),
            Some(&Arg::Str(
                "lambda i, j: (i // 16, j // 16, i % 16, j % 16,)".into()
            ))
        );
        assert_eq!(
            s.arg("pad_value"),
            Some(&Arg::Str("lambda a, b, c, d: (T.float32(0.0),)".into()))
        );
        assert_eq!(
            s.arg("buffer"),
            Some(&Arg::List(vec![Arg::Str("write".into()), Arg::Int(0)]))
        );
        let (_, s) = step("sch.transform_layout(b0, \"B\", lambda i, j: [j, i * 2 - 1])").unwrap();
        assert_eq!(
            s.arg("index_map"),
            Some(&Arg::Str("lambda i, j: [j, i * 2 - 1]".into()))
        );
        assert_eq!(
            crate::tui::python::python_line(&s),
            "sch.transform_layout(b0, buffer=\"B\", index_map=lambda i, j: [j, i * 2 - 1])"
        );
    }

    #[test]
    fn bad_calls_say_why() {
        let msg = |l: &str| step(l).unwrap_err().message;
        assert!(msg("sch.splt(i, factors=[2])").contains("did you mean `split`"));
        assert!(msg("sch.split(i)").contains("needs `factors`"));
        assert!(msg("sch.split(i, fcators=[2])").contains("no argument `fcators`"));
        assert!(msg("sch.split(i, [2], True, 4)").contains("at most 3"));
        assert!(msg("sch.split(i, factors=[None, 16]").contains("close"));
        assert!(msg("sch.split(i, factors=[None, 16]) x").contains("after the call"));
        assert!(msg("sch.bind(x, \"threadIdx.x)").contains("unterminated"));
        assert!(msg("sch.split(i, factors=[1 $ 2])").contains("unexpected `$`"));
    }

    #[test]
    fn values() {
        assert_eq!(
            parse_value("None, 16").unwrap(),
            Arg::List(vec![Arg::Null, Arg::Int(16)])
        );
        assert_eq!(parse_value("[4]").unwrap(), Arg::List(vec![Arg::Int(4)]));
        assert_eq!(parse_value("'local'").unwrap(), Arg::Str("local".into()));
        assert!(parse_value("").is_err());
        assert!(parse_value("[1, 2").is_err());
    }

    #[test]
    fn editor_commands() {
        assert_eq!(parse(":w").unwrap(), Command::Write(None));
        assert_eq!(
            parse("w out.yaml").unwrap(),
            Command::Write(Some("out.yaml".into()))
        );
        assert_eq!(parse("q!").unwrap(), Command::Quit { force: true });
        assert_eq!(parse("diff 2 5").unwrap(), Command::Diff(Some(2), Some(5)));
        assert!(parse("diff x").is_err());
        assert!(parse("split i 16")
            .unwrap_err()
            .message
            .contains("sch.split(loop, factors=[None, 16])"));
        assert!(parse("frobnicate").is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn completes_ops_handles_and_keywords() {
        let handles = vec!["b0".to_string(), "i".to_string(), "i_1".to_string()];
        let (start, c) = complete("sch.spl", &handles);
        assert_eq!((start, c), (4, vec!["split(".to_string()]));
        let (_, c) = complete("sch.split(i", &handles);
        assert_eq!(c, vec!["i_1".to_string()]);
        let (_, c) = complete("sch.split(i, fa", &handles);
        assert_eq!(c, vec!["factors=".to_string()]);
        let (_, c) = complete("di", &handles);
        assert_eq!(c, vec!["diff".to_string()]);
        let (_, c) = complete("x = sch.get_l", &handles);
        assert_eq!(c, vec!["get_loops(".to_string()]);
    }
}
