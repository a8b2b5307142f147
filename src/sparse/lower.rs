//! SparseTIR's two lowering stages.
//!
//! `lower_sparse_iter` turns the sparse iteration into nested blocks: a new
//! block starts at every variable axis (its loop runs `indptr[p + 1] -
//! indptr[p]` times, which depends on the block above), the others share their
//! group's `T.grid`. `lower_sparse_buffer` then flattens every sparse buffer:
//! `A[vi, vj]` over (I, J) is `A[J_indptr[vi] + vj]`, a dense axis indexed by a
//! sparse axis's variable reads its coordinate from `J_indices`. The result is
//! TVMScript that `script` reads as ordinary TIR.
//!
//! One difference from SparseTIR's output: when the reduction's `T.init` sits in
//! a block under a variable loop while the stored element does not depend on
//! that loop (SpMM's `C[vi, vk]` under the row's nonzeros), the block above also
//! zeroes the element before the loop, because a row without nonzeros never
//! runs the inner `T.init` and would leave its output unwritten.

use super::print::float;
use super::{AxisKind, Param, SExpr, Size, SpIter, SparseFunc, Store};
use crate::ir::PrimFunc;
use crate::script::{parse_func, ParseError};
use std::fmt::Write;

type Result<T> = std::result::Result<T, ParseError>;

/// The function after `lower_sparse_iter`: the sparse function and the blocks
/// each of its iterations became, in program order.
#[derive(Clone, Debug, PartialEq)]
pub struct IterLowered {
    pub func: SparseFunc,
    pub parts: Vec<IterPart>,
}

/// One iteration's blocks.
#[derive(Clone, Debug, PartialEq)]
pub struct IterPart {
    /// Its index in `func.iters`.
    pub iter: usize,
    /// Indices into the iteration's axes, one group per block.
    pub groups: Vec<Vec<usize>>,
    /// The group whose block holds `T.init` (None without a reduction).
    pub init_group: Option<usize>,
    /// Whether the block above `init_group` zeroes the output first.
    pub zero_above_init: bool,
}

/// Stage one: each iteration as nested blocks and loops.
pub fn lower_sparse_iter(f: &SparseFunc) -> Result<IterLowered> {
    let parts = f
        .iters
        .iter()
        .enumerate()
        .map(|(index, it)| lower_iteration(f, index, it))
        .collect::<Result<Vec<_>>>()?;
    Ok(IterLowered {
        func: f.clone(),
        parts,
    })
}

fn lower_iteration(f: &SparseFunc, index: usize, it: &SpIter) -> Result<IterPart> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, name) in it.axes.iter().enumerate() {
        let variable = f.axis(name).is_some_and(|a| a.kind.indptr().is_some());
        match groups.last_mut() {
            Some(g) if !variable => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let group_of = |i: usize| groups.iter().position(|g| g.contains(&i)).unwrap_or(0);
    let init_group = it
        .kinds
        .chars()
        .enumerate()
        .filter(|(_, k)| *k == 'R')
        .map(|(i, _)| group_of(i))
        .min();
    if init_group.is_none() && !it.init.is_empty() {
        return Err(ParseError::semantic(
            it.span,
            "`T.init()` in an iteration without a reduction axis",
        )
        .with_help("mark the reduced axis with R in the kinds"));
    }
    // `T.init` runs in the block of the outermost reduction axis, so every
    // index of the element it stores must be bound there or above.
    if let Some(g) = init_group {
        for st in &it.init {
            let inner = st.indices.iter().find(|v| {
                it.vars
                    .iter()
                    .position(|w| w == *v)
                    .is_some_and(|p| group_of(p) > g)
            });
            if let Some(var) = inner {
                return Err(ParseError::semantic(
                    st.span,
                    format!(
                        "the reduction's `T.init` belongs in block `{}{g}` (the block of the outermost reduction axis), but the element it zeroes is indexed by `{var}`, iterated in an inner block",
                        it.name
                    ),
                )
                .with_help("order the iteration so that the reduction axes come after the axes of the stored element (sparse_reorder)"));
            }
        }
    }
    // The element is zeroed above when each of its indices is a variable of
    // an outer block, or a spatial dense-fixed axis of the init's own block
    // (then the block above loops over it: a reordered SpMM's `vk`).
    let zero_above_init = match init_group {
        Some(g) if g > 0 && !it.init.is_empty() => it.init.iter().all(|s| {
            s.indices.iter().all(|v| {
                it.vars.iter().position(|w| w == v).is_some_and(|p| {
                    group_of(p) < g
                        || (group_of(p) == g
                            && it.kinds.as_bytes().get(p) == Some(&b'S')
                            && matches!(
                                f.axis(&it.axes[p]).map(|a| &a.kind),
                                Some(AxisKind::DenseFixed { .. })
                            ))
                })
            })
        }),
        _ => false,
    };
    Ok(IterPart {
        iter: index,
        groups,
        init_group,
        zero_above_init,
    })
}

/// How buffer accesses are written: kept sparse (stage one) or flattened (stage two).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    SparseBuffers,
    Flat,
}

impl IterLowered {
    /// Stage one's program as SparseTIR prints it (level 1): the declarations, and
    /// loops and blocks over the still sparse buffers. For reading: tirtui does not
    /// parse this form back.
    pub fn print(&self) -> String {
        let f = &self.func;
        let level2 = super::print(f);
        let mut out = String::new();
        for line in level2.lines() {
            if line.trim_start().starts_with("with T.sp_iter") {
                break;
            }
            out.push_str(&line.replace("\"sparse_tir_level\": 2", "\"sparse_tir_level\": 1"));
            out.push('\n');
        }
        for a in &f.axes {
            let Some(parent) = a.kind.parent() else {
                continue;
            };
            if let Some(indptr) = a.kind.indptr() {
                let _ = writeln!(
                    out,
                    "    {}_indptr = T.match_sparse_buffer({indptr}, ({parent},), \"{}\", extra_storage=1)",
                    a.name, a.idtype
                );
            }
            if let (
                AxisKind::SparseVariable {
                    length,
                    nnz,
                    indptr,
                    ..
                },
                true,
            ) = (&a.kind, a.kind.indices().is_some())
            {
                let _ = writeln!(
                    out,
                    "    {}_dense = T.dense_variable({parent}, ({}, {}), {indptr}, \"{}\")",
                    a.name,
                    size(length),
                    size(nnz),
                    a.idtype
                );
            }
            if let Some(indices) = a.kind.indices() {
                let _ = writeln!(
                    out,
                    "    {}_indices = T.match_sparse_buffer({indices}, ({parent}, {}_dense), \"{}\")",
                    a.name, a.name, a.idtype
                );
            }
        }
        for part in self.views() {
            part.blocks(&mut out, 0, 1, Level::SparseBuffers);
        }
        out
    }

    /// Each iteration's blocks with the function, for writing them.
    fn views(&self) -> impl Iterator<Item = Part<'_>> {
        self.parts.iter().filter_map(|p| {
            self.func.iters.get(p.iter).map(|it| Part {
                func: &self.func,
                it,
                p,
            })
        })
    }

    /// How many entries of axis `name` are stored: a dense axis's length, a
    /// sparse_fixed axis's parent count times its width, a variable axis's nonzeros.
    fn stored(&self, name: &str) -> String {
        match self.func.axis(name).map(|a| &a.kind) {
            Some(AxisKind::DenseFixed { length }) => size(length),
            Some(AxisKind::SparseFixed {
                parent, nnz_cols, ..
            }) => format!("{} * {}", self.stored(parent), size(nnz_cols)),
            Some(AxisKind::DenseVariable { nnz, .. } | AxisKind::SparseVariable { nnz, .. }) => {
                size(nnz)
            }
            None => name.to_string(),
        }
    }
}

/// One iteration of a function, written as blocks.
struct Part<'a> {
    func: &'a SparseFunc,
    it: &'a SpIter,
    p: &'a IterPart,
}

impl Part<'_> {
    fn var(&self, axis_pos: usize) -> &str {
        &self.it.vars[axis_pos]
    }

    /// The loop extent of iteration axis `pos`.
    fn extent(&self, pos: usize) -> String {
        let f = self.func;
        let name = &self.it.axes[pos];
        let Some(axis) = f.axis(name) else {
            return String::new();
        };
        match &axis.kind {
            AxisKind::DenseFixed { length } => size(length),
            AxisKind::SparseFixed { nnz_cols, .. } => size(nnz_cols),
            AxisKind::DenseVariable { parent, .. } | AxisKind::SparseVariable { parent, .. } => {
                let row = self.row_position(parent);
                let ptr = format!("{name}_indptr");
                format!("{ptr}[{row} + 1] - {ptr}[{row}]")
            }
        }
    }

    /// The block variable of the iteration axis `axis` (a parent of a variable axis).
    fn row_var<'s>(&'s self, axis: &'s str) -> &'s str {
        let it = self.it;
        it.axes
            .iter()
            .position(|a| a == axis)
            .map(|p| it.vars[p].as_str())
            .unwrap_or(axis)
    }

    /// The domain of a block variable over axis `pos`: what bounds a coordinate.
    fn domain(&self, pos: usize) -> String {
        let f = self.func;
        match f.axis(&self.it.axes[pos]).map(|a| &a.kind) {
            Some(AxisKind::SparseFixed { nnz_cols, .. }) => size(nnz_cols),
            Some(kind) => size(kind.length()),
            None => String::new(),
        }
    }

    fn blocks(&self, out: &mut String, g: usize, depth: usize, level: Level) {
        let it = self.it;
        let pad = "    ".repeat(depth);
        let group = &self.p.groups[g];
        let loops: Vec<String> = group
            .iter()
            .map(|&p| format!("v_{}", self.var(p)))
            .collect();
        let extents: Vec<String> = group.iter().map(|&p| self.extent(p)).collect();
        if loops.len() == 1 {
            let _ = writeln!(out, "{pad}for {} in T.serial({}):", loops[0], extents[0]);
        } else {
            let _ = writeln!(
                out,
                "{pad}for {} in T.grid({}):",
                loops.join(", "),
                extents.join(", ")
            );
        }
        let _ = writeln!(
            out,
            "{pad}    with T.block(\"{}\"):",
            block_name(&it.name, g)
        );
        let inner = "    ".repeat(depth + 2);
        for &p in group {
            let kind = if it.kinds.as_bytes()[p] == b'R' {
                "reduce"
            } else {
                "spatial"
            };
            let _ = writeln!(
                out,
                "{inner}{} = T.axis.{kind}({}, v_{})",
                self.var(p),
                self.domain(p),
                self.var(p)
            );
        }
        if self.p.init_group == Some(g) && !it.init.is_empty() {
            let _ = writeln!(out, "{inner}with T.init():");
            for s in &it.init {
                let _ = writeln!(out, "{inner}    {}", self.store(s, level));
            }
        }
        if g + 1 < self.p.groups.len() {
            if self.p.zero_above_init && self.p.init_group == Some(g + 1) {
                self.zero_init(out, g + 1, depth + 2, level);
            }
            self.blocks(out, g + 1, depth + 2, level);
        } else {
            for s in &it.body {
                let _ = writeln!(out, "{inner}{}", self.store(s, level));
            }
        }
    }

    /// The init's stores in the block above group `g`, inside loops over
    /// the init's variables of group `g` (named `z_<var>`).
    fn zero_init(&self, out: &mut String, g: usize, depth: usize, level: Level) {
        let it = self.it;
        for s in &it.init {
            let mut pad = "    ".repeat(depth);
            let mut renamed = s.clone();
            let mut looped = Vec::new();
            for idx in renamed.indices.iter_mut() {
                let Some(p) = it.vars.iter().position(|w| w == idx) else {
                    continue;
                };
                if self.p.groups[g].contains(&p) {
                    if !looped.contains(&p) {
                        let _ = writeln!(out, "{pad}for z_{idx} in T.serial({}):", self.extent(p));
                        pad.push_str("    ");
                        looped.push(p);
                    }
                    *idx = format!("z_{idx}");
                }
            }
            let _ = writeln!(out, "{pad}{}", self.store(&renamed, level));
        }
    }

    fn store(&self, s: &Store, level: Level) -> String {
        let dtype = self
            .func
            .buffer(&s.buffer)
            .map(|b| b.dtype.as_str())
            .unwrap_or("float32");
        format!(
            "{} = {}",
            self.access(&s.buffer, &s.indices, level),
            self.value(&s.value, dtype, level).0
        )
    }

    /// The stored position of the in-row variable `var` of a variable or sparse axis.
    fn position(&self, axis: &str, var: &str) -> String {
        let f = self.func;
        match f.axis(axis).map(|a| &a.kind) {
            Some(AxisKind::SparseFixed {
                parent, nnz_cols, ..
            }) => {
                let row = self.row_position(parent);
                let row = if row.contains(' ') {
                    format!("({row})")
                } else {
                    row
                };
                format!("{row} * {} + {var}", size(nnz_cols))
            }
            Some(
                AxisKind::DenseVariable { parent, .. } | AxisKind::SparseVariable { parent, .. },
            ) => {
                format!("{axis}_indptr[{}] + {var}", self.row_position(parent))
            }
            _ => var.to_string(),
        }
    }

    /// The stored position of the parent axis `axis`'s coordinate: its
    /// variable for a dense axis, its entry's position for a sparse one (a
    /// decomposed part's row map).
    fn row_position(&self, axis: &str) -> String {
        let var = self.row_var(axis);
        match self.func.axis(axis).map(|a| &a.kind) {
            Some(AxisKind::DenseFixed { .. }) | None => var.to_string(),
            Some(_) => self.position(axis, var),
        }
    }

    /// The coordinate along buffer axis `baxis` of variable `var`: the variable,
    /// or the stored column when `var` counts a sparse axis's nonzeros.
    fn coordinate(&self, baxis: &str, var: &str, level: Level) -> String {
        let it = self.it;
        let var_axis = it
            .vars
            .iter()
            .position(|v| v == var)
            .map(|p| it.axes[p].as_str())
            .unwrap_or(baxis);
        if var_axis == baxis {
            return var.to_string();
        }
        let parent = self
            .func
            .axis(var_axis)
            .and_then(|a| a.kind.parent())
            .map(|p| self.row_var(p))
            .unwrap_or(var);
        match level {
            Level::SparseBuffers => format!("{var_axis}_indices[{parent}, {var}]"),
            Level::Flat => format!("{var_axis}_indices[{}]", self.position(var_axis, var)),
        }
    }

    fn access(&self, buffer: &str, vars: &[String], level: Level) -> String {
        let Some(b) = self.func.buffer(buffer) else {
            return buffer.to_string();
        };
        if level == Level::SparseBuffers {
            let idx: Vec<String> = b
                .axes
                .iter()
                .zip(vars)
                .map(|(a, v)| self.coordinate(a, v, level))
                .collect();
            return format!("{buffer}[{}]", idx.join(", "));
        }
        let mut offset = String::new();
        for (axis_name, var) in b.axes.iter().zip(vars) {
            let Some(axis) = self.func.axis(axis_name) else {
                continue;
            };
            offset = match &axis.kind {
                _ if offset.is_empty() => self.coordinate(axis_name, var, level),
                AxisKind::DenseVariable { .. } | AxisKind::SparseVariable { .. } => {
                    self.position(axis_name, var)
                }
                AxisKind::SparseFixed { nnz_cols, .. } => {
                    format!("({offset}) * {} + {var}", size(nnz_cols))
                }
                AxisKind::DenseFixed { length } => format!(
                    "({offset}) * {} + {}",
                    size(length),
                    self.coordinate(axis_name, var, level)
                ),
            };
        }
        format!("{buffer}[{offset}]")
    }

    fn value(&self, e: &SExpr, dtype: &str, level: Level) -> (String, u8) {
        match e {
            SExpr::Load { buffer, indices } => (self.access(buffer, indices, level), 3),
            SExpr::Float(v) => (format!("T.{dtype}({})", float(*v)), 3),
            SExpr::Int(v) if dtype.starts_with("float") => (format!("T.{dtype}({v})"), 3),
            SExpr::Int(v) => (v.to_string(), 3),
            SExpr::Typed(t, v) if t.starts_with("int") => (format!("T.{t}({})", *v as i64), 3),
            SExpr::Typed(t, v) => (format!("T.{t}({})", float(*v)), 3),
            SExpr::Neg(inner) => match self.value(inner, dtype, level) {
                (text, 3) => (format!("-{text}"), 3),
                (text, _) => (format!("-({text})"), 3),
            },
            SExpr::Binary(op, a, b) => {
                let p = op.precedence();
                let (ta, pa) = self.value(a, dtype, level);
                let (tb, pb) = self.value(b, dtype, level);
                let left = if pa < p { format!("({ta})") } else { ta };
                // Left-associative: an equal-precedence right operand keeps its parentheses.
                let right = if pb <= p { format!("({tb})") } else { tb };
                (format!("{left} {} {right}", op.symbol()), p)
            }
        }
    }
}

impl IterLowered {
    /// The flat length of a sparse buffer: its nonzeros times its dense trailing axes.
    fn flat_len(&self, axes: &[String]) -> String {
        let mut len = String::new();
        for name in axes {
            let Some(axis) = self.func.axis(name) else {
                continue;
            };
            len = match &axis.kind {
                AxisKind::DenseVariable { nnz, .. } | AxisKind::SparseVariable { nnz, .. } => {
                    size(nnz)
                }
                AxisKind::SparseFixed { nnz_cols, .. } => format!("{len} * {}", size(nnz_cols)),
                AxisKind::DenseFixed { length } if len.is_empty() => size(length),
                AxisKind::DenseFixed { length } => format!("{len} * {}", size(length)),
            };
        }
        len
    }

    /// The lowered function's parameters: the sizes first (buffer shapes use
    /// them), then one flat buffer per handle, in the handles' order.
    fn params(&self) -> Result<Vec<String>> {
        let f = &self.func;
        let mut sizes = Vec::new();
        let mut buffers = Vec::new();
        for p in &f.params {
            match p {
                Param::Size(n, t) => sizes.push(format!("{n}: T.{t}")),
                Param::Handle(h) => buffers.push(self.handle_buffer(h)?),
            }
        }
        sizes.extend(buffers);
        Ok(sizes)
    }

    /// `J_indptr J_indices 4096` per CSR axis (`;` between axes): the arrays
    /// and the column count.
    fn csr_attr(&self) -> String {
        let f = &self.func;
        // A decomposition's part arrays are built from its matrix (`sparse_hyb`).
        let part_axes = f
            .hyb
            .as_deref()
            .and_then(|h| super::format::HybSpec::from_attr(h).ok())
            .map(|spec| spec.part_axes())
            .unwrap_or_default();
        let pairs: Vec<String> = f
            .axes
            .iter()
            .filter(|a| !part_axes.contains(&a.name))
            .filter_map(|a| match &a.kind {
                AxisKind::SparseVariable { length, .. } => Some(format!(
                    "{0}_indptr {0}_indices {1}",
                    a.name,
                    f.size_value(length)
                        .map_or_else(|| size(length), |v| v.to_string())
                )),
                // Ragged and ELL index arrays: no generator yet (`csr_pairs` refuses them).
                AxisKind::DenseVariable { .. } | AxisKind::SparseFixed { .. } => {
                    Some(format!("!{}", a.name))
                }
                AxisKind::DenseFixed { .. } => None,
            })
            .collect();
        pairs.join("; ")
    }

    fn handle_buffer(&self, h: &str) -> Result<String> {
        let f = &self.func;
        if let Some(b) = f.buffers.iter().find(|b| b.handle == h) {
            return Ok(format!(
                "{}: T.Buffer(({},), \"{}\")",
                b.name,
                self.flat_len(&b.axes),
                b.dtype
            ));
        }
        for a in &f.axes {
            let parent_len = a.kind.parent().map(|p| self.stored(p)).unwrap_or_default();
            if a.kind.indptr() == Some(h) {
                return Ok(format!(
                    "{}_indptr: T.Buffer(({parent_len} + 1,), \"{}\")",
                    a.name, a.idtype
                ));
            }
            if a.kind.indices() == Some(h) {
                let len = match &a.kind {
                    AxisKind::SparseFixed { nnz_cols, .. } => {
                        format!("{parent_len} * {}", size(nnz_cols))
                    }
                    AxisKind::SparseVariable { nnz, .. } => size(nnz),
                    _ => String::new(),
                };
                return Ok(format!(
                    "{}_indices: T.Buffer(({len},), \"{}\")",
                    a.name, a.idtype
                ));
            }
        }
        Err(ParseError::semantic(
            f.span,
            format!("parameter `{h}` is used by no sparse buffer or axis"),
        )
        .with_help("remove the parameter, or declare the buffer it holds"))
    }
}

/// The block of group `g` of an iteration: `spmm0`, or `spmm_ell4_0` where
/// the iteration's name ends in a digit (a decomposed part), so that names
/// stay apart (`spmm_ell1_0`, not `spmm_ell10`).
pub fn block_name(iteration: &str, g: usize) -> String {
    if iteration.ends_with(|c: char| c.is_ascii_digit()) {
        format!("{iteration}_{g}")
    } else {
        format!("{iteration}{g}")
    }
}

fn size(s: &Size) -> String {
    match s {
        Size::Const(v) => v.to_string(),
        Size::Name(n) => n.clone(),
    }
}

/// Stage two: the TVMScript of the ordinary TIR function (level 0).
pub fn lower_sparse_buffer(l: &IterLowered) -> Result<String> {
    let f = &l.func;
    let mut out = String::from("from tvm.script import tir as T\n\n");
    for (name, value) in &f.consts {
        let _ = writeln!(out, "{name} = {value}");
    }
    let _ = writeln!(
        out,
        "\n\n@T.prim_func\ndef {}({}):",
        f.name,
        l.params()?.join(", ")
    );
    // SparseTIR's level 0 marks the function as lowered from a sparse one;
    // `sparse_csr` names the index arrays that must hold a valid CSR pattern.
    // `sparse_hyb` names the matrix a decomposition's parts were built for.
    let hyb = f
        .hyb
        .as_ref()
        .map(|h| format!(", \"{}\": \"{h}\"", super::HYB_ATTR))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "    T.func_attr({{\"global_symbol\": \"main\", \"tir.noalias\": True, \"{}\": 0, \"{}\": \"{}\"{hyb}}})",
        super::LEVEL_ATTR,
        super::CSR_ATTR,
        l.csr_attr()
    );
    for part in l.views() {
        part.blocks(&mut out, 0, 1, Level::Flat);
    }
    Ok(out)
}

/// Both stages, read back as an ordinary `PrimFunc`.
pub fn lowered_func(f: &SparseFunc) -> Result<PrimFunc> {
    let text = lower_sparse_buffer(&lower_sparse_iter(f)?)?;
    parse_func(&text, None).map_err(|e| {
        ParseError::semantic(
            f.span,
            format!(
                "the lowered function does not read back as TIR: {}",
                e.message
            ),
        )
        .with_help("this is a bug in tirtui's sparse lowering; please report it with the workload")
    })
}
