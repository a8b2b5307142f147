//! tensorize: a block (a loop is blockized first) must match a tensor
//! intrinsic's description; then
//! - a shipped intrinsic (`schedule::tensor_intrin`) marks the block, whose
//!   body stays the description's computation, for codegen to emit;
//! - an intrinsic the workload declares (`ir::DeclaredIntrin`) REPLACES the
//!   block's body with its implementation's, each impl buffer bound to the
//!   block's region by a `T.match_buffer`, as TVM's Tensorize does (TVM:
//!   src/s_tir/schedule/primitive/blockize_tensorize.cc). The implementation
//!   is what runs from then on: a body of builtins is refused by the
//!   interpreter and lowering, by name; a plain loop nest runs as written.

use super::blockize_tensorize::{block_ranges, blockize, Comparator};
use crate::ir::{
    AnnValue, BlockId, Buffer, BufferId, BufferRegion, DeclaredIntrin, Expr, MatchBuffer, PrimFunc,
    Range, Stmt, VarId, TENSOR_INTRIN_ATTR,
};
use crate::schedule::analysis::{block_culprit, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;
use std::collections::HashMap;

/// Description buffer -> (target buffer, the offsets of its region), as the comparator found them.
type BufferBinding = HashMap<BufferId, (BufferId, Vec<Expr>)>;

/// TVM's `tensorize(block_or_loop, intrin)`: a loop is blockized first; the
/// block must then match the intrinsic's description (TVM's
/// TensorizeComparator: same loops, iterators, bindings and computation, each
/// buffer of the description bound to a region of the same shape, dtype and
/// scope).
pub fn tensorize(
    func: &mut PrimFunc,
    target: super::BlockOrLoop,
    intrin_name: &str,
    preserve_unit_iters: bool,
) -> Result<BlockId, ScheduleError> {
    let declared = func
        .tensor_intrins
        .iter()
        .find(|d| d.name == intrin_name)
        .cloned();
    let shipped = crate::schedule::tensor_intrin::get(intrin_name);
    let desc = match (&declared, shipped) {
        (Some(d), None) => d.desc.clone(),
        (None, Some(s)) => s.desc.clone(),
        (Some(_), Some(_)) => {
            return Err(ScheduleError::InvalidArgument {
                what: "tensor_intrin",
                why: format!("the workload declares `{intrin_name}`, which is also the name of an intrinsic tirtui ships; TVM refuses to register a name twice: rename the workload's"),
            })
        }
        (None, None) => {
            let mut known: Vec<&str> = func.tensor_intrins.iter().map(|d| d.name.as_str()).collect();
            known.extend(crate::schedule::tensor_intrin::names());
            return Err(ScheduleError::InvalidArgument {
                what: "tensor_intrin",
                why: format!(
                    "no tensor intrinsic named `{intrin_name}`; tirtui knows {} (a workload declares more with `TensorIntrin.register(\"name\", desc_func, impl_func)`)",
                    known.join(", ")
                ),
            });
        }
    };
    // The culprit must exist in the program before this step (a failed step is undone).
    let culprit = match target {
        super::BlockOrLoop::Loop(l) => loop_culprit(func, l),
        super::BlockOrLoop::Block(b) => block_culprit(func, b),
    };
    let block_id = match target {
        super::BlockOrLoop::Loop(l) => blockize(func, l, preserve_unit_iters)?,
        super::BlockOrLoop::Block(b) => {
            crate::schedule::analysis::get_block(func, b)?;
            b
        }
    };
    let realize = crate::schedule::analysis::get_block(func, block_id)?.clone();
    let Stmt::BlockRealize(desc_root) = &desc.body else {
        return Err(ScheduleError::InvalidArgument {
            what: "tensor_intrin",
            why: format!("the description of `{intrin_name}` has no root block"),
        });
    };
    let mut cmp = Comparator {
        func,
        desc: &desc,
        target: &realize.block,
        vars: HashMap::new(),
        buffers: HashMap::new(),
        ranges: block_ranges(&realize.block),
    };
    if let Err(why) = cmp.stmt(&realize.block.body, &desc_root.block.body) {
        return Err(ScheduleError::TensorizeMismatch {
            block: culprit,
            intrin: intrin_name.to_string(),
            why,
            desc: crate::script::print_func(&desc),
        });
    }
    let bound = std::mem::take(&mut cmp.buffers);
    match declared {
        Some(d) => replace_body(func, block_id, &d, &bound)?,
        None => mark(func, block_id, intrin_name),
    }
    Ok(block_id)
}

/// A shipped intrinsic: the block keeps its body and is marked for codegen.
fn mark(func: &mut PrimFunc, block_id: BlockId, intrin_name: &str) {
    if let Some(r) = tree::block_realize_mut(func, block_id) {
        let anns = &mut r.block.annotations;
        anns.retain(|(k, _)| k != TENSOR_INTRIN_ATTR);
        anns.push((
            TENSOR_INTRIN_ATTR.to_string(),
            AnnValue::Str(intrin_name.to_string()),
        ));
    }
}

/// A declared intrinsic (TVM's Tensorize steps 3-5): the impl's buffers
/// become `T.match_buffer`s of the regions the description's buffers were
/// bound to, the block's body becomes the impl's root body and the block
/// takes the impl root block's annotations.
fn replace_body(
    func: &mut PrimFunc,
    block_id: BlockId,
    intrin: &DeclaredIntrin,
    bound: &BufferBinding,
) -> Result<(), ScheduleError> {
    let (desc, imp) = (&intrin.desc, &intrin.implementation);
    let culprit = block_culprit(func, block_id);
    let fail = |why: String| ScheduleError::UnsupportedPattern {
        block: culprit.clone(),
        why: format!("tensorize with `{}`: {why}", intrin.name),
    };
    let Stmt::BlockRealize(impl_root) = &imp.body else {
        return Err(fail("the implementation has no root block".into()));
    };
    let impl_root = &impl_root.block;
    // TVM normalizes the intrinsic to the block's index type (the widest of
    // its regions' mins): an int64 program gets `T.int64(16)` shapes and
    // `C.elem_offset // T.int64(256)`.
    let block = crate::schedule::analysis::get_block(func, block_id)?;
    let wide = block
        .block
        .reads
        .iter()
        .chain(&block.block.writes)
        .flat_map(|r| &r.region)
        .any(|r| index_dtype(func, &r.min) == crate::ir::DataType::I64);
    let mut importer = Importer::new(imp, wide);
    let mut match_buffers = Vec::new();
    for (dp, ip) in desc.params.iter().zip(&imp.params) {
        let (Some(db), Some(ib)) = (dp.buffer, ip.buffer) else {
            return Err(fail("a parameter is not a buffer".into()));
        };
        let Some((source, offsets)) = bound.get(&db) else {
            return Err(fail(format!(
                "the description never accesses `{}`, so no region of the block is bound to it",
                desc.buffer(db).name
            )));
        };
        let Some(impl_region) = impl_root
            .reads
            .iter()
            .chain(&impl_root.writes)
            .find(|r| r.buffer == ib)
        else {
            return Err(fail(format!(
                "the implementation's root block declares no region of `{}`",
                imp.buffer(ib).name
            )));
        };
        let lead = offsets
            .len()
            .checked_sub(impl_region.region.len())
            .ok_or_else(|| {
                fail(format!(
                    "`{}` has more dimensions than the block's `{}`",
                    imp.buffer(ib).name,
                    func.buffer(*source).name
                ))
            })?;
        // TVM: the leading dimensions are points; the rest start at the
        // bound offsets with the impl region's extents.
        let mut region = Vec::with_capacity(offsets.len());
        for (k, min) in offsets.iter().enumerate() {
            let dtype = index_dtype(func, min);
            let extent = match k.checked_sub(lead) {
                Some(i) => impl_region.region[i].extent.clone(),
                None => Expr::Int(1, dtype),
            };
            let extent = match extent {
                Expr::Int(v, _) => Expr::Int(v, dtype),
                other => other,
            };
            region.push(Range::new(min.clone(), extent));
        }
        let buffer = importer.buffer(func, ib).map_err(&fail)?;
        match_buffers.push(MatchBuffer {
            buffer,
            source: BufferRegion {
                buffer: *source,
                region,
            },
        });
    }
    let mut body = impl_root.body.clone();
    importer.stmt(func, &mut body).map_err(&fail)?;
    let anns = impl_root.annotations.clone();
    let r = tree::block_realize_mut(func, block_id).ok_or(ScheduleError::StaleBlock(block_id))?;
    let block = &mut r.block;
    block.body = body;
    block.match_buffers = match_buffers;
    for (k, v) in anns {
        if !block.annotations.iter().any(|(x, _)| *x == k) {
            block.annotations.push((k, v));
        }
    }
    Ok(())
}

/// The integer type of an index (its first variable or literal; int32 by default).
fn index_dtype(func: &PrimFunc, e: &Expr) -> crate::ir::DataType {
    let mut found = None;
    e.visit(&mut |x| {
        if found.is_none() {
            found = match x {
                Expr::Var(v) => Some(func.var(*v).dtype),
                Expr::Int(_, t) => Some(*t),
                _ => None,
            };
        }
    });
    found.unwrap_or(crate::ir::DataType::I32)
}

/// Copies the implementation's statements into the scheduled function:
/// its buffers, variables, loops and blocks get fresh ids there.
struct Importer<'a> {
    from: &'a PrimFunc,
    /// The block indexes with int64: the impl's index constants become int64.
    wide: bool,
    buffers: HashMap<BufferId, BufferId>,
    vars: HashMap<VarId, VarId>,
}

impl<'a> Importer<'a> {
    fn new(from: &'a PrimFunc, wide: bool) -> Self {
        Importer {
            from,
            wide,
            buffers: HashMap::new(),
            vars: HashMap::new(),
        }
    }

    /// The scheduled function's copy of an impl buffer (made once).
    fn buffer(&mut self, func: &mut PrimFunc, b: BufferId) -> Result<BufferId, String> {
        if let Some(x) = self.buffers.get(&b) {
            return Ok(*x);
        }
        let src = self.from.buffer(b);
        let symbolic = src
            .shape
            .iter()
            .chain(&src.strides)
            .chain(&src.elem_offset)
            .any(|e| e.as_int().is_none());
        if symbolic {
            return Err(format!(
                "the implementation's `{}` declares a symbolic shape, strides or elem_offset, which tirtui cannot bind yet",
                src.name
            ));
        }
        let widen = |v: &[Expr]| -> Vec<Expr> { v.iter().map(|e| self.index(e.clone())).collect() };
        let copy = Buffer {
            name: src.name.clone(),
            shape: widen(&src.shape),
            dtype: src.dtype,
            scope: src.scope,
            strides: widen(&src.strides),
            elem_offset: src.elem_offset.clone().map(|e| self.index(e)),
            axis_align: src.axis_align.clone(),
            swizzle_bytes: src.swizzle_bytes,
            uniform_across: Vec::new(),
            offset_factor: src.offset_factor,
            data_alignment: src.data_alignment,
        };
        let id = func.new_buffer(copy);
        self.buffers.insert(b, id);
        Ok(id)
    }

    /// An index constant in the block's index type.
    fn index(&self, e: Expr) -> Expr {
        match e {
            Expr::Int(v, crate::ir::DataType::I32) if self.wide => {
                Expr::Int(v, crate::ir::DataType::I64)
            }
            other => other,
        }
    }

    fn var(&mut self, func: &mut PrimFunc, v: VarId) -> VarId {
        if let Some(x) = self.vars.get(&v) {
            return *x;
        }
        let decl = self.from.var(v);
        let id = func.new_vector_var(decl.name.clone(), decl.dtype, decl.lanes);
        self.vars.insert(v, id);
        id
    }

    /// Renumbers `stmt` (an impl statement) into `func`.
    fn stmt(&mut self, func: &mut PrimFunc, stmt: &mut Stmt) -> Result<(), String> {
        let mut failure = None;
        stmt.visit_mut(&mut |s| {
            if failure.is_some() {
                return;
            }
            if let Err(e) = self.node(func, s) {
                failure = Some(e);
            }
        });
        failure.map_or(Ok(()), Err)
    }

    /// One statement's own ids and expressions (children are visited apart).
    fn node(&mut self, func: &mut PrimFunc, s: &mut Stmt) -> Result<(), String> {
        match s {
            Stmt::For(l) => {
                l.id = func.new_loop_id();
                l.var = self.var(func, l.var);
            }
            Stmt::LetStmt(l) => l.var = self.var(func, l.var),
            Stmt::BufferStore(st) => st.buffer = self.buffer(func, st.buffer)?,
            Stmt::BlockRealize(r) => {
                let b = &mut r.block;
                b.id = func.new_block_id();
                for iv in &mut b.iter_vars {
                    iv.var = self.var(func, iv.var);
                }
                for reg in b.reads.iter_mut().chain(b.writes.iter_mut()) {
                    reg.buffer = self.buffer(func, reg.buffer)?;
                }
                for a in &mut b.alloc_buffers {
                    *a = self.buffer(func, *a)?;
                }
                for m in &mut b.match_buffers {
                    m.buffer = self.buffer(func, m.buffer)?;
                    m.source.buffer = self.buffer(func, m.source.buffer)?;
                }
            }
            Stmt::Seq(_) | Stmt::IfThenElse(_) | Stmt::Evaluate(_) => {}
        }
        let mut failure = None;
        s.for_each_expr_mut(|e| {
            if let Err(why) = self.expr(func, e) {
                failure.get_or_insert(why);
            }
        });
        failure.map_or(Ok(()), Err)
    }

    fn expr(&mut self, func: &mut PrimFunc, e: &mut Expr) -> Result<(), String> {
        let mut failure = None;
        let wide = self.wide;
        e.rewrite(&mut |x| {
            // `B.elem_offset` is an index: constants beside it follow its type.
            if let (true, Expr::Binary(_, a, b)) = (wide, &mut *x) {
                let offset = |e: &Expr| {
                    matches!(e, Expr::Opaque(o) if matches!(**o, crate::ir::Opaque::ElemOffset(_)))
                };
                let (a_offset, b_offset) = (offset(a), offset(b));
                for (side, other) in [(&mut **b, a_offset), (&mut **a, b_offset)] {
                    if let (true, Expr::Int(v, crate::ir::DataType::I32)) = (other, &*side) {
                        *side = Expr::Int(*v, crate::ir::DataType::I64);
                    }
                }
            }
            let done = match x {
                Expr::Var(v) => {
                    *v = self.var(func, *v);
                    Ok(())
                }
                Expr::Load(b, _) => self.buffer(func, *b).map(|n| *b = n),
                Expr::Opaque(o) => match o.buffer_mut() {
                    Some(b) => self.buffer(func, *b).map(|n| *b = n),
                    None => Ok(()),
                },
                _ => Ok(()),
            };
            if let Err(why) = done {
                failure.get_or_insert(why);
            }
        });
        failure.map_or(Ok(()), Err)
    }
}
