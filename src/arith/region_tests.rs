//! Tests of access-region inference, region hulls and region relaxation.

use super::*;
use crate::arith::testutil::c;
use crate::ir::{
    Block, BlockId, BlockRealize, Buffer, BufferStore, DataType, For, ForKind, IterKind, IterVar,
    LoopId, PrimFunc, Stmt,
};

fn func() -> PrimFunc {
    PrimFunc {
        name: "main".into(),
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
    }
}

fn buf(f: &mut PrimFunc, name: &str, shape: &[i64]) -> BufferId {
    f.new_buffer(Buffer::new(
        name,
        shape.iter().map(|s| c(*s)).collect(),
        DataType::F32,
    ))
}

fn iv(var: VarId, extent: i64, kind: IterKind) -> IterVar {
    IterVar {
        var,
        dom: Range::from_extent(c(extent)),
        kind,
    }
}

fn block(name: &str, iter_vars: Vec<IterVar>, init: Option<Stmt>, body: Stmt) -> Block {
    Block {
        id: BlockId(0),
        name: name.into(),
        iter_vars,
        reads: Vec::new(),
        writes: Vec::new(),
        init,
        body,
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: Vec::new(),
    }
}

fn store(b: BufferId, idx: Vec<Expr>, value: Expr) -> Stmt {
    Stmt::BufferStore(BufferStore {
        buffer: b,
        indices: idx,
        value,
    })
}

fn serial(var: VarId, extent: i64, body: Stmt) -> Stmt {
    Stmt::For(crate::ir::Shared::new(For {
        id: LoopId(0),
        var,
        min: c(0),
        extent: c(extent),
        kind: ForKind::Serial,
        annotations: Vec::new(),
        body,
    }))
}

fn ld(b: BufferId, idx: Vec<Expr>) -> Expr {
    Expr::Load(b, idx)
}

fn points(b: BufferId, idx: Vec<Expr>) -> BufferRegion {
    BufferRegion {
        buffer: b,
        region: idx.into_iter().map(Range::point).collect(),
    }
}

fn matmul(with_init: bool) -> (PrimFunc, Block, [BufferId; 3], [Expr; 3]) {
    let mut f = func();
    let (a, b, cb) = (
        buf(&mut f, "A", &[128, 128]),
        buf(&mut f, "B", &[128, 128]),
        buf(&mut f, "C", &[128, 128]),
    );
    let vi = f.new_var("vi", DataType::I32);
    let vj = f.new_var("vj", DataType::I32);
    let vk = f.new_var("vk", DataType::I32);
    let (ei, ej, ek) = (Expr::Var(vi), Expr::Var(vj), Expr::Var(vk));
    let update = Expr::add(
        ld(cb, vec![ei.clone(), ej.clone()]),
        Expr::mul(
            ld(a, vec![ei.clone(), ek.clone()]),
            ld(b, vec![ek.clone(), ej.clone()]),
        ),
    );
    let init = with_init.then(|| {
        store(
            cb,
            vec![ei.clone(), ej.clone()],
            Expr::Float(0.0, DataType::F32),
        )
    });
    let blk = block(
        "C",
        vec![
            iv(vi, 128, IterKind::Spatial),
            iv(vj, 128, IterKind::Spatial),
            iv(vk, 128, IterKind::Reduce),
        ],
        init,
        store(cb, vec![ei.clone(), ej.clone()], update),
    );
    (f, blk, [a, b, cb], [ei, ej, ek])
}

#[test]
fn matmul_with_init_does_not_read_its_output() {
    let (f, blk, [a, b, cb], [i, j, k]) = matmul(true);
    let (reads, writes) = infer_access_regions(&f, &blk);
    assert_eq!(
        reads,
        vec![
            points(a, vec![i.clone(), k.clone()]),
            points(b, vec![k, j.clone()])
        ]
    );
    assert_eq!(writes, vec![points(cb, vec![i, j])]);
}

#[test]
fn update_block_without_init_reads_its_output_first() {
    let (f, blk, [a, b, cb], [i, j, k]) = matmul(false);
    let (reads, writes) = infer_access_regions(&f, &blk);
    assert_eq!(
        reads,
        vec![
            points(cb, vec![i.clone(), j.clone()]),
            points(a, vec![i.clone(), k.clone()]),
            points(b, vec![k, j.clone()])
        ]
    );
    assert_eq!(writes, vec![points(cb, vec![i, j])]);
}

#[test]
fn inner_loops_are_relaxed_and_allocs_skipped() {
    let mut f = func();
    let a = buf(&mut f, "A", &[1024]);
    let b = buf(&mut f, "B", &[64]);
    let tmp = buf(&mut f, "tmp", &[16]);
    let vi = f.new_var("vi", DataType::I32);
    let k = f.new_var("k", DataType::I32);
    let ei = Expr::Var(vi);
    let idx = Expr::add(Expr::mul(ei.clone(), c(16)), Expr::Var(k));
    let body = Stmt::seq(vec![
        serial(k, 16, store(tmp, vec![Expr::Var(k)], ld(a, vec![idx]))),
        serial(
            k,
            16,
            store(
                b,
                vec![ei.clone()],
                Expr::add(ld(b, vec![ei.clone()]), ld(tmp, vec![Expr::Var(k)])),
            ),
        ),
    ]);
    let mut blk = block("B", vec![iv(vi, 64, IterKind::Spatial)], None, body);
    blk.alloc_buffers.push(tmp);
    let (reads, writes) = infer_access_regions(&f, &blk);
    let a_region = BufferRegion {
        buffer: a,
        region: vec![Range::new(Expr::mul(ei.clone(), c(16)), c(16))],
    };
    assert_eq!(reads, vec![a_region, points(b, vec![ei.clone()])]);
    assert_eq!(writes, vec![points(b, vec![ei])]);
}

#[test]
fn accesses_merge_into_hulls() {
    let mut f = func();
    let a = buf(&mut f, "A", &[130, 8]);
    let o = buf(&mut f, "O", &[128, 8]);
    let vi = f.new_var("vi", DataType::I32);
    let vj = f.new_var("vj", DataType::I32);
    let (ei, ej) = (Expr::Var(vi), Expr::Var(vj));
    let value = Expr::add(
        Expr::add(
            ld(a, vec![ei.clone(), ej.clone()]),
            ld(a, vec![Expr::add(ei.clone(), c(2)), c(0)]),
        ),
        ld(a, vec![Expr::add(ei.clone(), c(1)), ej.clone()]),
    );
    let blk = block(
        "S",
        vec![iv(vi, 128, IterKind::Spatial), iv(vj, 8, IterKind::Spatial)],
        None,
        store(o, vec![ei.clone(), ej.clone()], value),
    );
    let (reads, _) = infer_access_regions(&f, &blk);
    // Rows vi..vi+2 are ordered; column vj vs 0 is decided by vj's domain [0, 8).
    assert_eq!(
        reads,
        vec![BufferRegion {
            buffer: a,
            region: vec![Range::new(ei, c(3)), Range::new(c(0), Expr::add(ej, c(1)))],
        }]
    );
}

#[test]
fn unorderable_hull_covers_the_whole_dimension() {
    let mut f = func();
    let a = buf(&mut f, "A", &[128]);
    let o = buf(&mut f, "O", &[128]);
    let vi = f.new_var("vi", DataType::I32);
    let n = f.new_var("n", DataType::I32);
    let value = Expr::add(ld(a, vec![Expr::Var(vi)]), ld(a, vec![Expr::Var(n)]));
    let blk = block(
        "S",
        vec![iv(vi, 128, IterKind::Spatial)],
        None,
        store(o, vec![Expr::Var(vi)], value),
    );
    let (reads, _) = infer_access_regions(&f, &blk);
    assert_eq!(
        reads,
        vec![BufferRegion {
            buffer: a,
            region: vec![Range::from_extent(c(128))]
        }]
    );
}

#[test]
fn nested_blocks_contribute_declared_regions() {
    let mut f = func();
    let a = buf(&mut f, "A", &[128]);
    let b = buf(&mut f, "B", &[128]);
    let vo = f.new_var("vo", DataType::I32);
    let ii = f.new_var("ii", DataType::I32);
    let vi = f.new_var("vi", DataType::I32);
    let mut inner = block(
        "inner",
        vec![iv(vi, 128, IterKind::Spatial)],
        None,
        store(b, vec![Expr::Var(vi)], ld(a, vec![Expr::Var(vi)])),
    );
    inner.reads = vec![points(a, vec![Expr::Var(vi)])];
    inner.writes = vec![points(b, vec![Expr::Var(vi)])];
    let realize = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values: vec![Expr::add(Expr::mul(Expr::Var(vo), c(16)), Expr::Var(ii))],
        predicate: Expr::bool(true),
        block: inner,
    }));
    let outer = block(
        "outer",
        vec![iv(vo, 8, IterKind::Spatial)],
        None,
        serial(ii, 16, realize),
    );
    let (reads, writes) = infer_access_regions(&f, &outer);
    let tile = |bf| BufferRegion {
        buffer: bf,
        region: vec![Range::new(Expr::mul(Expr::Var(vo), c(16)), c(16))],
    };
    assert_eq!(reads, vec![tile(a)]);
    assert_eq!(writes, vec![tile(b)]);
}

#[test]
fn let_values_are_substituted() {
    let mut f = func();
    let a = buf(&mut f, "A", &[64]);
    let o = buf(&mut f, "O", &[64]);
    let vi = f.new_var("vi", DataType::I32);
    let t = f.new_var("t", DataType::I32);
    let body = Stmt::LetStmt(crate::ir::Shared::new(crate::ir::LetStmt {
        var: t,
        value: Expr::add(Expr::Var(vi), c(1)),
        body: store(o, vec![Expr::Var(vi)], ld(a, vec![Expr::Var(t)])),
        local_scalar: false,
    }));
    let blk = block("S", vec![iv(vi, 63, IterKind::Spatial)], None, body);
    let (reads, _) = infer_access_regions(&f, &blk);
    assert_eq!(reads, vec![points(a, vec![Expr::add(Expr::Var(vi), c(1))])]);
}

#[test]
fn union_and_relax_region() {
    let x = Expr::Var(VarId(0));
    let rs = VarRanges::new();
    let a = vec![Range::new(x.clone(), c(4)), Range::point(c(0))];
    let b = vec![
        Range::new(Expr::add(x.clone(), c(2)), c(4)),
        Range::point(c(3)),
    ];
    assert_eq!(
        union_region(&a, &b, &rs),
        Some(vec![Range::new(x.clone(), c(6)), Range::new(c(0), c(4))])
    );
    let y = Expr::Var(VarId(1));
    assert_eq!(
        union_region(&a, &[Range::point(y.clone()), Range::point(c(0))], &rs),
        None
    );
    assert_eq!(union_region(&a, &b[..1], &rs), None);
    // Relax [x*4 + k, +2) over k in [0, 4): [x*4, x*4 + 5).
    let mut rs = VarRanges::new();
    rs.insert(VarId(1), Range::from_extent(c(4)));
    let region = vec![Range::new(Expr::add(Expr::mul(x.clone(), c(4)), y), c(2))];
    assert_eq!(
        relax_region(&region, &[VarId(1)], &rs),
        Some(vec![Range::new(Expr::mul(x, c(4)), c(5))])
    );
}
