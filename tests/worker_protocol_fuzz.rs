//! Remote-worker protocol fuzzing (issue 29: a worker is untrusted). Each case
//! is a fake worker (`sh`) that writes generated output: valid replies behind
//! stray text, malformed, huge, slow, chatty, truncated, binary, escape-laden,
//! wrong-kind, stale, negative/NaN-time replies, crashes with garbage on
//! stderr, and random mutations of valid replies. Every case must end within
//! its bound with a typed error or the right answer: no panic, no hang, no
//! control character in any text handed back, memory bounded by the reply
//! limit. A watchdog aborts the run (printing the case) when one takes longer
//! than the per-case limit.
//!
//! `TIRTUI_FUZZ_CASES` sets the cases (default 60, so that `cargo test` stays
//! quick; a case that must time out takes 0.75 s), `TIRTUI_FUZZ_TIMEOUT_MS` the per-case limit (default 10,000 ms),
//! `TIRTUI_FUZZ_SEED` the seed. A long run, in release:
//!
//! ```text
//! TIRTUI_FUZZ_CASES=5000 cargo test --release --test worker_protocol_fuzz -- --nocapture
//! ```

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::protocol::{encode, Reply, ReplyLine};
use tirtui::runtime::{CompileReport, RunRequest, RunResult, RuntimeError, WorkerClient};

/// Each request's time limit in the fuzz: short, so that cases that must time
/// out do so quickly.
const REQUEST_TIMEOUT: Duration = Duration::from_millis(750);
/// The reply limit in the fuzz (the product's is 32 MiB): huge cases stay cheap.
const REPLY_LIMIT: usize = 256 * 1024;

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

/// Which request a case makes.
#[derive(Clone, Copy, Debug)]
enum Ask {
    Device,
    Driver,
    Run,
    Compile,
}

/// What the case must end with (beyond: no panic, bounded time, clean text).
#[derive(Debug)]
enum Expect {
    /// This reply: exactly, or (`false`: escapes come back made visible) of
    /// its kind and shape.
    Answer(Reply, bool),
    Timeout,
    /// A protocol error whose message holds this.
    Protocol(&'static str),
    Crashed,
    /// Anything typed (mutations).
    AnyTyped,
}

/// One fake worker: what it writes on stdout (pieces, with pauses between),
/// on stderr, and whether it exits or stays silent afterwards.
struct Case {
    what: String,
    ask: Ask,
    stdout: Vec<(Vec<u8>, Duration)>,
    stderr: Vec<u8>,
    /// The worker writes its stdout pieces again and again, forever.
    forever: bool,
    exits: bool,
    expect: Expect,
}

const ESCAPES: &[&str] = &[
    "\u{1b}[2J",
    "\u{1b}]0;owned\u{7}",
    "\r",
    "\u{9b}31m",
    "\u{202e}",
    "\u{0}",
    "\u{7f}",
    "\u{1b}P+q\u{1b}\\",
];

fn kernel() -> CudaKernel {
    let arg = |name: &str, out: bool| KernelArg {
        name: name.into(),
        dtype: "float32".into(),
        shape: vec![256],
        is_output: out,
        layout: None,
    };
    CudaKernel {
        name: "k".into(),
        source: "extern \"C\" __global__ void k(float* A, float* B) {}".into(),
        grid: [1, 1, 1],
        block: [256, 1, 1],
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args: vec![arg("A", false), arg("B", true)],
        launches: vec![],
        temporaries: vec![],
    }
}

fn request() -> RunRequest {
    RunRequest {
        kernel: kernel(),
        reference: Some(kernel()),
        matmul: None,
        flops: 512.0,
        seed: 1,
        runs: 20,
        time_budget_ms: None,
        flush_l2: true,
        quick_above_ms: None,
        csr: Vec::new(),
        precompiled: None,
    }
}

fn run_result(rng: &mut Rng, text: &str) -> RunResult {
    RunResult {
        device: format!("Fake GPU{text}"),
        // Dyadic: serde_json reads back exactly the time that was written.
        time_ms: (1 + rng.below(10_000)) as f64 / 1024.0,
        gflops: rng.below(1000) as f64,
        max_rel_err: Some(*rng.pick(&[0.0, 1e-7, f64::INFINITY])),
        correct: Some(rng.chance(80)),
        cublas_ms: rng.chance(50).then_some(0.5),
        pct_of_cublas: None,
        registers: 32,
        static_shared_bytes: 0,
        dynamic_shared_bytes: 0,
        occupancy: 0.5,
        compile_ms: 2.0,
        warnings: vec![format!("nvrtc: warning{text}")],
        phases: None,
    }
}

/// A reply the `ask` accepts, with `text` in its strings.
fn good_reply(rng: &mut Rng, ask: Ask, text: &str) -> Reply {
    match ask {
        Ask::Device => Reply::Device(format!("Fake GPU{text}")),
        Ask::Driver => Reply::Driver(format!("12.{}{text}", rng.below(10))),
        Ask::Run => Reply::Run(run_result(rng, text)),
        Ask::Compile => Reply::Compile(CompileReport {
            arch: "sm_90".into(),
            ptx: format!(".visible .entry k()\n{{\n\tret;{text}\n}}\n"),
            log: text.to_string(),
            warnings: vec![],
            compile_ms: 1.0,
            registers: Some(8),
            static_shared_bytes: None,
            local_bytes: None,
        }),
    }
}

fn line(id: u64, reply: &Reply) -> Vec<u8> {
    let mut bytes = encode(&ReplyLine {
        id,
        reply: reply.clone(),
    })
    .unwrap()
    .into_bytes();
    bytes.push(b'\n');
    bytes
}

fn stray(rng: &mut Rng) -> Vec<u8> {
    let mut text = format!("printf from a kernel {}", rng.below(1000));
    if rng.chance(30) {
        text.push_str(rng.pick::<&str>(ESCAPES));
    }
    text.into_bytes()
}

fn now(bytes: Vec<u8>) -> (Vec<u8>, Duration) {
    (bytes, Duration::ZERO)
}

/// One generated case.
fn generate(rng: &mut Rng) -> Case {
    let ask = *rng.pick(&[Ask::Device, Ask::Driver, Ask::Run, Ask::Compile]);
    let escapes: String = (0..rng.below(3)).map(|_| *rng.pick(ESCAPES)).collect();
    let good = good_reply(rng, ask, &escapes);
    let mut case = Case {
        what: String::new(),
        ask,
        stdout: Vec::new(),
        stderr: Vec::new(),
        forever: false,
        exits: false,
        expect: Expect::Answer(good.clone(), escapes.is_empty()),
    };
    let kind = rng.below(13);
    match kind {
        // Valid (escape-laden text included), behind stray lines and stray text
        // in front of it on its own line.
        0 | 1 => {
            for _ in 0..rng.below(4) {
                let mut s = stray(rng);
                s.push(b'\n');
                case.stdout.push(now(s));
            }
            let mut l = if rng.chance(50) {
                stray(rng)
            } else {
                Vec::new()
            };
            l.extend(line(1, &good));
            case.stdout.push(now(l));
        }
        // Slow: the answer after a pause within the limit, or past it.
        2 => {
            let late = rng.chance(50);
            let pause = if late { 2_000 } else { 30 };
            case.stdout
                .push((line(1, &good), Duration::from_millis(pause)));
            if late {
                case.expect = Expect::Timeout;
            }
        }
        // Chatty: stray lines and stale replies, forever, never the answer.
        3 => {
            let stale = line(7, &good);
            let mut flood = Vec::new();
            for _ in 0..1 + rng.below(200) {
                if rng.chance(50) {
                    flood.extend(&stale);
                } else {
                    flood.extend(stray(rng));
                    flood.push(b'\n');
                }
            }
            case.stdout.push(now(flood));
            case.forever = true;
            case.expect = Expect::Timeout;
        }
        // Huge: a reply past the limit, or stray text of any length (free).
        4 => {
            if rng.chance(50) {
                let mut l = br#"{"id":1,"reply":{"device":""#.to_vec();
                l.extend(vec![b'x'; REPLY_LIMIT + rng.below(REPLY_LIMIT)]);
                l.extend(b"\"}}\n");
                case.stdout.push(now(l));
                case.expect = Expect::Protocol("limit of");
            } else {
                let mut l = vec![b'y'; REPLY_LIMIT * 4];
                l.extend(line(1, &good));
                case.stdout.push(now(l));
            }
        }
        // Truncated: half an answer, then the worker exits or hangs.
        5 => {
            let l = line(1, &good);
            let cut = 1 + rng.below(l.len() - 2);
            case.stdout.push(now(l[..cut].to_vec()));
            case.exits = rng.chance(50);
            case.expect = if case.exits {
                Expect::Crashed
            } else {
                Expect::Timeout
            };
        }
        // Binary: random bytes (no marker: stray), then the answer.
        6 => {
            let mut b: Vec<u8> = (0..rng.below(5000)).map(|_| rng.next() as u8).collect();
            b.retain(|&c| c != b'{');
            b.push(b'\n');
            case.stdout.push(now(b));
            case.stdout.push(now(line(1, &good)));
        }
        // Malformed after the marker: refused at once.
        7 => {
            let bad: &[&[u8]] = &[
                br#"{"id":1,"reply":{"fly":1}}"#,
                br#"{"id":1,"reply":"#,
                br#"{"id":1,"reply":{"device":"\u001"}}"#,
                b"{\"id\":1,\"reply\":{\"device\":\"\xff\xfe\"}}",
                b"{\"id\":1,\"reply\":{\"device\":\"\x1b[2J\"}}",
                br#"{"id":-1}"#,
                br#"{"id":1e999,"reply":{}}"#,
            ];
            let mut l = rng.pick(bad).to_vec();
            l.push(b'\n');
            case.stdout.push(now(l));
            case.expect = Expect::Protocol("does not decode");
        }
        // Wrong kind for the request.
        8 => {
            let other = match ask {
                Ask::Device => Reply::Driver("12.8".into()),
                _ => Reply::Device("Fake GPU".into()),
            };
            case.stdout.push(now(line(1, &other)));
            case.expect = Expect::Protocol("unexpected");
        }
        // Impossible times.
        9 => {
            let mut r = run_result(rng, "");
            match rng.below(4) {
                0 => r.time_ms = -1.0,
                1 => r.time_ms = 0.0,
                2 => r.cublas_ms = Some(-0.5),
                _ => r.max_rel_err = Some(f64::NAN),
            }
            case.ask = Ask::Run;
            case.stdout.push(now(line(1, &Reply::Run(r))));
            case.expect = Expect::Protocol("expected");
        }
        // A crash, with garbage and escapes on stderr.
        10 => {
            case.stderr = (0..rng.below(20_000)).map(|_| rng.next() as u8).collect();
            case.stderr.extend(escapes.as_bytes());
            case.exits = true;
            case.expect = Expect::Crashed;
        }
        // The worker's own error (escape-laden), returned as it is.
        11 => {
            let e = RuntimeError::Launch(format!("CUDA_ERROR{escapes}"));
            case.stdout.push(now(line(1, &Reply::Error(e))));
            case.expect = Expect::AnyTyped;
        }
        // Random mutations of a valid answer.
        _ => {
            let mut l = line(1, &good);
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(l.len());
                match rng.below(4) {
                    0 => l[at] = rng.next() as u8,
                    1 => l.insert(at, *rng.pick(&[0u8, 0x1b, b'\n', b'"', b'{', b'\\'])),
                    2 => l.truncate(at.max(1)),
                    _ => {
                        let piece = l[at..].to_vec();
                        l.extend(piece);
                    }
                }
            }
            case.stdout.push(now(l));
            case.expect = Expect::AnyTyped;
        }
    }
    case.what = format!("kind {kind}, {:?}, expect {:?}", case.ask, case.expect);
    case
}

/// Writes the case's fake worker into `dir`: its output pieces as files, and
/// the script that writes them (after reading the request).
fn write_worker(dir: &Path, case: &Case) -> PathBuf {
    let mut script = String::from("read -r request\n");
    if !case.stderr.is_empty() {
        std::fs::write(dir.join("err"), &case.stderr).unwrap();
        script.push_str(&format!("cat {}/err >&2\n", dir.display()));
    }
    if case.forever {
        script.push_str("while :; do\n");
    }
    for (i, (bytes, pause)) in case.stdout.iter().enumerate() {
        let piece = dir.join(format!("out{i}"));
        std::fs::write(&piece, bytes).unwrap();
        if !pause.is_zero() {
            script.push_str(&format!("sleep {}\n", pause.as_secs_f64()));
        }
        script.push_str(&format!("cat {}\n", piece.display()));
    }
    if case.forever {
        script.push_str("done\n");
    }
    script.push_str(if case.exits {
        "exit 3\n"
    } else {
        "exec sleep 30\n"
    });
    let path = dir.join("worker.sh");
    std::fs::write(&path, script).unwrap();
    path
}

fn ask(client: &mut WorkerClient, ask: Ask) -> Result<Reply, RuntimeError> {
    match ask {
        Ask::Device => client.device().map(Reply::Device),
        Ask::Driver => client.driver().map(Reply::Driver),
        Ask::Run => client.run(&request()).map(Reply::Run),
        Ask::Compile => client.compile_only(&kernel()).map(Reply::Compile),
    }
}

/// Text handed back may keep lines and tabs, never another control character.
fn printable(text: &str) -> Result<(), String> {
    match text
        .chars()
        .find(|&c| c.is_control() && c != '\n' && c != '\t')
    {
        Some(c) => Err(format!("control character {c:?} in {text:?}")),
        None if text.len() > 70_000 => Err(format!("{} bytes of text", text.len())),
        None => Ok(()),
    }
}

fn reply_texts(reply: &Reply) -> Vec<String> {
    match reply {
        Reply::Device(s) | Reply::Driver(s) | Reply::Arch(s) => vec![s.clone()],
        Reply::Run(r) => [vec![r.device.clone()], r.warnings.clone()].concat(),
        Reply::Compile(c) => vec![c.arch.clone(), c.ptx.clone(), c.log.clone()],
        Reply::Prepare(list) => list
            .iter()
            .filter_map(|p| p.error.as_ref().map(|e| e.to_string()))
            .collect(),
        Reply::Queued(_) => vec![],
        Reply::Ready(list) => list
            .ready
            .iter()
            .filter_map(|k| k.error.as_ref().map(|e| e.to_string()))
            .collect(),
        Reply::Error(e) => vec![e.to_string()],
    }
}

/// Checks one outcome against the case; the kind of outcome for the figures.
fn judge(case: &Case, outcome: &Result<Reply, RuntimeError>) -> Result<&'static str, String> {
    let texts = match outcome {
        Ok(reply) => reply_texts(reply),
        Err(e) => vec![e.to_string()],
    };
    texts.iter().try_for_each(|t| printable(t))?;
    if let Ok(Reply::Run(r)) = outcome {
        if !(r.time_ms.is_finite() && r.time_ms > 0.0) {
            return Err(format!("time_ms {} accepted", r.time_ms));
        }
    }
    let kind = match outcome {
        Ok(_) => "answer",
        Err(RuntimeError::Timeout(_)) => "timeout",
        Err(RuntimeError::Protocol(_)) => "protocol error",
        Err(RuntimeError::WorkerCrashed(_)) => "crashed",
        Err(_) => "worker error",
    };
    let fits = match (&case.expect, outcome) {
        (Expect::Answer(want, true), Ok(got)) => want == got,
        (Expect::Answer(want, false), Ok(got)) => {
            std::mem::discriminant(want) == std::mem::discriminant(got)
                && reply_texts(want).len() == reply_texts(got).len()
        }
        (Expect::Timeout, Err(RuntimeError::Timeout(_))) => true,
        (Expect::Protocol(part), Err(RuntimeError::Protocol(msg))) => msg.contains(part),
        (Expect::Crashed, Err(RuntimeError::WorkerCrashed(_))) => true,
        (Expect::AnyTyped, _) => true,
        _ => false,
    };
    if fits {
        Ok(kind)
    } else {
        Err(format!("expected {:?}, got {outcome:?}", case.expect))
    }
}

/// The largest memory this process has held so far, in MiB.
fn peak_rss_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kib| kib / 1024)
}

/// Aborts the process (printing the case) when one case runs past the limit.
fn watchdog(current: Arc<Mutex<Option<(Instant, String)>>>, stop: Arc<AtomicBool>) {
    let limit = Duration::from_millis(env_usize("TIRTUI_FUZZ_TIMEOUT_MS", 10_000) as u64);
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            if let Ok(g) = current.lock() {
                if let Some((t, what)) = g.as_ref() {
                    if t.elapsed() > limit {
                        eprintln!("worker protocol fuzz: HANG (over {limit:?}) on {what}");
                        std::process::abort();
                    }
                }
            }
        }
    });
}

#[test]
fn hostile_workers_end_in_bounded_time_with_typed_outcomes() {
    let cases = env_usize("TIRTUI_FUZZ_CASES", 60);
    let seed = env_usize("TIRTUI_FUZZ_SEED", 29) as u64;
    let mut rng = Rng(seed);
    let dir = std::env::temp_dir().join(format!("tirtui-worker-fuzz-{}", std::process::id()));
    let current = Arc::new(Mutex::new(None));
    let stop = Arc::new(AtomicBool::new(false));
    watchdog(current.clone(), stop.clone());
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut failures = Vec::new();
    let mut slowest = Duration::ZERO;
    let start = Instant::now();
    for n in 0..cases {
        let case = generate(&mut rng);
        let case_dir = dir.join(n.to_string());
        std::fs::create_dir_all(&case_dir).unwrap();
        let worker = write_worker(&case_dir, &case);
        let what = format!(
            "case {n} (seed {seed}): {}; {}",
            case.what,
            worker.display()
        );
        if let Ok(mut g) = current.lock() {
            *g = Some((Instant::now(), what.clone()));
        }
        let began = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let mut client = WorkerClient::with_command("sh", [worker.as_os_str()])
                .with_timeout(REQUEST_TIMEOUT)
                .with_reply_limit(REPLY_LIMIT);
            ask(&mut client, case.ask)
        }));
        let took = began.elapsed();
        slowest = slowest.max(took);
        let verdict = match &outcome {
            Err(_) => Err("panicked".to_string()),
            Ok(result) => judge(&case, result),
        };
        match verdict {
            Ok(kind) => {
                *counts.entry(kind).or_default() += 1;
                let _ = std::fs::remove_dir_all(&case_dir);
            }
            Err(why) => failures.push(format!("{what}: {why}")),
        }
    }
    stop.store(true, Ordering::Relaxed);
    eprintln!(
        "worker protocol fuzz: {cases} cases in {:.1} s (seed {seed}); {counts:?}; slowest {:.2} s; peak memory {} MiB",
        start.elapsed().as_secs_f64(),
        slowest.as_secs_f64(),
        peak_rss_mib()
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // A case ends by its own time limit, the stderr drain of a dead worker
    // (0.5 s, twice at most) and the process's start: far under 5 s.
    assert!(slowest < Duration::from_secs(5), "slowest case {slowest:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
