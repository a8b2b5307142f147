//! One `@T.prim_func`: the builder state (scopes, open blocks), the signature
//! (`T.Buffer`, `T.handle`, scalar parameters) and the root block, implicit or
//! written as `with T.block("root"):`.

use std::collections::HashMap;

use super::block::BlockFrame;
use super::ModuleCtx;
use crate::diag::Span;
use crate::ir::{BlockRealize, BufferId, DataType, Expr, Param, PrimFunc, Range, Stmt, VarId};
use crate::script::ast::{self, ExprKind, StmtKind};
use crate::script::error::{ParseError, ParseErrorKind, Result};
use crate::script::parser::MAX_DEPTH;

/// What a name in a function refers to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Sym {
    Var(VarId),
    Buffer(BufferId),
    /// A `T.handle` parameter, by parameter index.
    Handle(usize),
}

pub(super) struct FuncBuilder<'m> {
    pub m: &'m ModuleCtx,
    pub func: PrimFunc,
    scopes: Vec<HashMap<String, Sym>>,
    /// Ranges of the loop variables in scope, for `T.axis.remap`.
    pub loop_ranges: HashMap<VarId, Range>,
    /// Blocks being built, the root first.
    pub frames: Vec<BlockFrame>,
    /// Statement nesting in the builder (let bindings nest without indentation).
    depth: usize,
    /// A vector value was built: expressions get their lanes checked (`ir::vector`).
    pub vectors: bool,
}

impl<'m> FuncBuilder<'m> {
    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    pub fn bind(&mut self, name: &str, sym: Sym) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), sym);
        }
    }

    pub fn lookup(&self, name: &str) -> Option<Sym> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    /// Every name a user could have meant, for "did you mean" help.
    pub fn known_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .scopes
            .iter()
            .flat_map(|s| s.keys().map(String::as_str))
            .collect();
        names.extend(self.m.consts.keys().map(String::as_str));
        names
    }

    pub fn enter(&mut self, span: Span) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::new(
                ParseErrorKind::TooDeep,
                span,
                format!("statements are nested too deeply (the limit is {MAX_DEPTH} levels)"),
            )
            .with_label("too deeply nested"));
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    pub fn new_var(&mut self, name: &str, dtype: DataType) -> VarId {
        let v = self.func.new_var(name, dtype);
        self.bind(name, Sym::Var(v));
        v
    }
}

/// Builds one function definition.
pub(super) fn build_func(m: &ModuleCtx, def: &ast::FuncDef) -> Result<PrimFunc> {
    check_decorators(m, def)?;
    let mut b = FuncBuilder {
        m,
        func: PrimFunc {
            name: def.name.name.clone(),
            params: Vec::new(),
            attrs: Vec::new(),
            vars: Default::default(),
            buffers: Default::default(),
            body: Stmt::Seq(Vec::new()),
            next_loop_id: 0,
            next_block_id: 0,
            param_layouts: Vec::new(),
            unprinted_reads: Vec::new(),
            tensor_intrins: Default::default(),
        },
        scopes: vec![HashMap::new()],
        loop_ranges: HashMap::new(),
        frames: Vec::new(),
        depth: 0,
        vectors: false,
    };
    let root_id = b.func.new_block_id();
    // `n = T.int32()` in the body declares a shape variable that the
    // signature may already use, quoted (`T.Buffer(("n", 4))`).
    for st in &def.body {
        if let StmtKind::Assign { targets, value } = &st.kind {
            if let [target] = targets.as_slice() {
                let decls = super::stmt::free_var_decl_names(m, target, value);
                for (name, dtype) in decls.into_iter().flatten() {
                    b.new_var(name, dtype);
                }
            }
        }
    }
    // `n = TypeVar("n")` at module level: an int64 shape variable of every
    // function whose signature uses it without a parameter of that name.
    for name in &m.type_vars {
        let is_param = def.params.iter().any(|p| p.name.name == *name);
        let used = def
            .params
            .iter()
            .filter_map(|p| p.ann.as_ref())
            .any(|a| names_in(a, name));
        if used && !is_param {
            b.new_var(name, crate::ir::DataType::I64);
        }
    }
    // A buffer extent may use a scalar parameter declared later in the
    // signature (TVM then prints it as a string, `T.Buffer(("n", 4))`), so
    // scalar parameters get their variables before any buffer is declared.
    let scalars: Vec<Option<VarId>> = def
        .params
        .iter()
        .map(|p| b.scalar_param_type(p).map(|t| b.new_var(&p.name.name, t)))
        .collect();
    for (p, scalar) in def.params.iter().zip(scalars) {
        b.param(p, scalar)?;
    }
    if let Some(ret) = &def.ret {
        if !matches!(ret.kind, ExprKind::None) {
            return Err(
                ParseError::semantic(ret.span, "a prim_func returns nothing")
                    .with_label("expected `None`"),
            );
        }
    }
    b.frames.push(BlockFrame::new("root".to_string(), true));
    let body = match explicit_root(m, &def.body) {
        Some((header, root_body)) => {
            let header = b.stmts(header, true)?;
            if let Some(root) = b.frames.last_mut() {
                root.implicit = false;
            }
            if !header.as_slice().is_empty() {
                return Err(ParseError::semantic(
                    def.name.span,
                    "statements before the explicit root block",
                )
                .with_label("in this function"));
            }
            b.stmts(root_body, true)?
        }
        None => b.stmts(&def.body, true)?,
    };
    let frame = b.frames.pop().ok_or_else(|| {
        ParseError::semantic(def.name.span, "the root block was lost while building")
    })?;
    let (iter_values, predicate, block) = frame.finish(root_id, body);
    b.func.body = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values,
        predicate,
        block,
    }));
    super::index_reads::restore_index_reads(&mut b.func);
    Ok(b.func)
}

fn check_decorators(m: &ModuleCtx, def: &ast::FuncDef) -> Result<()> {
    let is_prim_func = |d: &ast::Expr| {
        let target = match &d.kind {
            ExprKind::Call { func, .. } => func.as_ref(),
            _ => d,
        };
        m.tir_name(target).is_some_and(|n| n == "prim_func")
    };
    if def.decorators.iter().any(is_prim_func) {
        return Ok(());
    }
    let span = def.decorators.first().map_or(def.name.span, |d| d.span);
    Err(
        ParseError::semantic(span, format!("`{}` is not a TIR function", def.name.name))
            .with_label("missing `@T.prim_func`")
            .with_expected(["`@T.prim_func`", "`@T.prim_func(s_tir=True)`"]),
    )
}

/// Splits a body that is `header...; with T.block("root"): ...` into the header
/// and the root block's body.
fn explicit_root<'a>(
    m: &ModuleCtx,
    body: &'a [ast::Stmt],
) -> Option<(&'a [ast::Stmt], &'a [ast::Stmt])> {
    let (last, header) = body.split_last()?;
    let StmtKind::With { items, body: inner } = &last.kind else {
        return None;
    };
    let [item] = items.as_slice() else {
        return None;
    };
    let ExprKind::Call { func, args, .. } = &item.context.kind else {
        return None;
    };
    let name = m.tir_name(func)?;
    let is_root = matches!(name.as_str(), "block" | "sblock")
        && args.first().and_then(ast::Expr::as_str) == Some("root");
    let header_only = header.iter().all(|s| match &s.kind {
        StmtKind::Pass => true,
        StmtKind::Expr(e) => match &e.kind {
            ExprKind::Str(_) => true,
            ExprKind::Call { func, .. } => m.tir_name(func).as_deref() == Some("func_attr"),
            _ => false,
        },
        StmtKind::Assign { value, .. } => match &value.kind {
            ExprKind::Call { func, .. } => matches!(
                m.tir_name(func).as_deref(),
                Some("match_buffer" | "alloc_buffer" | "sblock_alloc_buffer")
            ),
            _ => false,
        },
        _ => false,
    });
    (is_root && header_only).then_some((header, inner.as_slice()))
}

impl FuncBuilder<'_> {
    /// The type of a scalar parameter (`n: T.int32`), `None` for any other.
    fn scalar_param_type(&self, p: &ast::Param) -> Option<DataType> {
        let ann = p.ann.as_ref()?;
        if matches!(ann.kind, ExprKind::Call { .. } | ExprKind::Subscript(..))
            || p.default.is_some()
        {
            return None;
        }
        DataType::from_name(&self.m.tir_name(ann)?)
    }

    /// One parameter; `declared` is the variable already made for a scalar one.
    fn param(&mut self, p: &ast::Param, declared: Option<VarId>) -> Result<()> {
        let name = &p.name.name;
        if let Some(d) = &p.default {
            return Err(
                ParseError::semantic(d.span, "parameters cannot have default values")
                    .with_label("remove the default"),
            );
        }
        let Some(ann) = &p.ann else {
            return Err(ParseError::semantic(
                p.name.span,
                format!("parameter `{name}` needs a type annotation"),
            )
            .with_label("no annotation")
            .with_expected([
                "`T.handle`",
                "`T.Buffer((...), \"float32\")`",
                "`T.int32`",
            ]));
        };
        let index = self.func.params.len();
        // `T.Buffer(...)`, `T.Buffer[...]` (old spelling), or a bare `T.handle` / `T.int32`.
        let (callee, call_args, kwargs, bare) = match &ann.kind {
            ExprKind::Call { func, args, kwargs } => {
                (func.as_ref(), args.as_slice(), kwargs.as_slice(), false)
            }
            ExprKind::Subscript(base, items) => (base.as_ref(), items.as_slice(), &[][..], false),
            _ => (ann, &[][..], &[][..], true),
        };
        let tname = self.m.tir_name(callee).unwrap_or_default();
        let scalar = DataType::from_name(&tname).filter(|_| bare);
        match (tname.as_str(), scalar) {
            ("Buffer", _) if !bare => {
                let buffer = self.buffer_decl(name, "T.Buffer", ann.span, call_args, kwargs)?;
                let id = self.func.new_buffer(buffer);
                self.bind(name, Sym::Buffer(id));
                self.func.params.push(Param {
                    name: name.clone(),
                    buffer: Some(id),
                    var: None,
                });
            }
            ("handle", _) if bare => {
                self.bind(name, Sym::Handle(index));
                self.func.params.push(Param {
                    name: name.clone(),
                    buffer: None,
                    var: None,
                });
            }
            (_, Some(dtype)) => {
                let var = match declared {
                    Some(v) => v,
                    None => self.new_var(name, dtype),
                };
                self.func.params.push(Param {
                    name: name.clone(),
                    buffer: None,
                    var: Some(var),
                });
            }
            _ => {
                return Err(ParseError::semantic(
                    ann.span,
                    format!("unsupported type for parameter `{name}`"),
                )
                .with_label("not a TIR parameter type")
                .with_expected([
                    "`T.handle`",
                    "`T.Buffer((...), \"float32\")`",
                    "`T.int32`",
                ]))
            }
        }
        Ok(())
    }

    /// `A = T.match_buffer(a, shape, dtype)` at function level: binds a handle parameter.
    pub fn match_param_buffer(
        &mut self,
        target: &ast::Expr,
        call: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<()> {
        let Some(name) = target.as_name() else {
            return Err(ParseError::semantic(target.span, "expected a buffer name")
                .with_label("assign the buffer to a name"));
        };
        let Some(handle) = args.first() else {
            return Err(
                ParseError::semantic(call.span, "`T.match_buffer` needs a parameter")
                    .with_label("missing the handle argument"),
            );
        };
        let index = match handle.as_name().and_then(|n| self.lookup(n)) {
            Some(Sym::Handle(i)) => i,
            _ => {
                return Err(ParseError::semantic(
                    handle.span,
                    "`T.match_buffer` at function level takes a `T.handle` parameter",
                )
                .with_label("not a handle parameter"))
            }
        };
        if self.func.params.get(index).and_then(|p| p.buffer).is_some() {
            return Err(ParseError::semantic(
                handle.span,
                "this parameter is already matched to a buffer",
            )
            .with_label("matched twice"));
        }
        let buffer = self.buffer_decl(name, "T.match_buffer", call.span, &args[1..], kwargs)?;
        let id = self.func.new_buffer(buffer);
        self.bind(name, Sym::Buffer(id));
        if let Some(p) = self.func.params.get_mut(index) {
            p.buffer = Some(id);
        }
        Ok(())
    }

    /// The integer value of `e` when it is a compile-time constant.
    pub fn const_int(&self, e: &ast::Expr) -> Option<i64> {
        let local = e.as_name().is_some_and(|n| self.lookup(n).is_some());
        if local {
            return None;
        }
        super::decl::const_int(e, &self.m.consts)
    }

    /// A constant expression evaluated to an immediate, or an error naming `what`.
    pub fn require_const(&self, e: &ast::Expr, what: &str) -> Result<i64> {
        self.const_int(e).ok_or_else(|| {
            ParseError::semantic(e.span, format!("non-constant {what}"))
                .with_label("must be an integer constant")
        })
    }

    /// `Expr::Int` for shape/extent positions.
    pub fn int_imm(v: i64) -> Expr {
        if i32::try_from(v).is_ok() {
            Expr::int(v)
        } else {
            Expr::Int(v, DataType::I64)
        }
    }
}

/// Whether the expression mentions `name` as a plain name.
fn names_in(e: &ast::Expr, name: &str) -> bool {
    let any = |v: &[ast::Expr]| v.iter().any(|x| names_in(x, name));
    match &e.kind {
        ExprKind::Name(n) => n == name,
        ExprKind::Attr(x, _) | ExprKind::Unary(_, x) => names_in(x, name),
        ExprKind::Call { func, args, kwargs } => {
            names_in(func, name) || any(args) || kwargs.iter().any(|k| names_in(&k.value, name))
        }
        ExprKind::Subscript(x, idx) => names_in(x, name) || any(idx),
        ExprKind::Slice { lo, hi, step } => [lo, hi, step]
            .into_iter()
            .flatten()
            .any(|x| names_in(x, name)),
        ExprKind::Tuple(v) | ExprKind::List(v) => any(v),
        ExprKind::Dict(kv) => kv
            .iter()
            .any(|(k, v)| names_in(k, name) || names_in(v, name)),
        ExprKind::Binary(_, a, b) => names_in(a, name) || names_in(b, name),
        ExprKind::Compare(a, rest) => {
            names_in(a, name) || rest.iter().any(|(_, x)| names_in(x, name))
        }
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::None => false,
    }
}
