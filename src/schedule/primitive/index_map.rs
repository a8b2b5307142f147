//! TVM's `IndexMap` as a Python lambda: `lambda i, j: (i // 16, j // 16, i % 16, j % 16)`.
//!
//! transform_layout takes the map as the text TVM prints for it, so a session
//! moves between tirtui and TVM unchanged. The parser here reads only what an
//! index map needs (integer arithmetic over the parameters, `T.<dtype>(x)`
//! constants for pad values) and keeps a span on every node, so a bad map is
//! reported with the spot marked in its own text.
//!
//! TVM: include/tvm/tirx/index_map.h, python/tvm/tirx/function.py (IndexMap.from_func).

use crate::diag::Span;
use crate::ir::{BinOp, DataType, Expr};

/// Why a lambda was refused, with the place in its text.
#[derive(Clone, Debug, PartialEq)]
pub struct MapError {
    pub span: Span,
    pub why: String,
}

fn fail<T>(span: Span, why: impl Into<String>) -> Result<T, MapError> {
    Err(MapError {
        span,
        why: why.into(),
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    FloorMod,
}

/// One output expression of the map, over the lambda's parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum MapExpr {
    Param(usize, Span),
    Int(i64, Span),
    /// `T.float32(0.0)` or a bare float: only meaningful as a pad value.
    Float(f64, Option<DataType>, Span),
    Neg(Box<MapExpr>, Span),
    Bin(MapOp, Box<MapExpr>, Box<MapExpr>, Span),
}

impl MapExpr {
    pub fn span(&self) -> Span {
        match self {
            MapExpr::Param(_, s)
            | MapExpr::Int(_, s)
            | MapExpr::Float(_, _, s)
            | MapExpr::Neg(_, s)
            | MapExpr::Bin(_, _, _, s) => *s,
        }
    }

    pub fn uses_float(&self) -> Option<Span> {
        match self {
            MapExpr::Float(_, _, s) => Some(*s),
            MapExpr::Neg(a, _) => a.uses_float(),
            MapExpr::Bin(_, a, b, _) => a.uses_float().or_else(|| b.uses_float()),
            _ => None,
        }
    }

    /// Integer value at `at` (one value per parameter), Python's floor semantics;
    /// `Err(span)` of a division by zero or an overflow.
    pub fn eval(&self, at: &[i64]) -> Result<i64, Span> {
        Ok(match self {
            MapExpr::Param(i, _) => at[*i],
            MapExpr::Int(v, _) => *v,
            MapExpr::Float(_, _, s) => return Err(*s),
            MapExpr::Neg(a, s) => a.eval(at)?.checked_neg().ok_or(*s)?,
            MapExpr::Bin(op, a, b, s) => {
                let (x, y) = (a.eval(at)?, b.eval(at)?);
                match op {
                    MapOp::Add => x.checked_add(y),
                    MapOp::Sub => x.checked_sub(y),
                    MapOp::Mul => x.checked_mul(y),
                    MapOp::FloorDiv => floor_div(x, y),
                    MapOp::FloorMod => floor_div(x, y).map(|q| x - q * y),
                }
                .ok_or(*s)?
            }
        })
    }

    /// The expression with the parameters replaced by `args` (TIR index arithmetic).
    pub fn to_ir(&self, args: &[Expr], dtype: DataType) -> Expr {
        match self {
            MapExpr::Param(i, _) => args[*i].clone(),
            MapExpr::Int(v, _) if dtype.is_float() => Expr::Float(*v as f64, dtype),
            MapExpr::Int(v, _) => Expr::Int(*v, dtype),
            MapExpr::Float(v, _, _) => Expr::Float(*v, dtype),
            MapExpr::Neg(a, _) => Expr::sub(Expr::Int(0, DataType::I32), a.to_ir(args, dtype)),
            MapExpr::Bin(op, a, b, _) => {
                let op = match op {
                    MapOp::Add => BinOp::Add,
                    MapOp::Sub => BinOp::Sub,
                    MapOp::Mul => BinOp::Mul,
                    MapOp::FloorDiv => BinOp::FloorDiv,
                    MapOp::FloorMod => BinOp::FloorMod,
                };
                Expr::binary(op, a.to_ir(args, dtype), b.to_ir(args, dtype))
            }
        }
    }
}

fn floor_div(x: i64, y: i64) -> Option<i64> {
    if y == 0 {
        return None;
    }
    let q = x.checked_div(y)?;
    Some(if (x % y != 0) && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

/// A parsed annotate_buffer_access `gen_new_ranges`: per buffer axis a
/// `(begin, end)` pair, or one point `p` (the range `[p, p + 1)`).
#[derive(Clone, Debug, PartialEq)]
pub struct RangesMap {
    pub text: String,
    pub params: Vec<(String, Span)>,
    pub ranges: Vec<(MapExpr, Option<MapExpr>)>,
    pub body_span: Span,
}

impl RangesMap {
    pub fn parse(text: &str) -> Result<RangesMap, MapError> {
        let toks = tokenize(text)?;
        let mut p = P {
            toks,
            pos: 0,
            end: text.len(),
            params: Vec::new(),
        };
        let m = p.ranges_lambda(text)?;
        for (b, e) in &m.ranges {
            if let Some(s) = b
                .uses_float()
                .or_else(|| e.as_ref().and_then(|e| e.uses_float()))
            {
                return fail(s, "a region's bounds are integer expressions");
            }
        }
        Ok(m)
    }
}

/// A parsed `lambda params: outputs`.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexMap {
    pub text: String,
    pub params: Vec<(String, Span)>,
    pub outputs: Vec<MapExpr>,
    /// The span of the body (after the `:`), marked when the map as a whole is wrong.
    pub body_span: Span,
}

impl IndexMap {
    /// Parses the text of a Python lambda over integer indices.
    pub fn parse(text: &str) -> Result<IndexMap, MapError> {
        let toks = tokenize(text)?;
        let mut p = P {
            toks,
            pos: 0,
            end: text.len(),
            params: Vec::new(),
        };
        p.lambda(text)
    }

    /// Parses an index map and checks it has no float constants.
    pub fn parse_index_map(text: &str) -> Result<IndexMap, MapError> {
        let m = IndexMap::parse(text)?;
        for o in &m.outputs {
            if let Some(s) = o.uses_float() {
                return fail(
                    s,
                    "an index map computes integer indices; floats belong in pad_value",
                );
            }
        }
        if m.outputs.is_empty() {
            return fail(m.body_span, "the lambda returns no index");
        }
        Ok(m)
    }

    /// Every output at `at`.
    pub fn eval(&self, at: &[i64]) -> Result<Vec<i64>, Span> {
        self.outputs.iter().map(|o| o.eval(at)).collect()
    }

    /// Every output with the parameters replaced by `args`.
    pub fn apply(&self, args: &[Expr]) -> Vec<Expr> {
        self.outputs
            .iter()
            .map(|o| o.to_ir(args, DataType::I32))
            .collect()
    }

    /// The inverse for maps built from `i`, `i // c` and `i % c` of the
    /// parameters (each parameter either kept whole or split once into a
    /// `// c` and `% c` pair): for each parameter, its value as an expression
    /// of the outputs (`Param(k)` now meaning output `k`). `None` otherwise.
    pub fn split_inverse(&self) -> Option<Vec<MapExpr>> {
        let n = self.params.len();
        let mut whole: Vec<Option<usize>> = vec![None; n];
        let mut div: Vec<Option<(usize, i64)>> = vec![None; n];
        let mut rem: Vec<Option<(usize, i64)>> = vec![None; n];
        for (k, o) in self.outputs.iter().enumerate() {
            match o {
                MapExpr::Param(p, _) if whole[*p].is_none() => whole[*p] = Some(k),
                MapExpr::Bin(op, a, b, _) => match (op, &**a, &**b) {
                    (MapOp::FloorDiv, MapExpr::Param(p, _), MapExpr::Int(c, _))
                        if *c > 0 && div[*p].is_none() =>
                    {
                        div[*p] = Some((k, *c))
                    }
                    (MapOp::FloorMod, MapExpr::Param(p, _), MapExpr::Int(c, _))
                        if *c > 0 && rem[*p].is_none() =>
                    {
                        rem[*p] = Some((k, *c))
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
        let s = Span::default();
        (0..n)
            .map(|p| match (whole[p], div[p], rem[p]) {
                (Some(k), None, None) => Some(MapExpr::Param(k, s)),
                (None, Some((kd, c)), Some((kr, c2))) if c == c2 => Some(MapExpr::Bin(
                    MapOp::Add,
                    Box::new(MapExpr::Bin(
                        MapOp::Mul,
                        Box::new(MapExpr::Param(kd, s)),
                        Box::new(MapExpr::Int(c, s)),
                        s,
                    )),
                    Box::new(MapExpr::Param(kr, s)),
                    s,
                )),
                _ => None,
            })
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Float(f64),
    Op(&'static str),
}

fn tokenize(text: &str) -> Result<Vec<(Tok, Span)>, MapError> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Ident(text[start..i].to_string()), Span::new(start, i)));
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.' || b[i] == b'e') {
                i += 1;
            }
            let s = &text[start..i];
            let span = Span::new(start, i);
            let tok = if let Ok(v) = s.parse::<i64>() {
                Tok::Int(v)
            } else if let Ok(v) = s.parse::<f64>() {
                Tok::Float(v)
            } else {
                return fail(span, format!("`{s}` is not a number"));
            };
            out.push((tok, span));
            continue;
        }
        let two = text.get(i..i + 2).unwrap_or("");
        let op: &'static str = match (two, c) {
            ("//", _) => "//",
            ("**", _) => "**",
            (_, b'+') => "+",
            (_, b'-') => "-",
            (_, b'*') => "*",
            (_, b'/') => "/",
            (_, b'%') => "%",
            (_, b'(') => "(",
            (_, b')') => ")",
            (_, b'[') => "[",
            (_, b']') => "]",
            (_, b',') => ",",
            (_, b':') => ":",
            (_, b'.') => ".",
            _ => {
                let ch = text[i..].chars().next().unwrap_or('?');
                return fail(
                    Span::new(i, i + ch.len_utf8()),
                    format!("`{ch}` has no place in an index map (use + - * // %)"),
                );
            }
        };
        i += op.len();
        out.push((Tok::Op(op), Span::new(start, i)));
    }
    Ok(out)
}

struct P {
    toks: Vec<(Tok, Span)>,
    pos: usize,
    end: usize,
    params: Vec<(String, Span)>,
}

/// Expressions nest at most this deep (bounds recursion on hostile input).
const MAX_DEPTH: usize = 64;

impl P {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }

    fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .map(|(_, s)| *s)
            .unwrap_or(Span::new(self.end, self.end))
    }

    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_token(&mut self, op: &str, what: &str) -> Result<Span, MapError> {
        let s = self.span();
        if self.eat(op) {
            Ok(s)
        } else {
            fail(s, format!("expected `{op}` {what}"))
        }
    }

    fn ident(&mut self, what: &str) -> Result<(String, Span), MapError> {
        let s = self.span();
        match self.peek() {
            Some(Tok::Ident(n)) => {
                let n = n.clone();
                self.pos += 1;
                Ok((n, s))
            }
            _ => fail(s, format!("expected {what}")),
        }
    }

    /// `lambda a, b:` up to and including the colon.
    fn lambda_params(&mut self) -> Result<(), MapError> {
        let (kw, s) = self.ident("`lambda`")?;
        if kw != "lambda" {
            return fail(s, "an index map is a Python lambda: `lambda i, j: (j, i)`");
        }
        while !matches!(self.peek(), Some(Tok::Op(":"))) {
            let (name, s) = self.ident("a parameter name")?;
            if self.params.iter().any(|(p, _)| *p == name) {
                return fail(s, format!("parameter `{name}` is listed twice"));
            }
            self.params.push((name, s));
            if !self.eat(",") {
                break;
            }
        }
        self.expect_token(":", "after the lambda's parameters")?;
        if self.params.is_empty() {
            return fail(
                s,
                "the lambda takes no parameters; it needs one per buffer axis",
            );
        }
        Ok(())
    }

    /// `lambda ...: [(b0, e0), p1, ...]`: a pair or a point per item.
    fn ranges_lambda(&mut self, text: &str) -> Result<RangesMap, MapError> {
        self.lambda_params()?;
        let body_start = self.span().start;
        let close = match self.peek() {
            Some(Tok::Op("(")) => ")",
            Some(Tok::Op("[")) => "]",
            _ => {
                return fail(
                    self.span(),
                    "gen_new_ranges returns a list: one `(begin, end)` or one point per axis",
                )
            }
        };
        self.pos += 1;
        let mut ranges = Vec::new();
        while !self.eat(close) {
            if self.pos >= self.toks.len() {
                return fail(self.span(), format!("expected `{close}` to close the list"));
            }
            ranges.push(self.range_item()?);
            if !self.eat(",") {
                self.expect_token(close, "after the list's last item")?;
                break;
            }
        }
        let body_span = Span::new(
            body_start,
            self.toks
                .get(self.pos.wrapping_sub(1))
                .map_or(self.end, |t| t.1.end),
        );
        if self.pos < self.toks.len() {
            return fail(self.span(), "unexpected text after the lambda's body");
        }
        Ok(RangesMap {
            text: text.to_string(),
            params: std::mem::take(&mut self.params),
            ranges,
            body_span,
        })
    }

    /// `(begin, end)` or a point; `(i + 1) * 2` is a point, not a pair.
    fn range_item(&mut self) -> Result<(MapExpr, Option<MapExpr>), MapError> {
        if matches!(self.peek(), Some(Tok::Op("("))) {
            let save = self.pos;
            self.pos += 1;
            let begin = self.expr(0)?;
            if self.eat(",") {
                let end = self.expr(0)?;
                self.expect_token(")", "after a range's end")?;
                return Ok((begin, Some(end)));
            }
            self.pos = save;
        }
        Ok((self.expr(0)?, None))
    }

    fn lambda(&mut self, text: &str) -> Result<IndexMap, MapError> {
        self.lambda_params()?;
        let body_start = self.span().start;
        let outputs = match self.peek() {
            Some(Tok::Op(open @ ("(" | "["))) => {
                let close = if *open == "(" { ")" } else { "]" };
                let list = *open == "[";
                self.pos += 1;
                let mut items = Vec::new();
                let mut comma = false;
                while !self.eat(close) {
                    if self.pos >= self.toks.len() {
                        return fail(
                            self.span(),
                            format!("expected `{close}` to close the tuple"),
                        );
                    }
                    items.push(self.expr(0)?);
                    if self.eat(",") {
                        comma = true;
                    } else {
                        self.expect_token(close, "after the tuple's last item")?;
                        break;
                    }
                }
                // `(i)` is a parenthesised index, `(i,)` a tuple: both one output.
                let _ = (comma, list);
                items
            }
            _ => vec![self.expr(0)?],
        };
        let body_span = Span::new(
            body_start,
            self.toks
                .get(self.pos.wrapping_sub(1))
                .map_or(self.end, |t| t.1.end),
        );
        if self.pos < self.toks.len() {
            return fail(self.span(), "unexpected text after the lambda's body");
        }
        Ok(IndexMap {
            text: text.to_string(),
            params: std::mem::take(&mut self.params),
            outputs,
            body_span,
        })
    }

    fn expr(&mut self, depth: usize) -> Result<MapExpr, MapError> {
        if depth > MAX_DEPTH {
            return fail(self.span(), "the expression nests too deeply");
        }
        let mut lhs = self.term(depth + 1)?;
        loop {
            let op = if self.eat("+") {
                MapOp::Add
            } else if self.eat("-") {
                MapOp::Sub
            } else {
                return Ok(lhs);
            };
            let rhs = self.term(depth + 1)?;
            let s = lhs.span().join(rhs.span());
            lhs = MapExpr::Bin(op, Box::new(lhs), Box::new(rhs), s);
        }
    }

    fn term(&mut self, depth: usize) -> Result<MapExpr, MapError> {
        let mut lhs = self.unary(depth + 1)?;
        loop {
            let at = self.span();
            let op = if self.eat("*") {
                MapOp::Mul
            } else if self.eat("//") {
                MapOp::FloorDiv
            } else if self.eat("%") {
                MapOp::FloorMod
            } else if self.eat("/") {
                return fail(
                    at,
                    "`/` is true division; index maps use `//` (floor division)",
                );
            } else if self.eat("**") {
                return fail(at, "`**` is not supported in an index map");
            } else {
                return Ok(lhs);
            };
            let rhs = self.unary(depth + 1)?;
            let s = lhs.span().join(rhs.span());
            lhs = MapExpr::Bin(op, Box::new(lhs), Box::new(rhs), s);
        }
    }

    fn unary(&mut self, depth: usize) -> Result<MapExpr, MapError> {
        if depth > MAX_DEPTH {
            return fail(self.span(), "the expression nests too deeply");
        }
        let s = self.span();
        if self.eat("-") {
            let a = self.unary(depth + 1)?;
            let span = s.join(a.span());
            return Ok(match a {
                MapExpr::Int(v, _) => MapExpr::Int(-v, span),
                MapExpr::Float(v, t, _) => MapExpr::Float(-v, t, span),
                a => MapExpr::Neg(Box::new(a), span),
            });
        }
        if self.eat("+") {
            return self.unary(depth + 1);
        }
        self.atom(depth + 1)
    }

    fn atom(&mut self, depth: usize) -> Result<MapExpr, MapError> {
        let s = self.span();
        match self.peek().cloned() {
            Some(Tok::Int(v)) => {
                self.pos += 1;
                Ok(MapExpr::Int(v, s))
            }
            Some(Tok::Float(v)) => {
                self.pos += 1;
                Ok(MapExpr::Float(v, None, s))
            }
            Some(Tok::Op("(")) => {
                self.pos += 1;
                let e = self.expr(depth + 1)?;
                self.expect_token(")", "to close the parenthesis")?;
                Ok(e)
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if let Some(i) = self.params.iter().position(|(p, _)| *p == name) {
                    return Ok(MapExpr::Param(i, s));
                }
                if name == "T" && self.eat(".") {
                    return self.typed_const(s, depth);
                }
                let known: Vec<&str> = self.params.iter().map(|(p, _)| p.as_str()).collect();
                fail(
                    s,
                    format!(
                        "`{name}` is not a parameter of the lambda (it has {})",
                        known.join(", ")
                    ),
                )
            }
            Some(Tok::Op(o)) => fail(s, format!("expected an index expression, found `{o}`")),
            None => fail(s, "the lambda ends early: expected an index expression"),
        }
    }

    /// `T.float32(0.0)`, `T.int32(3)`: a constant of a given type.
    fn typed_const(&mut self, start: Span, depth: usize) -> Result<MapExpr, MapError> {
        let (ty, ts) = self.ident("a type after `T.`")?;
        let Some(dtype) = DataType::from_name(&ty) else {
            return fail(
                ts,
                format!("`T.{ty}` is not a type (T.float32, T.int32, ...)"),
            );
        };
        self.expect_token("(", "after the type")?;
        let v = self.unary(depth + 1)?;
        let end = self.expect_token(")", "to close the constant")?;
        let span = start.join(end);
        match v {
            MapExpr::Int(i, _) if dtype.is_float() => {
                Ok(MapExpr::Float(i as f64, Some(dtype), span))
            }
            MapExpr::Int(i, _) => Ok(MapExpr::Int(i, span)),
            MapExpr::Float(f, _, _) if dtype.is_float() => Ok(MapExpr::Float(f, Some(dtype), span)),
            other => fail(other.span(), format!("`T.{ty}(...)` takes a number")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tvm_spellings_parse() {
        let m =
            IndexMap::parse_index_map("lambda i, j: (i // 16, j // 16, i % 16, j % 16,)").unwrap();
        assert_eq!(m.params.len(), 2);
        assert_eq!(m.eval(&[37, 5]).unwrap(), vec![2, 0, 5, 5]);
        let m = IndexMap::parse_index_map("lambda i, j: [j, i]").unwrap();
        assert_eq!(m.eval(&[1, 2]).unwrap(), vec![2, 1]);
        let m = IndexMap::parse_index_map("lambda i: i * 2 - -1").unwrap();
        assert_eq!(m.eval(&[3]).unwrap(), vec![7]);
        let m = IndexMap::parse("lambda a, b: (T.float32(0.0),)").unwrap();
        assert!(matches!(m.outputs[0], MapExpr::Float(v, Some(DataType::F32), _) if v == 0.0));
    }

    #[test]
    fn floor_semantics_as_python() {
        let m = IndexMap::parse_index_map("lambda i: (i // 4, i % 4)").unwrap();
        assert_eq!(m.eval(&[-5]).unwrap(), vec![-2, 3]);
    }

    fn err_at(text: &str) -> (String, String) {
        let e = IndexMap::parse_index_map(text).unwrap_err();
        (text[e.span.start..e.span.end].to_string(), e.why)
    }

    #[test]
    fn bad_lambdas_mark_the_spot() {
        assert_eq!(err_at("lambda i, j: (i // 16, k)").0, "k");
        assert_eq!(err_at("lambda i, j: (i / 16, j)").0, "/");
        assert_eq!(err_at("lambda i, j: (i ^ 3, j)").0, "^");
        assert_eq!(err_at("lambda i, i: (i,)").0, "i");
        assert_eq!(err_at("lambda i, j: (i, 1.5)").0, "1.5");
        assert_eq!(err_at("i, j: (i, j)").0, "i");
        assert!(err_at("lambda i, j: (i, j").1.contains("`)`"));
        assert_eq!(err_at("lambda i, j: (i, j) j").0, "j");
    }

    #[test]
    fn split_inverse_undoes_tiling() {
        let m = IndexMap::parse_index_map("lambda i, j: (i // 16, j, i % 16)").unwrap();
        let inv = m.split_inverse().unwrap();
        let out = m.eval(&[37, 5]).unwrap();
        let back: Vec<i64> = inv.iter().map(|e| e.eval(&out).unwrap()).collect();
        assert_eq!(back, vec![37, 5]);
        let swizzle = IndexMap::parse_index_map("lambda i, j: (i, (j + i) % 8)").unwrap();
        assert!(swizzle.split_inverse().is_none());
    }
}
