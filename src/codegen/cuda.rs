//! The CUDA C++ writer: one `extern "C" __global__` function per kernel of a
//! lowered program, all in one translation unit.
//!
//! Statements print as hand-written CUDA would: `#pragma unroll` loops,
//! float4 loads and stores for vectorized copies, local buffers as arrays,
//! shared buffers as `__shared__` arrays or pointers into one dynamic pool,
//! and a `// block "B"` comment before the statements of each TIR block, whose
//! line ranges are reported for the TUI.
//!
//! TVM: src/target/source/codegen_cuda.cc and codegen_c.cc.
//!
//! Invariant: prints `lir`; decides nothing about the program's meaning
//! except how a vector access is spelled (asked of `lower::vectorize`).

use super::async_copy;
use super::expr::{c_type, helper_source, make_vector, push_int, vector_type, ExprCtx};
use super::names::{kernel_name, Names};
use super::stage_counter::{self, StageCounter};
use super::{CodegenError, CudaKernel, CudaOutput, KernelArg, KernelLaunch};
use crate::arith::VarRanges;
use crate::ir::IdSet;
use crate::ir::Range;
use crate::ir::{BufferId, DataType, Expr, ForKind, Intrinsic, StorageScope};
use crate::lower::flatten_buffer::alloc_size;
use crate::lower::lir::{LAlloc, LFor, LIf, LLet, LStmt, LStore, Lowered, LoweredProgram};
use crate::lower::simplify::simplify_owned;
use crate::lower::vectorize::{analyze_in, single_store};
use std::collections::BTreeSet;

struct Writer<'a> {
    f: &'a Lowered,
    names: Names,
    helpers: BTreeSet<&'static str>,
    out: String,
    lines: usize,
    level: usize,
    ranges: VarRanges,
    /// Names declared in each open C scope.
    scopes: Vec<IdSet<String>>,
    /// Buffers read or written by a vector access (declared `__align__(16)`).
    vector_buffers: IdSet<BufferId>,
    /// (block name, line ranges in the body), in order of first appearance.
    blocks: Vec<(String, Vec<(usize, usize)>)>,
    local_buffers: BTreeSet<BufferId>,
    /// Index arithmetic in 64 bits.
    wide: bool,
    /// Depth of enclosing `Async` statements (stores may print as cp.async).
    in_async: usize,
    /// Counters for `(k + c) % N` of the loops being printed (`stage_counter`).
    counters: Vec<StageCounter>,
}

/// One kernel's function text and what the translation unit and the launch need of it.
struct KernelPart {
    /// `extern "C" __global__ ... { ... }`, ending with a newline.
    text: String,
    helpers: BTreeSet<&'static str>,
    types: IdSet<DataType>,
    /// Block line ranges relative to the start of `text`.
    blocks: Vec<(String, Vec<(usize, usize)>)>,
    launch: KernelLaunch,
    layout: crate::lower::SharedLayout,
}

/// Prints a one-kernel program.
pub fn emit(f: &Lowered) -> Result<CudaOutput, CodegenError> {
    emit_program(&LoweredProgram {
        kernels: vec![f.clone()],
        params: f.params.iter().filter_map(|p| p.buffer).collect(),
        temporaries: Vec::new(),
        // A lowered kernel keeps no record of the schedule's layout changes.
        param_layouts: Vec::new(),
    })
}

/// Prints every kernel of a program into one translation unit, in launch order.
pub fn emit_program(p: &LoweredProgram) -> Result<CudaOutput, CodegenError> {
    let Some(first) = p.kernels.first() else {
        return Err(CodegenError::NotLowered);
    };
    let arg_of = |b: BufferId, is_output: bool| -> Result<KernelArg, CodegenError> {
        let buf = first.buffer(b);
        let Some(shape) = buf.const_shape() else {
            return Err(CodegenError::SymbolicShape {
                buffer: buf.name.clone(),
            });
        };
        Ok(KernelArg {
            name: buf.name.clone(),
            dtype: buf.dtype.name().to_string(),
            shape,
            is_output,
            layout: p
                .param_layouts
                .iter()
                .find(|(l, _)| *l == b)
                .map(|(_, why)| why.clone()),
        })
    };
    // One walk per kernel for every parameter's `is_output`.
    let mut written: IdSet<BufferId> = IdSet::default();
    for k in &p.kernels {
        k.body.for_each_written(&mut |b| {
            written.insert(b);
        });
    }
    let args = p
        .params
        .iter()
        .map(|&b| arg_of(b, written.contains(&b)))
        .collect::<Result<Vec<_>, _>>()?;
    let temporaries = p
        .temporaries
        .iter()
        .map(|&b| arg_of(b, false))
        .collect::<Result<Vec<_>, _>>()?;
    let all_args = p.arg_buffers();
    let mut parts = Vec::new();
    for k in &p.kernels {
        parts.push(emit_kernel(k, &all_args)?);
    }
    // Assemble: includes, helpers, then each kernel.
    let mut head = String::new();
    let types: IdSet<DataType> = parts.iter().flat_map(|k| k.types.iter().copied()).collect();
    let helpers: BTreeSet<&'static str> = parts
        .iter()
        .flat_map(|k| k.helpers.iter().copied())
        .collect();
    // The MMA helpers declare their fp16 overloads even in an int8 kernel.
    if types.contains(&DataType::F16) || helpers.contains(super::mma_ptx::HELPER) {
        head.push_str("#include <cuda_fp16.h>\n");
    }
    if types.contains(&DataType::BF16) {
        head.push_str("#include <cuda_bf16.h>\n");
    }
    if p.kernels
        .iter()
        .any(|k| k.buffers.iter().any(|b| b.scope.is_wmma()))
    {
        head.push_str("#include <mma.h>\n");
    }
    if !head.is_empty() {
        head.push('\n');
    }
    for h in &helpers {
        head.push_str(&helper_source(h));
        head.push('\n');
    }
    let mut source = head;
    let mut block_lines: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            source.push('\n');
        }
        let offset = source.matches('\n').count();
        for (name, ranges) in &part.blocks {
            let shifted = ranges.iter().map(|&(a, b)| (a + offset, b + offset));
            match block_lines.iter_mut().find(|(n, _)| n == name) {
                Some((_, r)) => r.extend(shifted),
                None => block_lines.push((name.clone(), shifted.collect())),
            }
        }
        source.push_str(&part.text);
    }
    let launch = &parts[0].launch;
    let layout = &parts[0].layout;
    Ok(CudaOutput {
        kernel: CudaKernel {
            name: launch.name.clone(),
            source,
            grid: launch.grid,
            block: launch.block,
            dynamic_shared_bytes: launch.dynamic_shared_bytes,
            static_shared_bytes: launch.static_shared_bytes,
            local_bytes: launch.local_bytes,
            args,
            launches: parts.iter().map(|k| k.launch.clone()).collect(),
            temporaries,
        },
        block_lines,
        shared_bytes_before_merge: layout.bytes_before_merge,
        shared_bytes_after_merge: layout.bytes_after_merge,
    })
}

/// One kernel; `all_args` lists the program's arguments (parameters, then temporaries).
///
/// The body is printed first: the local arrays it declares decide the
/// signature's launch bounds and the launch's memory figures.
fn emit_kernel(f: &Lowered, all_args: &[BufferId]) -> Result<KernelPart, CodegenError> {
    let Some(launch) = f.launch.clone() else {
        return Err(CodegenError::NotLowered);
    };
    let arg_indices = kernel_arg_indices(f, all_args)?;
    let layout = f.shared.clone().unwrap_or_default();
    let mut w = Writer::new(f);
    w.shared_declarations(&layout);
    w.stmt(&f.body);

    let local_bytes = local_bytes(f, &w.local_buffers);
    let name = kernel_name(&f.name, f.kernel);
    let mut text = tensor_map_markers(f, all_args, &name);
    text.push_str(&kernel_signature(
        f,
        &w.names,
        &name,
        launch.threads(),
        local_bytes,
    ));
    if layout.merged {
        // A swizzled layout holds only on a pool aligned to its pattern.
        let swizzled = f
            .buffers
            .iter()
            .any(|b| b.swizzle_bytes > 0 && b.scope.is_shared());
        let align = if swizzled {
            crate::lower::swizzle_layout::PATTERN_ALIGN
        } else {
            16
        };
        text.push_str(&format!(
            "  extern __shared__ __align__({align}) unsigned char buf_dyn_shmem[];\n"
        ));
    }
    let offset = text.matches('\n').count();
    text.push_str(&w.out);
    text.push_str("}\n");
    let blocks = shift_block_lines(w.blocks, offset);
    let (pool, statics) = if layout.merged {
        (layout.bytes_after_merge, 0)
    } else {
        (0, layout.bytes_before_merge)
    };
    let bytes = |what: &'static str, n: u64| {
        u32::try_from(n).map_err(|_| CodegenError::TooLarge { what, bytes: n })
    };
    let (pool, statics, local_bytes) = (
        bytes("dynamic shared memory", pool)?,
        bytes("static shared memory", statics)?,
        bytes("local memory per thread", local_bytes)?,
    );
    Ok(KernelPart {
        text,
        helpers: w.helpers,
        types: used_types(f),
        blocks,
        launch: KernelLaunch {
            name,
            grid: launch.grid,
            block: launch.block,
            dynamic_shared_bytes: pool,
            static_shared_bytes: statics,
            local_bytes,
            args: arg_indices,
        },
        layout,
    })
}

/// The position of each of the kernel's buffer parameters in the program's
/// argument list; a scalar parameter is an error (the runtime passes buffers only).
fn kernel_arg_indices(f: &Lowered, all_args: &[BufferId]) -> Result<Vec<usize>, CodegenError> {
    let mut arg_indices = Vec::new();
    for p in &f.params {
        let Some(b) = p.buffer else {
            return Err(CodegenError::ScalarParam {
                name: p.name.clone(),
            });
        };
        if let Some(i) = all_args.iter().position(|&a| a == b) {
            arg_indices.push(i);
        }
    }
    Ok(arg_indices)
}

/// Buffers read or written inside a vectorized loop: their arrays are
/// declared 16-byte aligned so that a vector access may land on them.
fn vector_buffers(f: &Lowered) -> IdSet<BufferId> {
    let mut buffers = IdSet::default();
    f.body.visit(&mut |s| {
        if let LStmt::For(l) = s {
            if l.kind == ForKind::Vectorized {
                l.body.visit(&mut |x| {
                    if let LStmt::Store(st) = x {
                        buffers.insert(st.buffer);
                    }
                    x.for_each_expr(|e| {
                        e.visit(&mut |y| {
                            if let Expr::Load(b, _) = y {
                                buffers.insert(*b);
                            }
                        })
                    });
                });
            }
        }
    });
    buffers
}

/// Bytes of thread-private arrays per thread (saturating: an absurd size
/// must reach the `TooLarge` check, not wrap).
fn local_bytes(f: &Lowered, local_buffers: &BTreeSet<BufferId>) -> u64 {
    local_buffers
        .iter()
        .map(|&b| {
            let buf = f.buffer(b);
            (alloc_size(buf).unwrap_or(0).max(0) as u64).saturating_mul(buf.dtype.bytes() as u64)
        })
        .fold(0u64, u64::saturating_add)
}

/// `extern "C" __global__ void __launch_bounds__(...) name(params) {`, with a newline.
fn kernel_signature(
    f: &Lowered,
    names: &Names,
    name: &str,
    threads: u64,
    local_bytes: u64,
) -> String {
    let params: Vec<String> = f
        .params
        .iter()
        .filter_map(|p| p.buffer)
        .map(|b| {
            let buf = f.buffer(b);
            format!("{}* __restrict__ {}", c_type(buf.dtype), names.buffer(b))
        })
        .chain(
            super::tma::kernel_maps(f)
                .into_iter()
                .map(|(g, rows, cols, sw)| {
                    format!(
                        "const __grid_constant__ tirtui_tensor_map {}",
                        super::tma::map_name(names.buffer(g), rows, cols, sw)
                    )
                }),
        )
        .collect();
    let bounds = match super::launch_bounds::min_blocks_per_sm(threads, local_bytes) {
        Some(blocks) => format!("{threads}, {blocks}"),
        None => threads.to_string(),
    };
    format!(
        "extern \"C\" __global__ void __launch_bounds__({bounds}) {name}({}) {{\n",
        params.join(", ")
    )
}

/// One `tma::TENSOR_MAP_MARKER` line per tensor map parameter of the
/// kernel, in parameter order: the runtime encodes them from these.
fn tensor_map_markers(f: &Lowered, all_args: &[BufferId], kernel: &str) -> String {
    super::tma::kernel_maps(f)
        .into_iter()
        .filter_map(|(g, rows, cols, sw)| {
            let arg = all_args.iter().position(|&a| a == g)?;
            Some(super::tma::marker(kernel, arg, rows, cols, sw))
        })
        .collect()
}

/// Block line ranges moved down by `offset` lines (the body's position in the function).
fn shift_block_lines(
    blocks: Vec<(String, Vec<(usize, usize)>)>,
    offset: usize,
) -> Vec<(String, Vec<(usize, usize)>)> {
    blocks
        .into_iter()
        .map(|(n, r)| {
            (
                n,
                r.into_iter()
                    .map(|(a, b)| (a + offset, b + offset))
                    .collect(),
            )
        })
        .collect()
}

fn used_types(f: &Lowered) -> IdSet<DataType> {
    // A handful of types, met at every literal: a list, not a hash per literal.
    let mut seen: Vec<DataType> = Vec::new();
    let mut note = |t: DataType| {
        if !seen.contains(&t) {
            seen.push(t);
        }
    };
    f.buffers.iter().for_each(|b| note(b.dtype));
    f.body.visit_exprs(&mut |e| match e {
        Expr::Cast(t, _) | Expr::Float(_, t) | Expr::Int(_, t) => note(*t),
        _ => {}
    });
    seen.into_iter().collect()
}

impl<'a> Writer<'a> {
    /// A writer for `f`'s body at indentation level 1 (inside the function).
    fn new(f: &'a Lowered) -> Self {
        Writer {
            f,
            names: Names::new(f),
            helpers: BTreeSet::new(),
            out: String::new(),
            lines: 0,
            level: 1,
            ranges: f.thread_ranges(),
            scopes: vec![IdSet::default()],
            vector_buffers: vector_buffers(f),
            blocks: Vec::new(),
            local_buffers: BTreeSet::new(),
            wide: super::index_width::needs_64bit(f),
            in_async: 0,
            counters: Vec::new(),
        }
    }
}

impl Writer<'_> {
    /// The shared buffers `merge_shared_memory` took out of the body: pointers
    /// into the dynamic pool when merged, else static `__shared__` arrays.
    fn shared_declarations(&mut self, layout: &crate::lower::SharedLayout) {
        for slot in &layout.slots {
            let buf = self.f.buffer(slot.buffer);
            let name = self.names.buffer(slot.buffer).to_string();
            let ty = c_type(buf.dtype);
            if layout.merged {
                self.line(&format!(
                    "{ty}* {name} = ({ty}*)(buf_dyn_shmem + {});",
                    slot.offset
                ));
            } else {
                // Always 16-byte aligned: it lets NVCC merge neighbouring scalar
                // stores into STS.128 and schedule global loads ahead of the barrier
                // (seed 000 stages 2-3 run 7-10% faster on the H100 with it).
                let n = alloc_size(buf).unwrap_or(0);
                let align = shared_align(self.f);
                self.line(&format!("__shared__ __align__({align}) {ty} {name}[{n}];"));
            }
        }
    }

    fn line(&mut self, text: &str) {
        self.begin_line();
        self.out.push_str(text);
        self.end_line();
    }

    /// The indentation of a line that the caller writes into `out` piece by
    /// piece (expressions with `put_expr`) and ends with `end_line`: the
    /// statements printed most (stores, loops) skip a `String` per piece.
    fn begin_line(&mut self) {
        for _ in 0..self.level {
            self.out.push_str("  ");
        }
    }

    fn end_line(&mut self) {
        self.out.push('\n');
        self.lines += 1;
    }

    /// `e` appended to the line being written.
    fn put_expr(&mut self, e: &Expr) {
        let mut cx = ExprCtx {
            f: self.f,
            names: &self.names,
            ranges: &self.ranges,
            helpers: &mut self.helpers,
            wide: self.wide,
            counters: &self.counters,
        };
        cx.put_expr(&mut self.out, e);
    }

    /// The line that opens a `{` scope is written: indent and open the scope.
    fn opened(&mut self) {
        self.level += 1;
        self.scopes.push(IdSet::default());
    }

    fn cx(&mut self) -> ExprCtx<'_> {
        ExprCtx {
            f: self.f,
            names: &self.names,
            ranges: &self.ranges,
            helpers: &mut self.helpers,
            wide: self.wide,
            counters: &self.counters,
        }
    }

    fn expr(&mut self, e: &Expr) -> String {
        self.cx().expr(e)
    }

    fn index(&mut self, b: BufferId, e: &Expr) -> String {
        self.cx().index(b, e)
    }

    /// The C type of indices and loop variables.
    fn index_type(&self) -> &'static str {
        if self.wide {
            "long long"
        } else {
            "int"
        }
    }

    fn declare(&mut self, name: &str) -> bool {
        let scope = self.scopes.last_mut();
        scope.is_some_and(|s| !s.insert(name.to_string()))
    }

    fn open(&mut self, text: &str) {
        self.line(text);
        self.opened();
    }

    fn close(&mut self, text: &str) {
        self.level = self.level.saturating_sub(1);
        self.scopes.pop();
        self.line(text);
    }

    /// Writes `// block "name"` unless the same block's lines end right here
    /// (vthread copies of one statement); returns where the block's lines start.
    fn block_comment(&mut self, name: &str) -> usize {
        let start = self.lines;
        let continues = self
            .blocks
            .iter()
            .any(|(n, r)| n == name && r.last().is_some_and(|last| last.1 == start));
        if !continues {
            let shown = super::names::comment_text(name);
            self.line(&format!("// block \"{shown}\""));
        }
        start
    }

    fn record_block(&mut self, name: &str, start: usize) {
        let end = self.lines;
        match self.blocks.iter_mut().find(|(n, _)| n == name) {
            Some((_, ranges)) => match ranges.last_mut() {
                Some(last) if last.1 == start => last.1 = end,
                _ => ranges.push((start, end)),
            },
            None => self.blocks.push((name.to_string(), vec![(start, end)])),
        }
    }

    fn stmt(&mut self, s: &LStmt) {
        match s {
            LStmt::Seq(v) => v.iter().for_each(|c| self.stmt(c)),
            LStmt::Block(b) => {
                let start = self.block_comment(&b.name);
                self.stmt(&b.body);
                self.record_block(&b.name, start);
            }
            LStmt::For(l) => self.for_loop(l),
            LStmt::If(i) => self.if_then_else(i),
            LStmt::Store(st) => self.store(st),
            LStmt::Let(l) => self.let_stmt(l),
            LStmt::Alloc(a) => self.alloc(a),
            LStmt::Sync => self.line("__syncthreads();"),
            LStmt::Evaluate(e @ Expr::Call(f, _)) if f.is_tensor_call() => {
                let text = self.expr(e);
                self.line(&format!("{text};"));
            }
            LStmt::Async(b) => {
                self.in_async += 1;
                self.stmt(b);
                self.in_async -= 1;
            }
            LStmt::AsyncCommit => {
                self.helpers.insert(async_copy::HELPER);
                self.line(async_copy::commit_line());
            }
            LStmt::AsyncWait(n) => {
                self.helpers.insert(async_copy::HELPER);
                self.line(&async_copy::wait_line(*n));
            }
            LStmt::Evaluate(e) => {
                let text = self.expr(e);
                self.line(&format!("(void)({text});"));
            }
        }
    }

    fn if_then_else(&mut self, i: &LIf) {
        self.begin_line();
        self.out.push_str("if (");
        self.put_expr(&i.cond);
        self.out.push_str(") {");
        self.end_line();
        self.opened();
        self.stmt(&i.then_case);
        if let Some(e) = &i.else_case {
            self.level -= 1;
            self.line("} else {");
            self.level += 1;
            self.stmt(e);
        }
        self.close("}");
    }

    /// `B[i] = value;`, or a `cp.async` under an `Async` statement when the
    /// store is a plain global-to-shared copy.
    fn store(&mut self, st: &LStore) {
        if self.in_async > 0 && self.async_copy(st) {
            return;
        }
        self.begin_line();
        self.out.push_str(self.names.buffer(st.buffer));
        self.out.push('[');
        match st.indices.first() {
            Some(i) => self.put_expr(i),
            None => self.out.push('0'),
        }
        self.out.push_str("] = ");
        self.put_expr(&st.value);
        self.out.push(';');
        self.end_line();
    }

    /// Prints `st` as a `cp.async` copy and returns true, or says in a
    /// comment why it stays a synchronous store and returns false.
    fn async_copy(&mut self, st: &LStore) -> bool {
        let bytes = self.f.buffer(st.buffer).dtype.bytes();
        match (async_copy::not_a_copy(self.f, st, bytes), &st.value) {
            (None, Expr::Load(src, si)) => {
                let element = |w: &mut Self, b: BufferId, idx: &[Expr]| {
                    let i = idx.first().map_or_else(|| "0".into(), |i| w.index(b, i));
                    format!("{} + {i}", w.names.buffer(b))
                };
                let dst = element(self, st.buffer, &st.indices);
                let src = element(self, *src, si);
                let line = self.copy_line(bytes, &dst, &src);
                self.line(&line);
                true
            }
            (why, _) => {
                let why = why.unwrap_or_default();
                self.line(&format!(
                    "// synchronous copy (not cp.async): {}",
                    super::names::comment_text(&why)
                ));
                false
            }
        }
    }

    /// One `cp.async` of `bytes` bytes, through L1 where the kernel asks
    /// (`cp_async_cache`), with the helpers it needs recorded.
    fn copy_line(&mut self, bytes: usize, dst: &str, src: &str) -> String {
        let through_l1 = self.f.cp_async_through_l1 && bytes == 16;
        self.helpers.insert(async_copy::HELPER);
        if through_l1 {
            self.helpers.insert(async_copy::HELPER_L1);
        }
        async_copy::copy_line(bytes, through_l1, dst, src)
    }

    /// Opens a `{` scope when `name` is already declared in the current one
    /// (C forbids redeclaring it there); returns whether it did.
    fn open_scope_for(&mut self, name: &str) -> bool {
        let braces = self.declare(name);
        if braces {
            self.open("{");
            self.declare(name);
        }
        braces
    }

    fn let_stmt(&mut self, l: &LLet) {
        let name = self.names.var(l.var).to_string();
        let braces = self.open_scope_for(&name);
        let value = self.expr(&l.value);
        self.line(&format!(
            "{} {name} = {value};",
            c_type(self.f.var_dtype(l.var))
        ));
        self.stmt(&l.body);
        if braces {
            self.close("}");
        }
    }

    /// A buffer declared where `Alloc` puts it: a wmma fragment array, a
    /// `__shared__` array, or a thread-private (local or warp) array.
    fn alloc(&mut self, a: &LAlloc) {
        let buf = self.f.buffer(a.buffer);
        let name = self.names.buffer(a.buffer).to_string();
        let braces = self.open_scope_for(&name);
        let n = alloc_size(buf).unwrap_or(0);
        if buf.scope.is_wmma() {
            // `flatten_buffer` sized it in 16x16 tiles: one fragment each.
            let ty = fragment_type(buf, wmma_col_major(&self.f.body, a.buffer));
            self.line(&format!("{ty} {name}[{n}];"));
        } else {
            let qualifiers = self.array_qualifiers(a.buffer);
            if buf.scope.is_thread_private() || buf.scope == StorageScope::Warp {
                self.local_buffers.insert(a.buffer);
            }
            self.line(&format!("{qualifiers}{} {name}[{n}];", c_type(buf.dtype)));
        }
        self.stmt(&a.body);
        if braces {
            self.close("}");
        }
    }

    /// `__shared__ __align__(N) ` and the like before an allocated array's type.
    fn array_qualifiers(&self, b: BufferId) -> String {
        let scope = self.f.buffer(b).scope;
        // Shared arrays are always aligned (see `shared_declarations`); local
        // ones only where a vector access needs it.
        let align = if scope.is_shared() {
            format!("__align__({}) ", shared_align(self.f))
        } else if self.vector_buffers.contains(&b) || scope == StorageScope::Warp {
            // A lane's warp registers are passed to PTX as 32-bit words.
            "__align__(16) ".to_string()
        } else {
            String::new()
        };
        let shared = if scope.is_shared() { "__shared__ " } else { "" };
        format!("{shared}{align}")
    }

    fn for_loop(&mut self, l: &LFor) {
        if l.kind == ForKind::Vectorized && self.vector_store(l) {
            return;
        }
        let saved = self
            .ranges
            .insert(l.var, Range::new(l.min.clone(), l.extent.clone()));
        let name = self.names.var(l.var).to_string();
        if matches!(l.kind, ForKind::Unrolled | ForKind::Vectorized) {
            self.line("#pragma unroll");
        }
        let ty = if self.f.var_dtype(l.var) == DataType::I64 {
            "long long"
        } else {
            self.index_type()
        };
        // for ({ty} {name} = {min}; {name} < {end}; ++{name}) {
        let live = self.counters.len();
        let start = l.min.as_int().unwrap_or(0);
        for (offset, modulus) in stage_counter::wanted(l) {
            let counter = StageCounter {
                var: l.var,
                offset,
                modulus,
                name: self
                    .names
                    .fresh(&stage_counter::base_name(&name, offset, modulus)),
            };
            self.line(&format!(
                "{ty} {} = {};",
                counter.name,
                counter.initial(start)
            ));
            self.counters.push(counter);
        }
        self.begin_line();
        for piece in ["for (", ty, " ", &name, " = "] {
            self.out.push_str(piece);
        }
        self.put_expr(&l.min);
        for piece in ["; ", &name, " < "] {
            self.out.push_str(piece);
        }
        match (l.min.as_int(), l.extent.as_int()) {
            (Some(0), _) => self.put_expr(&l.extent),
            (Some(m), Some(e)) if m.checked_add(e).is_some() => push_int(&mut self.out, m + e),
            _ => self.put_expr(&Expr::add(l.min.clone(), l.extent.clone())),
        }
        for piece in ["; ++", &name, ") {"] {
            self.out.push_str(piece);
        }
        self.end_line();
        self.opened();
        self.stmt(&l.body);
        for c in self.counters.split_off(live) {
            self.line(&c.step());
        }
        self.close("}");
        match saved {
            Some(r) => self.ranges.insert(l.var, r),
            None => self.ranges.remove(&l.var),
        };
    }

    /// Prints a vectorized loop as one vector store; false when it cannot be one.
    fn vector_store(&mut self, l: &LFor) -> bool {
        let Some(plan) = analyze_in(self.f, l, &mut self.ranges) else {
            return false;
        };
        let Some(st) = single_store(&l.body) else {
            return false;
        };
        let dtype = self.f.buffer(st.buffer).dtype;
        let dst = self.names.buffer(st.buffer).to_string();
        let base = self.index(st.buffer, &plan.store_base);
        let text = match (&plan.copy_from, &st.value) {
            (Some(src_base), Expr::Load(src, _)) => {
                let vt = vector_type(dtype, plan.lanes);
                let sb = self.index(*src, src_base);
                let bytes = dtype.bytes() * plan.lanes as usize;
                let why = async_copy::not_a_copy(self.f, st, bytes);
                let src_id = *src;
                let src = self.names.buffer(src_id).to_string();
                if self.in_async > 0 && why.is_none() {
                    self.copy_line(bytes, &format!("{dst} + {base}"), &format!("{src} + {sb}"))
                } else {
                    if let Some(why) = why.filter(|_| self.in_async > 0) {
                        self.line(&format!(
                            "// synchronous copy (not cp.async): {}",
                            super::names::comment_text(&why)
                        ));
                    }
                    let global = self.f.buffer(src_id).scope == StorageScope::Global;
                    let from = pointer_plus(&src, &sb, global);
                    format!("*({vt}*)({dst} + {base}) = *({vt}*)({from});")
                }
            }
            _ => {
                let Some(make) = make_vector(dtype, plan.lanes) else {
                    return false;
                };
                let vt = vector_type(dtype, plan.lanes);
                let ctx = self.f.type_ctx();
                let lanes: Vec<String> = (0..plan.lanes)
                    .map(|k| {
                        let mut v = st.value.clone();
                        v.substitute(&|x| (x == l.var).then(|| Expr::int(k)));
                        simplify_owned(ctx, v, &self.ranges)
                    })
                    .collect::<Vec<_>>()
                    .iter()
                    .map(|v| self.expr(v))
                    .collect();
                format!("*({vt}*)({dst} + {base}) = {make}({});", lanes.join(", "))
            }
        };
        let name = block_name(&l.body);
        let start = match &name {
            Some(n) => self.block_comment(n),
            None => self.lines,
        };
        self.line(&text);
        if let Some(n) = name {
            self.record_block(&n, start);
        }
        true
    }
}

/// `buf + (index)` for the global source of a copy: the offset is summed as an
/// integer and added to the pointer once. Unparenthesized, `A + i * 8 + j` is
/// pointer arithmetic term by term, and nvcc then kept the plain WMMA GEMM's
/// global loads behind its shared stores (two memory latencies per k step: 9%
/// slower than TVM's parenthesized CUDA on the H100; seed 000's stages 4-6
/// gained 1-3%). Other addresses stay as they are: parenthesized, the fp32
/// GEMMs' shared loads and their epilogue's global stores got 1-4% slower.
fn pointer_plus(buf: &str, index: &str, global: bool) -> String {
    if !global
        || index
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_')
    {
        format!("{buf} + {index}")
    } else {
        format!("{buf} + ({index})")
    }
}

fn block_name(s: &LStmt) -> Option<String> {
    match s {
        LStmt::Block(b) => Some(b.name.clone()),
        LStmt::Seq(v) if v.len() == 1 => block_name(&v[0]),
        _ => None,
    }
}

/// The `nvcuda::wmma::fragment` type of a `wmma.*` buffer.
fn fragment_type(buf: &crate::ir::Buffer, col_major: bool) -> String {
    let (m, n, k) = crate::lower::WMMA_SHAPE;
    let ty = c_type(buf.dtype);
    let layout = if col_major { "col_major" } else { "row_major" };
    match buf.scope {
        StorageScope::WmmaMatrixA => format!(
            "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, {m}, {n}, {k}, {ty}, nvcuda::wmma::{layout}>"
        ),
        StorageScope::WmmaMatrixB => format!(
            "nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, {m}, {n}, {k}, {ty}, nvcuda::wmma::{layout}>"
        ),
        _ => format!("nvcuda::wmma::fragment<nvcuda::wmma::accumulator, {m}, {n}, {k}, {ty}>"),
    }
}

/// Whether the loads into fragment buffer `b` are column-major (the
/// `_trans` intrinsics); the layout is part of the fragment's type.
fn wmma_col_major(body: &LStmt, b: BufferId) -> bool {
    let mut col = false;
    body.visit(&mut |s| {
        if let LStmt::Evaluate(Expr::Call(Intrinsic::WmmaLoad, args)) = s {
            if matches!(args.first(), Some(Expr::Load(x, _)) if *x == b) {
                col |= args.get(2).and_then(|e| e.as_int()) == Some(1);
            }
        }
    });
    col
}

/// Alignment of static shared arrays: `load_matrix_sync`/`store_matrix_sync`
/// need 256-bit aligned tile pointers, so 32 bytes in a kernel with fragments.
fn shared_align(f: &Lowered) -> u32 {
    if f.buffers.iter().any(|b| b.scope.is_wmma()) {
        32
    } else {
        16
    }
}
