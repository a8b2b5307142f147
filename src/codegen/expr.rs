//! CUDA C++ spelling of types, literals, operators and intrinsics.
//!
//! Expressions print with C precedence and only the parentheses C needs;
//! floor division on integers becomes `/` and `%` where both sides are
//! provably non-negative and a small helper function elsewhere.
//!
//! Invariant: pure printing; knows `ir` and the lowered program's arenas.

use super::names::Names;
use super::stage_counter::{self, StageCounter};
use crate::arith::{simplified_bounds, VarRanges};
use crate::ir::{BinOp, BufferId, DataType, Expr, Intrinsic, VarId};
use crate::lower::Lowered;
use std::collections::BTreeSet;

/// The C type of a TIR scalar type.
pub fn c_type(t: DataType) -> &'static str {
    match t {
        DataType::Bool => "bool",
        DataType::I8 => "signed char",
        DataType::I16 => "short",
        DataType::I32 => "int",
        DataType::I64 => "long long",
        DataType::U8 => "unsigned char",
        DataType::U16 => "unsigned short",
        DataType::U32 => "unsigned int",
        DataType::U64 => "unsigned long long",
        DataType::F16 => "half",
        DataType::BF16 => "nv_bfloat16",
        DataType::F32 => "float",
        DataType::F64 => "double",
    }
}

/// The CUDA vector type for `lanes` elements of `t` (4, 8 or 16 bytes).
pub fn vector_type(t: DataType, lanes: i64) -> &'static str {
    match (t, lanes) {
        (DataType::F32, 2) => "float2",
        (DataType::F32, 4) => "float4",
        (DataType::I32, 2) => "int2",
        (DataType::I32, 4) => "int4",
        (DataType::F64, 2) => "double2",
        (DataType::I64, 2) => "longlong2",
        (DataType::F16, 2) => "half2",
        (DataType::BF16, 2) => "nv_bfloat162",
        (DataType::I8, 4) => "char4",
        (DataType::U8, 4) => "uchar4",
        (DataType::I16, 2) => "short2",
        (DataType::I16, 4) => "short4",
        _ => match t.bytes() as i64 * lanes {
            4 => "unsigned int",
            8 => "uint2",
            _ => "uint4",
        },
    }
}

/// `make_float4` and friends, for types that have one.
pub fn make_vector(t: DataType, lanes: i64) -> Option<&'static str> {
    match (t, lanes) {
        (DataType::F32, 2) => Some("make_float2"),
        (DataType::F32, 4) => Some("make_float4"),
        (DataType::I32, 2) => Some("make_int2"),
        (DataType::I32, 4) => Some("make_int4"),
        (DataType::F64, 2) => Some("make_double2"),
        _ => None,
    }
}

/// A float literal of type `t`, readable and exact enough to round-trip.
pub fn float_literal(v: f64, t: DataType) -> String {
    let f32_text = |v: f32| -> String {
        if v.is_nan() {
            "__int_as_float(0x7fc00000)".into()
        } else if v.is_infinite() {
            if v > 0.0 {
                "__int_as_float(0x7f800000)"
            } else {
                "__int_as_float(0xff800000)"
            }
            .into()
        } else {
            let s = format!("{v:?}");
            format!("{s}f")
        }
    };
    match t {
        DataType::F64 => {
            if v.is_nan() {
                "__longlong_as_double(0x7ff8000000000000LL)".into()
            } else if v.is_infinite() {
                if v > 0.0 {
                    "__longlong_as_double(0x7ff0000000000000LL)".into()
                } else {
                    "__longlong_as_double(0xfff0000000000000LL)".into()
                }
            } else {
                format!("{v:?}")
            }
        }
        DataType::F16 => format!("__float2half_rn({})", f32_text(v as f32)),
        DataType::BF16 => format!("__float2bfloat16_rn({})", f32_text(v as f32)),
        _ => f32_text(v as f32),
    }
}

/// What an expression printer needs besides the program.
pub struct ExprCtx<'a> {
    pub f: &'a Lowered,
    pub names: &'a Names,
    /// Ranges of the loops and thread indices around the expression.
    pub ranges: &'a VarRanges,
    /// Helper functions the printed code calls (`tirtui_floordiv_int` ...).
    pub helpers: &'a mut BTreeSet<&'static str>,
    /// Index arithmetic in 64 bits (`index_width::needs_64bit`).
    pub wide: bool,
    /// Counters standing for `(k + c) % N` in the loops around the expression.
    pub counters: &'a [StageCounter],
}

const P_OR: u8 = 1;
const P_AND: u8 = 2;
const P_EQ: u8 = 3;
const P_REL: u8 = 4;
const P_ADD: u8 = 5;
const P_MUL: u8 = 6;
const P_UNARY: u8 = 7;

impl ExprCtx<'_> {
    pub fn dtype(&self, e: &Expr) -> DataType {
        self.f.dtype_of(e)
    }

    pub fn var(&self, v: VarId) -> String {
        if let Some(axis) = self.f.launch.as_ref().and_then(|l| l.axis_of(v)) {
            let ty = if self.wide { "long long" } else { "int" };
            return format!("(({ty}){})", axis.tag());
        }
        self.names.var(v).to_string()
    }

    pub fn expr(&mut self, e: &Expr) -> String {
        self.prec(e, 0)
    }

    /// An index into `b`, written out in full where it is used. (Naming each
    /// buffer's per-thread base once at the top reads better, but it kept NVCC
    /// from issuing a tile's global loads ahead of the barrier: seed 000 stage 3
    /// ran 12% slower on the H100 than the same kernel written inline.)
    pub fn index(&mut self, _b: BufferId, e: &Expr) -> String {
        self.expr(e)
    }

    fn nonneg(&self, e: &Expr) -> bool {
        simplified_bounds(self.f.type_ctx(), e, self.ranges).is_some_and(|(lo, _)| lo >= 0)
    }

    fn wrap(text: String, prec: u8, outer: u8) -> String {
        if prec < outer {
            format!("({text})")
        } else {
            text
        }
    }

    fn prec(&mut self, e: &Expr, outer: u8) -> String {
        let mut out = String::new();
        self.put(&mut out, e, outer);
        out
    }

    /// Appends `e` (at the top level) to `out`.
    pub fn put_expr(&mut self, out: &mut String, e: &Expr) {
        self.put(out, e, 0);
    }

    /// Appends `e` to `out` (parenthesized when its precedence is below
    /// `outer`). The common nodes (literals, variables, loads, infix
    /// operators) write into the one buffer: a `String` per node was most of
    /// printing a kernel.
    fn put(&mut self, out: &mut String, e: &Expr, outer: u8) {
        use std::fmt::Write;
        match e {
            Expr::Int(v, t) => match t {
                DataType::Bool => out.push_str(if *v != 0 { "true" } else { "false" }),
                // 9223372036854775808 has no type in C++: spell the minimum as a difference.
                _ if *v == i64::MIN => out.push_str("(-9223372036854775807LL - 1)"),
                DataType::I64 => {
                    push_int(out, *v);
                    out.push_str("LL");
                }
                // Past the i32 range a literal must not be read as `int`.
                _ if i32::try_from(*v).is_err() => {
                    push_int(out, *v);
                    out.push_str("LL");
                }
                DataType::F16 | DataType::BF16 | DataType::F32 | DataType::F64 => {
                    out.push_str(&float_literal(*v as f64, *t))
                }
                _ if *v < 0 && P_UNARY < outer => {
                    out.push('(');
                    push_int(out, *v);
                    out.push(')');
                }
                _ => push_int(out, *v),
            },
            Expr::Var(v) => match self.f.launch.as_ref().and_then(|l| l.axis_of(*v)) {
                Some(axis) => {
                    let ty = if self.wide { "long long" } else { "int" };
                    let _ = write!(out, "(({ty}){})", axis.tag());
                }
                None => out.push_str(self.names.var(*v)),
            },
            Expr::Not(a) => {
                let paren = P_UNARY < outer;
                open_paren(out, paren);
                out.push('!');
                self.put(out, a, P_UNARY);
                close_paren(out, paren);
            }
            Expr::Load(b, idx) => {
                out.push_str(self.names.buffer(*b));
                out.push('[');
                match idx.first() {
                    Some(i) => self.put(out, i, 0),
                    None => out.push('0'),
                }
                out.push(']');
            }
            Expr::Binary(op, a, b) => self.binary(out, *op, a, b, outer),
            other => {
                let text = self.other(other, outer);
                out.push_str(&text);
            }
        }
    }

    /// The nodes printed through their own `String`s (rare in index code).
    fn other(&mut self, e: &Expr, outer: u8) -> String {
        match e {
            Expr::Float(v, t) => {
                let text = float_literal(*v, *t);
                if text.starts_with('-') {
                    Self::wrap(text, P_UNARY, outer)
                } else {
                    text
                }
            }
            Expr::Select(c, a, b) => format!(
                "({} ? {} : {})",
                self.prec(c, P_OR),
                self.prec(a, P_OR),
                self.prec(b, P_OR)
            ),
            Expr::Cast(t, a) => {
                let from = self.dtype(a);
                if from == *t {
                    return self.prec(a, outer);
                }
                let half = |d: DataType| matches!(d, DataType::F16 | DataType::BF16);
                let inner = self.prec(a, P_UNARY);
                // The half types convert reliably only to and from float.
                let float_val = if from == DataType::F32 {
                    self.expr(a)
                } else {
                    format!("(float){inner}")
                };
                match t {
                    DataType::F16 => format!("__float2half_rn({float_val})"),
                    DataType::BF16 => format!("__float2bfloat16_rn({float_val})"),
                    _ if half(from) && *t != DataType::F32 => {
                        format!("(({})((float){inner}))", c_type(*t))
                    }
                    _ => format!("(({}){inner})", c_type(*t)),
                }
            }
            Expr::Call(f, args) => self.call(*f, args, outer),
            // `lower_program` refuses builtins before codegen
            // (`refuse_opaque_builtins`); were one to get here, the undeclared
            // name stops the CUDA compiler instead of computing something else.
            Expr::Opaque(o) => format!(
                "tirtui_builtin_not_lowered_{}()",
                o.describe()
                    .trim_start_matches("T.")
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "_")
            ),
            // Written by `put` itself.
            Expr::Int(..) | Expr::Var(_) | Expr::Not(_) | Expr::Load(..) | Expr::Binary(..) => {
                let mut out = String::new();
                self.put(&mut out, e, outer);
                out
            }
        }
    }

    /// `a sym b` at precedence `p` appended to `out`.
    fn infix(&mut self, out: &mut String, a: &Expr, b: &Expr, sym: &str, p: u8, outer: u8) {
        let paren = p < outer;
        open_paren(out, paren);
        self.put(out, a, p);
        out.push(' ');
        out.push_str(sym);
        out.push(' ');
        self.put(out, b, p + 1);
        close_paren(out, paren);
    }

    /// `name(a, b)` appended to `out`.
    fn call2(&mut self, out: &mut String, name: &str, a: &Expr, b: &Expr) {
        out.push_str(name);
        out.push('(');
        self.put(out, a, 0);
        out.push_str(", ");
        self.put(out, b, 0);
        out.push(')');
    }

    fn binary(&mut self, out: &mut String, op: BinOp, a: &Expr, b: &Expr, outer: u8) {
        if op == BinOp::FloorMod {
            if let Some(name) = stage_counter::lookup(self.counters, a, b) {
                out.push_str(name);
                return;
            }
        }
        let t = self.dtype(a);
        let mut infix = |s: &mut Self, sym: &str, p: u8| s.infix(out, a, b, sym, p, outer);
        match op {
            BinOp::Add => infix(self, "+", P_ADD),
            BinOp::Sub => infix(self, "-", P_ADD),
            BinOp::Mul => infix(self, "*", P_MUL),
            BinOp::Div if t.is_float() => infix(self, "/", P_MUL),
            BinOp::Div => infix(self, "/", P_MUL),
            BinOp::Mod if t.is_float() => {
                let text = self.math("fmod", t, &[a.clone(), b.clone()]);
                out.push_str(&text);
            }
            BinOp::Mod => infix(self, "%", P_MUL),
            BinOp::FloorDiv | BinOp::FloorMod if t.is_float() => {
                let q = format!("{} / {}", self.prec(a, P_MUL), self.prec(b, P_MUL + 1));
                let floor = self.math_text("floor", t, &q);
                if op == BinOp::FloorDiv {
                    out.push_str(&floor);
                } else {
                    let text = format!(
                        "{} - {floor} * {}",
                        self.prec(a, P_ADD),
                        self.prec(b, P_MUL + 1)
                    );
                    out.push_str(&Self::wrap(text, P_ADD, outer));
                }
            }
            BinOp::FloorDiv | BinOp::FloorMod => {
                if self.nonneg(a) && self.nonneg(b) {
                    let sym = if op == BinOp::FloorDiv { "/" } else { "%" };
                    infix(self, sym, P_MUL)
                } else {
                    let long = t == DataType::I64;
                    let name = match (op == BinOp::FloorDiv, long) {
                        (true, false) => "tirtui_floordiv",
                        (true, true) => "tirtui_floordiv_ll",
                        (false, false) => "tirtui_floormod",
                        (false, true) => "tirtui_floormod_ll",
                    };
                    self.helpers.insert(name);
                    self.call2(out, name, a, b);
                }
            }
            BinOp::Min | BinOp::Max => {
                let min = op == BinOp::Min;
                let name = match t {
                    DataType::F32 => {
                        if min {
                            "fminf"
                        } else {
                            "fmaxf"
                        }
                    }
                    DataType::F64 => {
                        if min {
                            "fmin"
                        } else {
                            "fmax"
                        }
                    }
                    DataType::F16 | DataType::BF16 => {
                        if min {
                            "__hmin"
                        } else {
                            "__hmax"
                        }
                    }
                    _ => {
                        if min {
                            "min"
                        } else {
                            "max"
                        }
                    }
                };
                self.call2(out, name, a, b);
            }
            BinOp::Eq => infix(self, "==", P_EQ),
            BinOp::Ne => infix(self, "!=", P_EQ),
            BinOp::Lt => infix(self, "<", P_REL),
            BinOp::Le => infix(self, "<=", P_REL),
            BinOp::Gt => infix(self, ">", P_REL),
            BinOp::Ge => infix(self, ">=", P_REL),
            BinOp::And => infix(self, "&&", P_AND),
            BinOp::Or => infix(self, "||", P_OR),
        }
    }

    /// `name` applied to one already printed argument, in the precision of `t`.
    fn math_text(&mut self, name: &str, t: DataType, arg: &str) -> String {
        match t {
            DataType::F32 => format!("{name}f({arg})"),
            DataType::F64 => format!("{name}({arg})"),
            // Half types compute in float and round back.
            DataType::F16 => format!("__float2half_rn({name}f(__half2float({arg})))"),
            DataType::BF16 => format!("__float2bfloat16_rn({name}f(__bfloat162float({arg})))"),
            _ => format!("{name}f((float)({arg}))"),
        }
    }

    /// A math function of the arguments' type (`expf`, `exp`, `hexp` ...).
    fn math(&mut self, name: &str, t: DataType, args: &[Expr]) -> String {
        let printed: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
        match t {
            DataType::F32 => format!("{name}f({})", printed.join(", ")),
            DataType::F64 => format!("{name}({})", printed.join(", ")),
            DataType::F16 | DataType::BF16 => {
                let (to, from) = if t == DataType::F16 {
                    ("__half2float", "__float2half_rn")
                } else {
                    ("__bfloat162float", "__float2bfloat16_rn")
                };
                let args: Vec<String> = printed.iter().map(|a| format!("{to}({a})")).collect();
                format!("{from}({name}f({}))", args.join(", "))
            }
            _ => {
                let args: Vec<String> = printed.iter().map(|a| format!("(float)({a})")).collect();
                format!("{name}f({})", args.join(", "))
            }
        }
    }

    fn call(&mut self, f: Intrinsic, args: &[Expr], outer: u8) -> String {
        let t = args.first().map(|a| self.dtype(a)).unwrap_or(DataType::F32);
        let arg = |s: &mut Self, i: usize| args.get(i).map(|a| s.expr(a)).unwrap_or_default();
        match f {
            Intrinsic::IfThenElse => {
                let (c, a, b) = (
                    args.first().map(|x| self.prec(x, P_OR)).unwrap_or_default(),
                    args.get(1).map(|x| self.prec(x, P_OR)).unwrap_or_default(),
                    args.get(2).map(|x| self.prec(x, P_OR)).unwrap_or_default(),
                );
                format!("({c} ? {a} : {b})")
            }
            Intrinsic::Likely => args
                .first()
                .map(|a| self.prec(a, outer))
                .unwrap_or_default(),
            Intrinsic::Abs if t.is_int() => {
                let name = if t == DataType::I64 { "llabs" } else { "abs" };
                format!("{name}({})", arg(self, 0))
            }
            Intrinsic::Abs | Intrinsic::Fabs => self.math("fabs", t, &args[..args.len().min(1)]),
            Intrinsic::Sigmoid => {
                let x = args.first().cloned().unwrap_or(Expr::Float(0.0, t));
                let neg = Expr::sub(Expr::Float(0.0, t), x);
                let e = self.math("exp", t, &[neg]);
                let one = float_literal(1.0, t);
                format!("({one} / ({one} + {e}))")
            }
            Intrinsic::Round => self.math("round", t, args),
            Intrinsic::Exp => self.math("exp", t, args),
            Intrinsic::Exp2 => self.math("exp2", t, args),
            Intrinsic::Log => self.math("log", t, args),
            Intrinsic::Log2 => self.math("log2", t, args),
            Intrinsic::Log10 => self.math("log10", t, args),
            Intrinsic::Sqrt => self.math("sqrt", t, args),
            Intrinsic::Rsqrt => self.math("rsqrt", t, args),
            Intrinsic::Sin => self.math("sin", t, args),
            Intrinsic::Cos => self.math("cos", t, args),
            Intrinsic::Tan => self.math("tan", t, args),
            Intrinsic::Tanh => self.math("tanh", t, args),
            Intrinsic::Erf => self.math("erf", t, args),
            Intrinsic::Floor => self.math("floor", t, args),
            Intrinsic::Ceil => self.math("ceil", t, args),
            Intrinsic::Trunc => self.math("trunc", t, args),
            Intrinsic::Pow => self.math("pow", t, args),
            // The mask lives in an int; the shuffles take it back as unsigned.
            Intrinsic::WarpActiveMask => "(int)__activemask()".to_string(),
            // Fragments print as `frag[tile]`, memory operands as `&buf[base]`.
            Intrinsic::WmmaFill => format!(
                "nvcuda::wmma::fill_fragment({}, {})",
                arg(self, 0),
                arg(self, 1)
            ),
            Intrinsic::WmmaLoad => format!(
                "nvcuda::wmma::load_matrix_sync({}, &{}, {})",
                arg(self, 0),
                arg(self, 1),
                arg(self, 3)
            ),
            Intrinsic::WmmaMma => format!(
                "nvcuda::wmma::mma_sync({}, {}, {}, {})",
                arg(self, 0),
                arg(self, 1),
                arg(self, 2),
                arg(self, 3)
            ),
            Intrinsic::WmmaStore => format!(
                "nvcuda::wmma::store_matrix_sync(&{}, {}, {}, nvcuda::wmma::mem_row_major)",
                arg(self, 1),
                arg(self, 0),
                arg(self, 2)
            ),
            Intrinsic::MmaLdmatrix
            | Intrinsic::MmaSync
            | Intrinsic::MmaFill
            | Intrinsic::MmaStore => {
                use super::mma_ptx;
                self.helpers.insert(mma_ptx::HELPER);
                if mma_ptx::needs_i8_helpers(f, t) {
                    self.helpers.insert(mma_ptx::HELPER_I8);
                }
                // ldmatrix's registers (operand 0) or mma's A (operand 1) say bf16.
                let operand = args.get(usize::from(f == Intrinsic::MmaSync));
                if operand.map(|a| self.dtype(a)) == Some(DataType::BF16) {
                    self.helpers.insert(mma_ptx::HELPER_BF16);
                }
                let printed: Vec<String> = (0..args.len()).map(|i| arg(self, i)).collect();
                let p = |i: usize| printed.get(i).cloned().unwrap_or_default();
                match f {
                    Intrinsic::MmaLdmatrix => mma_ptx::ldmatrix(
                        &p(0),
                        &p(1),
                        args.get(2).and_then(Expr::as_int) == Some(1),
                    ),
                    Intrinsic::MmaSync => mma_ptx::mma(&p(0), &p(1), &p(2), t),
                    Intrinsic::MmaFill => mma_ptx::fill(&p(0), t),
                    _ => mma_ptx::store(&p(0), &p(1), &p(3), &p(2), t),
                }
            }
            Intrinsic::WgmmaMma
            | Intrinsic::WgmmaFill
            | Intrinsic::WgmmaStore
            | Intrinsic::WgmmaFence
            | Intrinsic::WgmmaCommit
            | Intrinsic::WgmmaWait => self.wgmma_call(f, args),
            Intrinsic::TmaLoad | Intrinsic::MbarrierInit | Intrinsic::MbarrierWait => {
                self.tma_call(f, args)
            }
            Intrinsic::ShiftLeft
            | Intrinsic::ShiftRight
            | Intrinsic::BitwiseAnd
            | Intrinsic::BitwiseOr
            | Intrinsic::BitwiseXor
            | Intrinsic::BitwiseNot => {
                // Fully parenthesized: C ranks `&`, `^`, `|` below `==`.
                let sym = f.bit_operator().unwrap_or("?");
                match args {
                    [a] => format!("({sym}{})", self.prec(a, P_UNARY)),
                    [a, b] => format!(
                        "({} {sym} {})",
                        self.prec(a, P_UNARY),
                        self.prec(b, P_UNARY)
                    ),
                    _ => format!("/* {} with {} arguments */", f.name(), args.len()),
                }
            }
            Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle => {
                let name = if f == Intrinsic::WarpShuffle {
                    "__shfl_sync"
                } else {
                    "__shfl_down_sync"
                };
                let printed: Vec<String> = (0..4).map(|i| arg(self, i)).collect();
                format!(
                    "{name}((unsigned){}, {})",
                    printed[0],
                    printed[1..].join(", ")
                )
            }
        }
    }
}

/// `v` in decimal appended to `out` (as `{v}` prints it, without the
/// formatting machinery: literals are most of an index).
pub fn push_int(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 20];
    let mut n = v.unsigned_abs();
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(d as char);
    }
}

fn open_paren(out: &mut String, paren: bool) {
    if paren {
        out.push('(');
    }
}

fn close_paren(out: &mut String, paren: bool) {
    if paren {
        out.push(')');
    }
}

/// Source of the helper functions named in `helpers`.
pub fn helper_source(name: &str) -> String {
    if name == super::async_copy::HELPER {
        return super::async_copy::helper_source();
    }
    if name == super::async_copy::HELPER_L1 {
        return super::async_copy::helper_source_l1();
    }
    if name == super::mma_ptx::HELPER {
        return super::mma_ptx::helper_source();
    }
    if name == super::mma_ptx::HELPER_BF16 {
        return super::mma_ptx::helper_source_bf16();
    }
    if name == super::mma_ptx::HELPER_I8 {
        return super::mma_ptx::helper_source_i8();
    }
    if let Some(src) = super::wgmma_ptx::helper_source_named(name) {
        return src;
    }
    if name == super::tma::HELPER {
        return super::tma::helper_source();
    }
    let (ty, suffix) = if name.ends_with("_ll") {
        ("long long", "_ll")
    } else {
        ("int", "")
    };
    if name.starts_with("tirtui_floordiv") {
        format!(
            "__device__ __forceinline__ {ty} tirtui_floordiv{suffix}({ty} a, {ty} b) {{\n  {ty} q = a / b;\n  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;\n}}\n"
        )
    } else {
        format!(
            "__device__ __forceinline__ {ty} tirtui_floormod{suffix}({ty} a, {ty} b) {{\n  {ty} m = a % b;\n  return (m != 0 && ((m < 0) != (b < 0))) ? m + b : m;\n}}\n"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::push_int;

    /// `push_int` writes what `{v}` formats, at the edges of every width.
    #[test]
    fn push_int_is_decimal_formatting() {
        for v in [
            0,
            1,
            -1,
            9,
            10,
            -10,
            99,
            123_456_789,
            i32::MAX as i64,
            i32::MIN as i64,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ] {
            let mut out = String::from("x");
            push_int(&mut out, v);
            assert_eq!(out, format!("x{v}"));
        }
    }
}
