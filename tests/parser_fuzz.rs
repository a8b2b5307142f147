//! Parser fuzzing: mutations of every valid workload must parse or fail with
//! an error, never panic. `TIRTUI_FUZZ_CASES` sets the number of inputs
//! (default 20,000; the README shows how to run a million in release).

use std::panic::{catch_unwind, AssertUnwindSafe};

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
}

/// Fragments that make mutations land on interesting syntax.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    ":",
    ",",
    "=",
    "\n",
    "    ",
    "\t",
    "T.block(\"x\")",
    "with ",
    "for ",
    " in ",
    "T.grid(",
    "T.axis.remap(\"SSR\", [i, j, k])",
    "range(",
    "-",
    "//",
    "%",
    "*",
    "1e400",
    "99999999999999999999",
    "0.0",
    "\"",
    "'",
    "#",
    "\\",
    "T.float32(",
    "T.Buffer((",
    "@T.prim_func",
    "def ",
    "class ",
    "é",
    "\u{0}",
    "T.init()",
    "T.where(",
    "T.reads(",
    "not ",
    " and ",
    "if ",
    "else:",
    "T.thread_binding(",
    "thread=\"threadIdx.w\"",
];

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut bytes: Vec<u8> = src.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let pos = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if !bytes.is_empty() => {
                let end = (pos + 1 + rng.below(8)).min(bytes.len());
                bytes.drain(pos.min(end)..end);
            }
            1 => {
                let tok = TOKENS[rng.below(TOKENS.len())];
                bytes.splice(pos..pos, tok.bytes());
            }
            2 if !bytes.is_empty() => {
                let p = pos.min(bytes.len() - 1);
                bytes[p] = (rng.next() & 0xff) as u8;
            }
            3 => {
                // Duplicate a random slice (deep nesting, repeated blocks).
                let a = rng.below(bytes.len() + 1);
                let b = (a + rng.below(200)).min(bytes.len());
                let slice: Vec<u8> = bytes[a..b].to_vec();
                bytes.splice(pos..pos, slice);
            }
            4 => bytes.truncate(pos),
            _ => {
                let depth = 1 + rng.below(300);
                bytes.splice(pos..pos, "(".repeat(depth).into_bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn parser_never_panics_on_mutated_workloads() {
    let mut seeds: Vec<String> = Vec::new();
    for dir in ["tests/data/script/ok", "sessions"] {
        for entry in std::fs::read_dir(dir).expect("test data exists") {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "tir") {
                seeds.push(std::fs::read_to_string(path).unwrap());
            }
        }
    }
    assert!(!seeds.is_empty());
    let cases: usize = std::env::var("TIRTUI_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let mut rng = Rng(0xf022);
    let (mut ok, mut err) = (0usize, 0usize);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // An optional time budget (seconds): the run stops early, figures still printed.
    let budget = std::env::var("TIRTUI_FUZZ_SECONDS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(std::time::Duration::from_secs);
    let started = std::time::Instant::now();
    let mut done = 0usize;
    for i in 0..cases {
        if budget.is_some_and(|b| started.elapsed() > b) {
            break;
        }
        if i > 0 && i % 50_000 == 0 {
            eprintln!(
                "parser fuzz: {i} inputs after {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
        done += 1;
        let src = mutate(&mut rng, &seeds[i % seeds.len()]);
        match catch_unwind(AssertUnwindSafe(|| {
            let parsed = tirtui::script::parse_module(&src);
            if let Err(e) = &parsed {
                // Rendering the error must not panic either.
                let _ = e.to_diagnostic("fuzz.tir", &src).render();
            }
            parsed.is_ok()
        })) {
            Ok(true) => ok += 1,
            Ok(false) => err += 1,
            Err(_) => {
                std::panic::set_hook(hook);
                panic!("parser panicked on input #{i}:\n{src}");
            }
        }
    }
    std::panic::set_hook(hook);
    eprintln!(
        "parser fuzz: {done} inputs in {:.1} s, {ok} parsed, {err} rejected with an error, 0 panics",
        started.elapsed().as_secs_f64()
    );
}
