//! The worker process (`tirtui worker`): reads requests on stdin, answers on stdout.
//!
//! After an error that leaves the CUDA context unusable (a fault, a panic) the
//! worker answers and exits; the client starts a fresh one for the next request.

use super::compile_child::set_worker_limit;
use super::error::RuntimeError;
use super::execute::Executor;
use super::nvrtc::panic_text;
use super::protocol::{decode_request, encode, Reply, ReplyLine, Request};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Exit status after a fatal error was reported.
pub const EXIT_FATAL: i32 = 2;

/// Entry point of `tirtui worker`; returns the process exit status.
pub fn worker_main() -> i32 {
    serve(std::io::stdin().lock(), std::io::stdout())
}

/// Serves requests from `input` until it ends (0), a write fails (1) or a fatal
/// error was answered (`EXIT_FATAL`).
pub fn serve(input: impl BufRead, mut output: impl Write) -> i32 {
    let mut exec = Executor::default();
    for line in input.lines() {
        let Ok(line) = line else {
            return 1;
        };
        if line.trim().is_empty() {
            continue;
        }
        let (id, reply) = match decode_request(&line) {
            Ok(req) => (req.id, handle(&mut exec, &req.request)),
            Err(e) => (0, Reply::Error(e)),
        };
        let fatal = matches!(&reply, Reply::Error(e) if e.is_fatal());
        let text = encode(&ReplyLine { id, reply }).unwrap_or_else(|e| {
            // An unencodable reply still gets an answer, so the client does not wait.
            let msg = serde_json::Value::String(e.to_string());
            format!(r#"{{"id":{id},"reply":{{"error":{{"Protocol":{msg}}}}}}}"#)
        });
        if writeln!(output, "{text}")
            .and_then(|()| output.flush())
            .is_err()
        {
            return 1;
        }
        if fatal {
            return EXIT_FATAL;
        }
    }
    0
}

fn handle(exec: &mut Executor, request: &Request) -> Reply {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match request {
        Request::Run(req) => exec.run(req).map(Reply::Run),
        Request::Compile { kernel } => exec.compile(kernel).map(Reply::Compile),
        Request::Prepare {
            kernels,
            compile_timeout_ms,
        } => {
            set_worker_limit(compile_timeout_ms.map(Duration::from_millis));
            exec.prepare(kernels).map(Reply::Prepare)
        }
        Request::Queue {
            kernels,
            compile_timeout_ms,
        } => {
            set_worker_limit(compile_timeout_ms.map(Duration::from_millis));
            exec.queue(kernels).map(Reply::Queued)
        }
        Request::Ready { wait_ms } => Ok(Reply::Ready(exec.ready(*wait_ms))),
        Request::Device => exec.device_name().map(Reply::Device),
        Request::Driver => super::device::driver_version().map(Reply::Driver),
        Request::Arch => exec.device_arch().map(Reply::Arch),
    }));
    match outcome {
        Ok(Ok(reply)) => reply,
        Ok(Err(e)) => Reply::Error(e),
        Err(p) => Reply::Error(RuntimeError::WorkerCrashed(format!(
            "the worker panicked: {}",
            panic_text(&p)
        ))),
    }
}
