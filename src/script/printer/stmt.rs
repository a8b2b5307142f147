//! One function as TVMScript: signature, implicit root block, loops, blocks and
//! statements, recording where each block and loop landed in the text.
//!
//! TVM: src/script/printer/tir/{function,for_loop,block,stmt,buffer}.cc. Knows `ir`
//! (through `expr`, `arith` for range ends) and `diag::Span`.

use std::collections::HashMap;

use crate::diag::Span;
use crate::ir::{
    AnnValue, BlockId, BlockRealize, BufferId, Expr, For, ForKind, IterKind, IterVar, LoopId,
    PrimFunc, Stmt, StorageScope, VarId,
};

use super::expr::{add_folded, ann_dict, dtype_of, is_zero, str_literal, ExprPrinter};
use super::names::{buffer_hint, var_hint, Namer};
use super::scan::{
    dim_align_annotations, free_vars_and_buffers, grid_nest, is_implicit_root, is_simple,
};

/// Lines of text with 4-space indentation, counting lines as it goes.
struct Writer {
    out: String,
    indent: usize,
    lines: usize,
}

impl Writer {
    /// Writes one indented line and returns the span of `text` in the output.
    fn line(&mut self, text: &str) -> Span {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        let start = self.out.len();
        self.out.push_str(text);
        let end = self.out.len();
        self.out.push('\n');
        self.lines += 1;
        Span::new(start, end)
    }
}

/// The printed text of a function plus its block and loop marks.
pub(super) struct FuncOutput {
    pub text: String,
    pub blocks: Vec<(BlockId, Span, (usize, usize))>,
    pub loops: Vec<(LoopId, Span)>,
    pub names: Namer,
}

pub(super) struct FuncPrinter<'f> {
    f: &'f PrimFunc,
    names: Namer,
    w: Writer,
    /// Enclosing loops, outermost first: `T.axis.remap` may only name these.
    loops: Vec<&'f For>,
    /// `storage_align` entries to show as `buffer_dim_align` on the writing block.
    dim_align: HashMap<BlockId, AnnValue>,
    blocks: Vec<(BlockId, Span, (usize, usize))>,
    loop_marks: Vec<(LoopId, Span)>,
    /// Variables that only parameter buffers' shapes define (quoted at their
    /// first use in the signature, declared `n = T.int32()` in the body).
    shape_defined: Vec<VarId>,
    /// `PrimFunc::unprinted_reads` whose buffer is still an index cache (the
    /// reading-back rule); any other is printed, so the text parses.
    unprinted: Vec<(BlockId, crate::ir::BufferId)>,
}

impl<'f> FuncPrinter<'f> {
    pub(super) fn new(f: &'f PrimFunc) -> FuncPrinter<'f> {
        FuncPrinter {
            f,
            names: Namer::new(),
            w: Writer {
                out: String::new(),
                indent: 0,
                lines: 0,
            },
            loops: Vec::new(),
            dim_align: dim_align_annotations(f),
            blocks: Vec::new(),
            loop_marks: Vec::new(),
            shape_defined: Vec::new(),
            unprinted: unprinted_reads(f),
        }
    }

    /// Prints the function; `header` adds the `# from tvm.script import tir as T` line.
    pub(super) fn print(mut self, header: bool) -> FuncOutput {
        let f = self.f;
        if header {
            self.w.line("# from tvm.script import tir as T");
            self.w.line("");
        }
        // An int64 shape variable is a module-level TypeVar in TVM's text
        // (TVM would read a quoted name as an int32).
        for v in shape_defined_vars(f) {
            if dtype_of(f, &Expr::Var(v)) == crate::ir::DataType::I64 {
                let name = self.names.define_var(v, &var_hint(f, v));
                self.w
                    .line(&format!("{name} = TypeVar({})", str_literal(&name)));
            }
        }
        self.w.line("@T.prim_func");
        let (params, match_buffers) = self.params();
        self.w
            .line(&format!("def {}({}):", f.name, params.join(", ")));
        self.suite(|p| {
            if !f.attrs.is_empty() {
                p.w.line(&format!("T.func_attr({})", ann_dict(&f.attrs)));
            }
            for (handle, b) in match_buffers {
                let decl = p.buffer_decl("match_buffer", Some(handle), b);
                let name = p.names.define_buffer(b, &buffer_hint(f, b));
                p.w.line(&format!("{name} = {decl}"));
            }
            p.free_decls();
            // From here on every variable must be used inside its scope.
            p.names.strict = true;
            p.func_body();
            p.names.strict = false;
        });
        FuncOutput {
            text: self.w.out,
            blocks: self.blocks,
            loops: self.loop_marks,
            names: self.names,
        }
    }

    fn ep(&self) -> ExprPrinter<'_> {
        ExprPrinter {
            f: self.f,
            names: &self.names,
        }
    }

    fn expr(&self, e: &Expr) -> String {
        self.ep().expr(e)
    }

    /// Parameter texts, and the buffers TVM declares with `T.match_buffer` in the body
    /// because the `T.Buffer` annotation cannot say everything about them.
    fn params(&mut self) -> (Vec<String>, Vec<(String, BufferId)>) {
        let f = self.f;
        let mut out = Vec::new();
        let mut matched = Vec::new();
        // A scalar parameter that a buffer's extent uses before the parameter
        // itself is named first and, as TVM prints it, quoted at its first use
        // (`A: T.Buffer(("n", 4)), ..., n: T.int32`), so TVM can read the text.
        let mut forward = forward_scalar_params(f);
        // A variable that no parameter declares but a parameter buffer's
        // shape uses is defined by that shape: TVM quotes it at its first
        // use too, and declares it in the body (`n = T.int32()`).
        self.shape_defined = shape_defined_vars(f);
        self.shape_defined
            .retain(|v| !self.names.is_var_defined(*v));
        forward.extend(self.shape_defined.iter().copied());
        let mut named: Vec<(VarId, String)> = Vec::new();
        for &v in &forward {
            named.push((v, self.names.define_var(v, &var_hint(f, v))));
        }
        for p in &f.params {
            if let Some(b) = p.buffer {
                match f.buffers.get(b.0 as usize) {
                    Some(buf) if is_simple(buf) => {
                        let dims: Vec<String> = buf
                            .shape
                            .iter()
                            .map(|d| {
                                let text = self.expr(d);
                                let before = forward.len();
                                forward.retain(|v| !d.uses_var(*v));
                                if forward.len() < before {
                                    str_literal(&text)
                                } else {
                                    text
                                }
                            })
                            .collect();
                        let shape = match dims.len() {
                            1 => format!("({},)", dims[0]),
                            _ => format!("({})", dims.join(", ")),
                        };
                        let ann = format!("T.Buffer({shape}, \"{}\")", buf.dtype.name());
                        let name = self.names.define_buffer(b, &buf.name);
                        out.push(format!("{name}: {ann}"));
                    }
                    _ => {
                        let handle = self.names.define_plain(&p.name);
                        out.push(format!("{handle}: T.handle"));
                        matched.push((handle, b));
                    }
                }
            } else if let Some(v) = p.var {
                let ty = dtype_of(f, &Expr::Var(v));
                forward.retain(|w| *w != v);
                let name = match named.iter().find(|(w, _)| *w == v) {
                    Some((_, name)) => name.clone(),
                    None => self.names.define_var(v, &var_hint(f, v)),
                };
                out.push(format!("{name}: T.{}", ty.name()));
            } else {
                let handle = self.names.define_plain(&p.name);
                out.push(format!("{handle}: T.handle"));
            }
        }
        (out, matched)
    }
}

/// Variables used in the shapes of simple buffer parameters that are no
/// scalar parameter, in order of first use.
fn shape_defined_vars(f: &PrimFunc) -> Vec<VarId> {
    let mut out: Vec<VarId> = Vec::new();
    for p in &f.params {
        let Some(buf) = p.buffer.and_then(|b| f.buffers.get(b.0 as usize)) else {
            continue;
        };
        if !is_simple(buf) {
            continue;
        }
        for d in &buf.shape {
            d.visit(&mut |e| {
                if let Expr::Var(v) = e {
                    let is_param = f.params.iter().any(|q| q.var == Some(*v));
                    if !is_param && !out.contains(v) {
                        out.push(*v);
                    }
                }
            });
        }
    }
    out
}

/// Scalar parameters used in the shape of a buffer parameter that comes before
/// them in the signature.
fn forward_scalar_params(f: &PrimFunc) -> Vec<VarId> {
    let mut out = Vec::new();
    for (i, p) in f.params.iter().enumerate() {
        let Some(v) = p.var else { continue };
        let used_before = f.params[..i].iter().any(|q| {
            q.buffer
                .and_then(|b| f.buffers.get(b.0 as usize))
                .is_some_and(|buf| buf.shape.iter().any(|d| d.uses_var(v)))
        });
        if used_before {
            out.push(v);
        }
    }
    out
}

impl<'f> FuncPrinter<'f> {
    /// `n = T.int32()` for variables used but never bound, so the text still parses
    /// to the same variables (TVM declares them the same way).
    fn free_decls(&mut self) {
        let f = self.f;
        for v in std::mem::take(&mut self.shape_defined) {
            let ty = dtype_of(f, &Expr::Var(v));
            self.w
                .line(&format!("{} = T.{}()", self.names.var(f, v), ty.name()));
        }
        let (free_vars, free_bufs) = free_vars_and_buffers(f, &self.names);
        for v in free_vars {
            let ty = dtype_of(f, &Expr::Var(v));
            let name = self.names.define_var(v, &var_hint(f, v));
            self.w.line(&format!("{name} = T.{}()", ty.name()));
        }
        for b in free_bufs {
            let decl = self.buffer_decl("Buffer", None, b);
            let name = self.names.define_buffer(b, &buffer_hint(f, b));
            self.w.line(&format!("{name} = {decl}"));
        }
    }

    fn func_body(&mut self) {
        let f = self.f;
        match &f.body {
            Stmt::BlockRealize(r) if is_implicit_root(r) => {
                let first = self.w.lines;
                let comment = format!("# with T.block({}):", str_literal(&r.block.name));
                let span = self.w.line(&comment);
                // The mark covers the `with ...` text inside the comment.
                let span = Span::new(span.start + 2, span.end);
                for &b in &r.block.alloc_buffers {
                    self.alloc_buffer(b);
                }
                self.stmt(&r.block.body);
                let last = self.w.lines.saturating_sub(1).max(first);
                self.blocks.push((r.block.id, span, (first, last)));
            }
            body => self.stmt(body),
        }
    }

    /// An indented suite in its own scope; `pass` when it printed nothing.
    fn suite(&mut self, body: impl FnOnce(&mut Self)) {
        self.w.indent += 1;
        self.names.push();
        let before = self.w.lines;
        body(self);
        if self.w.lines == before {
            self.w.line("pass");
        }
        self.names.pop();
        self.w.indent -= 1;
    }

    fn stmt(&mut self, s: &'f Stmt) {
        match s {
            Stmt::Seq(v) => v.iter().for_each(|s| self.stmt(s)),
            Stmt::For(l) => self.for_loop(l),
            Stmt::BlockRealize(r) => self.block(r),
            Stmt::BufferStore(st) => {
                let lhs = self.ep().store_indexed(st.buffer, &st.indices);
                let line = format!("{lhs} = {}", self.expr(&st.value));
                self.w.line(&line);
            }
            Stmt::IfThenElse(i) => {
                let line = format!("if {}:", self.expr(&i.cond));
                self.w.line(&line);
                self.suite(|p| p.stmt(&i.then_case));
                if let Some(e) = &i.else_case {
                    self.w.line("else:");
                    self.suite(|p| p.stmt(e));
                }
            }
            Stmt::LetStmt(l) => {
                // The value is printed before the variable exists: it cannot use it.
                let value = self.expr(&l.value);
                let ty = dtype_of(self.f, &Expr::Var(l.var)).with_lanes(self.f.var(l.var).lanes);
                let name = self.names.define_var(l.var, &var_hint(self.f, l.var));
                // TVM 0.27's forms: `T.let[...]` for an immutable binding,
                // the bare annotation for a local scalar (see `LetStmt`).
                if l.local_scalar {
                    self.w.line(&format!("{name}: T.{ty} = {value}"));
                } else {
                    self.w.line(&format!("{name}: T.let[T.{ty}] = {value}"));
                }
                self.stmt(&l.body);
            }
            Stmt::Evaluate(e) => {
                // TVM prints an evaluated builtin call bare, as it is written.
                let bare =
                    matches!(e, Expr::Opaque(o) if matches!(**o, crate::ir::Opaque::Call { .. }));
                let line = if bare {
                    self.expr(e)
                } else {
                    format!("T.evaluate({})", self.expr(e))
                };
                self.w.line(&line);
            }
        }
    }

    fn for_loop(&mut self, l: &'f For) {
        let grid = grid_nest(l);
        self.names.push();
        if grid.len() > 1 {
            let mut names = Vec::new();
            for g in &grid {
                names.push(self.names.define_var(g.var, &var_hint(self.f, g.var)));
            }
            let extents: Vec<String> = grid.iter().map(|g| self.expr(&g.extent)).collect();
            let header = format!(
                "for {} in T.grid({}):",
                names.join(", "),
                extents.join(", ")
            );
            let span = self.w.line(&header);
            // Each loop of the grid is marked by its own name in the header.
            let mut at = span.start + "for ".len();
            for (g, n) in grid.iter().zip(&names) {
                self.loop_marks.push((g.id, Span::new(at, at + n.len())));
                at += n.len() + ", ".len();
            }
        } else {
            let name = self.names.define_var(l.var, &var_hint(self.f, l.var));
            let header = format!("for {name} in {}:", self.loop_iter(l));
            let span = self.w.line(&header);
            self.loop_marks.push((l.id, span));
        }
        let nest = if grid.len() > 1 { grid } else { vec![l] };
        let n_enclosing = self.loops.len();
        self.loops.extend(nest.iter().copied());
        let innermost = nest.last().copied().unwrap_or(l);
        self.suite(|p| p.stmt(&innermost.body));
        self.loops.truncate(n_enclosing);
        self.names.pop();
    }

    /// `range(16)`, `T.parallel(0, 16)`, `T.thread_binding(32, thread="threadIdx.x")` ...
    fn loop_iter(&self, l: &For) -> String {
        let mut args = Vec::new();
        if is_zero(&l.min) {
            args.push(self.expr(&l.extent));
        } else {
            args.push(self.expr(&l.min));
            args.push(self.expr(&add_folded(&l.min, &l.extent)));
        }
        let prefix = match l.kind {
            ForKind::Serial if l.annotations.is_empty() => "range",
            ForKind::Serial => "T.serial",
            ForKind::Parallel => "T.parallel",
            ForKind::Vectorized => "T.vectorized",
            ForKind::Unrolled => "T.unroll",
            ForKind::ThreadBinding(axis) => {
                args.push(format!("thread={}", str_literal(&axis.tag())));
                "T.thread_binding"
            }
        };
        if !l.annotations.is_empty() {
            args.push(format!("annotations={}", ann_dict(&l.annotations)));
        }
        format!("{prefix}({})", args.join(", "))
    }

    fn block(&mut self, r: &'f BlockRealize) {
        let b = &r.block;
        let first = self.w.lines;
        let span = self
            .w
            .line(&format!("with T.block({}):", str_literal(&b.name)));
        self.suite(|p| {
            p.iter_vars(r);
            if !r.predicate.is_const_true() {
                let line = format!("T.where({})", p.expr(&r.predicate));
                p.w.line(&line);
            }
            // TVM's T.reads leaves out what cache_index made the block read.
            let printed = |x: &&crate::ir::BufferRegion| !p.unprinted.contains(&(b.id, x.buffer));
            let reads: Vec<String> = b
                .reads
                .iter()
                .filter(printed)
                .map(|x| p.ep().region(x))
                .collect();
            p.w.line(&format!("T.reads({})", reads.join(", ")));
            let writes: Vec<String> = b.writes.iter().map(|x| p.ep().region(x)).collect();
            p.w.line(&format!("T.writes({})", writes.join(", ")));
            let mut anns = b.annotations.clone();
            if let Some(v) = p.dim_align.get(&b.id) {
                anns.push(("buffer_dim_align".to_string(), v.clone()));
            }
            if !anns.is_empty() {
                p.w.line(&format!("T.block_attr({})", ann_dict(&anns)));
            }
            for &a in &b.alloc_buffers {
                p.alloc_buffer(a);
            }
            for m in &b.match_buffers {
                let source = p.ep().region(&m.source);
                let decl = p.buffer_decl("match_buffer", Some(source), m.buffer);
                let name = p.names.define_buffer(m.buffer, &buffer_hint(p.f, m.buffer));
                p.w.line(&format!("{name} = {decl}"));
            }
            if let Some(init) = &b.init {
                p.w.line("with T.init():");
                p.suite(|p| p.stmt(init));
            }
            p.stmt(&b.body);
        });
        let last = self.w.lines.saturating_sub(1).max(first);
        self.blocks.push((b.id, span, (first, last)));
    }

    /// Block iteration variables: runs of two or more bare loop-variable bindings
    /// become one `T.axis.remap`, the rest `T.axis.spatial/reduce/opaque` each.
    fn iter_vars(&mut self, r: &BlockRealize) {
        let mut run: Vec<usize> = Vec::new();
        for (i, iv) in r.block.iter_vars.iter().enumerate() {
            if self.is_remappable(iv, r.iter_values.get(i)) {
                run.push(i);
            } else {
                self.remap_run(r, &mut run);
                self.single_iter_var(iv, r.iter_values.get(i));
            }
        }
        self.remap_run(r, &mut run);
    }

    fn is_remappable(&self, iv: &IterVar, value: Option<&Expr>) -> bool {
        if !matches!(iv.kind, IterKind::Spatial | IterKind::Reduce) {
            return false;
        }
        let Some(v) = value.and_then(Expr::as_var) else {
            return false;
        };
        self.loops
            .iter()
            .rev()
            .find(|l| l.var == v)
            .is_some_and(|l| same_value(&l.min, &iv.dom.min) && l.extent == iv.dom.extent)
    }

    fn remap_run(&mut self, r: &BlockRealize, run: &mut Vec<usize>) {
        let ivs = &r.block.iter_vars;
        match run.len() {
            0 => {}
            1 => self.single_iter_var(&ivs[run[0]], r.iter_values.get(run[0])),
            _ => {
                let mut kinds = String::new();
                let mut lhs = Vec::new();
                let mut rhs = Vec::new();
                for &i in run.iter() {
                    kinds.push(if ivs[i].kind == IterKind::Spatial {
                        'S'
                    } else {
                        'R'
                    });
                    rhs.push(r.iter_values.get(i).map_or(String::new(), |e| self.expr(e)));
                    lhs.push(
                        self.names
                            .define_var(ivs[i].var, &var_hint(self.f, ivs[i].var)),
                    );
                }
                self.w.line(&format!(
                    "{} = T.axis.remap(\"{kinds}\", [{}])",
                    lhs.join(", "),
                    rhs.join(", ")
                ));
            }
        }
        run.clear();
    }

    fn single_iter_var(&mut self, iv: &IterVar, value: Option<&Expr>) {
        let kind = match iv.kind {
            IterKind::Spatial => "spatial",
            IterKind::Reduce => "reduce",
            IterKind::Opaque => "opaque",
            IterKind::Scan => "scan",
        };
        let dom = if is_zero(&iv.dom.min) {
            self.expr(&iv.dom.extent)
        } else {
            let hi = add_folded(&iv.dom.min, &iv.dom.extent);
            format!("({}, {})", self.expr(&iv.dom.min), self.expr(&hi))
        };
        let rhs = match value {
            Some(v) => format!("T.axis.{kind}({dom}, {})", self.expr(v)),
            None => format!("T.axis.{kind}({dom})"),
        };
        let name = self.names.define_var(iv.var, &var_hint(self.f, iv.var));
        self.w.line(&format!("{name} = {rhs}"));
    }

    fn alloc_buffer(&mut self, b: BufferId) {
        let decl = self.buffer_decl("alloc_buffer", None, b);
        let name = self.names.define_buffer(b, &buffer_hint(self.f, b));
        self.w.line(&format!("{name} = {decl}"));
    }

    /// `T.<method>([first, ]shape[, "dtype"], strides=..., elem_offset=..., scope=...)`,
    /// omitting what is default (float32, global, compact).
    fn buffer_decl(&self, method: &str, first: Option<String>, b: BufferId) -> String {
        let mut args: Vec<String> = first.into_iter().collect();
        let Some(buf) = self.f.buffers.get(b.0 as usize) else {
            args.push("()".to_string());
            return format!("T.{method}({})", args.join(", "));
        };
        let ep = self.ep();
        args.push(ep.tuple(&buf.shape));
        if buf.dtype != crate::ir::DataType::F32 {
            args.push(format!("\"{}\"", buf.dtype.name()));
        }
        if !buf.strides.is_empty() {
            args.push(format!("strides={}", ep.tuple(&buf.strides)));
        }
        // TVM prints a zero offset only when its type is not the shape's
        // (an rf buffer of a 0-d buffer: `elem_offset=T.int64(0)`).
        let other_type = |e: &Expr| match (e, buf.shape.first()) {
            (Expr::Int(0, t), Some(Expr::Int(_, s))) => t != s,
            _ => false,
        };
        if let Some(off) = buf
            .elem_offset
            .as_ref()
            .filter(|e| !is_zero(e) || other_type(e))
        {
            args.push(format!("elem_offset={}", ep.expr(off)));
        }
        if buf.scope != StorageScope::Global {
            args.push(format!("scope={}", str_literal(buf.scope.name())));
        }
        // TVM reads no alignment (or one <= 0) as 64, and prints 64 as nothing.
        if buf.data_alignment > 0 && buf.data_alignment != 64 {
            args.push(format!("align={}", buf.data_alignment));
        }
        if buf.offset_factor != 0 {
            args.push(format!("offset_factor={}", buf.offset_factor));
        }
        format!("T.{method}({})", args.join(", "))
    }
}

/// Equal, or the same integer in another width: a loop's implicit `0` beside
/// an int64 extent is still the `T.int64(0)` an int64 iterator starts at.
fn same_value(a: &Expr, b: &Expr) -> bool {
    a == b || matches!((a, b), (Expr::Int(x, _), Expr::Int(y, _)) if x == y)
}

/// The reads left out of `T.reads`: those cache_index made, while their
/// buffer is still an index cache that reading the text back restores.
fn unprinted_reads(f: &PrimFunc) -> Vec<(BlockId, crate::ir::BufferId)> {
    if f.unprinted_reads.is_empty() {
        return Vec::new();
    }
    let caches = crate::script::build::index_caches(f);
    f.unprinted_reads
        .iter()
        .copied()
        .filter(|(_, buf)| caches.contains(buf))
        .collect()
}
