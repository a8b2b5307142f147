//! Structural hashes for database keys.
//!
//! FNV-1a over canonical text, so keys stay equal across runs, builds and
//! platforms (std's `DefaultHasher` promises none of that):
//! - the workload: its canonical TVMScript print (formatting, comments and the
//!   spelling used in the file do not matter);
//! - the trace: every step with all its arguments, defaults and sampling
//!   decisions included, notes left out.

use crate::ir::PrimFunc;
use crate::trace::Step;

pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

pub fn hex(h: u64) -> String {
    format!("{h:016x}")
}

pub fn workload_hash(func: &PrimFunc) -> String {
    hex(fnv1a(crate::script::print_func(func).as_bytes()))
}

/// The canonical text of a trace: one line per step, every argument written.
pub fn canonical_trace(steps: &[Step]) -> String {
    let mut s = String::new();
    for step in steps {
        let mut canon = step.clone();
        canon.note = None;
        canon.explicit = canon.args.iter().map(|(k, _)| k.clone()).collect();
        s.push_str(&canon.to_yaml());
        s.push('\n');
    }
    s
}

pub fn trace_hash(steps: &[Step]) -> String {
    hex(fnv1a(canonical_trace(steps).as_bytes()))
}

/// `main(A: 1024x2048 float32, ...)`: what `db top` shows for a workload.
pub fn workload_summary(func: &PrimFunc) -> String {
    let params: Vec<String> = func
        .param_buffers()
        .into_iter()
        .map(|b| {
            let buf = func.buffer(b);
            let dims: Vec<String> = buf
                .shape
                .iter()
                .map(|e| e.as_int().map_or("?".to_string(), |v| v.to_string()))
                .collect();
            format!("{}: {} {}", buf.name, dims.join("x"), buf.dtype)
        })
        .collect();
    format!("{}({})", func.name, params.join(", "))
}
