//! What the worker keeps between requests so that a tuner's batch costs one
//! compile per candidate, done on every CPU core, and the reference runs once:
//!
//! - `CubinCache`: binaries by (architecture, kernel name, full source). The
//!   full source is the key, never a hash of it: a collision would time one
//!   kernel and report it as another.
//! - `compile_many`: NVRTC on several threads (its API is thread-safe; the
//!   tuner's checks already compile from many threads).
//! - `RunData`: the seeded inputs of one argument list and, once computed, the
//!   reference kernel's outputs on them.
//!
//! Everything here is bounded: a worker serving a long tune keeps at most
//! `MAX_CUBINS` binaries and `MAX_CUBIN_BYTES` of them, and one `RunData`.

use super::check::Expected;
use super::compile_child::worker_compile;
use super::error::RuntimeError;
use super::nvrtc::Compiled;
use super::request::{CsrInput, RunRequest};
use crate::codegen::CudaKernel;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Binaries kept at most (a tuner batch is 16 to 64 candidates).
pub const MAX_CUBINS: usize = 256;
/// Bytes of binaries kept at most.
pub const MAX_CUBIN_BYTES: usize = 256 << 20;
/// Kernels one `prepare` request may carry.
pub const MAX_PREPARE_KERNELS: usize = 256;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct CompileKey {
    arch: String,
    name: String,
    source: String,
}

impl CompileKey {
    fn of(kernel: &CudaKernel, arch: &str) -> CompileKey {
        CompileKey {
            arch: arch.to_string(),
            name: kernel.name.clone(),
            source: kernel.source.clone(),
        }
    }
}

/// Compiled binaries, oldest evicted first.
#[derive(Default)]
pub struct CubinCache {
    entries: HashMap<CompileKey, Arc<Compiled>>,
    order: VecDeque<CompileKey>,
    bytes: usize,
}

impl CubinCache {
    pub fn get(&self, kernel: &CudaKernel, arch: &str) -> Option<Arc<Compiled>> {
        self.entries.get(&CompileKey::of(kernel, arch)).cloned()
    }

    pub fn insert(&mut self, kernel: &CudaKernel, arch: &str, compiled: Arc<Compiled>) {
        let key = CompileKey::of(kernel, arch);
        let size = entry_bytes(&key, &compiled);
        if size > MAX_CUBIN_BYTES {
            return;
        }
        if let Some(old) = self.entries.insert(key.clone(), compiled) {
            self.bytes -= entry_bytes(&key, &old);
            self.order.retain(|k| k != &key);
        }
        self.bytes += size;
        self.order.push_back(key);
        while self.entries.len() > MAX_CUBINS || self.bytes > MAX_CUBIN_BYTES {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some(old) = self.entries.remove(&oldest) {
                self.bytes -= entry_bytes(&oldest, &old);
            }
        }
    }
}

fn entry_bytes(key: &CompileKey, c: &Compiled) -> usize {
    key.source.len() + c.cubin.len() + c.report.ptx.len() + c.report.log.len()
}

/// One kernel's binary, or why it has none.
type CompileResult = Result<Arc<Compiled>, RuntimeError>;

/// Compiles `kernels` for `arch` on up to `threads` threads; results keep the
/// input order. A kernel already in `cache` is not compiled again.
pub fn compile_many(
    cache: &mut CubinCache,
    kernels: &[CudaKernel],
    arch: &str,
    threads: usize,
) -> Vec<CompileResult> {
    let n = kernels.len();
    let slots: Mutex<Vec<Option<CompileResult>>> =
        Mutex::new(kernels.iter().map(|k| cache.get(k, arch).map(Ok)).collect());
    let todo: Vec<usize> = match slots.lock() {
        Ok(s) => (0..n).filter(|&i| s[i].is_none()).collect(),
        Err(_) => Vec::new(),
    };
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, todo.len().max(1)) {
            s.spawn(|| loop {
                let t = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = todo.get(t) else {
                    break;
                };
                let r = worker_compile(&kernels[i], arch, &AtomicBool::new(false)).map(Arc::new);
                if let Ok(mut v) = slots.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    let results: Vec<CompileResult> = slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| {
                Err(RuntimeError::WorkerCrashed(
                    "a compile thread stopped".into(),
                ))
            })
        })
        .collect();
    for (kernel, r) in kernels.iter().zip(&results) {
        if let Ok(c) = r {
            cache.insert(kernel, arch, c.clone());
        }
    }
    results
}

/// The seeded inputs of one argument list and the reference's outputs on them.
pub struct RunData {
    pub key: RunDataKey,
    /// Host data of each input; `None` for outputs.
    pub inputs: Arc<Vec<Option<Vec<u8>>>>,
    /// The reference kernel's outputs, once it has run, decoded for the
    /// comparisons (`None` per input).
    pub expected: Option<Arc<Vec<Option<Expected>>>>,
}

/// What the inputs and the reference's outputs depend on: every argument's
/// name, dtype, shape and direction, the seed, the reference's source, and
/// the sparse patterns the inputs are filled with. Two matrices of equal
/// shapes (another `--sparse dist=` / `seed=`, another hyb decomposition)
/// give equal argument lists, so without `csr` a long-lived worker would
/// reuse one pattern's inputs (and reference outputs) for the other.
#[derive(Clone, Debug, PartialEq)]
pub struct RunDataKey {
    pub args: Vec<(String, String, Vec<i64>, bool)>,
    pub seed: u64,
    pub reference: Option<(String, String)>,
    pub arch: String,
    pub csr: Vec<CsrInput>,
}

impl RunDataKey {
    /// The key of `req`'s inputs on `arch`.
    pub fn of_request(req: &RunRequest, arch: &str) -> Self {
        let mut key = Self::of(&req.kernel, req.reference.as_ref(), req.seed, arch);
        key.csr = req.csr.clone();
        key
    }

    /// The key of a run without sparse inputs.
    pub fn of(kernel: &CudaKernel, reference: Option<&CudaKernel>, seed: u64, arch: &str) -> Self {
        RunDataKey {
            args: kernel
                .args
                .iter()
                .map(|a| {
                    (
                        a.name.clone(),
                        format!("{:?}", a.dtype),
                        a.shape.clone(),
                        a.is_output,
                    )
                })
                .collect(),
            seed,
            reference: reference.map(|r| (r.name.clone(), r.source.clone())),
            arch: arch.to_string(),
            csr: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::request::CompileReport;

    fn kernel(src: &str) -> CudaKernel {
        CudaKernel {
            name: "k".into(),
            source: src.into(),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![],
            launches: vec![],
            temporaries: vec![],
        }
    }

    fn compiled(bytes: usize) -> Arc<Compiled> {
        Arc::new(Compiled {
            report: CompileReport {
                arch: "sm_90".into(),
                ptx: String::new(),
                log: String::new(),
                warnings: vec![],
                compile_ms: 1.0,
                registers: None,
                static_shared_bytes: None,
                local_bytes: None,
            },
            cubin: vec![0; bytes],
        })
    }

    #[test]
    fn the_full_source_is_the_key() {
        let mut cache = CubinCache::default();
        cache.insert(&kernel("a"), "sm_90", compiled(4));
        assert!(cache.get(&kernel("a"), "sm_90").is_some());
        assert!(cache.get(&kernel("b"), "sm_90").is_none());
        assert!(cache.get(&kernel("a"), "sm_80").is_none());
    }

    #[test]
    fn the_cache_is_bounded_by_count_and_bytes() {
        let mut cache = CubinCache::default();
        for i in 0..MAX_CUBINS + 10 {
            cache.insert(&kernel(&format!("k{i}")), "sm_90", compiled(1));
        }
        assert_eq!(cache.entries.len(), MAX_CUBINS);
        // The oldest went first.
        assert!(cache.get(&kernel("k0"), "sm_90").is_none());
        assert!(cache
            .get(&kernel(&format!("k{}", MAX_CUBINS + 9)), "sm_90")
            .is_some());
        let big = MAX_CUBIN_BYTES / 3;
        for i in 0..4 {
            cache.insert(&kernel(&format!("big{i}")), "sm_90", compiled(big));
        }
        assert!(cache.bytes <= MAX_CUBIN_BYTES);
        assert!(cache.get(&kernel("big3"), "sm_90").is_some());
        assert!(cache.get(&kernel("big0"), "sm_90").is_none());
        // One binary larger than the whole budget is not kept at all.
        cache.insert(&kernel("huge"), "sm_90", compiled(MAX_CUBIN_BYTES + 1));
        assert!(cache.get(&kernel("huge"), "sm_90").is_none());
    }

    fn sparse_request(csr: Vec<CsrInput>) -> RunRequest {
        RunRequest {
            kernel: kernel("k"),
            reference: Some(kernel("r")),
            matmul: None,
            flops: 0.0,
            seed: 1,
            runs: 1,
            time_budget_ms: None,
            flush_l2: false,
            quick_above_ms: None,
            csr,
            precompiled: None,
        }
    }

    #[test]
    fn the_sparse_pattern_is_part_of_the_run_data_key() {
        let csr = |power_law: Option<f64>, seed: Option<u64>| CsrInput {
            indptr: 0,
            indices: 1,
            cols: 64,
            power_law,
            seed,
            hyb: None,
        };
        let key = |c: Vec<CsrInput>| RunDataKey::of_request(&sparse_request(c), "sm_90");
        let uniform = key(vec![csr(None, None)]);
        assert_eq!(uniform, key(vec![csr(None, None)]));
        // Same argument list, another pattern: other inputs.
        assert_ne!(uniform, key(vec![csr(Some(1.2), None)]));
        assert_ne!(uniform, key(vec![csr(None, Some(7))]));
        assert_ne!(uniform, key(vec![]));
        let hyb = |spec: &str| {
            let mut c = csr(None, None);
            c.hyb = Some(crate::runtime::request::HybInput {
                spec: spec.into(),
                arrays: vec![("A_ell4".into(), 0)],
            });
            key(vec![c])
        };
        assert_ne!(hyb("seed=7 widths=4"), hyb("seed=8 widths=4"));
    }

    #[test]
    fn reinserting_a_key_does_not_count_it_twice() {
        let mut cache = CubinCache::default();
        cache.insert(&kernel("a"), "sm_90", compiled(10));
        let before = cache.bytes;
        cache.insert(&kernel("a"), "sm_90", compiled(10));
        assert_eq!(cache.bytes, before);
        assert_eq!(cache.order.len(), 1);
    }
}
