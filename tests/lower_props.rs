//! Property test: random GPU schedules of a GEMM (64x64x64, or 60x52x56 so
//! that splits do not divide and T.where guards the tails; tile sizes,
//! virtual threads, shared and local caches, a local or shared cache_write
//! under the virtual threads, cooperative fetches with or without
//! vectorization, decompose_reduction, unrolling) lower, compute exactly what
//! the workload computes on the SIMT simulator (no barrier races, no read of
//! uninitialised memory), and print as CUDA that NVRTC compiles without a
//! warning where libnvrtc is installed.
//!
//! Plans the schedule rejects (a split that does not fit) and kernels refused
//! for a device limit or dependent virtual threads are `prop_assume!` rejections, not passes: proptest
//! counts them apart and fails when too many are rejected. The seed is fixed
//! (PROPTEST_RNG_SEED overrides it, PROPTEST_CASES sets the number of cases).

use proptest::prelude::*;
use tirtui::interp;
use tirtui::trace::{Session, Trace};

const GEMM: &str = r#"
@T.prim_func
def main(A: T.Buffer((M, K), "float32"), B: T.Buffer((K, N), "float32"), C: T.Buffer((M, N), "float32")):
    for i, j, k in T.grid(M, N, K):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

/// The GEMM with `(m, n, k)` as its extents.
fn gemm((m, n, k): (i64, i64, i64)) -> String {
    GEMM.replace('M', &m.to_string())
        .replace('N', &n.to_string())
        .replace('K', &k.to_string())
}

#[derive(Clone, Debug)]
struct Plan {
    dims: (i64, i64, i64),
    /// Scope of the cache_write: "local" or "shared".
    write_scope: &'static str,
    v: (i64, i64),
    t: (i64, i64),
    inner: (i64, i64),
    bk: i64,
    shared: bool,
    local: bool,
    cache_write: bool,
    lanes: i64,
    decompose: bool,
    unroll: bool,
    vectorize_local: bool,
}

fn steps(p: &Plan) -> String {
    let mut s =
        String::from("tirtui: 1\nsource: x\nsteps:\n  - {op: get_block, name: C, out: c}\n");
    let mut add = |line: String| s.push_str(&format!("  - {line}\n"));
    if p.shared {
        add(
            "{op: cache_read, block: c, read_buffer_index: 0, storage_scope: shared, out: a_sh}"
                .into(),
        );
        if p.local {
            add(
                "{op: cache_read, block: c, read_buffer_index: 0, storage_scope: local, out: a_l}"
                    .into(),
            );
        }
        add(
            "{op: cache_read, block: c, read_buffer_index: 1, storage_scope: shared, out: b_sh}"
                .into(),
        );
        if p.local {
            add(
                "{op: cache_read, block: c, read_buffer_index: 1, storage_scope: local, out: b_l}"
                    .into(),
            );
        }
    }
    if p.cache_write {
        add(format!(
            "{{op: cache_write, block: c, write_buffer_index: 0, storage_scope: {}, out: c_l}}",
            p.write_scope
        ));
    }
    add("{op: get_loops, block: c, out: [i, j, k]}".into());
    add(format!(
        "{{op: split, loop: i, factors: [null, {}, {}, {}], out: [by, vy, ty, yi]}}",
        p.v.0, p.t.0, p.inner.0
    ));
    add(format!(
        "{{op: split, loop: j, factors: [null, {}, {}, {}], out: [bx, vx, tx, xi]}}",
        p.v.1, p.t.1, p.inner.1
    ));
    add(format!(
        "{{op: split, loop: k, factors: [null, {}], out: [ko, ki]}}",
        p.bk
    ));
    add("{op: reorder, ordered_loops: [by, bx, vy, vx, ty, tx, ko, ki, yi, xi]}".into());
    for (l, a) in [
        ("by", "blockIdx.y"),
        ("bx", "blockIdx.x"),
        ("vy", "vthread.y"),
        ("vx", "vthread.x"),
        ("ty", "threadIdx.y"),
        ("tx", "threadIdx.x"),
    ] {
        add(format!("{{op: bind, loop: {l}, thread_axis: {a}}}"));
    }
    if p.shared && p.local {
        add("{op: compute_at, block: a_l, loop: ki}".into());
        add("{op: compute_at, block: b_l, loop: ki}".into());
    }
    if p.shared {
        add("{op: compute_at, block: a_sh, loop: ko}".into());
        add("{op: compute_at, block: b_sh, loop: ko}".into());
    }
    if p.cache_write {
        add("{op: reverse_compute_at, block: c_l, loop: tx}".into());
    }
    if p.shared {
        for x in ["a", "b"] {
            add(format!("{{op: get_loops, block: {x}_sh, out: [{x}0, {x}1, {x}2, {x}3, {x}4, {x}5, {x}6, {x}_y, {x}_x]}}"));
            add(format!("{{op: fuse, loops: [{x}_y, {x}_x], out: {x}_f}}"));
            add(format!("{{op: split, loop: {x}_f, factors: [null, {}, {}, {}], out: [{x}_o, {x}_ty, {x}_tx, {x}_v]}}", p.t.0, p.t.1, p.lanes));
            add(format!(
                "{{op: bind, loop: {x}_ty, thread_axis: threadIdx.y}}"
            ));
            add(format!(
                "{{op: bind, loop: {x}_tx, thread_axis: threadIdx.x}}"
            ));
            if p.lanes > 1 {
                add(format!("{{op: vectorize, loop: {x}_v}}"));
            }
        }
    }
    if p.decompose {
        add("{op: decompose_reduction, block: c, loop: ko, out: c_init}".into());
    }
    if p.unroll {
        add("{op: unroll, loop: ki}".into());
    }
    if p.shared && p.local && p.vectorize_local {
        add("{op: get_loops, block: b_l, out: [l0, l1, l2, l3, l4, l5, l6, l7, l_x]}".into());
        add("{op: vectorize, loop: l_x}".into());
    }
    s
}

fn plans() -> impl Strategy<Value = Plan> {
    let pow = |v: &'static [i64]| proptest::sample::select(v);
    (
        (
            proptest::sample::select(&[(64i64, 64i64, 64i64), (60, 52, 56)][..]),
            proptest::sample::select(&["local", "shared"][..]),
        ),
        (
            pow(&[1, 2]),
            pow(&[1, 2]),
            pow(&[2, 4, 8]),
            pow(&[2, 4, 8]),
            pow(&[1, 2, 4]),
            pow(&[1, 2, 4]),
        ),
        pow(&[4, 8, 16]),
        (any::<bool>(), any::<bool>(), any::<bool>()),
        pow(&[1, 2, 4]),
        (any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(
                (dims, write_scope),
                (vy, vx, ty, tx, yi, xi),
                bk,
                (shared, local, cache_write),
                lanes,
                (decompose, unroll, vectorize_local),
            )| Plan {
                dims,
                write_scope,
                v: (vy, vx),
                t: (ty, tx),
                inner: (yi, xi),
                bk,
                shared,
                local,
                cache_write,
                lanes,
                decompose,
                unroll,
                vectorize_local,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(32),
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            std::env::var("PROPTEST_RNG_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x6c6f_7765),
        ),
        max_global_rejects: 100_000,
        .. ProptestConfig::default()
    })]
    #[test]
    fn random_gpu_schedules_lower_correctly(plan in plans()) {
        let workload = tirtui::script::parse_func(&gemm(plan.dims), None).unwrap();
        let yaml = steps(&plan);
        let session = Session::from_yaml(&yaml, "prop").unwrap_or_else(|e| panic!("{e}\n{yaml}"));
        // A plan the schedule rejects (a split that does not fit) is not a pass.
        let trace = Trace::replay(workload.clone(), &session.steps);
        prop_assume!(trace.is_ok(), "the schedule rejects the plan");
        let trace = trace.unwrap_or_else(|_| unreachable!());
        let func = trace.func();
        let lowered = match tirtui::lower::lower(func) {
            Ok(l) => l,
            // A kernel over a device limit is refused with a reason: not a pass either.
            // So is a schedule whose virtual threads depend on each other.
            // And a barrier that only some threads would reach (thread_sync refuses it;
            // found by this test with a shared cache_write on the 60x52x56 GEMM).
            Err(
                tirtui::lower::LowerError::DeviceLimit { .. }
                | tirtui::lower::LowerError::DependentVirtualThreads { .. }
                | tirtui::lower::LowerError::DivergentBarrier,
            ) => {
                prop_assume!(false, "refused with a reason");
                unreachable!()
            }
            Err(e) => panic!("{e}\n{plan:?}\n{}", tirtui::script::print_func(func)),
        };
        let mut expected = interp::random_args(&workload, 3).unwrap();
        let mut got = expected.clone();
        interp::run(&workload, &mut expected).unwrap();
        tirtui::simt::simulate(&lowered, &mut got)
            .unwrap_or_else(|e| panic!("{e}\n{plan:?}\n{lowered}"));
        prop_assert!(got == expected, "wrong result for {:?}\n{}", plan, lowered);
        let out = tirtui::codegen::emit(&lowered).unwrap();
        // NVRTC is checked where libnvrtc exists; CI installs it, so there its
        // absence is a failure rather than a silent skip.
        let nvrtc = tirtui::runtime::nvrtc_available();
        assert!(
            nvrtc || std::env::var("CI").as_deref() != Ok("true"),
            "libnvrtc is missing under CI=true (.ci/run installs it)"
        );
        if nvrtc {
            let r = tirtui::runtime::nvrtc_compile(&out.kernel, "sm_90")
                .unwrap_or_else(|e| panic!("{e}\n{}", out.kernel.source));
            prop_assert!(r.log.trim().is_empty(), "NVRTC log for {:?}:\n{}\n{}", plan, r.log, out.kernel.source);
        }
    }
}
