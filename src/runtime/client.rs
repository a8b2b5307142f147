//! `WorkerClient`: runs kernels in a child process so a faulting or hanging kernel
//! cannot take tirtui down.
//!
//! One request at a time, each with a time limit. A timeout, a crash or a fatal
//! error kills the worker; the next request starts a fresh one.

use super::error::RuntimeError;
use super::paths::{cuda_library_dirs, join_search_path};
use super::protocol::{decode_reply, encode, Reply, Request, RequestLine};
use super::request::{CompileReport, RunRequest, RunResult};
use crate::codegen::CudaKernel;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
/// Lines of the worker's stderr kept for crash reports.
const STDERR_TAIL_LINES: usize = 20;
/// How long a dead worker's stderr is drained before reporting.
const STDERR_DRAIN: Duration = Duration::from_millis(500);

/// A running worker process and the threads reading its output.
struct WorkerProcess {
    child: Child,
    stdin: ChildStdin,
    stdout_lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Disconnects when the stderr reader has seen the end.
    stderr_done: Receiver<()>,
}

impl WorkerProcess {
    fn kill(mut self) {
        // Killing an already exited child fails harmlessly; wait reaps it.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Why the worker is gone: its exit status and the end of its stderr.
    fn death_report(mut self) -> String {
        let deadline = Instant::now() + STDERR_DRAIN;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        let _ = self.stderr_done.recv_timeout(STDERR_DRAIN);
        let mut msg = match status {
            Some(s) => format!("the worker exited ({s})"),
            None => "the worker closed its output".to_string(),
        };
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default();
        if !tail.trim().is_empty() {
            msg.push_str(":\n");
            msg.push_str(tail.trim_end());
        }
        self.kill();
        msg
    }
}

pub struct WorkerClient {
    program: OsString,
    args: Vec<OsString>,
    envs: Vec<(OsString, OsString)>,
    /// Why `new()` could not find the executable, reported on first use.
    setup_error: Option<String>,
    timeout: Duration,
    process: Option<WorkerProcess>,
    next_id: u64,
    /// Where a remote worker runs (`ssh://gpu1`), named in crash messages.
    label: Option<String>,
}

impl Default for WorkerClient {
    fn default() -> Self {
        WorkerClient::new()
    }
}

impl WorkerClient {
    /// A client that runs this executable as `<exe> worker`.
    pub fn new() -> Self {
        match std::env::current_exe() {
            Ok(exe) => WorkerClient::with_command(exe, ["worker"]),
            Err(e) => {
                let mut client = WorkerClient::with_command("tirtui", ["worker"]);
                client.setup_error = Some(format!("cannot find the tirtui executable: {e}"));
                client
            }
        }
    }

    /// A client that starts `program args...` as the worker (tests use fake workers).
    pub fn with_command<S: Into<OsString>>(
        program: impl Into<OsString>,
        args: impl IntoIterator<Item = S>,
    ) -> Self {
        WorkerClient {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            envs: Vec::new(),
            setup_error: None,
            timeout: DEFAULT_TIMEOUT,
            process: None,
            next_id: 1,
            label: None,
        }
    }

    /// Names the worker's location in errors (a remote worker's crash is most
    /// often a lost connection).
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// The time limit of each request (default 20 s).
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Sets an environment variable for the worker process.
    pub fn with_child_env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.envs.push((key.into(), value.into()));
        self
    }

    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The process id of the current worker, if one is running.
    pub fn worker_pid(&self) -> Option<u32> {
        self.process.as_ref().map(|p| p.child.id())
    }

    /// Compiles, checks and times a kernel on the GPU.
    pub fn run(&mut self, req: &RunRequest) -> Result<RunResult, RuntimeError> {
        // Inputs are filled and outputs checked on the host: a run over gigabytes of
        // data needs longer than the base limit, which is meant for hung kernels.
        let base = self.timeout;
        self.timeout = base + data_time(req);
        let reply = self.request(Request::Run(req.clone()));
        self.timeout = base;
        match reply? {
            Reply::Run(result) => Ok(result),
            other => self.unexpected(other),
        }
    }

    /// Compiles a kernel for the worker's device (registers and shared memory when
    /// a device is present; for the default architecture otherwise).
    pub fn compile_only(&mut self, kernel: &CudaKernel) -> Result<CompileReport, RuntimeError> {
        match self.request(Request::Compile {
            kernel: kernel.clone(),
        })? {
            Reply::Compile(report) => Ok(report),
            other => self.unexpected(other),
        }
    }

    /// The worker's device name.
    pub fn device(&mut self) -> Result<String, RuntimeError> {
        match self.request(Request::Device)? {
            Reply::Device(name) => Ok(name),
            other => self.unexpected(other),
        }
    }

    /// The CUDA driver version on the worker's machine.
    pub fn driver(&mut self) -> Result<String, RuntimeError> {
        match self.request(Request::Driver)? {
            Reply::Driver(v) => Ok(v),
            other => self.unexpected(other),
        }
    }

    /// Stops the worker (the next request starts a new one).
    pub fn shutdown(&mut self) {
        if let Some(p) = self.process.take() {
            p.kill();
        }
    }

    fn unexpected<T>(&mut self, reply: Reply) -> Result<T, RuntimeError> {
        self.shutdown();
        let kind = match reply {
            Reply::Run(_) => "run",
            Reply::Compile(_) => "compile",
            Reply::Device(_) => "device",
            Reply::Driver(_) => "driver",
            Reply::Error(_) => "error",
        };
        Err(RuntimeError::Protocol(format!("unexpected `{kind}` reply")))
    }

    fn request(&mut self, request: Request) -> Result<Reply, RuntimeError> {
        let id = self.next_id;
        self.next_id += 1;
        let line = encode(&RequestLine { id, request })?;
        if self.process.is_none() {
            self.process = Some(self.spawn()?);
        }
        let Some(process) = self.process.as_mut() else {
            return Err(RuntimeError::WorkerCrashed(
                "the worker did not start".into(),
            ));
        };
        let sent = writeln!(process.stdin, "{line}").and_then(|()| process.stdin.flush());
        if sent.is_err() {
            return Err(self.crashed());
        }
        let deadline = Instant::now() + self.timeout;
        loop {
            let Some(process) = self.process.as_mut() else {
                return Err(RuntimeError::WorkerCrashed("the worker is gone".into()));
            };
            let left = deadline.saturating_duration_since(Instant::now());
            match process.stdout_lines.recv_timeout(left) {
                // Anything else on stdout (a kernel's printf, a stale reply) is skipped;
                // a printf without a newline may sit in front of the reply.
                Ok(line) => match decode_reply(reply_part(&line)) {
                    Ok(reply) if reply.id == id => {
                        return match reply.reply {
                            Reply::Error(e) => {
                                if e.is_fatal() {
                                    self.shutdown();
                                }
                                Err(e)
                            }
                            other => Ok(other),
                        };
                    }
                    _ => continue,
                },
                Err(RecvTimeoutError::Timeout) => {
                    self.shutdown();
                    return Err(RuntimeError::Timeout(self.timeout.as_secs_f64()));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            }
        }
    }

    fn crashed(&mut self) -> RuntimeError {
        let report = match self.process.take() {
            Some(p) => p.death_report(),
            None => "the worker is gone".to_string(),
        };
        RuntimeError::WorkerCrashed(self.located(report))
    }

    fn located(&self, report: String) -> String {
        match &self.label {
            Some(l) => {
                format!("lost the GPU worker at {l} (connection closed or worker died): {report}")
            }
            None => report,
        }
    }

    fn spawn(&self) -> Result<WorkerProcess, RuntimeError> {
        if let Some(e) = &self.setup_error {
            return Err(RuntimeError::WorkerCrashed(e.clone()));
        }
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args)
            .envs(self.envs.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group: Ctrl-C in the terminal stops `tune` after the
        // current measurement instead of killing the worker in the middle of it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        // The worker dlopens libnvrtc/libcublas; pip wheels and toolkits outside the
        // loader's default path are found through LD_LIBRARY_PATH.
        let libs = cuda_library_dirs();
        if !libs.is_empty() {
            let existing = std::env::var_os("LD_LIBRARY_PATH");
            if let Some(path) = join_search_path(existing.as_deref(), &libs) {
                cmd.env("LD_LIBRARY_PATH", path);
            }
        }
        let mut child = cmd.spawn().map_err(|e| {
            RuntimeError::WorkerCrashed(self.located(format!(
                "cannot start the worker `{}`: {e}",
                self.program.to_string_lossy()
            )))
        })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(RuntimeError::WorkerCrashed(
                "the worker has no pipes".into(),
            ));
        };
        let (line_tx, stdout_lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line_tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        let (done_tx, stderr_done) = mpsc::channel::<()>();
        thread::spawn(move || {
            let _done = done_tx;
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Ok(mut t) = tail.lock() {
                    if t.len() == STDERR_TAIL_LINES {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            }
        });
        Ok(WorkerProcess {
            child,
            stdin,
            stdout_lines,
            stderr_tail,
            stderr_done,
        })
    }
}

/// The reply object in a stdout line: from its `{"id":` on.
fn reply_part(line: &str) -> &str {
    line.find(r#"{"id":"#).map_or(line, |start| &line[start..])
}

impl Drop for WorkerClient {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Extra time a run is allowed for its data: one second per 64 MiB that the worker
/// fills, copies and checks (arguments and temporaries, ours and the reference's).
fn data_time(req: &RunRequest) -> Duration {
    let bytes = |k: &crate::codegen::CudaKernel| -> u128 {
        k.args
            .iter()
            .chain(&k.temporaries)
            .map(|a| {
                let elem = crate::ir::DataType::from_name(&a.dtype).map_or(8, |d| d.bytes());
                a.elements().max(0) as u128 * elem as u128
            })
            .sum()
    };
    let total = bytes(&req.kernel) + req.reference.as_ref().map_or(0, bytes);
    Duration::from_secs(u64::try_from(total >> 26).unwrap_or(u64::MAX).min(3600))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_found_behind_stray_text() {
        assert_eq!(
            reply_part(r#"hello {"id":1,"reply":{}}"#),
            r#"{"id":1,"reply":{}}"#
        );
        assert_eq!(reply_part("no reply here"), "no reply here");
    }

    #[test]
    fn big_data_extends_the_time_limit() {
        let arg = |shape: Vec<i64>| crate::codegen::KernelArg {
            name: "A".into(),
            dtype: "int8".into(),
            shape,
            is_output: false,
        };
        let kernel = |args| crate::codegen::CudaKernel {
            name: "main_kernel".into(),
            source: String::new(),
            grid: [1; 3],
            block: [1; 3],
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args,
            launches: Vec::new(),
            temporaries: Vec::new(),
        };
        let req = |args: Vec<crate::codegen::KernelArg>| RunRequest {
            kernel: kernel(args.clone()),
            reference: Some(kernel(args)),
            matmul: None,
            flops: 0.0,
            seed: 0,
            runs: 1,
        };
        assert_eq!(data_time(&req(vec![arg(vec![1024, 1024])])), Duration::ZERO);
        // 2.1 GB in and out, twice (ours and the reference): 128 s more.
        let big = req(vec![arg(vec![32769, 65536]), arg(vec![32769, 65536])]);
        assert_eq!(data_time(&big), Duration::from_secs(128));
        // Shapes whose product overflows do not overflow the limit.
        let huge = req(vec![arg(vec![i64::MAX, 4])]);
        assert!(data_time(&huge) <= Duration::from_secs(3600));
    }
}
