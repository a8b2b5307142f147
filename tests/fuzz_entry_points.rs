//! Entry-point fuzzing (issue 16): session loading, replay (random schedules
//! and mutated sessions) and lowering + CUDA generation, on ordinary workloads
//! and hostile ones (zero, prime and huge extents, deep nests). Every input must
//! succeed or fail with an error: no panic, and no input slower than the
//! per-input limit (a watchdog aborts the run and prints the input). Parsing
//! has its own fuzzer, `tests/parser_fuzz.rs`.
//!
//! `TIRTUI_FUZZ_CASES` sets the inputs per entry point (default 300, so that
//! `cargo test` stays quick), `TIRTUI_FUZZ_TIMEOUT_MS` the per-input limit
//! (default 20,000 ms), `TIRTUI_FUZZ_SEED` the seed, `TIRTUI_FUZZ_SECONDS` an
//! optional time budget per entry point. A big run, in release:
//!
//! ```text
//! TIRTUI_FUZZ_CASES=1000000 /usr/bin/time -v cargo test --release \
//!     --test fuzz_entry_points -- --test-threads 1 --nocapture session_load
//! ```

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tirtui::ir::PrimFunc;
use tirtui::schedule::primitive::get_block_loop;
use tirtui::trace::step::{op_specs, FieldKind, Returns};
use tirtui::trace::{Arg, Handle, Session, Step, Trace, Workload};

// Issue 29's reproducers, seeds of the session fuzzers and checked alone.
#[path = "fuzz_entry_points/issue_29.rs"]
mod issue_29;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Figures of one fuzz run, printed at the end.
#[derive(Default)]
struct Figures {
    inputs: usize,
    ok: usize,
    rejected: usize,
    panics: usize,
    first_panic: Option<String>,
    slowest: Duration,
    over_one_second: usize,
}

/// Aborts the process (printing the input) when one input runs past the limit.
struct Watchdog {
    current: Arc<Mutex<Option<(Instant, String)>>>,
    stop: Arc<AtomicBool>,
}

impl Watchdog {
    fn start(entry: &'static str) -> Watchdog {
        let limit = Duration::from_millis(env_usize("TIRTUI_FUZZ_TIMEOUT_MS", 20_000) as u64);
        let current: Arc<Mutex<Option<(Instant, String)>>> = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let (c, s) = (current.clone(), stop.clone());
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
                if let Ok(g) = c.lock() {
                    if let Some((t, input)) = g.as_ref() {
                        if t.elapsed() > limit {
                            eprintln!("{entry} fuzz: HANG (over {limit:?}) on input:\n{input}");
                            std::process::abort();
                        }
                    }
                }
            }
        });
        Watchdog { current, stop }
    }

    fn begin(&self, input: String) {
        if let Ok(mut g) = self.current.lock() {
            *g = Some((Instant::now(), input));
        }
    }

    fn end(&self) {
        if let Ok(mut g) = self.current.lock() {
            *g = None;
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Runs `one` on `cases` inputs; `describe` renders an input for the reports.
fn run_fuzz<I>(
    entry: &'static str,
    default_cases: usize,
    mut make: impl FnMut(&mut Rng, usize) -> I,
    describe: impl Fn(&I) -> String,
    one: impl Fn(&I) -> bool,
) {
    let cases = env_usize("TIRTUI_FUZZ_CASES", default_cases);
    let seed = env_usize("TIRTUI_FUZZ_SEED", 0x16_f022) as u64;
    let mut rng = Rng(seed ^ entry.len() as u64);
    let dog = Watchdog::start(entry);
    let mut fig = Figures::default();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let started = Instant::now();
    // An optional time budget: the run stops early, figures still printed.
    let budget = std::env::var("TIRTUI_FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(Duration::from_secs);
    for i in 0..cases {
        if budget.is_some_and(|b| started.elapsed() > b) {
            break;
        }
        if i > 0 && i % 25_000 == 0 {
            eprintln!(
                "{entry} fuzz: {i} inputs after {:.0} s, {} panics so far, slowest {:.1} ms",
                started.elapsed().as_secs_f64(),
                fig.panics,
                fig.slowest.as_secs_f64() * 1e3
            );
        }
        let input = make(&mut rng, i);
        dog.begin(describe(&input));
        let t = Instant::now();
        let res = catch_unwind(AssertUnwindSafe(|| one(&input)));
        let took = t.elapsed();
        dog.end();
        fig.inputs += 1;
        fig.slowest = fig.slowest.max(took);
        if took > Duration::from_secs(1) {
            fig.over_one_second += 1;
        }
        match res {
            Ok(true) => fig.ok += 1,
            Ok(false) => fig.rejected += 1,
            Err(_) => {
                fig.panics += 1;
                if fig.first_panic.is_none() {
                    fig.first_panic = Some(describe(&input));
                }
            }
        }
    }
    std::panic::set_hook(hook);
    eprintln!(
        "{entry} fuzz: {} inputs in {:.1} s, {} ok, {} rejected with an error, {} panics, slowest input {:.1} ms, {} over 1 s",
        fig.inputs,
        started.elapsed().as_secs_f64(),
        fig.ok,
        fig.rejected,
        fig.panics,
        fig.slowest.as_secs_f64() * 1e3,
        fig.over_one_second
    );
    if let Some(input) = fig.first_panic {
        panic!("{entry}: {} panics; the first on:\n{input}", fig.panics);
    }
}

// ---------------------------------------------------------------- workloads

/// A one-block elementwise workload over `extent` (a TVMScript expression).
fn flat_workload(extent: &str, dtype_int64: bool) -> String {
    let var = if dtype_int64 {
        "T.axis.spatial(E, i)".replace('E', extent)
    } else {
        format!("T.axis.spatial({extent}, i)")
    };
    format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef edge(A: T.Buffer(({extent},), \"float32\"), B: T.Buffer(({extent},), \"float32\")):\n    for i in range({extent}):\n        with T.block(\"B\"):\n            vi = {var}\n            B[vi] = A[vi] + T.float32(1)\n"
    )
}

/// A GEMM with the given extents, so every primitive has something to do.
fn gemm_workload(m: &str, n: &str, k: &str) -> String {
    format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef gemm(A: T.Buffer(({m}, {k}), \"float32\"), B: T.Buffer(({k}, {n}), \"float32\"), C: T.Buffer(({m}, {n}), \"float32\")):\n    for i, j, k in T.grid({m}, {n}, {k}):\n        with T.block(\"C\"):\n            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n            with T.init():\n                C[vi, vj] = T.float32(0)\n            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n"
    )
}

/// `depth` nested loops of extent 2 around one block.
fn deep_workload(depth: usize) -> String {
    let mut s = String::from(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef deep(A: T.Buffer((2,), \"float32\"), B: T.Buffer((2,), \"float32\")):\n",
    );
    for d in 0..depth {
        s.push_str(&"    ".repeat(d + 1));
        s.push_str(&format!("for i{d} in range(2):\n"));
    }
    let ind = "    ".repeat(depth + 1);
    s.push_str(&format!("{ind}with T.block(\"B\"):\n"));
    s.push_str(&format!(
        "{ind}    vi = T.axis.spatial(2, i{})\n",
        depth - 1
    ));
    s.push_str(&format!("{ind}    B[vi] = A[vi] * T.float32(2)\n"));
    s
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every workload the fuzzers start from: the test data, the session
/// workloads and the hostile shapes.
fn workloads() -> Vec<(String, PrimFunc)> {
    let mut texts: Vec<String> = Vec::new();
    for dir in ["tests/data/script/ok", "sessions"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
            .expect("test data exists")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "tir"))
            .collect();
        paths.sort();
        texts.extend(paths.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    }
    for e in ["0", "1", "7", "97", "1000003", "1048576", "2147483647"] {
        texts.push(flat_workload(e, false));
    }
    for e in [
        "T.int64(0)",
        "T.int64(100000000000)",
        "T.int64(4611686018427387904)",
        "T.int64(9223372036854775807)",
        "T.int64(9223372036854775783)",
    ] {
        texts.push(flat_workload(e, true));
    }
    texts.push(gemm_workload("0", "16", "16"));
    texts.push(gemm_workload("1", "1", "1"));
    texts.push(gemm_workload("1024", "1024", "1024"));
    texts.push(gemm_workload("97", "1000003", "3"));
    texts.push(gemm_workload("2147483647", "2147483647", "2"));
    for d in [20, 60, 127] {
        texts.push(deep_workload(d));
    }
    texts
        .into_iter()
        .filter_map(|t| {
            let f = tirtui::script::parse_func(&t, None).ok()?;
            Some((t, f))
        })
        .collect()
}

// ---------------------------------------------------------------- random steps

const INTS: &[i64] = &[
    -1,
    0,
    1,
    2,
    3,
    4,
    7,
    8,
    16,
    32,
    64,
    1024,
    1 << 31,
    1 << 40,
    i64::MAX,
    i64::MIN,
];

fn random_int(rng: &mut Rng) -> i64 {
    if rng.chance(70) {
        *rng.pick(&INTS[..11])
    } else {
        *rng.pick(INTS)
    }
}

fn random_str(rng: &mut Rng, field: &str) -> String {
    let pool: &[&str] = match field {
        "thread_axis" => &[
            "blockIdx.x",
            "blockIdx.y",
            "threadIdx.x",
            "threadIdx.y",
            "vthread.x",
            "threadIdx.w",
        ],
        "storage_scope" => &["global", "shared", "local", "shared.dyn", "warp", "texture"],
        "ann_key" => &[
            "pragma_auto_unroll_max_step",
            "pragma_unroll_explicit",
            "software_pipeline_stage",
            "software_pipeline_order",
            "meta_schedule.x",
        ],
        "tensor_intrin" => &["wmma_sync_16x16x16_f16f16f32", "nope"],
        _ => &["B", "C", "root", "x", "\u{1b}[2J", ""],
    };
    rng.pick(pool).to_string()
}

/// Names a step could refer to: bound handles, block names and a few strays.
fn name_pool(trace: &Trace) -> Vec<String> {
    let mut v: Vec<String> = trace.state.names().into_iter().map(|(n, _)| n).collect();
    v.extend(trace.func().blocks().iter().map(|b| b.name.clone()));
    v
}

fn block_names(trace: &Trace) -> Vec<String> {
    let mut v: Vec<String> = trace
        .state
        .names()
        .into_iter()
        .filter(|(_, h)| matches!(h, Handle::Block(_)))
        .map(|(n, _)| n)
        .collect();
    v.extend(
        trace
            .func()
            .blocks()
            .iter()
            .filter(|b| b.name != "root")
            .map(|b| b.name.clone()),
    );
    v
}

fn loop_names(trace: &Trace) -> Vec<String> {
    let v: Vec<String> = trace
        .state
        .names()
        .into_iter()
        .filter(|(_, h)| matches!(h, Handle::Loop(_)))
        .map(|(n, _)| n)
        .collect();
    if v.is_empty() {
        vec!["nope".into()]
    } else {
        v
    }
}

fn int_names(trace: &Trace) -> Vec<String> {
    trace
        .state
        .names()
        .into_iter()
        .filter(|(_, h)| matches!(h, Handle::Int(_)))
        .map(|(n, _)| n)
        .collect()
}

fn random_factors(rng: &mut Rng, trace: &Trace) -> Arg {
    let len = match rng.below(20) {
        0 => rng.below(2),
        1 => 65 + rng.below(2000),
        2..=4 => 5 + rng.below(12),
        _ => 2 + rng.below(3),
    };
    let ints = int_names(trace);
    let null_at = rng.below(len + 2);
    let items = (0..len)
        .map(|i| {
            if i == null_at || rng.chance(3) {
                Arg::Null
            } else if !ints.is_empty() && rng.chance(20) {
                Arg::Str(rng.pick(&ints).clone())
            } else if rng.chance(80) {
                Arg::Int(*rng.pick(&[1, 2, 4, 8, 16, 32]))
            } else {
                Arg::Int(random_int(rng))
            }
        })
        .collect();
    Arg::List(items)
}

fn random_arg(rng: &mut Rng, trace: &Trace, field: &str, kind: FieldKind) -> Arg {
    match kind {
        FieldKind::Name => {
            let pool = if rng.chance(2) {
                vec!["nope".to_string()]
            } else if field == "loop" && rng.chance(90) {
                loop_names(trace)
            } else if field == "block" && rng.chance(90) {
                block_names(trace)
            } else {
                name_pool(trace)
            };
            Arg::Str(rng.pick(&pool).clone())
        }
        FieldKind::Names => {
            let mut loops = loop_names(trace);
            let len = if rng.chance(5) {
                rng.below(60)
            } else {
                1 + rng.below(4)
            };
            let mut picked = Vec::new();
            for _ in 0..len {
                // Mostly distinct loops, outermost first, as a user would list them.
                if loops.is_empty() || rng.chance(5) {
                    picked.push(Arg::Str("nope".into()));
                } else {
                    let k = rng.below(loops.len());
                    picked.push(Arg::Str(loops.remove(k)));
                }
            }
            Arg::List(picked)
        }
        // A buffer index, or now and then a buffer's name (or one no block has).
        FieldKind::BufferIndex if rng.chance(30) => {
            let mut names: Vec<String> = trace
                .func()
                .buffers
                .iter()
                .map(|b| b.name.clone())
                .collect();
            names.push("nope".into());
            Arg::Str(rng.pick(&names).clone())
        }
        FieldKind::BufferIndex => Arg::Int(*rng.pick(&[0, 0, 0, 1, 2, -1, 5])),
        FieldKind::Int => Arg::Int(if field.ends_with("index") || field == "axis" {
            *rng.pick(&[0, 0, 0, 1, 2, -1, 5])
        } else {
            random_int(rng)
        }),
        FieldKind::Bool => Arg::Bool(rng.chance(50)),
        FieldKind::Str => {
            if field == "name" {
                let blocks: Vec<String> = trace
                    .func()
                    .blocks()
                    .iter()
                    .map(|b| b.name.clone())
                    .collect();
                if !blocks.is_empty() && rng.chance(90) {
                    return Arg::Str(rng.pick(&blocks).clone());
                }
            }
            Arg::Str(random_str(rng, field))
        }
        FieldKind::Factors => random_factors(rng, trace),
        FieldKind::Ints => Arg::List(
            (0..1 + rng.below(4))
                .map(|_| Arg::Int(random_int(rng)))
                .collect(),
        ),
        FieldKind::Floats => Arg::List(
            (0..1 + rng.below(4))
                .map(|_| Arg::Float(*rng.pick(&[0.0, 0.5, 1.0, -1.0, f64::NAN, 1e308])))
                .collect(),
        ),
        FieldKind::Any => match rng.below(4) {
            0 => Arg::Int(random_int(rng)),
            1 => Arg::Float(0.5),
            2 => Arg::Str(random_str(rng, "")),
            _ => Arg::List(vec![Arg::Int(0), Arg::Int(1)]),
        },
        FieldKind::OptInts => {
            if rng.chance(85) {
                Arg::Null
            } else {
                Arg::List(
                    (0..rng.below(4))
                        .map(|_| Arg::Int(random_int(rng)))
                        .collect(),
                )
            }
        }
        FieldKind::OptInt => {
            if rng.chance(85) {
                Arg::Null
            } else {
                Arg::Int(random_int(rng))
            }
        }
        // Index maps: valid, wrong-arity, non-injective, padding and garbage text.
        FieldKind::Lambda => Arg::Str(if rng.chance(80) {
            rng.pick(&[
                "lambda i, j: (j, i)",
                "lambda i, j: (i // 16, j // 16, i % 16, j % 16)",
                "lambda i, j: (i, j // 8, (j % 8 + i) % 8)",
                "lambda i, j: (i % 8, j)",
                "lambda i: (i // 3, i % 3)",
                "lambda i, j: (i // 0, j)",
                "lambda i, j: (i - 9999999999, j * 9223372036854775807)",
                "lambda i, j, k: (k, j, i)",
            ])
            .to_string()
        } else {
            random_str(rng, field)
        }),
        FieldKind::BufferRef => match rng.below(3) {
            0 => Arg::List(vec![
                Arg::Str(rng.pick(&["read", "write", "other"]).to_string()),
                Arg::Int(*rng.pick(&[0, 1, -1, 7])),
            ]),
            1 => Arg::Str(rng.pick(&name_pool(trace)).clone()),
            _ => Arg::Str(random_str(rng, field)),
        },
        FieldKind::PadValue => match rng.below(4) {
            0 => Arg::Null,
            1 => Arg::Float(0.0),
            2 => Arg::Int(random_int(rng)),
            _ => Arg::Str("lambda a, b, c, d: (T.float32(0.0),)".into()),
        },
    }
}

/// How many values a step will return, where that can be known beforehand.
fn expected_outs(trace: &Trace, step: &Step) -> Option<usize> {
    let func = trace.func();
    let block = || match step.arg("block") {
        Some(Arg::Str(n)) => match trace.state.lookup(n) {
            Some(Handle::Block(b)) => Some(*b),
            _ => get_block_loop::get_block_by_name(func, n).ok(),
        },
        _ => None,
    };
    match step.op.as_str() {
        "split" => match step.arg("factors") {
            Some(Arg::List(v)) => Some(v.len()),
            _ => None,
        },
        "sample_perfect_tile" => match step.arg("n") {
            Some(Arg::Int(n)) if (1..100).contains(n) => Some(*n as usize),
            _ => None,
        },
        "get_loops" => get_block_loop::get_loops(func, block()?)
            .ok()
            .map(|v| v.len()),
        "get_producers" => get_block_loop::get_producers(func, block()?)
            .ok()
            .map(|v| v.len()),
        "get_consumers" => get_block_loop::get_consumers(func, block()?)
            .ok()
            .map(|v| v.len()),
        _ => None,
    }
}

/// A random step for the current state (usually well-formed, sometimes not).
fn random_step(rng: &mut Rng, trace: &Trace, fresh: &mut usize) -> Step {
    let specs = op_specs();
    let early = trace.steps.len() < 2;
    let no_loops = !trace
        .state
        .names()
        .iter()
        .any(|(_, h)| matches!(h, Handle::Loop(_)));
    let name = if (early || no_loops) && rng.chance(70) {
        if rng.chance(50) {
            "get_block"
        } else {
            "get_loops"
        }
    } else if rng.chance(30) {
        *rng.pick(&[
            "split",
            "fuse",
            "get_loops",
            "reorder",
            "sample_perfect_tile",
        ])
    } else {
        rng.pick(specs).name
    };
    let spec = specs.iter().find(|s| s.name == name).unwrap().clone();
    let mut given: Vec<(&str, Arg)> = Vec::new();
    for f in &spec.fields {
        if f.default.is_none() || rng.chance(40) {
            given.push((f.name, random_arg(rng, trace, f.name, f.kind)));
        }
    }
    let mut step = Step::new(spec.name, given, Vec::new()).expect("every required field given");
    let count = match spec.returns {
        Returns::Nothing => 0,
        Returns::One => 1,
        Returns::Many => expected_outs(trace, &step).unwrap_or(1 + rng.below(3)),
    };
    let count = if rng.chance(5) { rng.below(4) } else { count };
    step.out = (0..count)
        .map(|_| {
            *fresh += 1;
            if rng.chance(3) {
                "v1".to_string()
            } else {
                format!("v{fresh}")
            }
        })
        .collect();
    step
}

/// Binds the outermost loop of each block (split by a random thread count) to
/// blockIdx.x / threadIdx.x, so that most schedules can be lowered to CUDA.
fn bind_recipe(rng: &mut Rng, trace: &mut Trace) {
    let blocks: Vec<String> = trace
        .func()
        .blocks()
        .iter()
        .filter(|b| b.name != "root")
        .map(|b| b.name.clone())
        .collect();
    let name = |n: &str| Arg::Str(n.to_string());
    for (k, b) in blocks.iter().enumerate() {
        let rb = format!("rb{k}");
        let step = Step::new("get_block", vec![("name", name(b))], vec![rb.clone()]);
        if step.map(|s| trace.push(s).is_ok()) != Some(true) {
            continue;
        }
        // get_loops needs exactly as many names as there are loops.
        let Some(Handle::Block(id)) = trace.state.lookup(&rb).cloned() else {
            continue;
        };
        let count = get_block_loop::get_loops(trace.func(), id).map_or(0, |l| l.len());
        if count == 0 {
            continue;
        }
        let threads = *rng.pick(&[1i64, 2, 32, 128, 1024, 2000]);
        let (bx, tx) = (format!("bx{k}"), format!("tx{k}"));
        let outs: Vec<String> = (0..count).map(|i| format!("rl{k}_{i}")).collect();
        let steps = [
            Step::new("get_loops", vec![("block", name(&rb))], outs.clone()),
            Step::new(
                "split",
                vec![
                    ("loop", name(&outs[0])),
                    ("factors", Arg::List(vec![Arg::Null, Arg::Int(threads)])),
                ],
                vec![bx.clone(), tx.clone()],
            ),
            Step::new(
                "bind",
                vec![("loop", name(&bx)), ("thread_axis", name("blockIdx.x"))],
                vec![],
            ),
            Step::new(
                "bind",
                vec![("loop", name(&tx)), ("thread_axis", name("threadIdx.x"))],
                vec![],
            ),
        ];
        for step in steps.into_iter().flatten() {
            let _ = trace.push(step);
        }
    }
}

/// Applies random steps to `func`; failed steps are dropped, as the explorer does.
/// Odd seeds first bind each block to the GPU (`bind_recipe`).
fn random_schedule(rng: &mut Rng, func: &PrimFunc, steps: usize) -> Trace {
    let mut trace = Trace::new(func.clone());
    if rng.chance(50) {
        bind_recipe(rng, &mut trace);
    }
    let mut fresh = 0;
    for _ in 0..steps {
        let step = random_step(rng, &trace, &mut fresh);
        let _ = trace.push(step);
    }
    trace
}

// ---------------------------------------------------------------- sessions

const YAML_TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ": ",
    ", ",
    "- ",
    "\n",
    "  ",
    "\t",
    "null",
    "~",
    "-1",
    "0",
    "99999999999999999999",
    "1e400",
    ".nan",
    "op: split",
    "factors: [",
    "op: get_loops",
    "out: [",
    "&a ",
    "*a",
    "!!binary ",
    "\u{feff}",
    "\"",
    "'",
    "#",
    "? ",
    "<<: *a",
    "|\n",
    "steps:\n",
    "tirtui: 1\n",
    "source: |\n",
    "workload: /dev/zero\n",
    "\u{0}",
    "é",
    "T.int64(100000000000)",
    "range(0)",
];

fn mutate(rng: &mut Rng, src: &str, tokens: &[&str]) -> String {
    let mut bytes: Vec<u8> = src.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let pos = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if !bytes.is_empty() => {
                let end = (pos + 1 + rng.below(8)).min(bytes.len());
                bytes.drain(pos.min(end)..end);
            }
            1 | 2 => {
                let tok = tokens[rng.below(tokens.len())];
                bytes.splice(pos..pos, tok.bytes());
            }
            3 if !bytes.is_empty() => {
                let p = pos.min(bytes.len() - 1);
                bytes[p] = (rng.next() & 0xff) as u8;
            }
            4 => {
                // Duplicate a slice: repeated steps, deeper flow collections.
                let a = rng.below(bytes.len() + 1);
                let b = (a + rng.below(300)).min(bytes.len());
                let slice: Vec<u8> = bytes[a..b].to_vec();
                bytes.splice(pos..pos, slice);
            }
            _ => {
                let depth = 1 + rng.below(200);
                let open = if rng.chance(50) { "[" } else { "{" };
                bytes.splice(pos..pos, open.repeat(depth).into_bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Session texts to mutate: the repository's sessions (workload paths resolve
/// in `sessions/`) and random schedules of the hostile workloads, inline.
fn session_seeds(rng: &mut Rng, works: &[(String, PrimFunc)]) -> Vec<String> {
    let mut seeds = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(repo().join("sessions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    for p in &paths {
        seeds.push(std::fs::read_to_string(p).unwrap());
    }
    for (text, func) in works.iter().rev().take(12) {
        let trace = random_schedule(rng, func, 8);
        let mut s = Session::new(Workload::Inline(text.clone()));
        s.steps = trace.steps.clone();
        seeds.push(s.to_yaml());
    }
    seeds.extend(issue_29::reproducers().into_iter().map(|(_, yaml, _)| yaml));
    seeds
}

fn session_origin() -> PathBuf {
    repo().join("sessions").join("fuzz.yaml")
}

/// Loads session text, reads its workload, replays it; true when every step applied.
fn replay_session_text(text: &str, lower: bool) -> bool {
    let origin = session_origin();
    let Ok(session) = Session::from_yaml(text, "fuzz.yaml") else {
        return false;
    };
    let Ok((_, source)) = session.workload_source(Some(&origin)) else {
        return false;
    };
    let Ok(func) = tirtui::script::parse_func(&source, session.func.as_deref()) else {
        return false;
    };
    let (trace, ok) = match Trace::replay(func, &session.steps) {
        Ok(t) => (t, true),
        Err((t, e)) => {
            let _ = e.to_diagnostic("fuzz.yaml").render();
            (t, false)
        }
    };
    if lower {
        return lower_and_generate(trace.func()) && ok;
    }
    ok
}

fn lower_and_generate(func: &PrimFunc) -> bool {
    match tirtui::codegen::generate(func) {
        Ok(out) => !out.kernel.source.is_empty(),
        Err(e) => {
            let _ = e.to_string();
            false
        }
    }
}

// ---------------------------------------------------------------- entry points

#[test]
fn session_load_never_panics() {
    let works = workloads();
    let mut seed_rng = Rng(7);
    let seeds = session_seeds(&mut seed_rng, &works);
    run_fuzz(
        "session_load",
        2_000,
        |rng, i| mutate(rng, &seeds[i % seeds.len()], YAML_TOKENS),
        |t| t.clone(),
        |text| match Session::from_yaml(text, "fuzz.yaml") {
            Ok(s) => {
                let _ = s.to_yaml();
                true
            }
            Err(e) => {
                let _ = tirtui::diag::Diagnostic::new(e.to_string()).render();
                false
            }
        },
    );
}

/// What one replay input is: a random schedule of a workload, or a mutated session.
enum ReplayInput {
    Schedule {
        workload: usize,
        seed: u64,
        steps: usize,
    },
    Session(String),
}

fn describe_replay(works: &[(String, PrimFunc)], input: &ReplayInput) -> String {
    match input {
        ReplayInput::Schedule {
            workload,
            seed,
            steps,
        } => {
            let mut rng = Rng(*seed);
            let trace = random_schedule(&mut rng, &works[*workload].1, *steps);
            let mut s = Session::new(Workload::Inline(works[*workload].0.clone()));
            s.steps = trace.steps;
            format!(
                "random schedule (seed {seed:#x}, {steps} attempts on workload #{workload}); the steps that applied:\n{}",
                s.to_yaml()
            )
        }
        ReplayInput::Session(text) => text.clone(),
    }
}

fn replay_entry(name: &'static str, default_cases: usize, lower: bool) {
    let works = workloads();
    assert!(works.len() > 20, "{} workloads parsed", works.len());
    let mut seed_rng = Rng(11);
    let seeds = session_seeds(&mut seed_rng, &works);
    let works_ref = &works;
    run_fuzz(
        name,
        default_cases,
        |rng, i| {
            if i % 3 == 2 {
                let seed = &seeds[rng.below(seeds.len())];
                ReplayInput::Session(mutate(rng, seed, YAML_TOKENS))
            } else {
                ReplayInput::Schedule {
                    workload: rng.below(works_ref.len()),
                    seed: rng.next(),
                    steps: 1 + rng.below(14),
                }
            }
        },
        |input| describe_replay(works_ref, input),
        |input| match input {
            ReplayInput::Schedule {
                workload,
                seed,
                steps,
            } => {
                let mut rng = Rng(*seed);
                let trace = random_schedule(&mut rng, &works_ref[*workload].1, *steps);
                // Undo and redo replay what applied; the result must be the same.
                let mut again = trace.clone();
                if again.undo() {
                    let _ = again.redo();
                }
                let printed = tirtui::script::print_func(trace.func());
                if lower {
                    lower_and_generate(trace.func())
                } else {
                    !printed.is_empty()
                }
            }
            ReplayInput::Session(text) => replay_session_text(text, lower),
        },
    );
}

#[test]
fn replay_never_panics() {
    replay_entry("replay", 300, false);
}

#[test]
fn lower_never_panics() {
    replay_entry("lower", 300, true);
}

#[test]
fn hostile_workloads_parse() {
    // The fuzzers above start from these; make sure they are really there.
    let works = workloads();
    let names: Vec<&str> = works.iter().map(|(_, f)| f.name.as_str()).collect();
    assert!(
        names.iter().filter(|n| **n == "edge").count() >= 10,
        "{names:?}"
    );
    assert!(
        names.iter().filter(|n| **n == "deep").count() >= 3,
        "{names:?}"
    );
    let _ = Path::new("");
}
