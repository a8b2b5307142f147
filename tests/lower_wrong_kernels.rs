//! Kernels that used to be emitted wrong (or unlaunchable) with exit 0
//! (issue 15, issue 9 items 5-6): each is now correct on the SIMT simulator,
//! or refused with an error that names the culprit. The sessions live in
//! `tests/data/wrong_kernels/`; `bench/wrong_kernels.sh` runs them on a GPU.

use std::path::Path;
use tirtui::interp;
use tirtui::trace::{Session, Trace};

fn session(name: &str) -> (tirtui::ir::PrimFunc, tirtui::ir::PrimFunc) {
    let path = Path::new("tests/data/wrong_kernels").join(name);
    let session = Session::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let (src_name, src) = session.workload_source(Some(&path)).unwrap();
    let func = tirtui::script::parse_func(&src, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&src_name, &src).render()));
    let scheduled = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic(name).render()))
        .func()
        .clone();
    (func, scheduled)
}

fn parse(text: &str) -> tirtui::ir::PrimFunc {
    tirtui::script::parse_func(text, None)
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("test", text).render()))
}

#[track_caller]
fn simulates_like_the_interpreter(workload: &tirtui::ir::PrimFunc, func: &tirtui::ir::PrimFunc) {
    let mut expected = interp::random_args(workload, 11).unwrap();
    let mut got = expected.clone();
    interp::run(workload, &mut expected).unwrap();
    let lowered = tirtui::lower::lower(func).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate(&lowered, &mut got)
        .unwrap_or_else(|e| panic!("simulation: {e}\n{lowered}"));
    assert_eq!(got, expected, "wrong result\n{lowered}");
}

#[track_caller]
fn lower_error(func: &tirtui::ir::PrimFunc) -> String {
    match tirtui::codegen::generate(func) {
        Ok(out) => panic!("expected an error, got a kernel:\n{}", out.kernel.source),
        Err(e) => e.to_string(),
    }
}

/// Before the fix `float C_local[16]` was declared inside `for k`: a fresh,
/// uninitialised accumulator every iteration (the simulator read it unwritten).
#[test]
fn a_local_accumulator_outlives_a_reduction_loop_outside_the_threads() {
    let (workload, scheduled) = session("local_cache_write_reduction_outside_threads.yaml");
    simulates_like_the_interpreter(&workload, &scheduled);
    let cuda = tirtui::codegen::generate(&scheduled).unwrap().kernel.source;
    let decl = cuda.find("float C_local[16];").expect("C_local declared");
    let k_loop = cuda.find("for (int k = 0").expect("k loop");
    assert!(
        decl < k_loop,
        "C_local must be declared before the k loop:\n{cuda}"
    );
}

#[test]
fn a_set_scope_accumulator_is_compacted_to_the_thread_tile() {
    let (_, scheduled) = session("set_scope_local_accumulator.yaml");
    let out = tirtui::codegen::generate(&scheduled).unwrap();
    assert!(
        out.kernel.source.contains("float C_local[16];"),
        "{}",
        out.kernel.source
    );
    assert_eq!(out.kernel.local_bytes, 64);
}

/// issue 9 item 5: a local buffer every thread holds whole (1 MB per thread)
/// used to be emitted as `float C[262144];` with exit 0.
#[test]
fn a_local_buffer_over_the_per_thread_limit_is_refused() {
    let func = parse(
        r#"
@T.prim_func
def main(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32")):
    C = T.alloc_buffer((512, 512), scope="local")
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        for tx in T.thread_binding(256, thread="threadIdx.x"):
            for i, j in T.grid(512, 512):
                with T.block("C"):
                    vi, vj = T.axis.remap("SS", [i, j])
                    C[vi, vj] = A[vi, vj]
            for j in range(512):
                with T.block("B"):
                    vi = T.axis.spatial(512, bx * 256 + tx)
                    vj = T.axis.spatial(512, j)
                    B[vi, vj] = C[511 - vi, vj]
"#,
    );
    let err = lower_error(&func);
    assert!(
        err.contains("local memory per thread") && err.contains("C 1048576 B"),
        "{err}"
    );
}

#[test]
fn shared_memory_over_the_opt_in_limit_is_refused() {
    let func = parse(
        r#"
@T.prim_func
def main(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32")):
    A_shared = T.alloc_buffer((256, 256), scope="shared")
    for bx in T.thread_binding(1, thread="blockIdx.x"):
        for tx in T.thread_binding(256, thread="threadIdx.x"):
            for j in range(256):
                with T.block("A_shared"):
                    vi, vj = T.axis.remap("SS", [tx, j])
                    A_shared[vi, vj] = A[vi, vj]
            for j in range(256):
                with T.block("B"):
                    vi, vj = T.axis.remap("SS", [tx, j])
                    B[vi, vj] = A_shared[255 - vi, vj]
"#,
    );
    let err = lower_error(&func);
    assert!(
        err.contains("262144 bytes of shared memory per block") && err.contains("A_shared"),
        "{err}"
    );
}

/// 32769 x 65536 int8 elements: `blockIdx.x * 1024 + threadIdx.x` passes 2^31.
#[test]
fn buffers_over_two_gigaelements_get_64_bit_indices() {
    let (_, scheduled) = session("int8_copy_over_2gb.yaml");
    let cuda = tirtui::codegen::generate(&scheduled).unwrap().kernel.source;
    assert!(
        cuda.contains("B[((long long)blockIdx.x) * 1024 + ((long long)threadIdx.x)]"),
        "{cuda}"
    );
    assert!(!cuda.contains("(int)"), "{cuda}");
}

#[test]
fn a_loop_past_the_int_range_counts_in_64_bits() {
    let func = parse(
        r#"
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    for tx in T.thread_binding(1, thread="threadIdx.x"):
        for k in range(T.int64(1099511627776)):
            with T.block("A"):
                vk = T.axis.reduce(T.int64(1099511627776), k)
                A[0] = A[0] + T.float32(1)
"#,
    );
    let cuda = tirtui::codegen::generate(&func).unwrap().kernel.source;
    assert!(!cuda.contains("for (int k"), "{cuda}");
    assert!(
        cuda.contains("for (long long k = 0; k < 1099511627776LL; ++k)"),
        "{cuda}"
    );
}

/// The TVM-shaped program: one copy of B_shared per virtual thread (TVM 0.27
/// emits the same offsets, +40/80/120, for producer and consumer).
#[test]
fn vthread_shared_cache_write_interleaves_like_tvm() {
    let text = std::fs::read_to_string(
        "tests/data/lower/inject_virtual_thread/vthread_shared_cache_write.tir",
    )
    .unwrap();
    let func = parse(&text);
    simulates_like_the_interpreter(&func, &func);
    let cuda = tirtui::codegen::generate(&func).unwrap().kernel.source;
    assert!(cuda.contains("+ 120] = A["), "{cuda}");
    assert!(cuda.contains("= B_shared[ax0 + 120];"), "{cuda}");
}

/// Virtual threads that read each other's writes are refused. Before the
/// fix each got its own copy of B_shared and read it unwritten, exit 0.
#[test]
fn dependent_virtual_threads_are_refused() {
    let text = std::fs::read_to_string("tests/data/lower/err/vthread_shared_relaxed.tir").unwrap();
    let err = lower_error(&parse(&text));
    assert!(
        err.contains("virtual threads of loop `j_1` depend on each other")
            && err.contains("of B_shared"),
        "{err}"
    );
}

/// The shipped reproduction (issue 15's first item): before the fixes every
/// virtual thread wrote B_shared at +40/80/120 and read it at +32/64/96.
/// Now it is TVM's kernel, and correct.
#[test]
fn the_shipped_vthread_reproduction_is_correct() {
    let (workload, scheduled) = session("vthread_shared_cache_write.yaml");
    simulates_like_the_interpreter(&workload, &scheduled);
    let cuda = tirtui::codegen::generate(&scheduled).unwrap().kernel.source;
    assert!(!cuda.contains("+ 96]"), "{cuda}");
}

/// Its GEMM cousin: gemm_000_3_warp_tiling with a shared cache_write asks
/// for 278 KB of shared memory (as in TVM): refused, naming C_shared.
#[test]
fn warp_tiling_with_a_shared_cache_write_is_refused_or_correct() {
    let path = Path::new("tests/data/wrong_kernels/gemm_warp_tiling_shared_cache_write.yaml");
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (_, src) = session.workload_source(Some(path)).unwrap();
    let src = src.replace("1024", "128");
    let func = tirtui::script::parse_func(&src, None).unwrap();
    let scheduled = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("gemm").render()))
        .func()
        .clone();
    match tirtui::lower::lower(&scheduled) {
        Ok(_) => simulates_like_the_interpreter(&func, &scheduled),
        Err(e) => assert!(
            e.to_string()
                .contains("278528 bytes of shared memory per block (C_shared 262144 B"),
            "{e}"
        ),
    }
}

/// issue 16: explicit unrolling used to copy without bound (3.9 GB abort).
#[test]
fn explicit_unrolling_is_bounded() {
    let func = parse(
        r#"
@T.prim_func
def main(A: T.Buffer((64, 64, 64), "float32")):
    for tx in T.thread_binding(1, thread="threadIdx.x"):
        for i in T.serial(64, annotations={"pragma_auto_unroll_max_step": 1000000000, "pragma_unroll_explicit": 1}):
            for j, k in T.grid(64, 64):
                with T.block("A"):
                    vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                    A[vi, vj, vk] = T.float32(1)
"#,
    );
    let err = lower_error(&func);
    assert!(
        err.contains("explicit unrolling of loop") && err.contains("pragma_auto_unroll_max_step"),
        "{err}"
    );
}

/// issue 16: storage_align with a huge factor overflowed the padded stride.
#[test]
fn storage_align_with_a_huge_factor_is_refused() {
    let func = parse(
        r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    A_shared = T.alloc_buffer((16, 16), scope="shared")
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for j in range(16):
            with T.block("A_shared"):
                vi, vj = T.axis.remap("SS", [tx, j])
                T.block_attr({"buffer_dim_align": [[0, 0, 4611686018427387904, 1]]})
                A_shared[vi, vj] = A[vi, vj]
        for j in range(16):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [tx, j])
                B[vi, vj] = A_shared[vi, vj]
"#,
    );
    let err = lower_error(&func);
    assert!(err.contains("storage_align on A_shared"), "{err}");
}

#[test]
fn kernel_argument_sizes_do_not_overflow() {
    let arg = tirtui::codegen::KernelArg {
        name: "A".into(),
        dtype: "float32".into(),
        shape: vec![i64::MAX, 2],
        is_output: false,
        layout: None,
    };
    assert_eq!(arg.checked_elements(), None);
    assert_eq!(arg.elements(), i64::MAX);
}

/// issue 29: the bound on explicit unrolling counted statements, so 1,024
/// copies of one store summing 4,096 loads passed it (20 s, 1.35 GB in a
/// release build). It counts IR nodes now, before copying: 256 copies of a
/// 4,096-term store (about 12,000 nodes each) are over `MAX_UNROLLED_NODES`.
#[test]
fn explicit_unrolling_counts_the_expressions_it_would_copy() {
    // A balanced sum: the parser takes 200 levels of nesting, not a chain of 4,096.
    fn sum(lo: usize, hi: usize) -> String {
        match hi - lo {
            1 => format!("B[{lo}]"),
            n => format!("({} + {})", sum(lo, lo + n / 2), sum(lo + n / 2, hi)),
        }
    }
    let func = parse(&format!(
        r#"
@T.prim_func
def main(A: T.Buffer((256,), "float32"), B: T.Buffer((4096,), "float32")):
    for tx in T.thread_binding(1, thread="threadIdx.x"):
        for i in T.serial(256, annotations={{"pragma_auto_unroll_max_step": 1000000000, "pragma_unroll_explicit": 1}}):
            with T.block("A"):
                vi = T.axis.spatial(256, i)
                A[vi] = {}
"#,
        sum(0, 4096)
    ));
    let started = std::time::Instant::now();
    let err = lower_error(&func);
    assert!(
        err.contains("explicit unrolling of loop `i` would write out 256 copies of")
            && err.contains("tirtui allows at most 2000000 unrolled nodes")
            && err.contains("pragma_auto_unroll_max_step"),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

/// issue 29: every kernel carries the function's variables and buffers, so
/// lowering and printing 2,000 kernels took 8 s and 1.2 GB; a function is
/// split into at most `MAX_KERNELS` (256) kernels, and 256 still lower.
#[test]
fn the_number_of_kernels_is_bounded() {
    // `n` kernels, after `buffers` unused buffers.
    let program = |n: usize, buffers: usize| {
        let mut s = format!(
            "@T.prim_func\ndef main(A: T.Buffer((64,), \"float32\"), B: T.Buffer(({n}, 64), \"float32\")):\n"
        );
        for k in 0..buffers {
            s += &format!("    X{k} = T.alloc_buffer((1,))\n");
        }
        for k in 0..n {
            s += &format!(
                "    for i in T.thread_binding(64, thread=\"threadIdx.x\"):\n        with T.block(\"B{k}\"):\n            vi = T.axis.spatial(64, i)\n            B[{k}, vi] = A[vi] + T.float32({k})\n"
            );
        }
        parse(&s)
    };
    let kernels = |n: usize| program(n, 0);
    let err = lower_error(&kernels(257));
    assert!(
        err.contains("257 kernels; tirtui allows at most 256 kernels per function"),
        "{err}"
    );
    let out = tirtui::codegen::generate(&kernels(256)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.kernel.launches.len(), 256);
    // 200 kernels of a function with 20,400 declarations (20,000 unused
    // buffers, two variables per kernel) would carry 4,080,000 copies.
    // Root allocations nest one in another when lowered: 20,000 of them
    // need more than a test thread's 2 MiB of stack (the CLI's main thread
    // has 8 MiB and lowers this in 0.2 s).
    let err = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || lower_error(&program(200, 20_000)))
        .unwrap()
        .join()
        .unwrap();
    assert!(
        err.contains("200 kernels would each carry its 20402 variables and buffers; tirtui allows at most 4000000"),
        "{err}"
    );
}
