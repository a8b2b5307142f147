//! Recursive-descent parser from tokens to the `ast`: statements here,
//! expressions in `parser/expr.rs`, imports/`def`/`class` in `parser/items.rs`.
//!
//! Nesting (blocks, brackets, unary operators and operator chains) is limited to
//! `MAX_DEPTH`, which bounds the depth of every tree built from the text, and
//! parsing runs on a stack sized for that depth. Knows nothing of TIR.

mod expr;
mod items;

use super::ast::{BinaryOp, Expr, ExprKind, Ident, Module, Stmt, StmtKind, WithItem};
use super::error::{ParseError, ParseErrorKind, Result};
use super::lexer::{tokenize, Keyword, Tok, Token};
use crate::diag::Span;
use std::cell::Cell;

/// The deepest nesting of blocks and expressions the parser accepts.
pub const MAX_DEPTH: usize = 200;

/// Stack for parsing and building. Unoptimised builds use up to ~30 KiB per
/// nesting level (6 MiB at `MAX_DEPTH`), more than a thread's stack may have
/// left; the memory is only reserved, pages are touched as used.
const PARSE_STACK_BYTES: usize = 32 << 20;

/// Stack a parse must have left to run where it is called: what `MAX_DEPTH`
/// nesting needs in this build, with room to spare (`tests/script_parse.rs`
/// parses the deepest accepted programs on a thread with just this much).
/// Optimised frames are several times smaller; below this, a fresh segment
/// of `PARSE_STACK_BYTES` is mapped for the call. Mapping one costs more than
/// parsing a small workload (page faults on fresh pages, an munmap), so the
/// main thread (8 MiB) parses in place.
pub const PARSE_RED_ZONE: usize = if cfg!(debug_assertions) {
    PARSE_STACK_BYTES
} else {
    4 << 20
};

/// Runs `f` with a stack large enough for `MAX_DEPTH` nesting: on the current
/// stack when `PARSE_RED_ZONE` is left, else on a fresh segment that `stacker`
/// maps for the call (no thread is started, so a parse costs what it parses).
pub(crate) fn with_parse_stack<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    let floor = STACK_FLOOR.with(Cell::get);
    if floor != 0 && stack_address().saturating_sub(floor) >= PARSE_RED_ZONE {
        return f();
    }
    stacker::maybe_grow(PARSE_RED_ZONE, PARSE_STACK_BYTES, f)
}

thread_local! {
    /// The lowest stack address this thread may use, where known
    /// (`note_main_thread_stack`); 0 where not: `stacker` then finds out.
    static STACK_FLOOR: Cell<usize> = const { Cell::new(0) };
}

/// The address of the current stack frame (near enough: the red zone is MiBs).
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// The room below the top frame of the main thread: the stack may grow to
/// `RLIMIT_STACK`, of which the program's arguments and environment (above
/// `main`) take at most a quarter (the kernel's limit on them), so three
/// quarters less a margin are there. `None` when the limit is unknown or
/// unlimited (then `stacker` is asked, as on every other thread).
fn main_stack_room(rlimit_stack: Option<u64>) -> Option<usize> {
    const MARGIN: u64 = 256 << 10;
    let limit = rlimit_stack.filter(|&l| l != u64::MAX)?;
    usize::try_from((limit / 4 * 3).checked_sub(MARGIN)?).ok()
}

/// Whether this is the process's first thread. Asked of the kernel, not of
/// the thread's name: the binary starts without std's runtime, which is what
/// names the main thread "main".
#[cfg(target_os = "linux")]
fn on_main_thread() -> bool {
    // SAFETY: neither call takes arguments or can fail.
    unsafe { libc::gettid() == libc::getpid() }
}

#[cfg(not(target_os = "linux"))]
fn on_main_thread() -> bool {
    std::thread::current().name() == Some("main")
}

/// The soft limit of the main thread's stack; `None` when unlimited or unknown.
#[cfg(unix)]
fn rlimit_stack() -> Option<u64> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the one struct it is given.
    let known = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut lim) } == 0;
    (known && lim.rlim_cur != libc::RLIM_INFINITY).then_some(lim.rlim_cur)
}

#[cfg(not(unix))]
fn rlimit_stack() -> Option<u64> {
    None
}

/// For the binary's `main`, before anything is parsed: records how much stack
/// the main thread has below this frame, so that parsing needs no `stacker`
/// look-up of the stack's bounds, which on the main thread has glibc read and
/// scan all of /proc/self/maps (about a tenth of the instructions of a whole
/// `tirtui replay`). Does nothing on any other thread.
pub fn note_main_thread_stack() {
    if !on_main_thread() {
        return;
    }
    if let Some(room) = main_stack_room(rlimit_stack()) {
        let floor = stack_address().saturating_sub(room);
        STACK_FLOOR.with(|f| f.set(floor));
    }
}

/// Parses a whole file.
pub fn parse(src: &str) -> Result<Module> {
    with_parse_stack(|| parse_here(src))
}

/// One expression written inside a string literal, as TVM prints a buffer
/// extent that uses a parameter declared later in the signature
/// (`T.Buffer(("n", 4))`); `offset` is where the text starts in the file, so
/// spans point into the file.
pub fn parse_expr_at(text: &str, offset: usize) -> Result<Expr> {
    with_parse_stack(|| {
        let mut tokens = tokenize(text)?;
        for t in &mut tokens {
            t.span = Span {
                start: t.span.start + offset,
                end: t.span.end + offset,
            };
        }
        let mut parser = Parser {
            tokens,
            pos: 0,
            depth: 0,
        };
        let e = parser.expr()?;
        while matches!(parser.peek(), Tok::Newline) {
            parser.bump();
        }
        if !matches!(parser.peek(), Tok::Eof) {
            return Err(ParseError::syntax(
                parser.span(),
                format!(
                    "unexpected {} after the expression",
                    parser.peek().describe()
                ),
            ));
        }
        Ok(e)
    })
}

/// `parse` on the current thread; the caller provides the stack.
pub(crate) fn parse_here(src: &str) -> Result<Module> {
    let tokens = tokenize(src)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        depth: 0,
    };
    parser.file()
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    pos: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> &Tok<'a> {
        self.tokens
            .get(self.pos)
            .map(|t| &t.tok)
            .unwrap_or(&Tok::Eof)
    }

    fn peek_nth(&self, n: usize) -> &Tok<'a> {
        self.tokens
            .get(self.pos + n)
            .map(|t| &t.tok)
            .unwrap_or(&Tok::Eof)
    }

    fn span(&self) -> Span {
        match self.tokens.get(self.pos).or_else(|| self.tokens.last()) {
            Some(t) => t.span,
            None => Span::default(),
        }
    }

    /// End of the previous token, where a missing token would go.
    fn prev_end(&self) -> usize {
        match self.pos.checked_sub(1).and_then(|p| self.tokens.get(p)) {
            Some(t) => t.span.end,
            None => 0,
        }
    }

    /// Moves past the current token; returns its span.
    fn bump(&mut self) -> Span {
        let span = self.span();
        if self.pos < self.tokens.len() {
            self.pos += 1;
        }
        span
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn is_kw(&self, kw: Keyword) -> bool {
        matches!(self.peek(), Tok::Keyword(k) if *k == kw)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        let hit = self.is_op(op);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn eat_kw(&mut self, kw: Keyword) -> bool {
        let hit = self.is_kw(kw);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// An error at the current token: "expected X <context>", caret on what was found.
    fn unexpected(&self, expected: &[&str], context: &str) -> ParseError {
        let found = self.peek().describe();
        let alts = match expected {
            [one] => one.to_string(),
            _ => format!("one of {}", expected.join(", ")),
        };
        let message = if context.is_empty() {
            format!("expected {alts}")
        } else {
            format!("expected {alts} {context}")
        };
        // A missing token at the end of a line is reported right after the previous token.
        let span = if matches!(self.peek(), Tok::Newline | Tok::Eof | Tok::Dedent) {
            let end = self.prev_end();
            Span::new(end, end)
        } else {
            self.span()
        };
        ParseError::syntax(span, message)
            .with_label(format!("found {found}"))
            .with_expected(expected.iter().map(|s| s.to_string()))
    }

    fn expect_op(&mut self, op: &'static str, context: &str) -> Result<Span> {
        if self.is_op(op) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&[&format!("`{op}`")], context))
        }
    }

    fn expect_name(&mut self, context: &str) -> Result<Ident> {
        match *self.peek() {
            Tok::Name(name) => {
                let span = self.bump();
                Ok(Ident {
                    name: name.to_string(),
                    span,
                })
            }
            _ => Err(self.unexpected(&["a name"], context)),
        }
    }

    /// Goes one level deeper, failing past `MAX_DEPTH`.
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::new(
                ParseErrorKind::TooDeep,
                self.span(),
                format!("nesting is too deep (the limit is {MAX_DEPTH} levels)"),
            )
            .with_label("too deeply nested")
            .with_help("split the expression or the loop nest"));
        }
        Ok(())
    }

    fn leave(&mut self, levels: usize) {
        self.depth = self.depth.saturating_sub(levels);
    }

    fn file(&mut self) -> Result<Module> {
        let mut body = Vec::new();
        loop {
            match self.peek() {
                Tok::Eof => break,
                Tok::Newline => {
                    self.bump();
                }
                Tok::Indent => {
                    return Err(ParseError::syntax(self.span(), "unexpected indent")
                        .with_label("this line is indented more than the one before"))
                }
                _ => body.extend(self.statement()?),
            }
        }
        Ok(Module { body })
    }

    /// One statement line (simple statements joined by `;` give several).
    fn statement(&mut self) -> Result<Vec<Stmt>> {
        match self.peek() {
            Tok::Op("@") => Ok(vec![self.decorated()?]),
            Tok::Keyword(Keyword::Def) => Ok(vec![self.func_def(Vec::new())?]),
            Tok::Keyword(Keyword::Class) => Ok(vec![self.class_def(Vec::new())?]),
            Tok::Keyword(Keyword::For) => Ok(vec![self.for_stmt()?]),
            Tok::Keyword(Keyword::If) => Ok(vec![self.if_stmt()?]),
            Tok::Keyword(Keyword::With) => Ok(vec![self.with_stmt()?]),
            Tok::Keyword(Keyword::Elif | Keyword::Else) => Err(ParseError::syntax(
                self.span(),
                "`else` without a matching `if`",
            )
            .with_label("check the indentation of this line")),
            Tok::Indent => Err(ParseError::syntax(self.span(), "unexpected indent")
                .with_label("this line is indented more than the one before")),
            _ => self.simple_statements(),
        }
    }

    /// `a; b; c` up to the end of the line.
    fn simple_statements(&mut self) -> Result<Vec<Stmt>> {
        let mut out = vec![self.simple_statement()?];
        while self.eat_op(";") {
            if matches!(self.peek(), Tok::Newline | Tok::Eof) {
                break;
            }
            out.push(self.simple_statement()?);
        }
        match self.peek() {
            Tok::Newline => {
                self.bump();
            }
            Tok::Eof | Tok::Dedent => {}
            _ => return Err(self.unexpected(&["end of line"], "after the statement")),
        }
        Ok(out)
    }

    fn simple_statement(&mut self) -> Result<Stmt> {
        let start = self.span();
        match self.peek() {
            Tok::Keyword(Keyword::Pass) => {
                self.bump();
                return Ok(Stmt {
                    kind: StmtKind::Pass,
                    span: start,
                });
            }
            Tok::Keyword(Keyword::Return) => {
                self.bump();
                let value = if matches!(self.peek(), Tok::Newline | Tok::Eof | Tok::Op(";")) {
                    None
                } else {
                    Some(self.testlist()?)
                };
                let span = value.as_ref().map_or(start, |v| start.join(v.span));
                return Ok(Stmt {
                    kind: StmtKind::Return(value),
                    span,
                });
            }
            Tok::Keyword(Keyword::Import) => return self.import(),
            Tok::Keyword(Keyword::From) => return self.import_from(),
            Tok::Keyword(Keyword::Other) => {
                return Err(ParseError::syntax(
                    start,
                    "this Python statement is not part of TVMScript workloads",
                )
                .with_label("not supported"))
            }
            _ => {}
        }
        let first = self.testlist()?;
        if self.is_op("=") {
            let mut targets = vec![first];
            let mut value = None;
            while self.eat_op("=") {
                if let Some(prev) = value.take() {
                    targets.push(prev);
                }
                value = Some(self.testlist()?);
            }
            let value = value.ok_or_else(|| self.unexpected(&["an expression"], "after `=`"))?;
            let span = start.join(value.span);
            return Ok(Stmt {
                kind: StmtKind::Assign { targets, value },
                span,
            });
        }
        if self.eat_op(":") {
            let ann = self.expr()?;
            let value = if self.eat_op("=") {
                Some(self.testlist()?)
            } else {
                None
            };
            let span = start.join(value.as_ref().map_or(ann.span, |v| v.span));
            return Ok(Stmt {
                kind: StmtKind::AnnAssign {
                    target: first,
                    ann,
                    value,
                },
                span,
            });
        }
        if let Tok::Op(op) = self.peek() {
            let aug = match *op {
                "+=" => Some(BinaryOp::Add),
                "-=" => Some(BinaryOp::Sub),
                "*=" => Some(BinaryOp::Mul),
                "/=" => Some(BinaryOp::Div),
                "//=" => Some(BinaryOp::FloorDiv),
                "%=" => Some(BinaryOp::Mod),
                _ => None,
            };
            if let Some(op) = aug {
                self.bump();
                let value = self.expr()?;
                let span = start.join(value.span);
                return Ok(Stmt {
                    kind: StmtKind::AugAssign {
                        target: first,
                        op,
                        value,
                    },
                    span,
                });
            }
        }
        let span = first.span;
        Ok(Stmt {
            kind: StmtKind::Expr(first),
            span,
        })
    }

    /// `a`, or `a, b, c` as a tuple.
    fn testlist(&mut self) -> Result<Expr> {
        let first = self.expr()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.starts_expr() {
                items.push(self.expr()?);
            } else {
                break;
            }
        }
        let span = items[0].span.join(self.prev_span_end());
        Ok(Expr::new(ExprKind::Tuple(items), span))
    }

    fn prev_span_end(&self) -> Span {
        let end = self.prev_end();
        Span::new(end, end)
    }

    /// Whether the current token can start an expression.
    fn starts_expr(&self) -> bool {
        match self.peek() {
            Tok::Name(_) | Tok::Int(_) | Tok::Float(_) | Tok::Str(_) => true,
            Tok::Keyword(k) => matches!(
                k,
                Keyword::True | Keyword::False | Keyword::None | Keyword::Not
            ),
            Tok::Op(op) => matches!(*op, "(" | "[" | "{" | "-" | "+" | "~"),
            _ => false,
        }
    }

    fn suite(&mut self, context: &str) -> Result<Vec<Stmt>> {
        if !matches!(self.peek(), Tok::Newline) {
            if matches!(self.peek(), Tok::Eof) {
                return Err(self.unexpected(&["a statement"], context));
            }
            return self.simple_statements();
        }
        self.bump();
        if !matches!(self.peek(), Tok::Indent) {
            return Err(ParseError::syntax(
                self.span(),
                format!("expected an indented block {context}"),
            )
            .with_label("indent this line")
            .with_expected(["an indented block"]));
        }
        self.bump();
        self.enter()?;
        let mut body = Vec::new();
        loop {
            match self.peek() {
                Tok::Dedent => {
                    self.bump();
                    break;
                }
                Tok::Eof => break,
                Tok::Newline => {
                    self.bump();
                }
                _ => body.extend(self.statement()?),
            }
        }
        self.leave(1);
        Ok(body)
    }

    fn for_stmt(&mut self) -> Result<Stmt> {
        let start = self.bump();
        let target = self.testlist()?;
        if !self.eat_kw(Keyword::In) {
            return Err(self.unexpected(&["`in`"], "after the loop variables"));
        }
        let iter = self.testlist()?;
        self.expect_op(":", "after the for header")?;
        let body = self.suite("after the for header")?;
        Ok(Stmt {
            kind: StmtKind::For { target, iter, body },
            span: start.join(self.prev_span_end()),
        })
    }

    fn if_stmt(&mut self) -> Result<Stmt> {
        let start = self.bump();
        let cond = self.expr()?;
        self.expect_op(":", "after the if condition")?;
        let then_body = self.suite("after the if condition")?;
        let else_body = if self.is_kw(Keyword::Elif) {
            vec![self.if_stmt()?]
        } else if self.eat_kw(Keyword::Else) {
            self.expect_op(":", "after `else`")?;
            self.suite("after `else`")?
        } else {
            Vec::new()
        };
        Ok(Stmt {
            kind: StmtKind::If {
                cond,
                then_body,
                else_body,
            },
            span: start.join(self.prev_span_end()),
        })
    }

    fn with_stmt(&mut self) -> Result<Stmt> {
        let start = self.bump();
        let mut items = Vec::new();
        loop {
            let context = self.expr()?;
            let target = if self.eat_kw(Keyword::As) {
                Some(self.expr()?)
            } else {
                None
            };
            items.push(WithItem { context, target });
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(":", "after the with header")?;
        let body = self.suite("after the with header")?;
        Ok(Stmt {
            kind: StmtKind::With { items, body },
            span: start.join(self.prev_span_end()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(src: &str) -> Module {
        parse(src).unwrap_or_else(|e| panic!("{src}: {e:?}"))
    }

    #[test]
    fn statements_of_a_prim_func() {
        let m = parse_ok(
            "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")) -> None:\n    for i in range(4):\n        with T.block(\"B\"):\n            vi = T.axis.spatial(4, i)\n            A[vi] = A[vi] * 2.0\n",
        );
        let StmtKind::FuncDef(f) = &m.body[0].kind else {
            panic!("not a function")
        };
        assert_eq!(f.name.name, "f");
        assert_eq!(f.params.len(), 1);
        let StmtKind::For { body, .. } = &f.body[0].kind else {
            panic!("not a loop")
        };
        assert!(matches!(body[0].kind, StmtKind::With { .. }));
    }

    #[test]
    fn one_line_suites_and_chained_assign() {
        let m = parse_ok(
            "M = N = 4\nwith T.init(): C[0] = 0.0\nif a: pass\nelif b: pass\nelse: pass\n",
        );
        assert!(matches!(&m.body[0].kind, StmtKind::Assign { targets, .. } if targets.len() == 2));
        assert!(matches!(&m.body[2].kind, StmtKind::If { else_body, .. } if else_body.len() == 1));
    }

    #[test]
    fn missing_colon_is_reported_after_the_header() {
        let src = "for i in range(4)\n    pass\n";
        let err = parse(src).err().unwrap_or_else(|| panic!("parsed"));
        assert_eq!(err.message, "expected `:` after the for header");
        assert_eq!(err.span, Span::new(17, 17));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let src = format!("x = {}1{}\n", "(".repeat(5000), ")".repeat(5000));
        let err = parse(&src).err().unwrap_or_else(|| panic!("parsed"));
        assert_eq!(err.kind, ParseErrorKind::TooDeep);
        let src = format!("x = {}1\n", "-".repeat(5000));
        assert!(parse(&src).is_err());
        let src = format!("x = 1{}\n", " + 1".repeat(5000));
        assert!(parse(&src).is_err());
        let mut src = String::new();
        for d in 0..300 {
            src.push_str(&" ".repeat(d));
            src.push_str("if a:\n");
        }
        src.push_str(&" ".repeat(300));
        src.push_str("pass\n");
        assert!(parse(&src).is_err());
    }

    #[test]
    fn main_stack_room_is_three_quarters_of_the_limit_less_a_margin() {
        let mib = 1usize << 20;
        assert_eq!(main_stack_room(Some(8 << 20)), Some(6 * mib - (256 << 10)));
        // Unlimited or unknown: stacker decides.
        assert_eq!(main_stack_room(Some(u64::MAX)), None);
        assert_eq!(main_stack_room(None), None);
        // Smaller than the margin: nothing is assumed.
        assert_eq!(main_stack_room(Some(256 << 10)), None);
    }

    #[test]
    fn only_the_main_thread_notes_its_stack() {
        let floor = std::thread::Builder::new()
            .name("worker".into())
            .spawn(|| {
                note_main_thread_stack();
                STACK_FLOOR.with(Cell::get)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(floor, 0);
    }
}
