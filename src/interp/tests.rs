//! Unit tests of the interpreter's semantics on hand-built IR (no parser needed).

use super::*;
use crate::ir::Param;
use crate::ir::{
    BinOp, Block, BlockRealize, Buffer, BufferRegion, BufferStore, DataType, Expr, For, ForKind,
    IfThenElse, Intrinsic, IterKind, IterVar, LetStmt, MatchBuffer, PrimFunc, Range, Stmt,
    ThreadAxis, VarId,
};

/// A tiny builder for test functions.
struct Fb {
    f: PrimFunc,
}

impl Fb {
    fn new() -> Fb {
        Fb {
            f: PrimFunc {
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
            },
        }
    }

    fn param(&mut self, name: &str, shape: &[i64], dtype: DataType) -> BufferId {
        let shape = shape.iter().map(|&d| Expr::int(d)).collect();
        let b = self.f.new_buffer(Buffer::new(name, shape, dtype));
        self.f.params.push(Param {
            name: name.into(),
            buffer: Some(b),
            var: None,
        });
        b
    }

    fn buffer(&mut self, name: &str, shape: &[i64], dtype: DataType) -> BufferId {
        let shape = shape.iter().map(|&d| Expr::int(d)).collect();
        self.f.new_buffer(Buffer::new(name, shape, dtype))
    }

    fn var(&mut self, name: &str) -> VarId {
        self.f.new_var(name, DataType::I32)
    }

    fn for_kind(&mut self, v: VarId, extent: i64, kind: ForKind, body: Stmt) -> Stmt {
        let id = self.f.new_loop_id();
        Stmt::For(crate::ir::Shared::new(For {
            id,
            var: v,
            min: Expr::int(0),
            extent: Expr::int(extent),
            kind,
            annotations: Vec::new(),
            body,
        }))
    }

    fn for_(&mut self, v: VarId, extent: i64, body: Stmt) -> Stmt {
        self.for_kind(v, extent, ForKind::Serial, body)
    }

    /// A block with iter vars `(var, domain min, domain extent, kind, binding)`.
    fn block(
        &mut self,
        name: &str,
        iters: Vec<(VarId, i64, i64, IterKind, Expr)>,
        predicate: Expr,
        init: Option<Stmt>,
        body: Stmt,
    ) -> Stmt {
        let id = self.f.new_block_id();
        Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
            iter_values: iters.iter().map(|i| i.4.clone()).collect(),
            predicate,
            block: Block {
                id,
                name: name.into(),
                iter_vars: iters
                    .into_iter()
                    .map(|(var, min, extent, kind, _)| IterVar {
                        var,
                        dom: Range::new(Expr::int(min), Expr::int(extent)),
                        kind,
                    })
                    .collect(),
                reads: Vec::new(),
                writes: Vec::new(),
                init,
                body,
                alloc_buffers: Vec::new(),
                match_buffers: Vec::new(),
                annotations: Vec::new(),
            },
        }))
    }

    /// Wraps `body` in the root block, allocating `allocs` there.
    fn finish(mut self, body: Stmt, allocs: Vec<BufferId>) -> PrimFunc {
        let mut root = self.block("root", Vec::new(), Expr::bool(true), None, body);
        if let Stmt::BlockRealize(r) = &mut root {
            r.block.alloc_buffers = allocs;
        }
        self.f.body = root;
        self.f
    }
}

fn v(x: VarId) -> Expr {
    Expr::var(x)
}

fn load(b: BufferId, idx: Vec<Expr>) -> Expr {
    Expr::Load(b, idx)
}

fn store(b: BufferId, idx: Vec<Expr>, value: Expr) -> Stmt {
    Stmt::BufferStore(BufferStore {
        buffer: b,
        indices: idx,
        value,
    })
}

fn f32c(x: f64) -> Expr {
    Expr::Float(x, DataType::F32)
}

/// `C[i, j] += A[i, k] * B[k, j]` with `T.init`, loops ordered by `order`
/// (a permutation of "ijk").
fn gemm(m: i64, n: i64, k: i64, order: &str) -> PrimFunc {
    let mut fb = Fb::new();
    let a = fb.param("A", &[m, k], DataType::F32);
    let b = fb.param("B", &[k, n], DataType::F32);
    let c = fb.param("C", &[m, n], DataType::F32);
    let (i, j, kk) = (fb.var("i"), fb.var("j"), fb.var("k"));
    let (vi, vj, vk) = (fb.var("vi"), fb.var("vj"), fb.var("vk"));
    let init = store(c, vec![v(vi), v(vj)], f32c(0.0));
    let update = store(
        c,
        vec![v(vi), v(vj)],
        Expr::add(
            load(c, vec![v(vi), v(vj)]),
            Expr::mul(load(a, vec![v(vi), v(vk)]), load(b, vec![v(vk), v(vj)])),
        ),
    );
    let block = fb.block(
        "C",
        vec![
            (vi, 0, m, IterKind::Spatial, v(i)),
            (vj, 0, n, IterKind::Spatial, v(j)),
            (vk, 0, k, IterKind::Reduce, v(kk)),
        ],
        Expr::bool(true),
        Some(init),
        update,
    );
    let mut body = block;
    for ch in order.chars().rev() {
        body = match ch {
            'i' => fb.for_(i, m, body),
            'j' => fb.for_(j, n, body),
            _ => fb.for_(kk, k, body),
        };
    }
    fb.finish(body, Vec::new())
}

/// Naive f32 matmul accumulating in the same order as the TIR above.
fn naive_gemm(a: &[f64], b: &[f64], m: usize, n: usize, k: usize) -> Vec<f64> {
    let mut c = vec![0.0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            for kk in 0..k {
                c[i * n + j] += a[i * k + kk] as f32 * b[kk * n + j] as f32;
            }
        }
    }
    c.into_iter().map(f64::from).collect()
}

#[test]
fn gemm_matches_naive_matmul_in_every_loop_order() {
    let (m, n, k) = (5, 6, 7);
    for order in ["ijk", "kij", "jki"] {
        let f = gemm(m, n, k, order);
        let mut args = random_args(&f, 3).unwrap();
        run(&f, &mut args).unwrap();
        let want = naive_gemm(
            &args[0].to_f64_vec(),
            &args[1].to_f64_vec(),
            m as usize,
            n as usize,
            k as usize,
        );
        assert_eq!(args[2].to_f64_vec(), want, "loop order {order}");
    }
}

#[test]
fn random_args_poisons_outputs_only() {
    let f = gemm(3, 3, 3, "ijk");
    let args = random_args(&f, 9).unwrap();
    assert_eq!(args.len(), 3);
    assert_eq!(args[0].shape, vec![3, 3]);
    assert!(args[0].to_f64_vec().iter().all(|x| x.is_finite()));
    assert_ne!(args[0], args[1], "each parameter gets its own seed");
    assert_eq!(args, random_args(&f, 9).unwrap());
    // C is read by the update, so it is an input too; a write-only output is NaN.
    let mut fb = Fb::new();
    let a = fb.param("A", &[3], DataType::F32);
    let b = fb.param("B", &[3], DataType::F32);
    let i = fb.var("i");
    let body = fb.for_(i, 3, store(b, vec![v(i)], load(a, vec![v(i)])));
    let f = fb.finish(body, Vec::new());
    let args = random_args(&f, 1).unwrap();
    assert!(args[0].to_f64_vec().iter().all(|x| x.is_finite()));
    assert!(args[1].to_f64_vec().iter().all(|x| x.is_nan()));
}

/// `C[0] = sum over vk of A[vk]` where the reduce iter var is bound to
/// `k + offset` over a domain `[dom_min, dom_min + dom_extent)`.
fn sum_with_init(loop_extent: i64, offset: i64, dom_min: i64, dom_extent: i64) -> PrimFunc {
    let mut fb = Fb::new();
    let a = fb.param("A", &[8], DataType::F32);
    let c = fb.param("C", &[1], DataType::F32);
    let (k, vk) = (fb.var("k"), fb.var("vk"));
    let init = store(c, vec![Expr::int(0)], f32c(0.0));
    let update = store(
        c,
        vec![Expr::int(0)],
        Expr::add(load(c, vec![Expr::int(0)]), load(a, vec![v(vk)])),
    );
    let binding = Expr::add(v(k), Expr::int(offset));
    let block = fb.block(
        "S",
        vec![(vk, dom_min, dom_extent, IterKind::Reduce, binding)],
        Expr::bool(true),
        Some(init),
        update,
    );
    let body = fb.for_(k, loop_extent, block);
    fb.finish(body, Vec::new())
}

#[test]
fn init_runs_when_reduce_vars_are_at_domain_min() {
    let a: Vec<f64> = (1..=8).map(f64::from).collect();
    let run_sum = |f: &PrimFunc| {
        let mut args = vec![
            Tensor::from_f64(DataType::F32, &[8], &a),
            Tensor::from_f64(DataType::F32, &[1], &[100.0]),
        ];
        run(f, &mut args).unwrap();
        args[1].to_f64_vec()[0]
    };
    // Domain [2, 6), bound to k + 2: init at vk == 2 wipes the initial 100.
    assert_eq!(run_sum(&sum_with_init(4, 2, 2, 4)), 3.0 + 4.0 + 5.0 + 6.0);
    // Domain [0, 4) but bound to k + 1: vk never reaches 0, so init never runs.
    assert_eq!(run_sum(&sum_with_init(3, 1, 0, 4)), 100.0 + 2.0 + 3.0 + 4.0);
}

#[test]
fn predicate_skips_block_and_guards_domain() {
    // B[vi] = A[vi] * 2 over a 10-element axis split as 4 x 3 = 12 iterations.
    let build = |with_predicate: bool| {
        let mut fb = Fb::new();
        let a = fb.param("A", &[10], DataType::F32);
        let b = fb.param("B", &[10], DataType::F32);
        let (io, ii, vi) = (fb.var("io"), fb.var("ii"), fb.var("vi"));
        let fused = Expr::add(Expr::mul(v(io), Expr::int(3)), v(ii));
        let predicate = if with_predicate {
            Expr::lt(fused.clone(), Expr::int(10))
        } else {
            Expr::bool(true)
        };
        let body = store(b, vec![v(vi)], Expr::mul(load(a, vec![v(vi)]), f32c(2.0)));
        let block = fb.block(
            "B",
            vec![(vi, 0, 10, IterKind::Spatial, fused)],
            predicate,
            None,
            body,
        );
        let inner = fb.for_kind(
            ii,
            3,
            ForKind::ThreadBinding(ThreadAxis::ThreadIdx(0)),
            block,
        );
        let outer = fb.for_kind(
            io,
            4,
            ForKind::ThreadBinding(ThreadAxis::BlockIdx(0)),
            inner,
        );
        fb.finish(outer, Vec::new())
    };
    let f = build(true);
    let mut args = random_args(&f, 5).unwrap();
    run(&f, &mut args).unwrap();
    let want: Vec<f64> = args[0].to_f64_vec().iter().map(|x| x * 2.0).collect();
    assert_eq!(args[1].to_f64_vec(), want);

    let f = build(false);
    let mut args = random_args(&f, 5).unwrap();
    let err = run(&f, &mut args).unwrap_err();
    assert_eq!(
        err.to_string(),
        "block \"B\": iter var `vi` = 10 is outside its domain [0, 10)"
    );
}

/// `Out[0] = op(X[0], X[1])` in `dtype`.
fn binary_on(dtype: DataType, op: BinOp, x: f64, y: f64) -> f64 {
    let mut fb = Fb::new();
    let a = fb.param("X", &[2], dtype);
    let out = fb.param("Out", &[1], dtype);
    let value = Expr::binary(op, load(a, vec![Expr::int(0)]), load(a, vec![Expr::int(1)]));
    let f = fb.finish(store(out, vec![Expr::int(0)], value), Vec::new());
    let mut args = vec![
        Tensor::from_f64(dtype, &[2], &[x, y]),
        Tensor::zeros(dtype, &[1]),
    ];
    run(&f, &mut args).unwrap();
    args[1].to_f64_vec()[0]
}

#[test]
fn float_results_round_to_their_dtype() {
    assert_eq!(binary_on(DataType::F32, BinOp::Add, 1.0, 1e-8), 1.0);
    assert_eq!(binary_on(DataType::F64, BinOp::Add, 1.0, 1e-8), 1.0 + 1e-8);
    // 1 + 2^-11 is a tie in float16 and rounds to even (1.0); 1 + 3 * 2^-11 rounds up.
    assert_eq!(
        binary_on(DataType::F16, BinOp::Add, 1.0, 2f64.powi(-11)),
        1.0
    );
    assert_eq!(
        binary_on(DataType::F16, BinOp::Add, 1.0, 3.0 * 2f64.powi(-11)),
        1.0 + 2f64.powi(-9)
    );
    assert_eq!(binary_on(DataType::BF16, BinOp::Mul, 3.0, 1.0 / 3.0), 1.0);
    assert_eq!(
        binary_on(DataType::F32, BinOp::Div, 1.0, 3.0),
        (1.0f32 / 3.0) as f64
    );
    assert_eq!(binary_on(DataType::F32, BinOp::FloorDiv, -7.0, 2.0), -4.0);
    assert_eq!(binary_on(DataType::F32, BinOp::FloorMod, -7.0, 2.0), 1.0);
}

#[test]
fn ints_wrap_and_divide_as_tvm() {
    let max = i32::MAX as f64;
    assert_eq!(
        binary_on(DataType::I32, BinOp::Add, max, 1.0),
        i32::MIN as f64
    );
    assert_eq!(binary_on(DataType::I8, BinOp::Mul, 16.0, 16.0), 0.0);
    assert_eq!(binary_on(DataType::U8, BinOp::Sub, 0.0, 1.0), 255.0);
    assert_eq!(binary_on(DataType::I32, BinOp::Div, -7.0, 2.0), -3.0);
    assert_eq!(binary_on(DataType::I32, BinOp::Mod, -7.0, 2.0), -1.0);
    assert_eq!(binary_on(DataType::I32, BinOp::FloorDiv, -7.0, 2.0), -4.0);
    assert_eq!(binary_on(DataType::I32, BinOp::FloorMod, -7.0, 2.0), 1.0);
    assert_eq!(binary_on(DataType::I64, BinOp::Max, -7.0, 2.0), 2.0);
}

#[test]
fn integer_division_by_zero_is_an_error() {
    let mut fb = Fb::new();
    let a = fb.param("X", &[2], DataType::I32);
    let value = Expr::floordiv(load(a, vec![Expr::int(0)]), load(a, vec![Expr::int(1)]));
    let body = fb.block(
        "D",
        Vec::new(),
        Expr::bool(true),
        None,
        store(a, vec![Expr::int(0)], value),
    );
    let f = fb.finish(body, Vec::new());
    let mut args = vec![Tensor::from_f64(DataType::I32, &[2], &[5.0, 0.0])];
    let err = run(&f, &mut args).unwrap_err();
    assert_eq!(err, InterpError::DivisionByZero { block: "D".into() });
}

#[test]
fn out_of_bounds_names_buffer_indices_and_block() {
    let mut fb = Fb::new();
    let a = fb.param("A", &[4, 4], DataType::F32);
    let (i, vi) = (fb.var("i"), fb.var("vi"));
    // A[vi, vi + 1] runs off the end when vi == 3.
    let body = store(
        a,
        vec![v(vi), Expr::int(0)],
        load(a, vec![v(vi), Expr::add(v(vi), Expr::int(1))]),
    );
    let block = fb.block(
        "shift",
        vec![(vi, 0, 4, IterKind::Spatial, v(i))],
        Expr::bool(true),
        None,
        body,
    );
    let body = fb.for_(i, 4, block);
    let f = fb.finish(body, Vec::new());
    let mut args = random_args(&f, 1).unwrap();
    let err = run(&f, &mut args).unwrap_err();
    assert_eq!(
        err,
        InterpError::OutOfBounds {
            buffer: "A".into(),
            indices: vec![3, 4],
            shape: vec![4, 4],
            block: "shift".into(),
        }
    );
    assert_eq!(
        err.to_string(),
        "out-of-bounds access A[3, 4] (shape [4, 4]) in block \"shift\""
    );
    // The arguments keep their storage after a failure.
    assert_eq!(args[0].len(), 16);
}

#[test]
fn arguments_are_checked() {
    let f = gemm(2, 3, 4, "ijk");
    let mut args = random_args(&f, 1).unwrap();
    assert_eq!(
        run(&f, &mut args[..2]).unwrap_err(),
        InterpError::ArgCount {
            expected: 3,
            got: 2
        }
    );
    args[1] = Tensor::zeros(DataType::F32, &[3, 4]);
    assert!(matches!(
        run(&f, &mut args).unwrap_err(),
        InterpError::ArgShape { .. }
    ));
    args[1] = Tensor::zeros(DataType::F16, &[4, 3]);
    assert!(matches!(
        run(&f, &mut args).unwrap_err(),
        InterpError::ArgDtype { .. }
    ));
    args[1] = Tensor {
        dtype: DataType::F32,
        shape: vec![4, 3],
        data: TensorData::Int(vec![0; 12]),
    };
    assert!(matches!(
        run(&f, &mut args).unwrap_err(),
        InterpError::ArgData { .. }
    ));
}

#[test]
fn allocations_start_poisoned_and_cache_blocks_work() {
    // Local[0] is read before it is written: the output is NaN.
    let mut fb = Fb::new();
    let out = fb.param("Out", &[1], DataType::F32);
    let local = fb.buffer("Local", &[1], DataType::F32);
    let body = store(out, vec![Expr::int(0)], load(local, vec![Expr::int(0)]));
    let f = fb.finish(body, vec![local]);
    let mut args = vec![Tensor::zeros(DataType::F32, &[1])];
    run(&f, &mut args).unwrap();
    assert!(args[0].to_f64_vec()[0].is_nan());

    // A staged copy through a root allocation gives the input back.
    let mut fb = Fb::new();
    let a = fb.param("A", &[6], DataType::F32);
    let b = fb.param("B", &[6], DataType::F32);
    let shared = fb.buffer("A_shared", &[6], DataType::F32);
    let (i, j, vi, vj) = (fb.var("i"), fb.var("j"), fb.var("vi"), fb.var("vj"));
    let copy = store(shared, vec![v(vi)], load(a, vec![v(vi)]));
    let copy = fb.block(
        "A_shared",
        vec![(vi, 0, 6, IterKind::Spatial, v(i))],
        Expr::bool(true),
        None,
        copy,
    );
    let copy = fb.for_(i, 6, copy);
    let use_ = store(b, vec![v(vj)], load(shared, vec![v(vj)]));
    let use_ = fb.block(
        "B",
        vec![(vj, 0, 6, IterKind::Spatial, v(j))],
        Expr::bool(true),
        None,
        use_,
    );
    let use_ = fb.for_(j, 6, use_);
    let f = fb.finish(Stmt::Seq(vec![copy, use_]), vec![shared]);
    let mut args = random_args(&f, 2).unwrap();
    run(&f, &mut args).unwrap();
    assert_eq!(
        args[0],
        Tensor {
            dtype: DataType::F32,
            shape: vec![6],
            data: args[1].data.clone()
        }
    );
}

#[test]
fn select_is_eager_and_if_then_else_is_lazy() {
    let build = |intrinsic: bool| {
        let mut fb = Fb::new();
        let a = fb.param("A", &[4], DataType::F32);
        let b = fb.param("B", &[4], DataType::F32);
        let i = fb.var("i");
        let cond = Expr::lt(v(i), Expr::int(3));
        let safe = load(a, vec![Expr::add(v(i), Expr::int(1))]);
        let args = vec![cond, safe, f32c(0.0)];
        let value = if intrinsic {
            Expr::Call(Intrinsic::IfThenElse, args)
        } else {
            let mut it = args.into_iter();
            let (c, x, y) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
            Expr::Select(Box::new(c), Box::new(x), Box::new(y))
        };
        let body = fb.for_(i, 4, store(b, vec![v(i)], value));
        fb.finish(body, Vec::new())
    };
    let f = build(true);
    let mut args = random_args(&f, 4).unwrap();
    run(&f, &mut args).unwrap();
    let a = args[0].to_f64_vec();
    assert_eq!(args[1].to_f64_vec(), vec![a[1], a[2], a[3], 0.0]);
    let f = build(false);
    let mut args = random_args(&f, 4).unwrap();
    assert!(matches!(
        run(&f, &mut args).unwrap_err(),
        InterpError::OutOfBounds { .. }
    ));
}

#[test]
fn let_if_casts_and_intrinsics() {
    // for i: let t = float32(i) * 0.5; if i % 2 == 0: B[i] = T.exp(t) else: B[i] = -1
    let mut fb = Fb::new();
    let b = fb.param("B", &[4], DataType::F32);
    let i = fb.var("i");
    let t = fb.f.new_var("t", DataType::F32);
    let half_i = Expr::mul(Expr::Cast(DataType::F32, Box::new(v(i))), f32c(0.5));
    let even = Expr::binary(BinOp::Eq, Expr::floormod(v(i), Expr::int(2)), Expr::int(0));
    let body = Stmt::LetStmt(crate::ir::Shared::new(LetStmt {
        var: t,
        value: half_i,
        body: Stmt::IfThenElse(crate::ir::Shared::new(IfThenElse {
            cond: even,
            then_case: store(b, vec![v(i)], Expr::Call(Intrinsic::Exp, vec![v(t)])),
            else_case: Some(store(b, vec![v(i)], Expr::int(-1))),
        })),
        local_scalar: false,
    }));
    let body = fb.for_kind(i, 4, ForKind::Unrolled, body);
    let f = fb.finish(body, Vec::new());
    let mut args = vec![Tensor::zeros(DataType::F32, &[4])];
    run(&f, &mut args).unwrap();
    let e1 = (1.0f64).exp() as f32 as f64;
    assert_eq!(args[0].to_f64_vec(), vec![1.0, -1.0, e1, -1.0]);
}

#[test]
fn match_buffer_views_a_region() {
    // Row r of A is matched as a 1-D buffer Row; B[r] = Row[0] + Row[2].
    let mut fb = Fb::new();
    let a = fb.param("A", &[3, 4], DataType::F32);
    let b = fb.param("B", &[3], DataType::F32);
    let row = fb.buffer("Row", &[4], DataType::F32);
    let (r, vr) = (fb.var("r"), fb.var("vr"));
    let value = Expr::add(load(row, vec![Expr::int(0)]), load(row, vec![Expr::int(2)]));
    let mut block = fb.block(
        "sum",
        vec![(vr, 0, 3, IterKind::Spatial, v(r))],
        Expr::bool(true),
        None,
        store(b, vec![v(vr)], value),
    );
    if let Stmt::BlockRealize(br) = &mut block {
        br.block.match_buffers.push(MatchBuffer {
            buffer: row,
            source: BufferRegion {
                buffer: a,
                region: vec![Range::point(v(vr)), Range::from_extent(Expr::int(4))],
            },
        });
    }
    let body = fb.for_(r, 3, block);
    let f = fb.finish(body, Vec::new());
    let mut args = random_args(&f, 8).unwrap();
    run(&f, &mut args).unwrap();
    let a = args[0].to_f64_vec();
    let want: Vec<f64> = (0..3)
        .map(|r| (a[r * 4] as f32 + a[r * 4 + 2] as f32) as f64)
        .collect();
    assert_eq!(args[1].to_f64_vec(), want);
}

#[test]
fn unbound_variables_and_symbolic_shapes_are_errors() {
    let mut fb = Fb::new();
    let a = fb.param("A", &[2], DataType::I32);
    let n = fb.var("n");
    let f = fb.finish(store(a, vec![Expr::int(0)], v(n)), Vec::new());
    let mut args = vec![Tensor::zeros(DataType::I32, &[2])];
    assert_eq!(
        run(&f, &mut args).unwrap_err(),
        InterpError::UnknownVar { name: "n".into() }
    );

    let mut fb = Fb::new();
    let n = fb.var("n");
    let a = fb.param("A", &[2], DataType::I32);
    fb.f.buffers[a.0 as usize].shape = vec![v(n)];
    let f = fb.finish(Stmt::Seq(Vec::new()), Vec::new());
    assert_eq!(
        random_args(&f, 0).unwrap_err(),
        InterpError::NonConstantShape { buffer: "A".into() }
    );
    let mut f = f;
    f.buffers[0].shape = vec![Expr::int(1 << 20), Expr::int(1 << 20)];
    assert_eq!(
        random_args(&f, 0).unwrap_err(),
        InterpError::TooLarge {
            buffer: "A".into(),
            elems: 1 << 40
        }
    );
}

#[test]
fn ids_that_are_not_in_the_arenas_are_errors_not_panics() {
    let mut fb = Fb::new();
    let a = fb.param("A", &[2], DataType::I32);
    let body = store(a, vec![Expr::int(0)], Expr::Var(VarId(99)));
    let f = fb.finish(body, Vec::new());
    let mut args = vec![Tensor::zeros(DataType::I32, &[2])];
    assert!(matches!(
        run(&f, &mut args).unwrap_err(),
        InterpError::UnknownVar { .. }
    ));
    let mut f = f;
    f.body = store(BufferId(7), vec![Expr::int(0)], Expr::int(1));
    assert!(matches!(
        run(&f, &mut args).unwrap_err(),
        InterpError::UnknownBuffer { .. }
    ));
}
