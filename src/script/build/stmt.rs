//! Statements: stores, let bindings, `if`, loops (`range`, `T.serial`,
//! `T.grid`, `T.thread_binding`, ...), `T.evaluate`, and dispatch of the
//! block-level statements to `block.rs`.

use super::args::{exact, Args};
use super::expr::cast;
use super::func::{FuncBuilder, Sym};
use crate::ir::{
    Annotations, DataType, Expr, For, ForKind, IfThenElse, LetStmt, Range, Stmt, ThreadAxis,
};
use crate::script::ast::{self, ExprKind, StmtKind};
use crate::script::error::{ParseError, Result};

/// What one source statement turned into.
enum Built {
    Nothing,
    Stmt(Stmt),
    /// A let binding that took the rest of the statement list as its body.
    Rest(Stmt),
}

/// One loop of a loop header (`T.grid` gives several).
struct LoopSpec<'a> {
    name: &'a ast::Expr,
    min: Expr,
    extent: Expr,
}

/// What a loop header (`range(...)`, `T.serial(...)`, `T.grid(...)`, ...) says.
struct LoopHeader {
    kind: ForKind,
    annotations: Annotations,
    /// `(min, extent)` of each loop it makes.
    ranges: Vec<(Expr, Expr)>,
}

impl LoopHeader {
    fn one(kind: ForKind, annotations: Annotations, range: (Expr, Expr)) -> Self {
        LoopHeader {
            kind,
            annotations,
            ranges: vec![range],
        }
    }
}

/// The error for a loop that is not over `range(...)` or a `T.*` loop.
fn bad_loop_iter(iter: &ast::Expr) -> ParseError {
    ParseError::semantic(
        iter.span,
        "expected a loop over `range(...)` or a `T.*` loop",
    )
    .with_label("not a TIR loop")
    .with_expected([
        "`range(n)`",
        "`T.serial(n)`",
        "`T.grid(a, b)`",
        "`T.parallel(n)`",
        "`T.vectorized(n)`",
        "`T.unroll(n)`",
        "`T.thread_binding(n, thread=...)`",
    ])
}

/// The error for `for i, j in T.serial(n)` and the like: the names bound
/// (`target`) do not match the number of loops the header makes.
fn names_mismatch(target: &ast::Expr, names: usize, fname: &str, loops: usize) -> ParseError {
    let label = format!("expected {} name{}", loops, super::args::plural(loops));
    ParseError::semantic(
        target.span,
        format!(
            "the loop binds {} name{} but `{}` makes {} loop{}",
            names,
            super::args::plural(names),
            if fname == "range" {
                "range".to_string()
            } else {
                format!("T.{fname}")
            },
            loops,
            super::args::plural(loops)
        ),
    )
    .with_label(label)
}

impl FuncBuilder<'_> {
    /// A statement list; `top` says it is directly a block body (or the function body).
    pub fn stmts(&mut self, body: &[ast::Stmt], top: bool) -> Result<Stmt> {
        let span = body.first().map(|s| s.span).unwrap_or_default();
        self.enter(span)?;
        let mut out = Vec::new();
        for (i, s) in body.iter().enumerate() {
            match self.stmt(s, top, &body[i + 1..])? {
                Built::Nothing => {}
                Built::Stmt(st) => out.push(st),
                Built::Rest(st) => {
                    out.push(st);
                    break;
                }
            }
        }
        self.leave();
        Ok(Stmt::seq(out))
    }

    fn stmt(&mut self, s: &ast::Stmt, top: bool, rest: &[ast::Stmt]) -> Result<Built> {
        match &s.kind {
            StmtKind::Pass => Ok(Built::Nothing),
            StmtKind::Expr(e) => self.expr_stmt(e, top),
            StmtKind::Assign { targets, value } => {
                let [target] = targets.as_slice() else {
                    return Err(ParseError::semantic(
                        s.span,
                        "chained assignment inside a function",
                    )
                    .with_label("assign one target at a time"));
                };
                self.assign(target, value, top, rest)
            }
            StmtKind::AnnAssign { target, ann, value } => {
                // TVM 0.27 prints a binding as `x: T.let[T.int32] = v` and a
                // local scalar as `x: T.int32 = v`; both are a binding here,
                // which remembers its form to print it back.
                let (scalar, local_scalar) = match &ann.kind {
                    ExprKind::Subscript(base, items)
                        if items.len() == 1 && self.m.tir_name(base).as_deref() == Some("let") =>
                    {
                        (&items[0], false)
                    }
                    _ => (ann, true),
                };
                let (dtype, lanes) = self
                    .m
                    .tir_name(scalar)
                    .and_then(|n| DataType::parse_lanes(&n))
                    .ok_or_else(|| {
                        ParseError::semantic(
                            ann.span,
                            "expected a scalar or vector type such as `T.int32` or `T.int8x4`",
                        )
                        .with_label("not a TIR type")
                    })?;
                let Some(value) = value else {
                    return Err(ParseError::semantic(
                        s.span,
                        "a variable declaration needs a value",
                    )
                    .with_label("add `= value`"));
                };
                let v = self.expr(value)?;
                let v = self.typed_let_value(v, dtype, lanes, value.span)?;
                self.let_binding(target, v, local_scalar, top, rest)
            }
            StmtKind::AugAssign { target, op, value } => {
                let ExprKind::Subscript(base, items) = &target.kind else {
                    return Err(ParseError::semantic(
                        target.span,
                        "augmented assignment needs a buffer element",
                    )
                    .with_label("expected `A[i] += ...`"));
                };
                let current = self.expr(target)?;
                let rhs = self.expr(value)?;
                let v = self.binop(*op, current, rhs, s.span)?;
                Ok(Built::Stmt(self.store(base, items, v, target.span)?))
            }
            StmtKind::For { target, iter, body } => {
                Ok(Built::Stmt(self.for_loop(target, iter, body)?))
            }
            StmtKind::If {
                cond,
                then_body,
                else_body,
            } => {
                let cond = self.condition(cond, "if")?;
                let then_case = self.scoped(then_body)?;
                let else_case = if else_body.is_empty() {
                    None
                } else {
                    Some(self.scoped(else_body)?)
                };
                Ok(Built::Stmt(Stmt::IfThenElse(crate::ir::Shared::new(
                    IfThenElse {
                        cond,
                        then_case,
                        else_case,
                    },
                ))))
            }
            StmtKind::With { items, body } => self.with(s, items, body),
            StmtKind::Return(_) => Err(ParseError::semantic(
                s.span,
                "`return` is not supported in a prim_func",
            )
            .with_label("remove this")),
            _ => Err(ParseError::semantic(
                s.span,
                "this statement is not allowed inside a TIR function",
            )
            .with_label("not a TIR statement")),
        }
    }

    /// A nested statement list with its own scope.
    fn scoped(&mut self, body: &[ast::Stmt]) -> Result<Stmt> {
        self.push_scope();
        let res = self.stmts(body, false);
        self.pop_scope();
        res
    }

    fn expr_stmt(&mut self, e: &ast::Expr, top: bool) -> Result<Built> {
        let ExprKind::Call { func, args, kwargs } = &e.kind else {
            if matches!(e.kind, ExprKind::Str(_)) {
                return Ok(Built::Nothing);
            }
            return Ok(Built::Stmt(Stmt::Evaluate(self.expr(e)?.expr)));
        };
        let Some(name) = self.m.tir_name(func) else {
            return Ok(Built::Stmt(Stmt::Evaluate(self.expr(e)?.expr)));
        };
        match name.as_str() {
            "func_attr" => {
                if self.frames.len() != 1 || !top {
                    return Err(ParseError::semantic(
                        e.span,
                        "`T.func_attr` must be at function level",
                    )
                    .with_label("inside a block or loop"));
                }
                let [dict] = exact::<1>("T.func_attr", e.span, args, kwargs)?;
                let attrs = self.annotations(dict)?;
                self.func.attrs.extend(attrs);
                Ok(Built::Nothing)
            }
            "reads" | "writes" | "where" | "block_attr" | "sblock_attr" => {
                if !top {
                    return Err(ParseError::semantic(
                        e.span,
                        format!("`T.{name}` must be directly inside a block"),
                    )
                    .with_label("inside a loop or branch"));
                }
                self.block_call(&name, e, args, kwargs)?;
                Ok(Built::Nothing)
            }
            "evaluate" => {
                let [x] = exact::<1>("T.evaluate", e.span, args, kwargs)?;
                Ok(Built::Stmt(Stmt::Evaluate(self.expr(x)?.expr)))
            }
            n if n.starts_with("axis.")
                || matches!(n, "alloc_buffer" | "sblock_alloc_buffer" | "match_buffer") =>
            {
                Err(ParseError::semantic(
                    e.span,
                    format!("the result of `T.{n}` must be assigned to a name"),
                )
                .with_label("unused result"))
            }
            "block" | "sblock" | "init" => Err(ParseError::semantic(
                e.span,
                format!("`T.{name}` is used as `with T.{name}(...):`"),
            )
            .with_label("expected a `with` statement")),
            _ => Ok(Built::Stmt(Stmt::Evaluate(self.expr(e)?.expr))),
        }
    }

    fn assign(
        &mut self,
        target: &ast::Expr,
        value: &ast::Expr,
        top: bool,
        rest: &[ast::Stmt],
    ) -> Result<Built> {
        if self.free_var_decls(target, value)? {
            return Ok(Built::Nothing);
        }
        if let ExprKind::Call { func, args, kwargs } = &value.kind {
            if let Some(name) = self.m.tir_name(func) {
                match name.as_str() {
                    "alloc_buffer" | "sblock_alloc_buffer" => {
                        self.alloc_buffer(target, &name, value, args, kwargs)?;
                        return Ok(Built::Nothing);
                    }
                    "match_buffer" => {
                        let on_handle = args
                            .first()
                            .and_then(ast::Expr::as_name)
                            .is_some_and(|n| matches!(self.lookup(n), Some(Sym::Handle(_))));
                        if on_handle {
                            self.match_param_buffer(target, value, args, kwargs)?;
                        } else {
                            self.match_region_buffer(target, value, args, kwargs)?;
                        }
                        return Ok(Built::Nothing);
                    }
                    "axis.remap" => {
                        self.remap(target, value, args, kwargs)?;
                        return Ok(Built::Nothing);
                    }
                    n if n.starts_with("axis.") => {
                        let kind = n.trim_start_matches("axis.");
                        self.axis(kind, target, value, args, kwargs)?;
                        return Ok(Built::Nothing);
                    }
                    "Buffer" | "decl_buffer" => {
                        return Err(ParseError::semantic(
                            value.span,
                            "buffer declarations inside a function are not supported",
                        )
                        .with_label("declare it as a parameter or with `T.alloc_buffer`"))
                    }
                    _ => {}
                }
            }
        }
        match &target.kind {
            ExprKind::Subscript(base, items) => {
                let v = self.expr(value)?;
                Ok(Built::Stmt(self.store(base, items, v, target.span)?))
            }
            ExprKind::Name(_) => {
                // TVM 0.27 reads `x = v` as a local scalar too.
                let v = self.expr(value)?;
                self.let_binding(target, v, true, top, rest)
            }
            _ => Err(ParseError::semantic(target.span, "cannot assign to this")
                .with_label("expected a name or a buffer element")),
        }
    }

    /// `n = T.int32()` / `N, M = T.int32(), T.int32()`: variables nothing
    /// binds (shape variables, as TVM prints them). `build_func` declares
    /// them before the signature (a quoted shape, `T.Buffer(("n", 4))`, uses
    /// them first), so here the name is bound to that variable already.
    /// False when the statement is not of this form.
    fn free_var_decls(&mut self, target: &ast::Expr, value: &ast::Expr) -> Result<bool> {
        let Some(decls) = free_var_decl_names(self.m, target, value) else {
            return Ok(false);
        };
        for (name, dtype) in decls {
            match self.lookup(name) {
                Some(Sym::Var(v))
                    if self.func.vars.get(v.0 as usize).is_some_and(|d| d.dtype == dtype)
                        && self.func.params.iter().all(|p| p.var != Some(v)) => {}
                Some(_) => {
                    return Err(ParseError::semantic(
                        target.span,
                        format!(
                            "`{name}` is already defined; `{name} = T.{}()` declares a new shape variable",
                            dtype.name()
                        ),
                    )
                    .with_label("already defined")
                    .with_help("give the shape variable a name of its own"))
                }
                None => {
                    self.new_var(name, dtype);
                }
            }
        }
        Ok(true)
    }

    /// `x = value` / `x: T.int32 = value`: a `LetStmt` over the rest of the list.
    fn let_binding(
        &mut self,
        target: &ast::Expr,
        value: super::expr::TExpr,
        local_scalar: bool,
        top: bool,
        rest: &[ast::Stmt],
    ) -> Result<Built> {
        let Some(name) = target.as_name() else {
            return Err(
                ParseError::semantic(target.span, "expected a variable name")
                    .with_label("not a name"),
            );
        };
        // TVM 0.27 reads a bare `x = v` of a bound name as a store to the
        // mutable local scalar `x`, seen after an enclosing `if` or by the
        // next loop iteration; a binding here would hide the old value only
        // inside the rest of this block: another program, so refused.
        if local_scalar && matches!(self.lookup(name), Some(Sym::Var(_))) {
            return Err(ParseError::semantic(
                target.span,
                format!("`{name}` is already bound: assigning it again is a mutable local scalar in TVM, which tirtui does not model"),
            )
            .with_label("assigned again here")
            .with_help(format!("bind a new name (`{name}_1 = ...`) or keep the value in a buffer")));
        }
        self.push_scope();
        let lanes = self.value_lanes(&value.expr, target.span)?;
        let var = if lanes == 1 {
            self.new_var(name, value.dtype)
        } else {
            self.new_vector_var(name, value.dtype, lanes)
        };
        let body = self.stmts(rest, top);
        self.pop_scope();
        Ok(Built::Rest(Stmt::LetStmt(crate::ir::Shared::new(
            LetStmt {
                var,
                value: value.expr,
                body: body?,
                local_scalar,
            },
        ))))
    }

    fn store(
        &mut self,
        base: &ast::Expr,
        items: &[ast::Expr],
        value: super::expr::TExpr,
        span: crate::diag::Span,
    ) -> Result<Stmt> {
        let buffer = self.buffer_ref(base)?;
        let indices = self.store_indices(buffer, items, span)?;
        let dtype = self.func.buffer(buffer).dtype;
        let value = self.vector_store_value(buffer, &indices, value, span)?;
        Ok(Stmt::BufferStore(crate::ir::BufferStore {
            buffer,
            indices,
            value: cast(dtype, value).expr,
        }))
    }

    fn with(
        &mut self,
        s: &ast::Stmt,
        items: &[ast::WithItem],
        body: &[ast::Stmt],
    ) -> Result<Built> {
        let [item] = items else {
            return Err(
                ParseError::semantic(s.span, "one context per `with` statement")
                    .with_label("split this `with`"),
            );
        };
        if let Some(t) = &item.target {
            return Err(ParseError::semantic(
                t.span,
                "`with ... as` is not used in block-level TIR",
            )
            .with_label("remove `as ...`"));
        }
        let ctx = &item.context;
        let ExprKind::Call { func, args, kwargs } = &ctx.kind else {
            return Err(
                ParseError::semantic(ctx.span, "expected `T.block(...)` or `T.init()`")
                    .with_label("unsupported `with`"),
            );
        };
        match self.m.tir_name(func).as_deref() {
            Some("block" | "sblock") => Ok(Built::Stmt(self.block(ctx, args, kwargs, body)?)),
            Some("init") => {
                exact::<0>("T.init", ctx.span, args, kwargs)?;
                self.init(ctx.span, body)?;
                Ok(Built::Nothing)
            }
            Some(other) => Err(self.unknown_with(other, func.span)),
            None => Err(
                ParseError::semantic(ctx.span, "expected `T.block(...)` or `T.init()`")
                    .with_label("unsupported `with`")
                    .with_expected(["`T.block(\"name\")`", "`T.sblock(\"name\")`", "`T.init()`"]),
            ),
        }
    }

    fn unknown_with(&self, name: &str, span: crate::diag::Span) -> ParseError {
        let err = self.unknown_function(name, span);
        if err.message.starts_with("unknown function") {
            return err.with_expected([
                "`T.block(\"name\")`",
                "`T.sblock(\"name\")`",
                "`T.init()`",
            ]);
        }
        err
    }

    fn for_loop(
        &mut self,
        target: &ast::Expr,
        iter: &ast::Expr,
        body: &[ast::Stmt],
    ) -> Result<Stmt> {
        let ExprKind::Call { func, args, kwargs } = &iter.kind else {
            return Err(bad_loop_iter(iter));
        };
        let names: Vec<&ast::Expr> = match &target.kind {
            ExprKind::Tuple(v) => v.iter().collect(),
            _ => vec![target],
        };
        let fname = if func.as_name() == Some("range") {
            "range".to_string()
        } else {
            self.m.tir_name(func).ok_or_else(|| bad_loop_iter(iter))?
        };
        let header = match fname.as_str() {
            "range" => self.range_header(iter, args, kwargs)?,
            "serial" | "parallel" | "vectorized" | "unroll" => {
                self.kind_header(&fname, iter, args, kwargs)?
            }
            "thread_binding" => self.thread_binding_header(iter, args, kwargs)?,
            "grid" => self.grid_header(args, kwargs)?,
            _ => return Err(bad_loop_iter(iter)),
        };
        let LoopHeader {
            kind,
            annotations,
            ranges,
        } = header;
        if names.len() != ranges.len() {
            return Err(names_mismatch(target, names.len(), &fname, ranges.len()));
        }
        let specs: Vec<LoopSpec> = names
            .into_iter()
            .zip(ranges)
            .map(|(name, (min, extent))| LoopSpec { name, min, extent })
            .collect();
        self.build_loops(specs, kind, annotations, body)
    }

    /// `range(start[, stop[, step]])`: a serial loop (a step must be 1).
    fn range_header(
        &mut self,
        iter: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<LoopHeader> {
        let a = Args::new("range", iter.span, args, kwargs, &["start", "stop", "step"])?;
        if let Some(step) = a.get("step") {
            if self.const_int(step) != Some(1) {
                return Err(
                    ParseError::semantic(step.span, "loops with a step are not supported")
                        .with_label("step must be 1"),
                );
            }
        }
        Ok(LoopHeader::one(
            ForKind::Serial,
            Vec::new(),
            self.loop_range(a.require("start")?, a.get("stop"))?,
        ))
    }

    /// `T.serial`, `T.parallel`, `T.vectorized`, `T.unroll` (`fname` without `T.`).
    fn kind_header(
        &mut self,
        fname: &str,
        iter: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<LoopHeader> {
        let kind = match fname {
            "serial" => ForKind::Serial,
            "parallel" => ForKind::Parallel,
            "vectorized" => ForKind::Vectorized,
            _ => ForKind::Unrolled,
        };
        let what = format!("T.{fname}");
        let a = Args::new(
            what,
            iter.span,
            args,
            kwargs,
            &["start", "stop", "annotations"],
        )?;
        let range = self.loop_range(a.require("start")?, a.get("stop"))?;
        let annotations = match a.get("annotations") {
            Some(ann) => self.annotations(ann)?,
            None => Vec::new(),
        };
        Ok(LoopHeader::one(kind, annotations, range))
    }

    /// `T.thread_binding(start[, stop], thread="threadIdx.x"[, annotations])`.
    fn thread_binding_header(
        &mut self,
        iter: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<LoopHeader> {
        let a = Args::new(
            "T.thread_binding",
            iter.span,
            args,
            kwargs,
            &["start", "stop", "thread", "annotations"],
        )?;
        // `T.thread_binding(n, "threadIdx.x")`: the tag may come second.
        let (stop, thread) = match (a.get("stop"), a.get("thread")) {
            (Some(s), None) if s.as_str().is_some() => (None, Some(s)),
            (stop, thread) => (stop, thread),
        };
        let thread = thread.ok_or_else(|| {
            ParseError::semantic(iter.span, "`T.thread_binding` needs `thread=\"...\"`")
                .with_label("missing the thread axis")
        })?;
        let tag = thread.as_str().unwrap_or_default();
        let axis = ThreadAxis::from_tag(tag).ok_or_else(|| {
            ParseError::semantic(thread.span, format!("unknown thread axis `{tag}`"))
                .with_label("not a thread axis")
                .with_expected(ThreadAxis::ALL.iter().map(|t| format!("`\"{}\"`", t.tag())))
        })?;
        let range = self.loop_range(a.require("start")?, stop)?;
        let annotations = match a.get("annotations") {
            Some(ann) => self.annotations(ann)?,
            None => Vec::new(),
        };
        Ok(LoopHeader::one(
            ForKind::ThreadBinding(axis),
            annotations,
            range,
        ))
    }

    /// `T.grid(a, b, ...)`: one serial loop per extent, outermost first.
    fn grid_header(&mut self, args: &[ast::Expr], kwargs: &[ast::Keyword]) -> Result<LoopHeader> {
        if let Some(kw) = kwargs.first() {
            return Err(
                ParseError::semantic(kw.name.span, "`T.grid` takes no keyword arguments")
                    .with_label("unexpected keyword"),
            );
        }
        let mut ranges = Vec::new();
        for e in args {
            ranges.push((Expr::int(0), self.index(e)?));
        }
        Ok(LoopHeader {
            kind: ForKind::Serial,
            annotations: Vec::new(),
            ranges,
        })
    }

    /// `(start)` or `(start, stop)` as `(min, extent)`.
    fn loop_range(&mut self, start: &ast::Expr, stop: Option<&ast::Expr>) -> Result<(Expr, Expr)> {
        let first = self.index(start)?;
        match stop {
            None => Ok((Expr::int(0), first)),
            Some(stop) => {
                let stop = self.index(stop)?;
                Ok((first.clone(), super::expr::fold_sub(stop, first)))
            }
        }
    }

    fn build_loops(
        &mut self,
        specs: Vec<LoopSpec>,
        kind: ForKind,
        annotations: Annotations,
        body: &[ast::Stmt],
    ) -> Result<Stmt> {
        self.push_scope();
        let mut loops = Vec::with_capacity(specs.len());
        for spec in specs {
            let Some(name) = spec.name.as_name() else {
                self.pop_scope();
                return Err(
                    ParseError::semantic(spec.name.span, "a loop variable must be a name")
                        .with_label("not a name"),
                );
            };
            if spec.extent.as_int().is_some_and(|v| v < 0) {
                self.pop_scope();
                return Err(ParseError::semantic(
                    spec.name.span,
                    "a loop extent cannot be negative",
                )
                .with_label("this loop has a negative extent"));
            }
            let id = self.func.new_loop_id();
            // As TVM: a loop over an int64 extent has an int64 variable (its
            // uses then need no casts, and split/fuse keep `T.int64`).
            // A symbolic extent over int64 shape variables (`n * T.int64(32)`)
            // counts too.
            let dtype = match &spec.extent {
                Expr::Int(_, DataType::I64) => DataType::I64,
                Expr::Int(..) => DataType::I32,
                e => match crate::arith::TypeCtx::new(Some(&self.func)).index_dtype(e) {
                    DataType::I64 => DataType::I64,
                    _ => DataType::I32,
                },
            };
            let var = self.new_var(name, dtype);
            self.loop_ranges
                .insert(var, Range::new(spec.min.clone(), spec.extent.clone()));
            loops.push((id, var, spec.min, spec.extent));
        }
        let body = self.stmts(body, false);
        self.pop_scope();
        let mut stmt = body?;
        for (id, var, min, extent) in loops.into_iter().rev() {
            stmt = Stmt::For(crate::ir::Shared::new(For {
                id,
                var,
                min,
                extent,
                kind,
                annotations: annotations.clone(),
                body: stmt,
            }));
        }
        Ok(stmt)
    }
}

/// The names and dtypes `n = T.int32()` / `N, M = T.int32(), T.int64()`
/// declares, or None for any other statement.
pub(super) fn free_var_decl_names<'a>(
    m: &super::ModuleCtx,
    target: &'a ast::Expr,
    value: &ast::Expr,
) -> Option<Vec<(&'a str, DataType)>> {
    let pairs: Vec<(&ast::Expr, &ast::Expr)> = match (&target.kind, &value.kind) {
        (ExprKind::Tuple(ts), ExprKind::Tuple(vs)) if ts.len() == vs.len() => {
            ts.iter().zip(vs).collect()
        }
        _ => vec![(target, value)],
    };
    pairs
        .into_iter()
        .map(|(t, v)| {
            let ExprKind::Call { func, args, kwargs } = &v.kind else {
                return None;
            };
            let dtype = m
                .tir_name(func)
                .and_then(|n| DataType::from_name(&n))
                .filter(|_| args.is_empty() && kwargs.is_empty())?;
            Some((t.as_name()?, dtype))
        })
        .collect()
}
