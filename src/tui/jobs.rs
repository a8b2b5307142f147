//! GPU runs in the background: one thread owns the worker client and runs one
//! kernel at a time; results come back over a channel and are cached by
//! (workload text hash, trace YAML, device), so stepping back and forth never
//! re-runs what was measured.
//!
//! The UI thread only sends jobs and polls replies; it never waits.

use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::{GpuTarget, RunResult, RuntimeError, WorkerClient};
use std::collections::HashMap;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::time::Instant;

/// What a run is for: the workload text's hash and the trace as YAML.
pub type RunKey = (u64, String);

struct Job {
    key: RunKey,
    workload: PrimFunc,
    kernel: CudaKernel,
}

pub enum Reply {
    Done {
        key: RunKey,
        result: Box<RunResult>,
        /// The CUDA driver version where it ran (for the results database).
        driver: String,
    },
    Failed {
        key: RunKey,
        message: String,
        no_device: bool,
    },
}

pub struct Runner {
    tx: Option<Sender<Job>>,
    rx: Option<Receiver<Reply>>,
    /// The run in flight: its key and when it started (for the spinner).
    pub busy: Option<(RunKey, Instant)>,
    /// The device of the last successful run.
    pub device: Option<String>,
    cache: HashMap<(u64, String, String), RunResult>,
}

impl Default for Runner {
    fn default() -> Self {
        Runner::new()
    }
}

impl Runner {
    pub fn new() -> Runner {
        Runner {
            tx: None,
            rx: None,
            busy: None,
            device: None,
            cache: HashMap::new(),
        }
    }

    /// A measured result for this program on the current device.
    pub fn cached(&self, key: &RunKey) -> Option<&RunResult> {
        let device = self.device.as_ref()?;
        self.cache.get(&(key.0, key.1.clone(), device.clone()))
    }

    /// Starts a run in the background; false when one is already running.
    pub fn start(&mut self, key: RunKey, workload: PrimFunc, kernel: CudaKernel) -> bool {
        if self.busy.is_some() {
            return false;
        }
        if self.tx.is_none() {
            let (job_tx, job_rx) = channel::<Job>();
            let (reply_tx, reply_rx) = channel::<Reply>();
            // `--gpu`-less explorer: $TIRTUI_GPU or the config file's `gpu`, else local.
            let target = crate::session::gpu::configured_gpu(None).unwrap_or(GpuTarget::Local);
            let spawned = std::thread::Builder::new()
                .name("tirtui-runner".into())
                .spawn(move || run_loop(job_rx, reply_tx, target));
            if spawned.is_err() {
                return false;
            }
            self.tx = Some(job_tx);
            self.rx = Some(reply_rx);
        }
        let sent = self.tx.as_ref().is_some_and(|tx| {
            tx.send(Job {
                key: key.clone(),
                workload,
                kernel,
            })
            .is_ok()
        });
        if sent {
            self.busy = Some((key, Instant::now()));
        } else {
            // The thread is gone (it panicked): start afresh next time.
            self.tx = None;
            self.rx = None;
        }
        sent
    }

    /// Replies that arrived; successful ones go into the cache.
    pub fn poll(&mut self) -> Vec<Reply> {
        let mut out = Vec::new();
        let Some(rx) = &self.rx else {
            return out;
        };
        loop {
            match rx.try_recv() {
                Ok(reply) => {
                    self.busy = None;
                    if let Reply::Done { key, result, .. } = &reply {
                        self.device = Some(result.device.clone());
                        self.cache.insert(
                            (key.0, key.1.clone(), result.device.clone()),
                            (**result).clone(),
                        );
                    }
                    out.push(reply);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    if let Some((key, _)) = self.busy.take() {
                        out.push(Reply::Failed {
                            key,
                            message: "the GPU runner stopped".into(),
                            no_device: false,
                        });
                    }
                    self.tx = None;
                    self.rx = None;
                    break;
                }
            }
        }
        out
    }
}

fn run_loop(jobs: Receiver<Job>, replies: Sender<Reply>, target: GpuTarget) {
    let mut client: Option<WorkerClient> = None;
    while let Ok(job) = jobs.recv() {
        let reply = match run_one(&mut client, &job, &target) {
            Ok((result, driver)) => Reply::Done {
                key: job.key,
                result: Box::new(result),
                driver,
            },
            Err((message, no_device)) => Reply::Failed {
                key: job.key,
                message,
                no_device,
            },
        };
        if replies.send(reply).is_err() {
            break;
        }
    }
    if let Some(mut c) = client {
        c.shutdown();
    }
}

fn run_one(
    client: &mut Option<WorkerClient>,
    job: &Job,
    target: &GpuTarget,
) -> Result<(RunResult, String), (String, bool)> {
    if client.is_none() && target.is_local() {
        // The runtime's NoDevice message is complete ("no CUDA device: ...").
        crate::runtime::device_available().map_err(|e| (e.to_string(), true))?;
    }
    let req =
        crate::session::run::build_request(&job.workload, &job.kernel).map_err(|e| (e, false))?;
    let c = client.get_or_insert_with(|| target.client());
    let result = c.run(&req).map_err(|e| match e {
        RuntimeError::NoDevice(m) => (m, true),
        other => (other.to_string(), false),
    })?;
    let driver = c.driver().unwrap_or_else(|_| "unknown".into());
    Ok((result, driver))
}
