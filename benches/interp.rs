//! Interpreter throughput: a 128x128x128 float32 GEMM with `T.init`, built as IR
//! directly so the bench does not depend on the parser.

use criterion::{criterion_group, criterion_main, Criterion};
use tirtui::interp::{random_args, run};
use tirtui::ir::{
    Block, BlockRealize, Buffer, BufferId, BufferStore, DataType, Expr, For, ForKind, IterKind,
    IterVar, Param, PrimFunc, Range, Stmt, VarId,
};

fn gemm(n: i64) -> PrimFunc {
    let mut f = PrimFunc {
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
    };
    let param = |f: &mut PrimFunc, name: &str| {
        let b = f.new_buffer(Buffer::new(
            name,
            vec![Expr::int(n), Expr::int(n)],
            DataType::F32,
        ));
        f.params.push(Param {
            name: name.into(),
            buffer: Some(b),
            var: None,
        });
        b
    };
    let (a, b, c) = (param(&mut f, "A"), param(&mut f, "B"), param(&mut f, "C"));
    let [i, j, k, vi, vj, vk]: [VarId; 6] =
        ["i", "j", "k", "vi", "vj", "vk"].map(|name| f.new_var(name, DataType::I32));
    let at = |x: BufferId, r: VarId, s: VarId| Expr::Load(x, vec![Expr::var(r), Expr::var(s)]);
    let store = |value: Expr| {
        Stmt::BufferStore(BufferStore {
            buffer: c,
            indices: vec![Expr::var(vi), Expr::var(vj)],
            value,
        })
    };
    let iter = |var: VarId, kind: IterKind| IterVar {
        var,
        dom: Range::from_extent(Expr::int(n)),
        kind,
    };
    let block =
        |f: &mut PrimFunc, name: &str, iters: Vec<IterVar>, values: Vec<Expr>, init, body| {
            Stmt::BlockRealize(tirtui::ir::Shared::new(BlockRealize {
                iter_values: values,
                predicate: Expr::bool(true),
                block: Block {
                    id: f.new_block_id(),
                    name: name.into(),
                    iter_vars: iters,
                    reads: Vec::new(),
                    writes: Vec::new(),
                    init,
                    body,
                    alloc_buffers: Vec::new(),
                    match_buffers: Vec::new(),
                    annotations: Vec::new(),
                },
            }))
        };
    let update = store(Expr::add(
        at(c, vi, vj),
        Expr::mul(at(a, vi, vk), at(b, vk, vj)),
    ));
    let init = store(Expr::Float(0.0, DataType::F32));
    let iters = vec![
        iter(vi, IterKind::Spatial),
        iter(vj, IterKind::Spatial),
        iter(vk, IterKind::Reduce),
    ];
    let values = vec![Expr::var(i), Expr::var(j), Expr::var(k)];
    let mut body = block(&mut f, "C", iters, values, Some(init), update);
    for var in [k, j, i] {
        let id = f.new_loop_id();
        body = Stmt::For(tirtui::ir::Shared::new(For {
            id,
            var,
            min: Expr::int(0),
            extent: Expr::int(n),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body,
        }));
    }
    f.body = block(&mut f, "root", Vec::new(), Vec::new(), None, body);
    f
}

fn bench_gemm(c: &mut Criterion) {
    let func = gemm(128);
    let args = random_args(&func, 0).expect("constant shapes");
    c.bench_function("interp gemm 128^3 f32", |bench| {
        bench.iter(|| {
            let mut args = args.clone();
            run(&func, &mut args).expect("in bounds");
            args
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_gemm
}
criterion_main!(benches);
