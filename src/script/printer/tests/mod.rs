//! Printer tests: IR builders and fixtures shared by the test modules.

mod print;
mod roundtrip;

use crate::ir::{
    AnnValue, BinOp, Block, BlockRealize, Buffer, BufferId, BufferRegion, BufferStore, DataType,
    Expr, For, ForKind, IfThenElse, Intrinsic, IterKind, IterVar, LetStmt, Module, Param, PrimFunc,
    Range, Stmt, StorageScope, ThreadAxis, VarId,
};

pub(super) fn new_func(name: &str) -> PrimFunc {
    PrimFunc {
        name: name.to_string(),
        params: Vec::new(),
        attrs: vec![
            ("global_symbol".to_string(), AnnValue::Str(name.to_string())),
            ("tir.noalias".to_string(), AnnValue::Bool(true)),
        ],
        vars: Default::default(),
        buffers: Default::default(),
        body: Stmt::Seq(Vec::new()),
        next_loop_id: 0,
        next_block_id: 0,
        param_layouts: Vec::new(),
        unprinted_reads: Vec::new(),
        tensor_intrins: Default::default(),
    }
}

pub(super) fn param(f: &mut PrimFunc, name: &str, shape: &[i64], dtype: DataType) -> BufferId {
    let shape = shape.iter().map(|&d| Expr::int(d)).collect();
    let b = f.new_buffer(Buffer::new(name, shape, dtype));
    f.params.push(Param {
        name: name.to_string(),
        buffer: Some(b),
        var: None,
    });
    b
}

pub(super) fn alloc(
    f: &mut PrimFunc,
    name: &str,
    shape: &[i64],
    dtype: DataType,
    scope: StorageScope,
) -> BufferId {
    let shape = shape.iter().map(|&d| Expr::int(d)).collect();
    let mut buf = Buffer::new(name, shape, dtype);
    buf.scope = scope;
    f.new_buffer(buf)
}

pub(super) fn var(f: &mut PrimFunc, name: &str) -> VarId {
    f.new_var(name, DataType::I32)
}

pub(super) fn v(x: VarId) -> Expr {
    Expr::Var(x)
}

pub(super) fn loop_kind(
    f: &mut PrimFunc,
    x: VarId,
    min: i64,
    extent: i64,
    kind: ForKind,
    body: Stmt,
) -> Stmt {
    Stmt::For(crate::ir::Shared::new(For {
        id: f.new_loop_id(),
        var: x,
        min: Expr::int(min),
        extent: Expr::int(extent),
        kind,
        annotations: Vec::new(),
        body,
    }))
}

pub(super) fn serial(f: &mut PrimFunc, x: VarId, extent: i64, body: Stmt) -> Stmt {
    loop_kind(f, x, 0, extent, ForKind::Serial, body)
}

pub(super) fn point_region(b: BufferId, idx: &[Expr]) -> BufferRegion {
    BufferRegion {
        buffer: b,
        region: idx.iter().map(|e| Range::point(e.clone())).collect(),
    }
}

pub(super) struct BlockSpec {
    name: &'static str,
    iters: Vec<(VarId, i64, IterKind, Expr)>,
    reads: Vec<BufferRegion>,
    writes: Vec<BufferRegion>,
    init: Option<Stmt>,
    body: Stmt,
}

pub(super) fn block(f: &mut PrimFunc, s: BlockSpec) -> Stmt {
    Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values: s.iters.iter().map(|it| it.3.clone()).collect(),
        predicate: Expr::bool(true),
        block: Block {
            id: f.new_block_id(),
            name: s.name.to_string(),
            iter_vars: s
                .iters
                .iter()
                .map(|&(var, ext, kind, _)| IterVar {
                    var,
                    dom: Range::from_extent(Expr::int(ext)),
                    kind,
                })
                .collect(),
            reads: s.reads,
            writes: s.writes,
            init: s.init,
            body: s.body,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    }))
}

pub(super) fn root(f: &mut PrimFunc, allocs: Vec<BufferId>, body: Stmt) -> Stmt {
    let id = f.new_block_id();
    Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values: Vec::new(),
        predicate: Expr::bool(true),
        block: Block {
            id,
            name: "root".to_string(),
            iter_vars: Vec::new(),
            reads: Vec::new(),
            writes: Vec::new(),
            init: None,
            body,
            alloc_buffers: allocs,
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    }))
}

pub(super) fn store(b: BufferId, idx: &[Expr], value: Expr) -> Stmt {
    Stmt::BufferStore(BufferStore {
        buffer: b,
        indices: idx.to_vec(),
        value,
    })
}

pub(super) fn load(b: BufferId, idx: &[Expr]) -> Expr {
    Expr::Load(b, idx.to_vec())
}

/// The seed GEMM: C = A * B, 1024^3 float32, one reduction block "B".
pub(super) fn gemm() -> PrimFunc {
    let mut f = new_func("main");
    let a = param(&mut f, "A", &[1024, 1024], DataType::F32);
    let b = param(&mut f, "B", &[1024, 1024], DataType::F32);
    let c = param(&mut f, "C", &[1024, 1024], DataType::F32);
    let [i, j, k] = ["i", "j", "k"].map(|n| var(&mut f, n));
    let [vi, vj, vk] = ["vi", "vj", "vk"].map(|n| var(&mut f, n));
    let c_ij = [v(vi), v(vj)];
    let update = Expr::add(
        load(c, &c_ij),
        Expr::mul(load(a, &[v(vi), v(vk)]), load(b, &[v(vk), v(vj)])),
    );
    let blk = block(
        &mut f,
        BlockSpec {
            name: "B",
            iters: vec![
                (vi, 1024, IterKind::Spatial, v(i)),
                (vj, 1024, IterKind::Spatial, v(j)),
                (vk, 1024, IterKind::Reduce, v(k)),
            ],
            reads: vec![
                point_region(a, &[v(vi), v(vk)]),
                point_region(b, &[v(vk), v(vj)]),
            ],
            writes: vec![point_region(c, &c_ij)],
            init: Some(store(c, &c_ij, Expr::Float(0.0, DataType::F32))),
            body: store(c, &c_ij, update),
        },
    );
    let lk = serial(&mut f, k, 1024, blk);
    let lj = serial(&mut f, j, 1024, lk);
    let li = serial(&mut f, i, 1024, lj);
    f.body = root(&mut f, Vec::new(), li);
    f
}

pub(super) fn bind(f: &mut PrimFunc, x: VarId, extent: i64, axis: ThreadAxis, body: Stmt) -> Stmt {
    loop_kind(f, x, 0, extent, ForKind::ThreadBinding(axis), body)
}

/// GEMM of 1000 x 1024 x 1024 after `split(i, [None, 16])` and binding the two halves.
pub(super) fn split_gemm() -> PrimFunc {
    let mut f = new_func("main");
    f.attrs.clear();
    let a = param(&mut f, "A", &[1000, 1024], DataType::F32);
    let b = param(&mut f, "B", &[1024, 1024], DataType::F32);
    let c = param(&mut f, "C", &[1000, 1024], DataType::F32);
    let [i0, i1, j, k] = ["i_0", "i_1", "j", "k"].map(|n| var(&mut f, n));
    let [vi, vj, vk] = ["vi", "vj", "vk"].map(|n| var(&mut f, n));
    let fused = Expr::add(Expr::mul(v(i0), Expr::int(16)), v(i1));
    let c_ij = [v(vi), v(vj)];
    let update = Expr::add(
        load(c, &c_ij),
        Expr::mul(load(a, &[v(vi), v(vk)]), load(b, &[v(vk), v(vj)])),
    );
    let mut blk = block(
        &mut f,
        BlockSpec {
            name: "B",
            iters: vec![
                (vi, 1000, IterKind::Spatial, fused.clone()),
                (vj, 1024, IterKind::Spatial, v(j)),
                (vk, 1024, IterKind::Reduce, v(k)),
            ],
            reads: vec![
                point_region(a, &[v(vi), v(vk)]),
                point_region(b, &[v(vk), v(vj)]),
            ],
            writes: vec![point_region(c, &c_ij)],
            init: Some(store(c, &c_ij, Expr::Float(0.0, DataType::F32))),
            body: store(c, &c_ij, update),
        },
    );
    if let Stmt::BlockRealize(r) = &mut blk {
        r.predicate = Expr::lt(fused, Expr::int(1000));
    }
    let lk = serial(&mut f, k, 1024, blk);
    let lj = serial(&mut f, j, 1024, lk);
    let l1 = bind(&mut f, i1, 16, ThreadAxis::ThreadIdx(0), lj);
    let l0 = bind(&mut f, i0, 63, ThreadAxis::BlockIdx(0), l1);
    f.body = root(&mut f, Vec::new(), l0);
    f
}

/// `A_shared = cache_read(A)` into a float16 shared buffer in the root, a block-local
/// accumulator, sliced regions, and sibling loops that reuse the name `ax0`.
pub(super) fn cached_f16() -> PrimFunc {
    let mut f = new_func("main");
    f.attrs.clear();
    let a = param(&mut f, "A", &[4, 16], DataType::F16);
    let b = param(&mut f, "B", &[4], DataType::F16);
    let a_sh = alloc(
        &mut f,
        "A_shared",
        &[4, 16],
        DataType::F16,
        StorageScope::Shared,
    );
    let acc = alloc(&mut f, "acc", &[1], DataType::F32, StorageScope::Local);
    let [ax0, ax1, ax0b, k] = ["ax0", "ax1", "ax0", "k"].map(|n| var(&mut f, n));
    let [v0, v1, w0] = ["v0", "v1", "v0"].map(|n| var(&mut f, n));
    let copy = block(
        &mut f,
        BlockSpec {
            name: "A_shared",
            iters: vec![
                (v0, 4, IterKind::Spatial, v(ax0)),
                (v1, 16, IterKind::Spatial, v(ax1)),
            ],
            reads: vec![point_region(a, &[v(v0), v(v1)])],
            writes: vec![point_region(a_sh, &[v(v0), v(v1)])],
            init: None,
            body: store(a_sh, &[v(v0), v(v1)], load(a, &[v(v0), v(v1)])),
        },
    );
    let l1 = serial(&mut f, ax1, 16, copy);
    let l0 = serial(&mut f, ax0, 4, l1);
    let acc_body = Stmt::Seq(vec![
        store(acc, &[Expr::int(0)], Expr::Float(0.0, DataType::F32)),
        serial(
            &mut f,
            k,
            16,
            store(
                acc,
                &[Expr::int(0)],
                Expr::add(
                    load(acc, &[Expr::int(0)]),
                    Expr::Cast(DataType::F32, Box::new(load(a_sh, &[v(w0), v(k)]))),
                ),
            ),
        ),
        store(
            b,
            &[v(w0)],
            Expr::Cast(DataType::F16, Box::new(load(acc, &[Expr::int(0)]))),
        ),
    ]);
    let mut sum = block(
        &mut f,
        BlockSpec {
            name: "B",
            iters: vec![(w0, 4, IterKind::Spatial, v(ax0b))],
            reads: vec![BufferRegion {
                buffer: a_sh,
                region: vec![Range::point(v(w0)), Range::from_extent(Expr::int(16))],
            }],
            writes: vec![point_region(b, &[v(w0)])],
            init: None,
            body: acc_body,
        },
    );
    if let Stmt::BlockRealize(r) = &mut sum {
        r.block.alloc_buffers.push(acc);
    }
    let l2 = serial(&mut f, ax0b, 4, sum);
    f.body = root(&mut f, vec![a_sh], Stmt::Seq(vec![l0, l2]));
    f
}
