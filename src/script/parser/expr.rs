//! Expressions with Python's precedence: `or`, `and`, `not`, comparisons,
//! `| ^ &`, shifts, `+ -`, `* / // %`, unary `- + ~`, `**`, then calls,
//! attributes and subscripts on atoms.
//!
//! Every recursion and every link of an operator chain counts towards
//! `MAX_DEPTH`, which bounds the depth of the tree built.

use super::Parser;
use crate::diag::Span;
use crate::script::ast::{BinaryOp, CmpOp, Expr, ExprKind, Ident, Keyword as KwArg, UnaryOp};
use crate::script::error::{ParseError, Result};
use crate::script::lexer::{Keyword, Tok};

/// Binding power of the binary operators between `not` and unary minus.
fn binary_op(tok: &Tok) -> Option<(BinaryOp, u8)> {
    let Tok::Op(op) = tok else { return None };
    Some(match *op {
        "|" => (BinaryOp::BitOr, 1),
        "^" => (BinaryOp::BitXor, 2),
        "&" => (BinaryOp::BitAnd, 3),
        "<<" => (BinaryOp::Shl, 4),
        ">>" => (BinaryOp::Shr, 4),
        "+" => (BinaryOp::Add, 5),
        "-" => (BinaryOp::Sub, 5),
        "*" => (BinaryOp::Mul, 6),
        "/" => (BinaryOp::Div, 6),
        "//" => (BinaryOp::FloorDiv, 6),
        "%" => (BinaryOp::Mod, 6),
        _ => return None,
    })
}

fn cmp_op(tok: &Tok) -> Option<CmpOp> {
    let Tok::Op(op) = tok else { return None };
    Some(match *op {
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">" => CmpOp::Gt,
        ">=" => CmpOp::Ge,
        _ => return None,
    })
}

fn binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span.join(rhs.span);
    Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span)
}

impl Parser<'_> {
    /// A full expression (no bare tuple).
    pub(super) fn expr(&mut self) -> Result<Expr> {
        self.enter()?;
        let e = self.or_expr()?;
        self.leave(1);
        Ok(e)
    }

    fn or_expr(&mut self) -> Result<Expr> {
        let mut lhs = self.and_expr()?;
        let mut links = 0;
        while self.eat_kw(Keyword::Or) {
            self.enter()?;
            links += 1;
            let rhs = self.and_expr()?;
            lhs = binary(BinaryOp::Or, lhs, rhs);
        }
        self.leave(links);
        Ok(lhs)
    }

    fn and_expr(&mut self) -> Result<Expr> {
        let mut lhs = self.not_expr()?;
        let mut links = 0;
        while self.eat_kw(Keyword::And) {
            self.enter()?;
            links += 1;
            let rhs = self.not_expr()?;
            lhs = binary(BinaryOp::And, lhs, rhs);
        }
        self.leave(links);
        Ok(lhs)
    }

    fn not_expr(&mut self) -> Result<Expr> {
        if self.is_kw(Keyword::Not) {
            let start = self.bump();
            self.enter()?;
            let operand = self.not_expr()?;
            self.leave(1);
            let span = start.join(operand.span);
            return Ok(Expr::new(
                ExprKind::Unary(UnaryOp::Not, Box::new(operand)),
                span,
            ));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Expr> {
        let first = self.binary(1)?;
        let mut rest = Vec::new();
        while let Some(op) = cmp_op(self.peek()) {
            self.bump();
            self.enter()?;
            rest.push((op, self.binary(1)?));
        }
        self.leave(rest.len());
        if rest.is_empty() {
            return Ok(first);
        }
        let span = rest
            .last()
            .map_or(first.span, |(_, e)| first.span.join(e.span));
        Ok(Expr::new(ExprKind::Compare(Box::new(first), rest), span))
    }

    /// Precedence climbing over the left-associative binary operators.
    fn binary(&mut self, min_power: u8) -> Result<Expr> {
        let mut lhs = self.unary()?;
        let mut links = 0;
        while let Some((op, power)) = binary_op(self.peek()) {
            if power < min_power {
                break;
            }
            self.bump();
            self.enter()?;
            links += 1;
            let rhs = self.binary(power + 1)?;
            lhs = binary(op, lhs, rhs);
        }
        self.leave(links);
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr> {
        let op = match self.peek() {
            Tok::Op("-") => UnaryOp::Neg,
            Tok::Op("+") => UnaryOp::Pos,
            Tok::Op("~") => UnaryOp::Invert,
            _ => return self.power(),
        };
        let start = self.bump();
        self.enter()?;
        let operand = self.unary()?;
        self.leave(1);
        let span = start.join(operand.span);
        Ok(Expr::new(ExprKind::Unary(op, Box::new(operand)), span))
    }

    fn power(&mut self) -> Result<Expr> {
        let base = self.postfix()?;
        if !self.eat_op("**") {
            return Ok(base);
        }
        self.enter()?;
        let exp = self.unary()?;
        self.leave(1);
        Ok(binary(BinaryOp::Pow, base, exp))
    }

    /// An atom followed by `.name`, `(args)` and `[indices]`.
    fn postfix(&mut self) -> Result<Expr> {
        let mut e = self.atom()?;
        let mut links = 0;
        loop {
            if self.eat_op(".") {
                let attr = self.expect_name("after `.`")?;
                let span = e.span.join(attr.span);
                e = Expr::new(ExprKind::Attr(Box::new(e), attr), span);
            } else if self.is_op("(") {
                self.bump();
                let (args, kwargs) = self.call_args()?;
                let end = self.expect_op(")", "to close the argument list")?;
                let span = e.span.join(end);
                e = Expr::new(
                    ExprKind::Call {
                        func: Box::new(e),
                        args,
                        kwargs,
                    },
                    span,
                );
            } else if self.is_op("[") {
                self.bump();
                let mut indices = self.subscripts()?;
                // `A[()]`: TVM's spelling of an access to a 0-d buffer, no indices.
                if let [Expr {
                    kind: ExprKind::Tuple(items),
                    ..
                }] = indices.as_slice()
                {
                    if items.is_empty() {
                        indices.clear();
                    }
                }
                let end = self.expect_op("]", "to close the subscript")?;
                let span = e.span.join(end);
                e = Expr::new(ExprKind::Subscript(Box::new(e), indices), span);
            } else {
                break;
            }
            self.enter()?;
            links += 1;
        }
        self.leave(links);
        Ok(e)
    }

    fn call_args(&mut self) -> Result<(Vec<Expr>, Vec<KwArg>)> {
        let mut args = Vec::new();
        let mut kwargs: Vec<KwArg> = Vec::new();
        while !self.is_op(")") {
            if self.is_op("*") || self.is_op("**") {
                return Err(ParseError::syntax(
                    self.span(),
                    "`*args` and `**kwargs` are not supported",
                )
                .with_label("not supported"));
            }
            if let (&Tok::Name(name), Tok::Op("=")) = (self.peek(), self.peek_nth(1)) {
                let span = self.bump();
                self.bump();
                let value = self.expr()?;
                kwargs.push(KwArg {
                    name: Ident {
                        name: name.to_string(),
                        span,
                    },
                    value,
                });
            } else {
                let value = self.expr()?;
                if !kwargs.is_empty() {
                    return Err(ParseError::syntax(
                        value.span,
                        "positional argument follows keyword argument",
                    )
                    .with_label("move this before the keyword arguments"));
                }
                args.push(value);
            }
            if !self.eat_op(",") {
                break;
            }
        }
        Ok((args, kwargs))
    }

    /// The comma-separated entries of `[...]` after a value; each an expression or a slice.
    fn subscripts(&mut self) -> Result<Vec<Expr>> {
        let mut items = Vec::new();
        while !self.is_op("]") {
            items.push(self.subscript_item()?);
            if !self.eat_op(",") {
                break;
            }
        }
        Ok(items)
    }

    fn subscript_item(&mut self) -> Result<Expr> {
        let start = self.span();
        let lo = if self.is_op(":") {
            None
        } else {
            Some(self.expr()?)
        };
        if !self.is_op(":") {
            return lo.ok_or_else(|| self.unexpected(&["an index"], "in the subscript"));
        }
        self.bump();
        let bound = |p: &Parser<'_>| !(p.is_op(":") || p.is_op(",") || p.is_op("]"));
        let hi = if bound(self) {
            Some(self.expr()?)
        } else {
            None
        };
        let step = if self.eat_op(":") && bound(self) {
            Some(self.expr()?)
        } else {
            None
        };
        let span = Span::new(
            lo.as_ref().map_or(start.start, |e| e.span.start),
            self.prev_end(),
        );
        Ok(Expr::new(
            ExprKind::Slice {
                lo: lo.map(Box::new),
                hi: hi.map(Box::new),
                step: step.map(Box::new),
            },
            span,
        ))
    }

    fn atom(&mut self) -> Result<Expr> {
        let span = self.span();
        let kind = match self.peek() {
            &Tok::Name(n) => ExprKind::Name(n.to_string()),
            &Tok::Int(v) => ExprKind::Int(v),
            &Tok::Float(v) => ExprKind::Float(v),
            Tok::Str(s) => {
                // Adjacent string literals concatenate, as in Python.
                let mut text = s.to_string();
                let mut end = self.bump();
                while let Tok::Str(more) = self.peek() {
                    text.push_str(more);
                    end = self.bump();
                }
                return Ok(Expr::new(ExprKind::Str(text), span.join(end)));
            }
            Tok::Keyword(Keyword::True) => ExprKind::Bool(true),
            Tok::Keyword(Keyword::False) => ExprKind::Bool(false),
            Tok::Keyword(Keyword::None) => ExprKind::None,
            Tok::Op("(") => return self.paren(),
            Tok::Op("[") => {
                self.bump();
                let items = self.sequence("]")?;
                let end = self.expect_op("]", "to close the list")?;
                return Ok(Expr::new(ExprKind::List(items), span.join(end)));
            }
            Tok::Op("{") => return self.dict(),
            _ => return Err(self.unexpected(&["an expression"], "")),
        };
        self.bump();
        Ok(Expr::new(kind, span))
    }

    /// Items up to `close`, comma-separated with an optional trailing comma.
    fn sequence(&mut self, close: &str) -> Result<Vec<Expr>> {
        let mut items = Vec::new();
        while !self.is_op(close) {
            items.push(self.expr()?);
            if !self.eat_op(",") {
                break;
            }
        }
        Ok(items)
    }

    fn paren(&mut self) -> Result<Expr> {
        let start = self.bump();
        if self.is_op(")") {
            let end = self.bump();
            return Ok(Expr::new(ExprKind::Tuple(Vec::new()), start.join(end)));
        }
        let first = self.expr()?;
        if !self.is_op(",") {
            self.expect_op(")", "to close the parenthesis")?;
            return Ok(first);
        }
        self.bump();
        let mut items = vec![first];
        items.extend(self.sequence(")")?);
        let end = self.expect_op(")", "to close the tuple")?;
        Ok(Expr::new(ExprKind::Tuple(items), start.join(end)))
    }

    fn dict(&mut self) -> Result<Expr> {
        let start = self.bump();
        let mut entries = Vec::new();
        while !self.is_op("}") {
            let key = self.expr()?;
            self.expect_op(":", "between a dictionary key and its value")?;
            let value = self.expr()?;
            entries.push((key, value));
            if !self.eat_op(",") {
                break;
            }
        }
        let end = self.expect_op("}", "to close the dictionary")?;
        Ok(Expr::new(ExprKind::Dict(entries), start.join(end)))
    }
}
