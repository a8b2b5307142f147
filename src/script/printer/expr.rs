//! Expressions as TVMScript text, with Python precedence and minimal parentheses.
//!
//! TVM: src/script/printer/tir/expr.cc, doc_printer/python_doc_printer.cc. Knows only
//! `ir` and `arith`; prints the expression as it is, simplifying nothing but the
//! `min + extent` ends of ranges.

use crate::ir::{AnnValue, BinOp, BufferId, BufferRegion, DataType, Expr, PrimFunc, Range};

use super::names::Namer;
use crate::arith::simplify;

/// Python operator precedence levels (higher binds tighter), TVM's numbering.
const PREC_OR: u8 = 3;
const PREC_AND: u8 = 4;
const PREC_NOT: u8 = 5;
const PREC_CMP: u8 = 6;
const PREC_BIT_OR: u8 = 7;
const PREC_BIT_XOR: u8 = 8;
const PREC_BIT_AND: u8 = 9;
const PREC_SHIFT: u8 = 10;
const PREC_ADD: u8 = 11;
const PREC_MUL: u8 = 12;
const PREC_UNARY: u8 = 13;
const PREC_ATOM: u8 = 15;

/// Prints expressions of one function with the names currently in scope.
pub(super) struct ExprPrinter<'a> {
    pub f: &'a PrimFunc,
    pub names: &'a Namer,
}

impl ExprPrinter<'_> {
    pub(super) fn expr(&self, e: &Expr) -> String {
        self.prec_expr(e).0
    }

    /// The text and its precedence.
    fn prec_expr(&self, e: &Expr) -> (String, u8) {
        match e {
            Expr::Int(v, t) => (int_literal(*v, *t), PREC_ATOM),
            Expr::Float(v, t) => (format!("T.{}({})", t.name(), float_literal(*v)), PREC_ATOM),
            Expr::Var(v) => (self.names.var(self.f, *v), PREC_ATOM),
            Expr::Binary(op, a, b) => self.binary(*op, a, b),
            Expr::Not(a) => {
                let (s, p) = self.prec_expr(a);
                (format!("not {}", paren(s, p < PREC_NOT)), PREC_NOT)
            }
            Expr::Select(c, a, b) => (self.call("T.Select", &[c, a, b]), PREC_ATOM),
            Expr::Cast(t, a) => (
                format!("T.Cast(\"{}\", {})", t.name(), self.expr(a)),
                PREC_ATOM,
            ),
            Expr::Load(b, idx) => (self.indexed(*b, idx), PREC_ATOM),
            Expr::Call(i, args) if i.bit_operator().is_some() => self.bitwise(*i, args),
            Expr::Call(i, args) => {
                let args: Vec<&Expr> = args.iter().collect();
                (self.call(&format!("T.{}", i.name()), &args), PREC_ATOM)
            }
            Expr::Opaque(o) => (self.opaque(o), PREC_ATOM),
        }
    }

    /// A TVM builtin or its operand, as TVM prints it.
    fn opaque(&self, o: &crate::ir::Opaque) -> String {
        use crate::ir::Opaque;
        match o {
            Opaque::Call { op, args, .. } => {
                let args: Vec<&Expr> = args.iter().collect();
                self.call(&format!("T.{}", op.name()), &args)
            }
            Opaque::Str(s) => format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")),
            Opaque::Data(b) => format!("{}.data", self.names.buffer(self.f, *b)),
            Opaque::ElemOffset(b) => format!("{}.elem_offset", self.names.buffer(self.f, *b)),
        }
    }

    /// TVM's bitwise ops print as Python's operators: `a >> b & 15`, `~a`.
    fn bitwise(&self, i: crate::ir::Intrinsic, args: &[Expr]) -> (String, u8) {
        use crate::ir::Intrinsic as I;
        let sym = i.bit_operator().unwrap_or("?");
        let prec = match i {
            I::ShiftLeft | I::ShiftRight => PREC_SHIFT,
            I::BitwiseAnd => PREC_BIT_AND,
            I::BitwiseXor => PREC_BIT_XOR,
            I::BitwiseOr => PREC_BIT_OR,
            _ => PREC_UNARY,
        };
        match args {
            [a] => {
                let (s, p) = self.prec_expr(a);
                (format!("{sym}{}", paren(s, p < PREC_UNARY)), PREC_UNARY)
            }
            [a, b] => {
                let (ls, lp) = self.prec_expr(a);
                let (rs, rp) = self.prec_expr(b);
                let left = paren(ls, lp < prec);
                let right = paren(rs, rp <= prec);
                (format!("{left} {sym} {right}"), prec)
            }
            _ => (
                self.call(&format!("T.{}", i.name()), &args.iter().collect::<Vec<_>>()),
                PREC_ATOM,
            ),
        }
    }

    fn binary(&self, op: BinOp, a: &Expr, b: &Expr) -> (String, u8) {
        let int_operands = || is_int_like(dtype_of(self.f, a));
        let (sym, prec) = match op {
            BinOp::Add => ("+", PREC_ADD),
            BinOp::Sub => ("-", PREC_ADD),
            BinOp::Mul => ("*", PREC_MUL),
            BinOp::Div if !int_operands() => ("/", PREC_MUL),
            BinOp::FloorDiv => ("//", PREC_MUL),
            BinOp::FloorMod => ("%", PREC_MUL),
            BinOp::Eq => ("==", PREC_CMP),
            BinOp::Ne => ("!=", PREC_CMP),
            BinOp::Lt => ("<", PREC_CMP),
            BinOp::Le => ("<=", PREC_CMP),
            BinOp::Gt => (">", PREC_CMP),
            BinOp::Ge => (">=", PREC_CMP),
            BinOp::And => ("and", PREC_AND),
            BinOp::Or => ("or", PREC_OR),
            // Integer `/` and `%` truncate: TVMScript spells them as calls.
            BinOp::Div => return (self.call("T.truncdiv", &[a, b]), PREC_ATOM),
            BinOp::Mod => return (self.call("T.truncmod", &[a, b]), PREC_ATOM),
            BinOp::Min => return (self.call("T.min", &[a, b]), PREC_ATOM),
            BinOp::Max => return (self.call("T.max", &[a, b]), PREC_ATOM),
        };
        let (ls, lp) = self.prec_expr(a);
        let (rs, rp) = self.prec_expr(b);
        // Left-associative: the right operand needs parentheses at equal precedence.
        // Python chains comparisons, so both sides of one need them then.
        let left = paren(ls, lp < prec || (prec == PREC_CMP && lp == prec));
        let right = paren(rs, rp <= prec);
        (format!("{left} {sym} {right}"), prec)
    }

    fn call(&self, name: &str, args: &[&Expr]) -> String {
        let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
        format!("{name}({})", args.join(", "))
    }

    /// `A[i, j]`, or `A[()]` for a 0-d buffer.
    pub(super) fn indexed(&self, b: BufferId, idx: &[Expr]) -> String {
        let name = self.names.buffer(self.f, b);
        if idx.is_empty() {
            return format!("{name}[()]");
        }
        let idx: Vec<String> = idx.iter().map(|e| self.expr(e)).collect();
        format!("{name}[{}]", idx.join(", "))
    }

    /// A store's target, as TVM prints it: a `T.Ramp` index of a constant
    /// stride is the slice `base:base + lanes * stride` (`:stride` unless 1).
    pub(super) fn store_indexed(&self, b: BufferId, idx: &[Expr]) -> String {
        use crate::ir::{Builtin, Opaque};
        let ramp = |e: &Expr| match e {
            Expr::Opaque(o) => match &**o {
                Opaque::Call {
                    op: Builtin::Ramp,
                    lanes,
                    args,
                    ..
                } => match args.as_slice() {
                    [base, Expr::Int(stride, t), _] => Some((base.clone(), *stride, *t, *lanes)),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        if !idx.iter().any(|e| ramp(e).is_some()) {
            return self.indexed(b, idx);
        }
        let parts: Vec<String> = idx
            .iter()
            .map(|e| match ramp(e) {
                // A stop past int64 stays a `T.Ramp`, which TVM reads alike.
                Some((base, stride, t, lanes))
                    if stride.checked_mul(i64::from(lanes)).is_some() =>
                {
                    let stop = add_folded(&base, &Expr::Int(stride * i64::from(lanes), t));
                    let step = if stride == 1 {
                        String::new()
                    } else {
                        format!(":{}", self.expr(&Expr::Int(stride, t)))
                    };
                    format!("{}:{}{step}", self.expr(&base), self.expr(&stop))
                }
                _ => self.expr(e),
            })
            .collect();
        format!("{}[{}]", self.names.buffer(self.f, b), parts.join(", "))
    }

    /// `A[vi, 0:16]`: a point for extent-1 ranges, `min:min + extent` otherwise.
    pub(super) fn region(&self, r: &BufferRegion) -> String {
        let name = self.names.buffer(self.f, r.buffer);
        if r.region.is_empty() {
            return format!("{name}[()]");
        }
        let parts: Vec<String> = r
            .region
            .iter()
            .map(|rg| {
                if is_one(&rg.extent) {
                    self.expr(&rg.min)
                } else {
                    format!("{}:{}", self.expr(&rg.min), self.expr(&range_end(rg)))
                }
            })
            .collect();
        format!("{name}[{}]", parts.join(", "))
    }

    /// `(1024, 1024)`, `(16,)` or `()`.
    pub(super) fn tuple(&self, items: &[Expr]) -> String {
        let items: Vec<String> = items.iter().map(|e| self.expr(e)).collect();
        match items.len() {
            1 => format!("({},)", items[0]),
            _ => format!("({})", items.join(", ")),
        }
    }
}

fn paren(s: String, needed: bool) -> String {
    if needed {
        format!("({s})")
    } else {
        s
    }
}

/// Integer immediates: int32 bare, bool as `T.bool(..)`, other widths as `T.int64(5)`.
pub(super) fn int_literal(v: i64, t: DataType) -> String {
    match t {
        DataType::I32 => v.to_string(),
        DataType::Bool => format!("T.bool({})", if v != 0 { "True" } else { "False" }),
        t => format!("T.{}({v})", t.name()),
    }
}

/// A float as TVM 0.27 prints it: integral values in fixed notation with `.0`,
/// others as C's `%.17g`; every finite value round-trip exact.
pub(super) fn float_literal(v: f64) -> String {
    if v.is_nan() {
        return "\"nan\"".to_string();
    }
    if v.is_infinite() {
        return if v > 0.0 { "\"inf\"" } else { "\"-inf\"" }.to_string();
    }
    if v.fract() == 0.0 && v.abs() < 1e300 {
        // TVM 0.27 prints integral floats in fixed notation with `.0`
        // (`T.float32(0.0)`, `T.float32(100000000000000000000.0)`); it also keeps `-0.0`.
        return format!("{v:.1}");
    }
    percent_17g(v)
}

/// C's `%.17g`: the shortest form that reads back exactly, exponent outside [-4, 17).
fn percent_17g(v: f64) -> String {
    let sci = format!("{v:.16e}");
    let (mantissa, exp) = match sci.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (sci.as_str(), 0),
    };
    if !(-4..17).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", strip_zeros(mantissa), exp.abs())
    } else {
        let decimals = (16 - exp) as usize;
        strip_zeros(&format!("{v:.decimals$}")).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// A Python string literal with double quotes.
pub(super) fn str_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `{"key": value, ...}` for annotations and function attributes, keys sorted as
/// TVM sorts string-keyed maps.
pub(super) fn ann_dict(anns: &[(String, AnnValue)]) -> String {
    let mut sorted: Vec<&(String, AnnValue)> = anns.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let items: Vec<String> = sorted
        .iter()
        .map(|(k, v)| format!("{}: {}", str_literal(k), ann_value(v)))
        .collect();
    format!("{{{}}}", items.join(", "))
}

/// Annotation values as TVM prints them: Python ints, strings and lists, floats
/// that stay floats (`1.0`), Python bools as `True`, boolean IntImms as
/// `T.bool(True)` (TVM 0.27 keeps the two apart).
pub(super) fn ann_value(v: &AnnValue) -> String {
    match v {
        AnnValue::Int(i) => i.to_string(),
        AnnValue::Float(x) => python_float(*x),
        AnnValue::Str(s) => str_literal(s),
        AnnValue::Bool(true) => "True".to_string(),
        AnnValue::Bool(false) => "False".to_string(),
        AnnValue::BoolImm(b) => int_literal(*b as i64, DataType::Bool),
        AnnValue::List(items) => {
            let items: Vec<String> = items.iter().map(ann_value).collect();
            format!("[{}]", items.join(", "))
        }
        AnnValue::Dict(entries) => ann_dict(entries),
    }
}

/// A bare Python float literal: like [`float_literal`], but integral values keep a
/// `.0` so that they do not read back as integers.
fn python_float(v: f64) -> String {
    // Python's repr switches to exponent notation for integral values from 1e16.
    if v.is_finite() && v.fract() == 0.0 && v.abs() >= 1e16 {
        return percent_17g(v);
    }
    float_literal(v)
}

pub(super) fn is_zero(e: &Expr) -> bool {
    matches!(e, Expr::Int(0, t) if *t != DataType::Bool)
}

fn is_one(e: &Expr) -> bool {
    matches!(e, Expr::Int(1, t) if *t != DataType::Bool)
}

/// `min + extent`: constants folded as TVM's `operator+` does, anything else
/// simplified, so that a parsed `lo:hi` (extent `hi - lo`) prints back as `lo:hi`.
pub(super) fn range_end(r: &Range) -> Expr {
    add_folded(&r.min, &r.extent)
}

pub(super) fn add_folded(a: &Expr, b: &Expr) -> Expr {
    match (a, b) {
        (Expr::Int(x, t), Expr::Int(y, _)) if *t != DataType::Bool => match x.checked_add(*y) {
            Some(s) => Expr::Int(s, *t),
            None => Expr::add(a.clone(), b.clone()),
        },
        (a, b) if is_zero(b) => a.clone(),
        (a, b) if is_zero(a) => b.clone(),
        (a, b) => simplify(&Expr::add(a.clone(), b.clone())),
    }
}

fn is_int_like(t: DataType) -> bool {
    t.is_int() || t.is_bool()
}

/// The data type of an expression, from immediates, the var and buffer arenas and
/// operand types; an id outside the arenas counts as int32.
pub(super) fn dtype_of(f: &PrimFunc, e: &Expr) -> DataType {
    match e {
        Expr::Int(_, t) | Expr::Float(_, t) | Expr::Cast(t, _) => *t,
        Expr::Var(v) => f.vars.get(v.0 as usize).map_or(DataType::I32, |d| d.dtype),
        Expr::Binary(op, a, _) if op.is_comparison() || op.is_logical() => DataType::Bool,
        Expr::Binary(_, a, _) => dtype_of(f, a),
        Expr::Not(_) => DataType::Bool,
        Expr::Select(_, a, _) => dtype_of(f, a),
        Expr::Load(b, _) => f
            .buffers
            .get(b.0 as usize)
            .map_or(DataType::I32, |d| d.dtype),
        Expr::Call(i, args) => i.fixed_type().unwrap_or_else(|| {
            i.typed_by_arg()
                .and_then(|k| args.get(k))
                .map_or(DataType::F32, |a| dtype_of(f, a))
        }),
        Expr::Opaque(o) => match &**o {
            crate::ir::Opaque::Call { dtype, .. } => *dtype,
            _ => DataType::I32,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_percent_17g() {
        assert_eq!(float_literal(0.0), "0.0");
        assert_eq!(float_literal(1.0), "1.0");
        assert_eq!(float_literal(-2.0), "-2.0");
        assert_eq!(float_literal(0.5), "0.5");
        assert_eq!(float_literal(0.1), "0.10000000000000001");
        assert_eq!(float_literal(1e20), "100000000000000000000.0");
        assert_eq!(float_literal(1e-5), "1.0000000000000001e-05");
        assert_eq!(float_literal(123456.0), "123456.0");
        assert_eq!(float_literal(-0.0), "-0.0");
        assert_eq!(float_literal(f64::INFINITY), "\"inf\"");
        for v in [
            0.1,
            1.0 / 3.0,
            6.02e23,
            -1.5e-300,
            0.1f32 as f64,
            65504.0,
            3.4e38,
        ] {
            let s = float_literal(v);
            assert_eq!(s.parse::<f64>().ok(), Some(v), "{s} does not round-trip");
        }
    }

    #[test]
    fn strings_escape_like_python() {
        assert_eq!(str_literal("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(str_literal("\u{1}"), "\"\\x01\"");
    }

    #[test]
    fn int_literals_carry_their_type() {
        assert_eq!(int_literal(-1, DataType::I32), "-1");
        assert_eq!(int_literal(5, DataType::I64), "T.int64(5)");
        assert_eq!(int_literal(1, DataType::Bool), "T.bool(True)");
    }

    #[test]
    fn annotation_dicts_sort_keys_and_keep_python_types() {
        let anns = vec![
            ("z".to_string(), AnnValue::Float(2.0)),
            (
                "a".to_string(),
                AnnValue::List(vec![AnnValue::Int(1), AnnValue::Float(0.5)]),
            ),
            ("m".to_string(), AnnValue::Bool(false)),
            ("b".to_string(), AnnValue::Str("x".to_string())),
        ];
        assert_eq!(
            ann_dict(&anns),
            r#"{"a": [1, 0.5], "b": "x", "m": False, "z": 2.0}"#
        );
        assert_eq!(python_float(1e20), "1e+20");
    }
}
