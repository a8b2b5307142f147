//! blockize and tensorize.
//!
//! TVM: src/tir/schedule/primitive/blockize_tensorize.cc. `blockize(loop)` splits
//! the block under `loop` into an outer block (iterating what the loops above
//! `loop` iterate) around an inner block (the loops from `loop` down); every
//! block binding must divide into `outer * inner_extent + inner` (TVM's
//! SubspaceDivide). `tensorize` blockizes when given a loop, then checks the
//! block against a tensor intrinsic's description and replaces its body.

use crate::arith::bound::VarRanges;
use crate::arith::{
    const_bounds, fold_unit_ranges, relax_region, simplify, simplify_with, to_affine,
};
use crate::ir::{
    Block, BlockId, BlockRealize, BufferRegion, DataType, Expr, For, IterKind, IterVar, LoopId,
    PrimFunc, Range, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::loop_transformation::loop_ranges;
use crate::schedule::tree;
use std::collections::{HashMap, HashSet};

/// One block binding divided over the loops at and under the blockized loop.
pub(super) struct Division {
    /// The part over the outer loops, already divided by `inner_extent`.
    pub(super) outer: Expr,
    pub(super) outer_extent: i64,
    /// The part over the inner loops.
    pub(super) inner: Expr,
    pub(super) inner_extent: i64,
}

/// TVM's `blockize(loop)`: returns the new outer block.
pub fn blockize(
    func: &mut PrimFunc,
    loop_id: LoopId,
    preserve_unit_iters: bool,
) -> Result<BlockId, ScheduleError> {
    let realize = single_block_under(func, loop_id)?;
    let block_id = realize.block.id;
    let mut inner_loops: Vec<&For> = Vec::new();
    collect_path_loops(&func.body, loop_id, block_id, &mut inner_loops);
    let inner_loop_vars: HashSet<VarId> = inner_loops.iter().map(|l| l.var).collect();
    let loops_inner_first: Vec<For> = inner_loops.iter().rev().map(|l| (*l).clone()).collect();

    // Step 1: divide every binding (SubspaceDivide).
    let divisions = divide_bindings(func, loop_id, &realize, &inner_loop_vars)?;

    // Step 2: outer and inner iterators, and what the old iterators become.
    let Subspaces {
        outer_ivs,
        outer_values,
        inner_ivs,
        inner_values,
        subst,
        inner_ranges,
    } = Subspaces::new(func, &realize, divisions, preserve_unit_iters);

    // Step 3: the inner block: the old one over the inner iterators, without init.
    let mut inner_block = realize.block.clone();
    let init = inner_block.init.take();
    // TVM's GenerateInner: a reduction whose init moves to the outer block
    // (some outer iterator reduces) reads what it writes, listed first. The
    // outer block's reads stay the block's own (TVM relaxes those).
    let mut prepended = 0;
    if init.is_some() && outer_ivs.iter().any(|iv| iv.kind == IterKind::Reduce) {
        // A region the block already reads is not listed twice.
        let mut reads: Vec<_> = inner_block
            .writes
            .iter()
            .filter(|w| !inner_block.reads.contains(w))
            .cloned()
            .collect();
        prepended = reads.len();
        reads.append(&mut inner_block.reads);
        inner_block.reads = reads;
    }
    inner_block.iter_vars = inner_ivs;
    substitute_block(&mut inner_block, &subst);
    let inner_realize = BlockRealize {
        iter_values: inner_values,
        predicate: Expr::bool(true),
        block: inner_block,
    };

    // Step 4: the outer init, a block over the inner spatial loops it needs.
    let outer_init = match init {
        Some(mut init) => {
            init.substitute(&|v| subst.get(&v).cloned());
            Some(outer_init(func, init, &inner_realize, &loops_inner_first))
        }
        None => None,
    };

    // Step 5: the outer block's regions are the inner ones relaxed over the inner iterators.
    let own_reads = &inner_realize.block.reads[prepended..];
    let reads = relax_over_inner(func, block_id, own_reads, &inner_ranges)?;
    let writes = relax_over_inner(func, block_id, &inner_realize.block.writes, &inner_ranges)?;

    // Step 6: the loop nest keeps its loops with the inner block in place of the old one.
    let mut body = Stmt::For(crate::ir::Shared::new(get_loop(func, loop_id)?.clone()));
    if let Some(Stmt::BlockRealize(slot)) = tree::block_stmt_mut(&mut body, block_id) {
        **slot = inner_realize;
    }
    let outer_id = func.new_block_id();
    let outer = BlockRealize {
        iter_values: outer_values.iter().map(simplify).collect(),
        predicate: realize.predicate.clone(),
        block: Block {
            id: outer_id,
            name: format!("{}_o", realize.block.name),
            iter_vars: outer_ivs,
            reads,
            writes,
            init: outer_init,
            body,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    };
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    *slot = Stmt::BlockRealize(crate::ir::Shared::new(outer));
    Ok(outer_id)
}

/// The one block under `loop_id` (a copy); blockize refuses a loop over
/// several blocks or none.
fn single_block_under(func: &PrimFunc, loop_id: LoopId) -> Result<BlockRealize, ScheduleError> {
    let target = get_loop(func, loop_id)?;
    let realizes = tree::child_blocks(&target.body);
    let [realize] = realizes[..] else {
        return Err(ScheduleError::UnsupportedPattern {
            block: loop_culprit_as_block(func, loop_id, &realizes),
            why: format!(
                "blockize needs exactly one block under {}, found {}",
                loop_culprit(func, loop_id),
                realizes.len()
            ),
        });
    };
    Ok(realize.clone())
}

/// Step 1 (TVM's SubspaceDivide): each binding of `realize` divided over the
/// loops at and under `loop_id` (`inner_loop_vars`); an error for a binding
/// that does not divide or a `T.where` that depends on the inner loops.
fn divide_bindings(
    func: &PrimFunc,
    loop_id: LoopId,
    realize: &BlockRealize,
    inner_loop_vars: &HashSet<VarId>,
) -> Result<Vec<Division>, ScheduleError> {
    let ranges = loop_ranges(func);
    let culprit = || block_culprit(func, realize.block.id);
    let mut divisions = Vec::new();
    for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
        let dtype = func.var(iv.var).dtype;
        let d = divide(value, inner_loop_vars, &ranges, dtype).ok_or_else(|| {
            ScheduleError::UnsupportedPattern {
                block: culprit(),
                why: format!(
                    "the binding `{}` of its iterator `{}` does not divide into an outer part times the extent of an inner part over the loops at and under {} (TVM: the bindings cannot be blockized)",
                    crate::script::print_expr(func, value),
                    func.var_name(iv.var),
                    loop_culprit(func, loop_id)
                ),
            }
        })?;
        divisions.push(d);
    }
    let mut pred_uses_inner = false;
    realize.predicate.visit(&mut |e| {
        if let Expr::Var(v) = e {
            pred_uses_inner |= inner_loop_vars.contains(v);
        }
    });
    if pred_uses_inner {
        return Err(ScheduleError::UnsupportedPattern {
            block: culprit(),
            why: format!(
                "its T.where guard depends on the loops at and under {}; blockize a loop whose inner loops divide the block's extents",
                loop_culprit(func, loop_id)
            ),
        });
    }
    Ok(divisions)
}

/// Step 2: the outer block's and the inner block's iterators and bindings,
/// and what each old iterator becomes in terms of them.
struct Subspaces {
    outer_ivs: Vec<IterVar>,
    outer_values: Vec<Expr>,
    inner_ivs: Vec<IterVar>,
    inner_values: Vec<Expr>,
    /// Old iterator -> `outer * inner_extent + inner` (or one of the two).
    subst: HashMap<VarId, Expr>,
    /// The inner iterators' domains (the outer regions are relaxed over them).
    inner_ranges: VarRanges,
}

impl Subspaces {
    fn new(
        func: &mut PrimFunc,
        realize: &BlockRealize,
        divisions: Vec<Division>,
        preserve_unit_iters: bool,
    ) -> Self {
        let ranges = loop_ranges(func);
        let mut s = Subspaces {
            outer_ivs: Vec::new(),
            outer_values: Vec::new(),
            inner_ivs: Vec::new(),
            inner_values: Vec::new(),
            subst: HashMap::new(),
            inner_ranges: VarRanges::new(),
        };
        for ((iv, d), value) in realize
            .block
            .iter_vars
            .iter()
            .zip(divisions)
            .zip(&realize.iter_values)
        {
            if d.inner_extent == 1 {
                s.outer_only(func, iv, value);
            } else {
                s.divided(func, iv, d, preserve_unit_iters, &ranges);
            }
        }
        s
    }

    /// An iterator over outer loops only moves to the outer block (renamed, as TVM does).
    fn outer_only(&mut self, func: &mut PrimFunc, iv: &IterVar, value: &Expr) {
        let name = func.var_name(iv.var).to_string();
        let outer_var = func.new_var(format!("{name}_o"), func.var(iv.var).dtype);
        self.outer_ivs.push(IterVar {
            var: outer_var,
            dom: iv.dom.clone(),
            kind: iv.kind,
        });
        self.outer_values.push(value.clone());
        self.subst.insert(iv.var, Expr::Var(outer_var));
    }

    /// An iterator over inner loops: an inner iterator, and an outer one
    /// unless its outer extent is 1 (kept then with `preserve_unit_iters`).
    fn divided(
        &mut self,
        func: &mut PrimFunc,
        iv: &IterVar,
        d: Division,
        preserve_unit_iters: bool,
        unit_ranges: &VarRanges,
    ) {
        let name = func.var_name(iv.var).to_string();
        let dtype = func.var(iv.var).dtype;
        let inner_var = func.new_var(format!("{name}_i"), dtype);
        // TVM's DeriveBlockBinding gives every iterator an outer iterator,
        // a unit one too; without `preserve_unit_iters` a unit one is bound
        // to its one value (`vi_o = T.axis.spatial(1, 0)`), not to its loop.
        let outer_var = func.new_var(format!("{name}_o"), dtype);
        self.outer_ivs.push(IterVar {
            var: outer_var,
            dom: Range::new(Expr::Int(0, dtype), Expr::Int(d.outer_extent, dtype)),
            kind: iv.kind,
        });
        let sub = if d.outer_extent == 1 {
            let outer_value = if preserve_unit_iters {
                d.outer
            } else {
                match simplify(&fold_unit_ranges(&d.outer, unit_ranges)) {
                    // The loop's `0` may be a plain one beside an int64 extent.
                    Expr::Int(v, _) => Expr::Int(v, dtype),
                    other => other,
                }
            };
            self.outer_values.push(outer_value);
            Expr::Var(inner_var)
        } else {
            self.outer_values.push(d.outer);
            Expr::add(
                Expr::mul(Expr::Var(outer_var), Expr::Int(d.inner_extent, dtype)),
                Expr::Var(inner_var),
            )
        };
        self.subst.insert(iv.var, sub);
        let dom = Range::new(Expr::Int(0, dtype), Expr::Int(d.inner_extent, dtype));
        self.inner_ranges.insert(inner_var, dom.clone());
        self.inner_ivs.push(IterVar {
            var: inner_var,
            dom,
            kind: iv.kind,
        });
        self.inner_values.push(d.inner);
    }
}

/// Step 5: the inner block's `regions` relaxed over the inner iterators
/// (`inner_ranges`), as the outer block's regions.
pub(super) fn relax_over_inner(
    func: &PrimFunc,
    block_id: BlockId,
    regions: &[BufferRegion],
    inner_ranges: &VarRanges,
) -> Result<Vec<BufferRegion>, ScheduleError> {
    let relax_vars: Vec<VarId> = inner_ranges.keys().copied().collect();
    regions
        .iter()
        .map(|r| {
            let region = relax_region(&r.region, &relax_vars, inner_ranges).ok_or_else(|| {
                ScheduleError::UnsupportedPattern {
                    block: block_culprit(func, block_id),
                    why: format!(
                        "its region of `{}` cannot be bounded over the inner iterators",
                        func.buffer(r.buffer).name
                    ),
                }
            })?;
            Ok(BufferRegion {
                buffer: r.buffer,
                region: region
                    .into_iter()
                    .map(|x| Range::new(simplify(&x.min), simplify(&x.extent)))
                    .collect(),
            })
        })
        .collect()
}

/// A block culprit for a loop that does not hold exactly one block: the first
/// block found, else the loop's scope block.
fn loop_culprit_as_block(
    func: &PrimFunc,
    loop_id: LoopId,
    realizes: &[&BlockRealize],
) -> crate::schedule::Culprit {
    match realizes.first() {
        Some(r) => block_culprit(func, r.block.id),
        None => match tree::scope_of_loop(func, loop_id) {
            Some(b) => block_culprit(func, b),
            None => loop_culprit(func, loop_id),
        },
    }
}

/// The loops from `top` (inclusive) down to `block`, outermost first.
fn collect_path_loops<'a>(stmt: &'a Stmt, top: LoopId, block: BlockId, out: &mut Vec<&'a For>) {
    fn walk<'a>(stmt: &'a Stmt, block: BlockId, path: &mut Vec<&'a For>) -> bool {
        if matches!(stmt, Stmt::BlockRealize(r) if r.block.id == block) {
            return true;
        }
        if let Stmt::For(l) = stmt {
            path.push(l);
        }
        let mut found = false;
        stmt.for_each_child(|c| {
            if !found {
                found = walk(c, block, path);
            }
        });
        if !found && matches!(stmt, Stmt::For(_)) {
            path.pop();
        }
        found
    }
    if let Some(top) = tree::loops_in(stmt).into_iter().find(|l| l.id == top) {
        out.push(top);
        if !walk(&top.body, block, out) {
            out.clear();
        }
    }
}

/// Divides `value` into `outer * inner_extent + inner`, where `inner` is a
/// mixed-radix sum over the inner loops (coefficients 1, e0, e0*e1, ...) and
/// `outer` uses only the loops above. `None` when it does not divide.
/// The constants it builds have the iterator's `dtype` (TVM: an int64
/// binding divides into `vj_o * T.int64(16) + vj_i`).
pub(super) fn divide(
    value: &Expr,
    inner_vars: &HashSet<VarId>,
    ranges: &VarRanges,
    dtype: DataType,
) -> Option<Division> {
    let value = simplify_with(value, ranges);
    let affine = to_affine(&value)?;
    let mut inner_terms: Vec<(VarId, i64, i64)> = Vec::new(); // (var, coeff, extent)
    let mut outer_terms: Vec<(Expr, i64)> = Vec::new();
    for (atom, coeff) in &affine.terms {
        let mut uses_inner = false;
        atom.visit(&mut |e| {
            if let Expr::Var(v) = e {
                uses_inner |= inner_vars.contains(v);
            }
        });
        if !uses_inner {
            outer_terms.push((atom.clone(), *coeff));
            continue;
        }
        let v = atom.as_var()?;
        let r = ranges.get(&v)?;
        if r.min.as_int() != Some(0) {
            return None;
        }
        let extent = r.extent.as_int()?;
        if extent > 1 {
            inner_terms.push((v, *coeff, extent));
        }
    }
    inner_terms.sort_by_key(|t| t.1);
    let mut inner_extent = 1i64;
    for &(_, coeff, extent) in &inner_terms {
        if coeff != inner_extent {
            return None;
        }
        inner_extent = inner_extent.checked_mul(extent)?;
    }
    if affine.constant % inner_extent != 0 || outer_terms.iter().any(|(_, c)| c % inner_extent != 0)
    {
        return None;
    }
    let mut outer = Expr::Int(affine.constant / inner_extent, dtype);
    for (atom, coeff) in outer_terms {
        outer = Expr::add(
            outer,
            Expr::mul(atom, Expr::Int(coeff / inner_extent, dtype)),
        );
    }
    let outer = simplify(&outer);
    let outer_extent = match const_bounds(&outer, ranges) {
        Some((lo, hi)) if lo >= 0 => hi + 1,
        _ => return None,
    };
    let mut inner = Expr::Int(0, dtype);
    for &(v, coeff, _) in inner_terms.iter().rev() {
        inner = Expr::add(inner, Expr::mul(Expr::Var(v), Expr::Int(coeff, dtype)));
    }
    Some(Division {
        outer,
        outer_extent,
        inner: simplify(&inner),
        inner_extent,
    })
}

pub(super) fn substitute_block(block: &mut Block, subst: &HashMap<VarId, Expr>) {
    let map = |v: VarId| subst.get(&v).cloned();
    block.body.substitute(&map);
    for region in block.reads.iter_mut().chain(block.writes.iter_mut()) {
        for r in &mut region.region {
            r.min.substitute(&map);
            r.extent.substitute(&map);
            r.min = simplify(&r.min);
        }
    }
    for m in &mut block.match_buffers {
        for r in &mut m.source.region {
            r.min.substitute(&map);
            r.min = simplify(&r.min);
        }
    }
}

/// TVM's GenerateOuterInit: the init becomes a block `<name>_init` over the
/// inner spatial iterators it uses, under copies of the inner loops that bind them.
fn outer_init(
    func: &mut PrimFunc,
    init: Stmt,
    inner: &BlockRealize,
    loops_inner_first: &[For],
) -> Stmt {
    let mut subst: HashMap<VarId, Expr> = HashMap::new();
    let mut iter_vars = Vec::new();
    let mut iter_values = Vec::new();
    for (iv, value) in inner.block.iter_vars.iter().zip(&inner.iter_values) {
        let used = stmt_uses_var(&init, iv.var);
        if iv.kind == IterKind::Spatial && used {
            let name = format!("{}_init", func.var_name(iv.var));
            let v = func.new_var(name, func.var(iv.var).dtype);
            subst.insert(iv.var, Expr::Var(v));
            iter_vars.push(IterVar {
                var: v,
                dom: iv.dom.clone(),
                kind: iv.kind,
            });
            iter_values.push(value.clone());
        }
    }
    let id = func.new_block_id();
    let mut stmt = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values,
        predicate: inner.predicate.clone(),
        block: Block {
            id,
            name: format!("{}_init", inner.block.name),
            iter_vars,
            reads: Vec::new(),
            writes: inner.block.writes.clone(),
            init: None,
            body: init,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    }));
    for l in loops_inner_first {
        if stmt_binding_uses(&stmt, l.var) {
            stmt = copy_loop(func, l, stmt, &mut subst);
        }
    }
    stmt.substitute(&|v| subst.get(&v).cloned());
    stmt
}

/// True when the init block's bindings (anywhere below `stmt`) use `v`.
fn stmt_binding_uses(stmt: &Stmt, v: VarId) -> bool {
    tree::blocks_in(stmt)
        .iter()
        .any(|r| r.iter_values.iter().any(|e| e.uses_var(v)))
}

fn copy_loop(func: &mut PrimFunc, l: &For, body: Stmt, subst: &mut HashMap<VarId, Expr>) -> Stmt {
    let var = func.new_var(func.var_name(l.var).to_string(), func.var(l.var).dtype);
    subst.insert(l.var, Expr::Var(var));
    Stmt::For(crate::ir::Shared::new(For {
        id: func.new_loop_id(),
        var,
        min: l.min.clone(),
        extent: l.extent.clone(),
        kind: l.kind,
        annotations: l.annotations.clone(),
        body,
    }))
}

fn stmt_uses_var(stmt: &Stmt, v: VarId) -> bool {
    let mut used = false;
    stmt.visit(&mut |s| {
        s.for_each_expr(|e| used |= e.uses_var(v));
    });
    used
}

pub use super::tensorize::tensorize;
pub use crate::ir::TENSOR_INTRIN_ATTR;

/// Structural comparison of a block body with a description's (target on the
/// left, description on the right). Errors say where they differ.
pub(super) struct Comparator<'a> {
    pub(super) func: &'a PrimFunc,
    pub(super) desc: &'a PrimFunc,
    pub(super) target: &'a Block,
    /// Description variable -> the target's.
    pub(super) vars: HashMap<VarId, VarId>,
    /// Description buffer -> (target buffer, the offsets of its region).
    pub(super) buffers: HashMap<crate::ir::BufferId, (crate::ir::BufferId, Vec<Expr>)>,
    /// The target's block iterators and loops seen so far, so that indices
    /// compare under their ranges (TVM's comparator asks its analyzer too):
    /// `(vi_o * 16 + vi_i) // 16` is `vi_o` when `vi_i` runs over [0, 16).
    pub(super) ranges: VarRanges,
}

/// The ranges of a block's own iterators.
pub(super) fn block_ranges(block: &Block) -> VarRanges {
    block
        .iter_vars
        .iter()
        .map(|iv| (iv.var, iv.dom.clone()))
        .collect()
}

impl Comparator<'_> {
    fn t(&self, e: &Expr) -> String {
        crate::script::print_expr(self.func, e)
    }

    fn d(&self, e: &Expr) -> String {
        crate::script::print_expr(self.desc, e)
    }

    pub(super) fn stmt(&mut self, t: &Stmt, d: &Stmt) -> Result<(), String> {
        match (t, d) {
            (Stmt::Seq(a), Stmt::Seq(b)) if a.len() == b.len() => {
                a.iter().zip(b).try_for_each(|(x, y)| self.stmt(x, y))
            }
            (Stmt::For(a), Stmt::For(b)) => {
                let name = self.func.var_name(a.var).to_string();
                if a.min.as_int() != b.min.as_int() || a.extent.as_int() != b.extent.as_int() {
                    return Err(format!(
                        "loop `{name}` runs over [{}, {}) where the description's loop runs over [{}, {})",
                        self.t(&a.min),
                        self.t(&simplify(&Expr::add(a.min.clone(), a.extent.clone()))),
                        self.d(&b.min),
                        self.d(&simplify(&Expr::add(b.min.clone(), b.extent.clone()))),
                    ));
                }
                self.vars.insert(b.var, a.var);
                self.ranges
                    .insert(a.var, Range::new(a.min.clone(), a.extent.clone()));
                self.stmt(&a.body, &b.body)
            }
            (Stmt::BlockRealize(a), Stmt::BlockRealize(b)) => self.realize(a, b),
            (Stmt::BufferStore(a), Stmt::BufferStore(b)) => {
                let what = format!("the store to `{}`", self.func.buffer(a.buffer).name);
                self.access(a.buffer, &a.indices, b.buffer, &b.indices, &what)?;
                self.expr(&a.value, &b.value)
                    .map_err(|why| format!("{what}: {why}"))
            }
            _ => Err(format!(
                "the block's body has {} where the description has {}",
                stmt_kind(t),
                stmt_kind(d)
            )),
        }
    }

    fn realize(&mut self, a: &BlockRealize, b: &BlockRealize) -> Result<(), String> {
        let name = &a.block.name;
        if a.block.iter_vars.len() != b.block.iter_vars.len() {
            return Err(format!(
                "block \"{name}\" has {} iterators, the description's block has {}",
                a.block.iter_vars.len(),
                b.block.iter_vars.len()
            ));
        }
        for (x, y) in a.block.iter_vars.iter().zip(&b.block.iter_vars) {
            let xn = self.func.var_name(x.var).to_string();
            if x.kind != y.kind || x.dom.extent.as_int() != y.dom.extent.as_int() {
                return Err(format!(
                    "iterator `{xn}` of block \"{name}\" is {:?} over {} where the description's is {:?} over {}",
                    x.kind,
                    self.t(&x.dom.extent),
                    y.kind,
                    self.d(&y.dom.extent)
                ));
            }
            self.vars.insert(y.var, x.var);
            self.ranges.insert(x.var, x.dom.clone());
        }
        for (x, y) in a.iter_values.iter().zip(&b.iter_values) {
            self.expr(x, y)
                .map_err(|why| format!("a binding of block \"{name}\": {why}"))?;
        }
        if !(a.predicate.is_const_true() && b.predicate.is_const_true()) {
            self.expr(&a.predicate, &b.predicate)
                .map_err(|why| format!("the T.where of block \"{name}\": {why}"))?;
        }
        match (&a.block.init, &b.block.init) {
            (None, None) => {}
            (Some(x), Some(y)) => self.stmt(x, y)?,
            _ => {
                return Err(format!(
                    "block \"{name}\" {} T.init() and the description's block {}",
                    if a.block.init.is_some() {
                        "has"
                    } else {
                        "has no"
                    },
                    if b.block.init.is_some() {
                        "has one"
                    } else {
                        "has none"
                    },
                ))
            }
        }
        self.stmt(&a.block.body, &b.block.body)
    }

    /// A buffer access: the same buffer throughout, of the description's dtype
    /// and scope, indices equal once the target region's offsets are taken off.
    fn access(
        &mut self,
        tb: crate::ir::BufferId,
        ti: &[Expr],
        db: crate::ir::BufferId,
        di: &[Expr],
        what: &str,
    ) -> Result<(), String> {
        let (tbuf, dbuf) = (self.func.buffer(tb), self.desc.buffer(db));
        if !self.buffers.contains_key(&db) {
            if tbuf.dtype != dbuf.dtype {
                return Err(format!(
                    "{what}: `{}` is {} where the description's `{}` is {}",
                    tbuf.name,
                    tbuf.dtype.name(),
                    dbuf.name,
                    dbuf.dtype.name()
                ));
            }
            if tbuf.scope != dbuf.scope {
                return Err(format!(
                    "{what}: `{}` is in scope {} where the description's `{}` is in {}",
                    tbuf.name,
                    tbuf.scope.name(),
                    dbuf.name,
                    dbuf.scope.name()
                ));
            }
            let offsets = self.region_offsets(tb, db)?;
            self.buffers.insert(db, (tb, offsets));
        }
        let (bound, offsets) = &self.buffers[&db];
        if *bound != tb {
            return Err(format!(
                "{what}: the description's `{}` is bound to `{}` already, not `{}`",
                dbuf.name,
                self.func.buffer(*bound).name,
                tbuf.name
            ));
        }
        let lead = ti.len().saturating_sub(di.len());
        if ti.len() < di.len() {
            return Err(format!(
                "{what}: `{}` has fewer dimensions than `{}`",
                tbuf.name, dbuf.name
            ));
        }
        for (k, t) in ti.iter().enumerate() {
            let want = if k < lead {
                offsets[k].clone()
            } else {
                let mut d = di[k - lead].clone();
                d.substitute(&|v| self.vars.get(&v).map(|x| Expr::Var(*x)));
                Expr::add(offsets[k].clone(), d)
            };
            if simplify_with(&Expr::sub(t.clone(), want.clone()), &self.ranges).as_int() != Some(0)
            {
                return Err(format!(
                    "{what}: index {k} is `{}` where the description needs `{}`",
                    self.t(t),
                    self.t(&simplify(&want))
                ));
            }
        }
        Ok(())
    }

    /// The mins of the block's region of `tb`; its extents must be the description buffer's shape.
    fn region_offsets(
        &self,
        tb: crate::ir::BufferId,
        db: crate::ir::BufferId,
    ) -> Result<Vec<Expr>, String> {
        let (tbuf, dbuf) = (self.func.buffer(tb), self.desc.buffer(db));
        let region = self
            .target
            .writes
            .iter()
            .chain(&self.target.reads)
            .find(|r| r.buffer == tb)
            .ok_or_else(|| format!("the block does not declare a region of `{}`", tbuf.name))?;
        let shape = dbuf.const_shape().unwrap_or_default();
        let lead = region.region.len().saturating_sub(shape.len());
        let extents: Vec<Option<i64>> = region
            .region
            .iter()
            .map(|r| simplify(&r.extent).as_int())
            .collect();
        let fits = region.region.len() >= shape.len()
            && extents[..lead].iter().all(|e| *e == Some(1))
            && extents[lead..]
                .iter()
                .zip(&shape)
                .all(|(e, s)| *e == Some(*s));
        if !fits {
            return Err(format!(
                "the block's region of `{}` is {} where the description's `{}` is {:?}",
                tbuf.name,
                extents
                    .iter()
                    .map(|e| e.map_or("?".into(), |x| x.to_string()))
                    .collect::<Vec<_>>()
                    .join("x"),
                dbuf.name,
                shape
            ));
        }
        Ok(region.region.iter().map(|r| r.min.clone()).collect())
    }

    fn expr(&mut self, t: &Expr, d: &Expr) -> Result<(), String> {
        let differ = || {
            format!(
                "`{}` differs from the description's `{}`",
                self.t(t),
                self.d(d)
            )
        };
        if self.equal_indices(t, d) {
            return Ok(());
        }
        match (t, d) {
            (Expr::Int(a, _), Expr::Int(b, _)) if a == b => Ok(()),
            (Expr::Float(a, x), Expr::Float(b, y)) if a == b && x == y => Ok(()),
            (Expr::Var(a), Expr::Var(b)) if self.vars.get(b) == Some(a) => Ok(()),
            (Expr::Binary(o1, a1, b1), Expr::Binary(o2, a2, b2)) if o1 == o2 => {
                self.expr(a1, a2)?;
                self.expr(b1, b2)
            }
            (Expr::Not(a), Expr::Not(b)) => self.expr(a, b),
            (Expr::Select(c1, a1, b1), Expr::Select(c2, a2, b2)) => {
                self.expr(c1, c2)?;
                self.expr(a1, a2)?;
                self.expr(b1, b2)
            }
            (Expr::Cast(x, a), Expr::Cast(y, b)) if x == y => self.expr(a, b),
            (Expr::Call(f, a), Expr::Call(g, b)) if f == g && a.len() == b.len() => {
                a.iter().zip(b).try_for_each(|(x, y)| self.expr(x, y))
            }
            (Expr::Load(tb, ti), Expr::Load(db, di)) => {
                let what = format!("the load of `{}`", self.func.buffer(*tb).name);
                self.access(*tb, ti, *db, di, &what)
            }
            _ => Err(differ()),
        }
    }
}

impl Comparator<'_> {
    /// Integer index arithmetic (no loads or calls) that is equal over the
    /// iterators' ranges, as TVM's comparator asks its analyzer:
    /// `(v1_o * 8 + v1_i) % 8` is the description's `vi % 8`.
    fn equal_indices(&self, t: &Expr, d: &Expr) -> bool {
        if !(pure_index(t) && pure_index(d)) {
            return false;
        }
        let mut mapped = d.clone();
        let mut unmapped = false;
        mapped.rewrite(&mut |x| {
            if let Expr::Var(v) = x {
                match self.vars.get(v) {
                    Some(to) => *v = *to,
                    None => unmapped = true,
                }
            }
        });
        !unmapped && simplify_with(&Expr::sub(t.clone(), mapped), &self.ranges).as_int() == Some(0)
    }
}

/// An integer expression of variables and literals only.
fn pure_index(e: &Expr) -> bool {
    let mut pure = true;
    e.visit(&mut |x| {
        pure &= match x {
            Expr::Int(_, t) => t.is_int(),
            Expr::Var(_) => true,
            Expr::Binary(op, ..) => !(op.is_comparison() || op.is_logical()),
            _ => false,
        };
    });
    pure
}

fn stmt_kind(s: &Stmt) -> &'static str {
    match s {
        Stmt::For(_) => "a loop",
        Stmt::BlockRealize(_) => "a block",
        Stmt::Seq(_) => "a sequence of statements",
        Stmt::BufferStore(_) => "a store",
        Stmt::IfThenElse(_) => "an if",
        Stmt::LetStmt(_) => "a let",
        Stmt::Evaluate(_) => "an evaluate",
    }
}
