//! Blocks: `with T.block("B"):` (or `T.sblock`) and the statements that only
//! make sense directly in a block body: `T.axis.*`, `T.where`, `T.reads`,
//! `T.writes`, `T.block_attr`, `with T.init():`, block-level buffers.
//!
//! Omitted `T.reads`/`T.writes` are inferred by `arith::region`, as TVM's
//! script completer does.

use super::args::{exact, Args};
use super::func::{FuncBuilder, Sym};
use crate::arith::region::infer_access_regions;
use crate::diag::Span;
use crate::ir::{
    Annotations, Block, BlockId, BlockRealize, BufferRegion, DataType, Expr, IterKind, IterVar,
    MatchBuffer, Range, Stmt,
};
use crate::script::ast::{self, ExprKind};
use crate::script::error::{ParseError, Result};

/// A block under construction.
pub(super) struct BlockFrame {
    pub name: String,
    pub is_root: bool,
    /// The implicit root: block-level statements cannot appear directly in it.
    pub implicit: bool,
    pub iter_vars: Vec<IterVar>,
    pub iter_values: Vec<Expr>,
    pub predicate: Option<Expr>,
    pub reads: Option<Vec<BufferRegion>>,
    pub writes: Option<Vec<BufferRegion>>,
    pub init: Option<Stmt>,
    pub alloc_buffers: Vec<crate::ir::BufferId>,
    pub match_buffers: Vec<MatchBuffer>,
    pub annotations: Annotations,
}

impl BlockFrame {
    pub fn new(name: String, is_root: bool) -> BlockFrame {
        BlockFrame {
            name,
            is_root,
            implicit: is_root,
            iter_vars: Vec::new(),
            iter_values: Vec::new(),
            predicate: None,
            reads: None,
            writes: None,
            init: None,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        }
    }

    /// The finished block as `(iter_values, predicate, block)`; omitted reads/writes are empty.
    pub fn finish(self, id: BlockId, body: Stmt) -> (Vec<Expr>, Expr, Block) {
        let block = Block {
            id,
            name: self.name,
            iter_vars: self.iter_vars,
            reads: self.reads.unwrap_or_default(),
            writes: self.writes.unwrap_or_default(),
            init: self.init,
            body,
            alloc_buffers: self.alloc_buffers,
            match_buffers: self.match_buffers,
            annotations: self.annotations,
        };
        let predicate = self.predicate.unwrap_or_else(|| Expr::bool(true));
        (self.iter_values, predicate, block)
    }
}

impl FuncBuilder<'_> {
    fn frame(&mut self) -> Result<&mut BlockFrame> {
        self.frames
            .last_mut()
            .ok_or_else(|| ParseError::semantic(Span::default(), "no enclosing block"))
    }

    /// The innermost block, or an error when only the implicit root is open.
    fn user_frame(&mut self, span: Span, what: &str) -> Result<&mut BlockFrame> {
        match self.frames.last_mut() {
            Some(f) if !f.implicit => Ok(f),
            _ => Err(ParseError::semantic(
                span,
                format!("`{what}` must be directly inside a block"),
            )
            .with_label("not inside `with T.block(...)`")),
        }
    }

    /// A frame that may get iteration variables: not the root.
    fn iter_frame(&mut self, span: Span, what: &str) -> Result<&mut BlockFrame> {
        let frame = self.user_frame(span, what)?;
        if frame.is_root {
            return Err(ParseError::semantic(
                span,
                format!("the root block cannot have iteration variables (`{what}`)"),
            )
            .with_label("inside the root block"));
        }
        Ok(frame)
    }

    /// `with T.block("name"):` and its body.
    pub fn block(
        &mut self,
        call: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
        body: &[ast::Stmt],
    ) -> Result<Stmt> {
        let a = Args::new("T.block", call.span, args, kwargs, &["name", "no_realize"])?;
        let name = match a.get("name") {
            Some(e) => e.as_str().map(str::to_string).ok_or_else(|| {
                ParseError::semantic(e.span, "a block name must be a string")
                    .with_label("expected a string")
            })?,
            None => String::new(),
        };
        let id = self.func.new_block_id();
        self.push_scope();
        self.frames.push(BlockFrame::new(name, false));
        let body = self.stmts(body, true);
        let frame = self.frames.pop();
        self.pop_scope();
        let body = body?;
        let frame = frame.ok_or_else(|| ParseError::semantic(call.span, "block frame lost"))?;
        let (need_reads, need_writes) = (frame.reads.is_none(), frame.writes.is_none());
        let (iter_values, predicate, mut block) = frame.finish(id, body);
        if need_reads || need_writes {
            // One call, as TVM's completer: each omitted side gets the inferred regions.
            let (reads, writes) = infer_access_regions(&self.func, &block);
            if need_reads {
                block.reads = reads;
            }
            if need_writes {
                block.writes = writes;
            }
        }
        Ok(Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
            iter_values,
            predicate,
            block,
        })))
    }

    /// `with T.init():` inside a block.
    pub fn init(&mut self, span: Span, body: &[ast::Stmt]) -> Result<()> {
        self.user_frame(span, "T.init")?;
        let stmt = self.stmts(body, false)?;
        let frame = self.user_frame(span, "T.init")?;
        if frame.init.is_some() {
            return Err(
                ParseError::semantic(span, "a block has at most one `T.init()`")
                    .with_label("second init"),
            );
        }
        frame.init = Some(stmt);
        Ok(())
    }

    /// `T.where`, `T.reads`, `T.writes`, `T.block_attr` as statements.
    pub fn block_call(
        &mut self,
        name: &str,
        call: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<()> {
        let what = format!("T.{name}");
        self.user_frame(call.span, &what)?;
        match name {
            "where" => {
                let [cond] = exact::<1>(&what, call.span, args, kwargs)?;
                let c = self.expr(cond)?;
                if c.dtype != DataType::Bool {
                    return Err(ParseError::semantic(
                        cond.span,
                        format!("`T.where` needs a boolean condition, found {}", c.dtype),
                    )
                    .with_label("not a boolean"));
                }
                self.user_frame(call.span, &what)?.predicate = Some(c.expr);
            }
            "reads" | "writes" => {
                if let Some(kw) = kwargs.first() {
                    return Err(ParseError::semantic(
                        kw.name.span,
                        format!("`{what}` takes no keyword arguments"),
                    )
                    .with_label("unexpected keyword"));
                }
                let items = match args {
                    [one] => match &one.kind {
                        ExprKind::List(v) | ExprKind::Tuple(v) => v.as_slice(),
                        _ => args,
                    },
                    _ => args,
                };
                let regions = items
                    .iter()
                    .map(|e| self.region(e))
                    .collect::<Result<Vec<_>>>()?;
                let frame = self.user_frame(call.span, &what)?;
                let slot = if name == "reads" {
                    &mut frame.reads
                } else {
                    &mut frame.writes
                };
                if slot.is_some() {
                    return Err(ParseError::semantic(
                        call.span,
                        format!("`{what}` given twice in one block"),
                    )
                    .with_label("repeated"));
                }
                *slot = Some(regions);
            }
            _ => {
                let [dict] = exact::<1>(&what, call.span, args, kwargs)?;
                let anns = self.annotations(dict)?;
                self.user_frame(call.span, &what)?.annotations.extend(anns);
            }
        }
        Ok(())
    }

    /// `A[vi, 0:16]` or a whole buffer `A`, as in `T.reads(...)`.
    pub fn region(&mut self, e: &ast::Expr) -> Result<BufferRegion> {
        let (base, items): (&ast::Expr, &[ast::Expr]) = match &e.kind {
            ExprKind::Subscript(base, items) => (base, items),
            ExprKind::Name(_) => (e, &[]),
            _ => {
                return Err(ParseError::semantic(e.span, "expected a buffer region")
                    .with_label("not a buffer region")
                    .with_expected(["`A[vi, vk]`", "`A[0:16, vj]`", "`A`"]))
            }
        };
        let buffer = self.buffer_ref(base)?;
        let shape = self.func.buffer(buffer).shape.clone();
        if !matches!(e.kind, ExprKind::Subscript(..)) {
            return Ok(BufferRegion {
                buffer,
                region: shape.into_iter().map(Range::from_extent).collect(),
            });
        }
        self.check_arity(buffer, items.len(), e.span)?;
        let mut region = Vec::with_capacity(items.len());
        for (item, dim) in items.iter().zip(shape) {
            region.push(match &item.kind {
                ExprKind::Slice { lo, hi, step } => {
                    if let Some(step) = step {
                        if self.const_int(step) != Some(1) {
                            return Err(ParseError::semantic(
                                step.span,
                                "regions cannot have a step",
                            )
                            .with_label("remove the step"));
                        }
                    }
                    let lo = match lo {
                        Some(lo) => self.index(lo)?,
                        None => Expr::int(0),
                    };
                    let hi = match hi {
                        Some(hi) => self.index(hi)?,
                        None => dim,
                    };
                    Range::new(lo.clone(), super::expr::fold_sub(hi, lo))
                }
                _ => Range::point(self.index(item)?),
            });
        }
        Ok(BufferRegion { buffer, region })
    }

    /// `v = T.axis.spatial(dom, binding)` and friends.
    pub fn axis(
        &mut self,
        kind: &str,
        target: &ast::Expr,
        call: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<()> {
        let what = format!("T.axis.{kind}");
        self.iter_frame(call.span, &what)?;
        let iter_kind = match kind {
            "spatial" | "S" => IterKind::Spatial,
            "reduce" | "R" => IterKind::Reduce,
            "opaque" => IterKind::Opaque,
            "scan" => IterKind::Scan,
            _ => {
                return Err(ParseError::semantic(
                    call.span,
                    format!("unknown iterator kind `{what}`"),
                )
                .with_label("unknown axis kind")
                .with_expected([
                    "`T.axis.spatial`",
                    "`T.axis.reduce`",
                    "`T.axis.opaque`",
                    "`T.axis.scan`",
                    "`T.axis.remap`",
                ]))
            }
        };
        let Some(name) = target.as_name() else {
            return Err(ParseError::semantic(
                target.span,
                format!("`{what}` defines one variable"),
            )
            .with_label("expected a single name"));
        };
        let a = Args::new(
            what.clone(),
            call.span,
            args,
            kwargs,
            &["dom", "binding", "dtype"],
        )?;
        let dom_e = a.require("dom")?;
        let dom = match &dom_e.kind {
            ExprKind::Tuple(v) | ExprKind::List(v) => {
                let [lo, hi] = v.as_slice() else {
                    return Err(ParseError::semantic(
                        dom_e.span,
                        "a domain is an extent or a `(min, max)` pair",
                    )
                    .with_label("expected two values"));
                };
                let lo = self.index(lo)?;
                let hi = self.index(hi)?;
                Range::new(lo.clone(), super::expr::fold_sub(hi, lo))
            }
            _ => Range::from_extent(self.index(dom_e)?),
        };
        let binding = self.index(a.require("binding")?)?;
        let dtype = match a.get("dtype") {
            Some(d) => self.dtype_arg(d)?,
            // As TVM: an int64 domain makes an int64 iterator.
            None => match &dom.extent {
                Expr::Int(_, DataType::I64) => DataType::I64,
                _ => DataType::I32,
            },
        };
        let var = self.new_var(name, dtype);
        let frame = self.frame()?;
        frame.iter_vars.push(IterVar {
            var,
            dom,
            kind: iter_kind,
        });
        frame.iter_values.push(binding);
        Ok(())
    }

    /// `vi, vj, vk = T.axis.remap("SSR", [i, j, k])`.
    pub fn remap(
        &mut self,
        target: &ast::Expr,
        call: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<()> {
        self.iter_frame(call.span, "T.axis.remap")?;
        let [kinds_e, loops_e] = exact::<2>("T.axis.remap", call.span, args, kwargs)?;
        let Some(kinds) = kinds_e.as_str() else {
            return Err(ParseError::semantic(
                kinds_e.span,
                "`T.axis.remap` needs its iterator kinds as a string",
            )
            .with_label("expected a string like \"SSR\""));
        };
        let loops: &[ast::Expr] = match &loops_e.kind {
            ExprKind::List(v) | ExprKind::Tuple(v) => v,
            _ => std::slice::from_ref(loops_e),
        };
        let n_kinds = kinds.chars().count();
        if n_kinds != loops.len() {
            return Err(ParseError::semantic(
                kinds_e.span,
                format!(
                    "`T.axis.remap` got {n_kinds} kind{} for {} loop{}",
                    super::args::plural(n_kinds),
                    loops.len(),
                    super::args::plural(loops.len())
                ),
            )
            .with_label(format!(
                "expected {} kind{}",
                loops.len(),
                super::args::plural(loops.len())
            )));
        }
        let names: Vec<&ast::Expr> = match &target.kind {
            ExprKind::Tuple(v) | ExprKind::List(v) => v.iter().collect(),
            _ => vec![target],
        };
        if names.len() != loops.len() {
            return Err(ParseError::semantic(
                target.span,
                format!(
                    "`T.axis.remap` maps {} loop{} but binds {} name{}",
                    loops.len(),
                    super::args::plural(loops.len()),
                    names.len(),
                    super::args::plural(names.len())
                ),
            )
            .with_label(format!(
                "expected {} name{}",
                loops.len(),
                super::args::plural(loops.len())
            )));
        }
        let mut new_iters = Vec::new();
        for ((c, loop_e), name_e) in kinds.chars().zip(loops).zip(&names) {
            let kind = match c {
                'S' => IterKind::Spatial,
                'R' => IterKind::Reduce,
                _ => {
                    return Err(ParseError::semantic(
                        kinds_e.span,
                        format!("unknown iterator kind `{c}` in `T.axis.remap`"),
                    )
                    .with_label("kinds are `S` (spatial) or `R` (reduce)")
                    .with_expected(["`S`", "`R`"]))
                }
            };
            let loop_var = match loop_e.as_name().and_then(|n| self.lookup(n)) {
                Some(Sym::Var(v)) if self.loop_ranges.contains_key(&v) => v,
                _ => {
                    return Err(ParseError::semantic(
                        loop_e.span,
                        "`T.axis.remap` can only map loop variables",
                    )
                    .with_label("not a loop variable in scope"))
                }
            };
            let Some(name) = name_e.as_name() else {
                return Err(
                    ParseError::semantic(name_e.span, "expected a name").with_label("not a name")
                );
            };
            let dom = self
                .loop_ranges
                .get(&loop_var)
                .cloned()
                .unwrap_or_else(|| Range::from_extent(Expr::int(1)));
            new_iters.push((name, dom, kind, loop_var));
        }
        for (name, dom, kind, loop_var) in new_iters {
            // The iterator takes its loop's type (int64 over an int64 loop).
            let dtype = self.func.var(loop_var).dtype;
            let var = self.new_var(name, dtype);
            let frame = self.frame()?;
            frame.iter_vars.push(IterVar { var, dom, kind });
            frame.iter_values.push(Expr::Var(loop_var));
        }
        Ok(())
    }

    /// `X = T.alloc_buffer(...)` / `T.sblock_alloc_buffer(...)`: belongs to the innermost block.
    pub fn alloc_buffer(
        &mut self,
        target: &ast::Expr,
        fname: &str,
        call: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<()> {
        let Some(name) = target.as_name() else {
            return Err(ParseError::semantic(target.span, "expected a buffer name")
                .with_label("assign the buffer to a name"));
        };
        let buffer = self.buffer_decl(name, &format!("T.{fname}"), call.span, args, kwargs)?;
        // Extents may use the function's shape variables (`n` of
        // `T.Buffer((n, 128))`), as in TVM; binding them (`replay --bind`)
        // makes the allocation constant before lowering or running.
        let shape_vars = crate::ir::shape_vars(&self.func);
        for (dim, e) in buffer.shape.iter().zip(shape_spans(args, kwargs)) {
            let mut other = None;
            dim.visit(&mut |x| {
                if let Expr::Var(v) = x {
                    if other.is_none() && !shape_vars.contains(v) {
                        other = Some(*v);
                    }
                }
            });
            if let Some(v) = other {
                let var = self.func.var_name(v).to_string();
                return Err(ParseError::semantic(
                    e,
                    format!("the extent in `T.{fname}` uses `{var}`, which is not a shape variable of the function"),
                )
                .with_label("must be an integer constant or use only the function's shape variables")
                .with_help("an allocation's size is fixed when the function is called: it may depend on the parameters' symbolic sizes, not on loops or block iterators"));
            }
        }
        let id = self.func.new_buffer(buffer);
        self.bind(name, Sym::Buffer(id));
        self.frame()?.alloc_buffers.push(id);
        Ok(())
    }

    /// `X = T.match_buffer(A[0:16, vj], (16,), ...)` inside a block.
    pub fn match_region_buffer(
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
        let Some(source_e) = args.first() else {
            return Err(
                ParseError::semantic(call.span, "`T.match_buffer` needs a source region")
                    .with_label("missing argument"),
            );
        };
        let source = self.region(source_e)?;
        let buffer = self.buffer_decl(name, "T.match_buffer", call.span, &args[1..], kwargs)?;
        let id = self.func.new_buffer(buffer);
        self.bind(name, Sym::Buffer(id));
        self.user_frame(call.span, "T.match_buffer")?
            .match_buffers
            .push(MatchBuffer { buffer: id, source });
        Ok(())
    }
}

/// Spans of the shape entries of a buffer declaration, for errors on one dimension.
fn shape_spans(args: &[ast::Expr], kwargs: &[ast::Keyword]) -> Vec<Span> {
    let shape = args.first().or_else(|| {
        kwargs
            .iter()
            .find(|k| k.name.name == "shape")
            .map(|k| &k.value)
    });
    match shape.map(|s| &s.kind) {
        Some(ExprKind::Tuple(v) | ExprKind::List(v)) => v.iter().map(|e| e.span).collect(),
        Some(_) => shape.map(|s| vec![s.span]).unwrap_or_default(),
        None => Vec::new(),
    }
}
