//! The syntax tree of the Python subset TVMScript uses, with a span on every node.
//!
//! Pure syntax: names are strings, nothing is resolved. `build` gives it TIR
//! meaning. Nesting depth is bounded by the parser, so recursive walks are safe.

use crate::diag::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Pos,
    Not,
    Invert,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    And,
    Or,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::FloorDiv => "//",
            BinaryOp::Mod => "%",
            BinaryOp::Pow => "**",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Keyword {
    pub name: Ident,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Name(String),
    Int(i64),
    Float(f64),
    Str(String),
    Bool(bool),
    None,
    Attr(Box<Expr>, Ident),
    Call {
        func: Box<Expr>,
        args: Vec<Expr>,
        kwargs: Vec<Keyword>,
    },
    /// `value[a, b:c]`: one entry per comma-separated index.
    Subscript(Box<Expr>, Vec<Expr>),
    /// `lo:hi:step` inside a subscript.
    Slice {
        lo: Option<Box<Expr>>,
        hi: Option<Box<Expr>>,
        step: Option<Box<Expr>>,
    },
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
    Dict(Vec<(Expr, Expr)>),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `a < b <= c`: Python's chained comparison.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// The identifier when this is a bare name.
    pub fn as_name(&self) -> Option<&str> {
        match &self.kind {
            ExprKind::Name(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            ExprKind::Str(s) => Some(s),
            _ => None,
        }
    }

    /// `a.b.c` as `["a", "b", "c"]`, when the expression is such a chain.
    pub fn dotted(&self) -> Option<Vec<&str>> {
        match &self.kind {
            ExprKind::Name(n) => Some(vec![n.as_str()]),
            ExprKind::Attr(base, attr) => {
                let mut v = base.dotted()?;
                v.push(&attr.name);
                Some(v)
            }
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Ident,
    pub ann: Option<Expr>,
    pub default: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncDef {
    pub decorators: Vec<Expr>,
    pub name: Ident,
    pub params: Vec<Param>,
    pub ret: Option<Expr>,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    pub decorators: Vec<Expr>,
    pub name: Ident,
    pub bases: Vec<Expr>,
    pub body: Vec<Stmt>,
}

/// `import a.b as c`: the dotted path and the optional alias.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportName {
    pub path: Vec<Ident>,
    pub alias: Option<Ident>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct WithItem {
    pub context: Expr,
    pub target: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Expr(Expr),
    /// `a = b = value`; each target may be a tuple.
    Assign {
        targets: Vec<Expr>,
        value: Expr,
    },
    /// `x: ann = value`.
    AnnAssign {
        target: Expr,
        ann: Expr,
        value: Option<Expr>,
    },
    /// `x += value`.
    AugAssign {
        target: Expr,
        op: BinaryOp,
        value: Expr,
    },
    For {
        target: Expr,
        iter: Expr,
        body: Vec<Stmt>,
    },
    If {
        cond: Expr,
        then_body: Vec<Stmt>,
        /// `elif` arrives as a single nested `If`.
        else_body: Vec<Stmt>,
    },
    With {
        items: Vec<WithItem>,
        body: Vec<Stmt>,
    },
    Pass,
    Return(Option<Expr>),
    Import(Vec<ImportName>),
    /// `from a.b import c as d, e`.
    FromImport {
        module: Vec<Ident>,
        names: Vec<ImportName>,
    },
    FuncDef(Box<FuncDef>),
    ClassDef(Box<ClassDef>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A whole file.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub body: Vec<Stmt>,
}
