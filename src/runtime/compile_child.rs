//! Compiling one kernel in a child process, so that a compile can be stopped
//! (issue 31). NVRTC runs in process and cannot be cancelled: a candidate
//! that NVRTC chews on for a minute and a half held `tirtui tune` that long,
//! past any time limit and past Ctrl-C. A child can be killed.
//!
//! ```text
//! tune compile thread ── spawn `tirtui compile-kernel` (own process group,
//!   killed with its parent) ── stdin: {"arch", "kernel"} ──> NVRTC
//!   <── stdout: {"ok": {"binary": Precompiled, "cpu_ms"}} | {"error": RuntimeError}
//!   past the limit or on stop: SIGKILL to the child's group
//! ```
//!
//! The tuner's shared compile pool compiles every candidate this way, and so
//! does a worker compiling its own share (`queue`, `prepare`) when its client
//! asked for a limit (`set_worker_limit`). The explorer's single compile and
//! `replay --run` stay in process: nobody waits on them to stop, and the
//! worker that runs them has its own request time limit.
//!
//! A compile past its limit is an error whose log starts with
//! `TIME_LIMIT_PREFIX` (`compile time limit 30 s exceeded`): the tuner
//! records it as a failed build with that reason, never drops it.

use super::error::RuntimeError;
use super::precompiled::{precompile, Precompiled};
use crate::codegen::CudaKernel;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The hidden subcommand of the tirtui binary that compiles one kernel.
pub const SUBCOMMAND: &str = "compile-kernel";

/// The environment variable naming another command to run instead of
/// `tirtui compile-kernel` (run by `sh -c`, as `--gpu cmd:`): it reads the
/// job on stdin and answers on stdout as the subcommand does. Tests use a
/// fake compiler that sleeps; a wrapper (`nice`, a container) is another use.
pub const COMMAND_ENV: &str = "TIRTUI_COMPILE_COMMAND";

/// The start of a compile error's log when the compile ran past its limit.
pub const TIME_LIMIT_PREFIX: &str = "compile time limit ";

/// The longest answer read from a compile child (a CUBIN as base64 and a
/// few warnings; the largest shipped kernels' binaries are a few MB).
const MAX_ANSWER_BYTES: usize = 64 << 20;

/// How often a waiting compile looks at its stop flag and deadline.
const POLL: Duration = Duration::from_millis(10);

/// What the child reads on stdin.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CompileJob {
    pub arch: String,
    pub kernel: CudaKernel,
}

/// What the child writes on stdout (one JSON object).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CompileAnswer {
    Ok {
        binary: Precompiled,
        /// The child's CPU time (its NVRTC compile), milliseconds.
        #[serde(default)]
        cpu_ms: f64,
    },
    Error(RuntimeError),
}

/// Why a compile in a child has no binary.
#[derive(Clone, Debug, PartialEq)]
pub enum CompileError {
    /// The compiler refused the kernel (its log), or the child failed.
    Failed(String),
    /// Past the time limit: the child was killed.
    TimedOut { limit: Duration },
    /// The caller's stop flag was set: the child was killed.
    Stopped,
}

impl CompileError {
    /// The message a time-limited compile reports (`TIME_LIMIT_PREFIX`...).
    pub fn time_limit_text(limit: Duration) -> String {
        format!(
            "{TIME_LIMIT_PREFIX}{} s exceeded: NVRTC was stopped (raise it with --compile-timeout)",
            seconds_text(limit)
        )
    }
}

impl From<String> for CompileError {
    fn from(log: String) -> CompileError {
        CompileError::Failed(log)
    }
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Failed(log) => write!(f, "{log}"),
            CompileError::TimedOut { limit } => write!(f, "{}", Self::time_limit_text(*limit)),
            CompileError::Stopped => write!(f, "the compile was stopped"),
        }
    }
}

/// `30`, `0.5`: a limit as the command line writes it.
pub fn seconds_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s}")
    }
}

/// A binary compiled in a child and the child's CPU time.
#[derive(Clone, Debug)]
pub struct ChildCompiled {
    pub binary: Precompiled,
    pub cpu_s: f64,
}

/// Runs compiles in child processes, each stopped at `limit` or when the
/// caller's stop flag is set.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildCompiler {
    program: OsString,
    args: Vec<OsString>,
    limit: Option<Duration>,
    /// This executable's `compile-kernel` (it needs libnvrtc here), not a
    /// command of the user's or a test's.
    own: bool,
}

impl ChildCompiler {
    /// `tirtui compile-kernel` of this executable, or `$TIRTUI_COMPILE_COMMAND`.
    pub fn new(limit: Option<Duration>) -> Result<ChildCompiler, String> {
        if let Some(cmd) = std::env::var_os(COMMAND_ENV).filter(|c| !c.is_empty()) {
            return Ok(ChildCompiler::shell(cmd, limit));
        }
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find the tirtui executable to compile with: {e}"))?;
        // Only tirtui itself has `compile-kernel`: a program that links the
        // library (a test harness) would run something else and never
        // answer, so it compiles in process instead.
        if exe.file_stem().and_then(|s| s.to_str()) != Some("tirtui") {
            return Err(format!(
                "{} is not the tirtui executable: it has no `{SUBCOMMAND}`",
                exe.display()
            ));
        }
        Ok(ChildCompiler {
            own: true,
            ..ChildCompiler::with_command(exe, [SUBCOMMAND], limit)
        })
    }

    /// `program args...` as the compiler.
    pub fn with_command<S: Into<OsString>>(
        program: impl Into<OsString>,
        args: impl IntoIterator<Item = S>,
        limit: Option<Duration>,
    ) -> ChildCompiler {
        ChildCompiler {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            limit,
            own: false,
        }
    }

    /// A command other than this executable's `compile-kernel` (from
    /// `$TIRTUI_COMPILE_COMMAND`, or a test's stand-in): it may compile
    /// where libnvrtc does not load in this process.
    pub fn is_command(&self) -> bool {
        !self.own
    }

    /// `sh -c COMMAND` as the compiler.
    pub fn shell(command: impl Into<OsString>, limit: Option<Duration>) -> ChildCompiler {
        ChildCompiler::with_command("sh", [OsString::from("-c"), command.into()], limit)
    }

    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// Compiles `kernel` for a device of `arch` in a child process.
    pub fn compile(
        &self,
        kernel: &CudaKernel,
        arch: &str,
        stop: &AtomicBool,
    ) -> Result<ChildCompiled, CompileError> {
        let job = serde_json::to_string(&CompileJob {
            arch: arch.to_string(),
            kernel: kernel.clone(),
        })
        .map_err(|e| CompileError::Failed(format!("cannot encode the compile job: {e}")))?;
        // A stop that came first spawns nothing.
        if stop.load(Ordering::Relaxed) {
            return Err(CompileError::Stopped);
        }
        let started = Instant::now();
        let mut child = self.spawn()?;
        // Written and read by threads of their own: a child that neither
        // reads nor exits must not block the deadline.
        if let Some(mut stdin) = child.stdin.take() {
            std::thread::spawn(move || {
                let _ = stdin.write_all(job.as_bytes());
            });
        }
        let (answer_tx, answer) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let read = stdout
                    .take(MAX_ANSWER_BYTES as u64 + 1)
                    .read_to_end(&mut bytes);
                let _ = answer_tx.send(read.map(|_| bytes));
            });
        }
        let stderr_tail = read_tail(child.stderr.take());
        let deadline = self.limit.map(|l| started + l);
        let output = loop {
            if stop.load(Ordering::Relaxed) {
                kill(child);
                return Err(CompileError::Stopped);
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                kill(child);
                return Err(CompileError::TimedOut {
                    limit: self.limit.unwrap_or_default(),
                });
            }
            let wait = deadline.map_or(POLL, |d| (d - now).min(POLL));
            match answer.recv_timeout(wait) {
                Ok(read) => break read,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break Ok(Vec::new()),
            }
        };
        // The child closed its output: it is ending (bounded all the same).
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None)
                    if !stop.load(Ordering::Relaxed)
                        && deadline.is_none_or(|d| Instant::now() < d) =>
                {
                    std::thread::sleep(Duration::from_millis(1))
                }
                _ => {
                    kill(child);
                    break None;
                }
            }
        };
        let fail = |why: String| {
            let tail = stderr_tail
                .recv_timeout(Duration::from_millis(200))
                .unwrap_or_default();
            let mut msg = format!("the compile process {why}");
            if !tail.trim().is_empty() {
                msg.push_str(":\n");
                msg.push_str(tail.trim_end());
            }
            CompileError::Failed(msg)
        };
        let bytes = output.map_err(|e| fail(format!("could not be read: {e}")))?;
        if bytes.len() > MAX_ANSWER_BYTES {
            return Err(fail(format!(
                "answered more than {} MiB",
                MAX_ANSWER_BYTES >> 20
            )));
        }
        match serde_json::from_slice::<CompileAnswer>(&bytes) {
            Ok(CompileAnswer::Ok { binary, cpu_ms }) => Ok(ChildCompiled {
                binary,
                cpu_s: cpu_ms.max(0.0) / 1e3,
            }),
            Ok(CompileAnswer::Error(e)) => Err(CompileError::Failed(e.to_string())),
            Err(e) => Err(fail(match status {
                Some(s) if !s.success() => format!("exited ({s})"),
                Some(_) => format!("gave no answer ({e})"),
                None => "did not exit after answering".into(),
            })),
        }
    }

    fn spawn(&self) -> Result<Child, CompileError> {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own group: Ctrl-C at the terminal reaches tirtui only, and
            // a kill reaches whatever the command started (`sh -c`).
            cmd.process_group(0);
            #[cfg(target_os = "linux")]
            {
                let parent = libc::pid_t::try_from(std::process::id()).unwrap_or(0);
                // SAFETY: only async-signal-safe calls between fork and exec.
                // The child dies with the thread that started it (tirtui
                // killed, or exiting): no NVRTC is left running behind it.
                unsafe {
                    cmd.pre_exec(move || {
                        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                        if libc::getppid() != parent {
                            libc::_exit(1);
                        }
                        Ok(())
                    });
                }
            }
        }
        cmd.spawn().map_err(|e| {
            CompileError::Failed(format!(
                "cannot start the compiler `{}`: {e}",
                self.program.to_string_lossy()
            ))
        })
    }
}

/// Kills the child's process group, then reaps the child.
fn kill(mut child: Child) {
    #[cfg(unix)]
    if let Ok(pgid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) on the group the child leads (not reaped yet, so
        // the id cannot name another group).
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The last few lines of the child's stderr, once it has ended.
fn read_tail(stderr: Option<std::process::ChildStderr>) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    if let Some(stderr) = stderr {
        std::thread::spawn(move || {
            let mut tail: VecDeque<u8> = VecDeque::new();
            let mut buf = [0u8; 4096];
            let mut stderr = stderr;
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                tail.extend(&buf[..n]);
                let over = tail.len().saturating_sub(2048);
                tail.drain(..over);
            }
            let _ = tx.send(String::from_utf8_lossy(tail.make_contiguous()).into_owned());
        });
    }
    rx
}

/// The entry of `tirtui compile-kernel`: one job on stdin, one answer on
/// stdout. Exit 0 when it answered (the answer may be a compile error), 2
/// when the job could not be read.
pub fn child_main() -> i32 {
    let mut text = String::new();
    if let Err(e) = std::io::stdin()
        .take(MAX_ANSWER_BYTES as u64 + 1)
        .read_to_string(&mut text)
    {
        eprintln!("error: cannot read the compile job: {e}");
        return 2;
    }
    // Said as such, not as the JSON error of a job cut short.
    if text.len() > MAX_ANSWER_BYTES {
        eprintln!(
            "error: the compile job is longer than {} MiB",
            MAX_ANSWER_BYTES >> 20
        );
        return 2;
    }
    let job: CompileJob = match serde_json::from_str(&text) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: the compile job is not valid JSON ({e})");
            return 2;
        }
    };
    let answer = match precompile(&job.kernel, &job.arch) {
        Ok(binary) => CompileAnswer::Ok {
            binary,
            cpu_ms: process_cpu_ms(),
        },
        Err(e) => CompileAnswer::Error(e),
    };
    let text = match serde_json::to_string(&answer) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot encode the answer: {e}");
            return 2;
        }
    };
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        return 1;
    }
    0
}

/// CPU time of this process so far (milliseconds; 0 where unknown).
fn process_cpu_ms() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage fills the plain struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
            return ms(usage.ru_utime) + ms(usage.ru_stime);
        }
    }
    0.0
}

/// The limit (milliseconds, 0: none) of the compiles a worker runs for its
/// queue and `prepare`: the last one its client asked for. A worker serves
/// one client, so one setting per process is enough.
static WORKER_LIMIT_MS: AtomicU64 = AtomicU64::new(0);

/// Sets the limit of the worker's compiles (`None`: compiled in process, as
/// for a client that asks for none).
pub fn set_worker_limit(limit: Option<Duration>) {
    let ms = limit.map_or(0, |l| {
        u64::try_from(l.as_millis()).unwrap_or(u64::MAX).max(1)
    });
    WORKER_LIMIT_MS.store(ms, Ordering::Relaxed);
}

/// The worker's compile limit, if its client asked for one.
pub fn worker_limit() -> Option<Duration> {
    match WORKER_LIMIT_MS.load(Ordering::Relaxed) {
        0 => None,
        ms => Some(Duration::from_millis(ms)),
    }
}

/// A worker's compile of one queued or prepared kernel: in a child under
/// the client's limit when it set one (stopped when `cancelled` is set),
/// else in process. A compile past the limit is a `Compile` error whose log
/// starts with `TIME_LIMIT_PREFIX`.
pub(super) fn worker_compile(
    kernel: &CudaKernel,
    arch: &str,
    cancelled: &AtomicBool,
) -> Result<super::nvrtc::Compiled, RuntimeError> {
    let Some(limit) = worker_limit() else {
        return super::nvrtc::compile_cubin(kernel, arch);
    };
    let compiler = ChildCompiler::new(Some(limit)).map_err(|log| RuntimeError::Compile { log })?;
    compile_as_worker(&compiler, kernel, arch, cancelled)
}

/// `worker_compile` with a given compiler: the binary as the worker keeps
/// it, or a `Compile` error (past the limit: `TIME_LIMIT_PREFIX`...).
fn compile_as_worker(
    compiler: &ChildCompiler,
    kernel: &CudaKernel,
    arch: &str,
    cancelled: &AtomicBool,
) -> Result<super::nvrtc::Compiled, RuntimeError> {
    match compiler.compile(kernel, arch, cancelled) {
        Ok(c) => c.binary.to_compiled(kernel, arch).map(|mut compiled| {
            compiled.report.compile_ms = c.binary.compile_ms;
            compiled
        }),
        Err(e) => Err(RuntimeError::Compile { log: e.to_string() }),
    }
}

/// Whether a compile error's log says the compile ran past its limit.
pub fn is_time_limit(log: &str) -> bool {
    log.starts_with(TIME_LIMIT_PREFIX)
}

#[cfg(test)]
mod tests;
