//! `WorkerClient`: runs kernels in a child process so a faulting or hanging kernel
//! cannot take tirtui down.
//!
//! One request at a time, each with a time limit. A timeout, a crash or a fatal
//! error kills the worker; the next request starts a fresh one.
//!
//! The worker is untrusted (issue 29), and so is everything in its process group:
//! - The deadline holds whatever it does: stray lines are never queued
//!   (`pipes`), the deadline is checked before every wait, so a flood of stale
//!   replies cannot postpone it either, and requests are written by a thread of
//!   their own, so a worker that does not read its input cannot block a write.
//! - Memory is bounded: a reply line is at most `MAX_REPLY_BYTES` (a longer one
//!   is a protocol error naming the limit), stray text and stderr are not kept
//!   beyond a few bytes per line.
//! - What is a reply: a line's tail from its last `{"id":` (see `pipes`). A line
//!   without that marker is stray text (a kernel's `printf`) and skipped; a
//!   line with it must decode as a reply, else it is a protocol error at once,
//!   quoting the line (bounded, made printable) instead of waiting for the
//!   timeout. A reply to an older request (its id is not the current one) is
//!   skipped; one with id 0 is the worker's answer to a request it could not
//!   read (an older worker that lacks an operation) and is returned.
//! - Every reply is checked and its text made printable (`untrusted`) before
//!   the rest of tirtui sees it.
//! - Stopping a worker kills its whole process group (it is spawned as its own
//!   group), so a `sh -c` wrapper's children die with it. For `ssh://` targets
//!   that is the local ssh; the remote worker sees its input end and exits once
//!   its current kernel returns.

use super::error::RuntimeError;
use super::paths::{cuda_library_dirs, join_search_path};
use super::pipes::{read_replies, read_stderr_tail, StdoutEvent};
use super::protocol::{encode, Reply, ReplyLine, Request, RequestLine};
use super::request::{CompileReport, Prepared, ReadyList, RunRequest, RunResult};
use super::untrusted::{accept, quote};
use crate::codegen::CudaKernel;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest reply line accepted. The largest legitimate reply is a compile
/// report with its PTX: the shipped sessions' CUDA is at most 92 KB, their PTX a
/// few hundred KB to a few MB when unrolled; 32 MiB leaves room for far larger
/// kernels while bounding what a worker can make tirtui hold (a few times this).
pub const MAX_REPLY_BYTES: usize = 32 * 1024 * 1024;
/// How long a dead worker's stderr is drained before reporting.
const STDERR_DRAIN: Duration = Duration::from_millis(500);

/// A running worker process and the threads reading its output.
struct WorkerProcess {
    child: Child,
    /// Request lines for the writer thread: a worker that does not read its
    /// input must not block tirtui past the deadline in a write.
    requests: Sender<String>,
    stdout_replies: Receiver<StdoutEvent>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Disconnects when the stderr reader has seen the end.
    stderr_done: Receiver<()>,
}

impl WorkerProcess {
    /// Kills the worker's process group, then reaps the worker (its exit status).
    fn kill(mut self) -> Option<std::process::ExitStatus> {
        // The worker is not reaped yet, so its pid still names its group.
        kill_process_group(&self.child);
        // Killing an already exited child fails harmlessly; wait reaps it.
        let _ = self.child.kill();
        self.child.wait().ok()
    }

    /// Why the worker is gone: its exit status and the end of its stderr.
    fn death_report(self) -> String {
        let deadline = Instant::now() + STDERR_DRAIN;
        let mut exited = has_exited(&self.child);
        while !exited && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(10));
            exited = has_exited(&self.child);
        }
        let _ = self.stderr_done.recv_timeout(STDERR_DRAIN);
        let tail = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default();
        let status = self.kill();
        let mut msg = match status {
            Some(s) if exited => format!("the worker exited ({s})"),
            _ => "the worker closed its output".to_string(),
        };
        if !tail.trim().is_empty() {
            msg.push_str(":\n");
            msg.push_str(tail.trim_end());
        }
        msg
    }
}

/// Kills every process in the worker's group (`process_group(0)` at spawn).
/// Only called before the worker is reaped, so the group id cannot name
/// another group.
fn kill_process_group(child: &Child) {
    #[cfg(unix)]
    if let Ok(pgid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals a process group; it
        // touches no memory of ours.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = child;
}

/// Whether the worker has exited, without reaping it (so its group can still
/// be killed by id).
fn has_exited(child: &Child) -> bool {
    #[cfg(unix)]
    {
        let pid: libc::id_t = child.id();
        // SAFETY: siginfo_t is plain data that waitid fills; WNOWAIT leaves
        // the child waitable for `Child::wait`.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            libc::waitid(libc::P_PID, pid, &mut info, flags) == 0 && info.si_pid() != 0
        }
    }
    #[cfg(not(unix))]
    {
        let _ = child;
        false
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
    /// The longest reply line accepted (`MAX_REPLY_BYTES`).
    reply_limit: usize,
    /// The time limit of each compile of `queue` and `prepare` (sent with
    /// them; the worker compiles in a child it kills past the limit).
    compile_timeout: Option<Duration>,
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
            reply_limit: MAX_REPLY_BYTES,
            compile_timeout: None,
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

    /// The longest reply line accepted (default `MAX_REPLY_BYTES`; tests lower it).
    pub fn with_reply_limit(mut self, bytes: usize) -> Self {
        self.reply_limit = bytes;
        self
    }

    /// The time limit of each compile the worker runs for `queue` and
    /// `prepare` (none by default: compiled in process).
    pub fn set_compile_timeout(&mut self, limit: Option<Duration>) {
        self.compile_timeout = limit;
    }

    fn compile_timeout_ms(&self) -> Option<u64> {
        self.compile_timeout
            .map(|l| u64::try_from(l.as_millis()).unwrap_or(u64::MAX).max(1))
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

    /// Compiles `kernels` in the worker, on all its CPU cores, and has it keep
    /// the binaries for the runs that follow; one entry per kernel, in order.
    /// A worker from an older tirtui answers a protocol error (and is restarted
    /// for the next request, as after any protocol error).
    pub fn prepare(&mut self, kernels: &[CudaKernel]) -> Result<Vec<Prepared>, RuntimeError> {
        // Compiles run several at a time; a quarter of the one-after-another
        // limit still leaves room for a worker with few cores.
        let base = self.timeout;
        let share = u32::try_from(1 + kernels.len() / 4).unwrap_or(u32::MAX);
        self.timeout = base.saturating_mul(share);
        let reply = self.request(Request::Prepare {
            kernels: kernels.to_vec(),
            compile_timeout_ms: self.compile_timeout_ms(),
        });
        self.timeout = base;
        match reply? {
            Reply::Prepare(list) if list.len() == kernels.len() => Ok(list),
            Reply::Prepare(list) => {
                self.shutdown();
                Err(RuntimeError::Protocol(format!(
                    "the worker prepared {} kernels of {}",
                    list.len(),
                    kernels.len()
                )))
            }
            other => self.unexpected(other),
        }
    }

    /// Has the worker start compiling `kernels` on all its CPU cores (it
    /// answers at once); `ready` says which have finished. A worker from an
    /// older tirtui answers a protocol error.
    pub fn queue(&mut self, kernels: &[CudaKernel]) -> Result<usize, RuntimeError> {
        match self.request(Request::Queue {
            kernels: kernels.to_vec(),
            compile_timeout_ms: self.compile_timeout_ms(),
        })? {
            Reply::Queued(n) if n == kernels.len() => Ok(n),
            Reply::Queued(n) => {
                self.shutdown();
                Err(RuntimeError::Protocol(format!(
                    "the worker queued {n} kernels of {}",
                    kernels.len()
                )))
            }
            other => self.unexpected(other),
        }
    }

    /// The queued kernels whose compile ended since the last call; the worker
    /// waits up to `wait` for one (within the request's time limit).
    pub fn ready(&mut self, wait: Duration) -> Result<ReadyList, RuntimeError> {
        let wait = wait.min(self.timeout / 2);
        let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
        match self.request(Request::Ready { wait_ms })? {
            Reply::Ready(list) => Ok(list),
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

    /// The architecture of the worker's device (`sm_90`): what a kernel
    /// compiled here for it must target. A worker from an older tirtui
    /// answers a protocol error.
    pub fn arch(&mut self) -> Result<String, RuntimeError> {
        match self.request(Request::Arch)? {
            Reply::Arch(a) => Ok(a),
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
            Reply::Prepare(_) => "prepare",
            Reply::Queued(_) => "queued",
            Reply::Ready(_) => "ready",
            Reply::Device(_) => "device",
            Reply::Driver(_) => "driver",
            Reply::Arch(_) => "arch",
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
        // A write that fails ends the writer; the worker's end shows on stdout.
        if process.requests.send(line).is_err() {
            return Err(self.crashed());
        }
        let deadline = Instant::now() + self.timeout;
        loop {
            let Some(process) = self.process.as_mut() else {
                return Err(RuntimeError::WorkerCrashed("the worker is gone".into()));
            };
            // Checked before every wait: a worker that keeps writing must not
            // keep the deadline from passing.
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(self.timed_out());
            }
            let line = match process.stdout_replies.recv_timeout(left) {
                Ok(StdoutEvent::Reply(line)) => line,
                Ok(StdoutEvent::TooLong { bytes }) => {
                    self.shutdown();
                    return Err(RuntimeError::Protocol(format!(
                        "a reply line of {bytes} bytes, over the limit of {} bytes; \
                         is the worker a tirtui worker?",
                        self.reply_limit
                    )));
                }
                Err(RecvTimeoutError::Timeout) => return Err(self.timed_out()),
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            };
            let reply = match decode_reply_line(&line) {
                Ok(reply) => reply,
                Err(e) => {
                    self.shutdown();
                    return Err(e);
                }
            };
            // Id 0 is the worker's answer to a request it could not read (an
            // older worker lacks an operation); any other id is a reply to an
            // earlier request, skipped.
            let answers =
                reply.id == id || (reply.id == 0 && matches!(reply.reply, Reply::Error(_)));
            if !answers {
                continue;
            }
            return match accept(reply.reply) {
                Ok(Reply::Error(e)) | Err(e) => {
                    if e.is_fatal() {
                        self.shutdown();
                    }
                    Err(e)
                }
                Ok(other) => Ok(other),
            };
        }
    }

    fn timed_out(&mut self) -> RuntimeError {
        self.shutdown();
        RuntimeError::Timeout(self.timeout.as_secs_f64())
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
        // A queue of one: the reader waits on the worker's pipe, not on our memory.
        let (reply_tx, stdout_replies) = mpsc::sync_channel(1);
        let reply_limit = self.reply_limit;
        thread::spawn(move || read_replies(stdout, reply_limit, reply_tx));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        let (done_tx, stderr_done) = mpsc::channel::<()>();
        thread::spawn(move || {
            let _done = done_tx;
            read_stderr_tail(stderr, tail);
        });
        Ok(WorkerProcess {
            child,
            requests: spawn_writer(stdin),
            stdout_replies,
            stderr_tail,
            stderr_done,
        })
    }
}

/// The thread that writes request lines to the worker, one at a time.
fn spawn_writer(mut stdin: ChildStdin) -> Sender<String> {
    let (requests, lines) = mpsc::channel::<String>();
    thread::spawn(move || {
        for line in lines {
            if writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_err()
            {
                break;
            }
        }
    });
    requests
}

/// A reply line as the reader found it (from its last `{"id":` on), decoded; a
/// protocol error quoting it when it is no reply.
fn decode_reply_line(line: &[u8]) -> Result<ReplyLine, RuntimeError> {
    let decoded = std::str::from_utf8(line)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str::<ReplyLine>(text).map_err(|e| e.to_string()));
    decoded.map_err(|why| {
        RuntimeError::Protocol(format!(
            "a reply line that does not decode ({why}): {}",
            quote(line)
        ))
    })
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
    fn a_reply_line_that_does_not_decode_is_quoted_safely() {
        let ok = decode_reply_line(br#"{"id":1,"reply":{"device":"GPU"}}"#);
        assert_eq!(ok.map(|r| r.id), Ok(1));
        let bad = b"{\"id\":1,\"reply\":{\"device\":\"\x1b[2J\xff".to_vec();
        match decode_reply_line(&bad) {
            Err(RuntimeError::Protocol(msg)) => {
                assert!(
                    msg.starts_with("a reply line that does not decode ("),
                    "{msg}"
                );
                assert!(
                    msg.ends_with(": {\"id\":1,\"reply\":{\"device\":\"␛[2J\u{fffd}"),
                    "{msg}"
                );
            }
            other => panic!("expected a protocol error, got {other:?}"),
        }
    }

    #[test]
    fn big_data_extends_the_time_limit() {
        let arg = |shape: Vec<i64>| crate::codegen::KernelArg {
            name: "A".into(),
            dtype: "int8".into(),
            shape,
            is_output: false,
            layout: None,
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
            time_budget_ms: None,
            csr: Vec::new(),
            flush_l2: true,
            quick_above_ms: None,
            precompiled: None,
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
