//! Where the GPU worker runs: this machine, a GPU box over `ssh`, or any command
//! that speaks the worker's JSON lines on stdin/stdout (`cmd:...`, which tests
//! use to stand in for ssh).
//!
//! The remote worker is the same `tirtui worker`, so isolation and the restart
//! after a fault are the client's as for a local one; a lost connection is a
//! crashed worker whose message names the target.

use super::client::WorkerClient;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuTarget {
    Local,
    /// `local:N`: this machine's GPU N (as CUDA numbers them after
    /// `CUDA_VISIBLE_DEVICES`), in a worker that sees only that one.
    LocalGpu(u32),
    /// `ssh://[user@]host[:port][/path/to/tirtui]`.
    Ssh {
        host: String,
        port: Option<u16>,
        /// The tirtui executable on the remote host (`tirtui` on its PATH by default).
        program: String,
    },
    /// `cmd:COMMAND`: run by `sh -c`, it must start a worker.
    Command(String),
}

impl GpuTarget {
    pub fn parse(text: &str) -> Result<GpuTarget, String> {
        let t = text.trim();
        if t.is_empty() || t == "local" {
            return Ok(GpuTarget::Local);
        }
        if let Some(n) = t.strip_prefix("local:") {
            return n
                .parse::<u32>()
                .map(GpuTarget::LocalGpu)
                .map_err(|_| format!("`{n}` in `{t}` is not a GPU number (local:0, local:1 ...)"));
        }
        if let Some(cmd) = t.strip_prefix("cmd:") {
            if cmd.trim().is_empty() {
                return Err(
                    "`cmd:` needs a command that starts a worker, e.g. `cmd:tirtui worker`".into(),
                );
            }
            return Ok(GpuTarget::Command(cmd.trim().to_string()));
        }
        if let Some(rest) = t.strip_prefix("ssh://") {
            let (authority, path) = match rest.split_once('/') {
                Some((a, p)) => (a, format!("/{p}")),
                None => (rest, String::new()),
            };
            let (host, port) = match authority.rsplit_once(':') {
                Some((h, p)) => {
                    let port = p
                        .parse::<u16>()
                        .map_err(|_| format!("`{p}` in `{t}` is not a port number"))?;
                    (h, Some(port))
                }
                None => (authority, None),
            };
            if host.is_empty() || host.starts_with('-') || host.contains(char::is_whitespace) {
                return Err(format!("`{t}` has no usable host name"));
            }
            let program = if path.is_empty() || path == "/" {
                "tirtui".to_string()
            } else {
                path
            };
            return Ok(GpuTarget::Ssh {
                host: host.to_string(),
                port,
                program,
            });
        }
        Err(format!(
            "unknown GPU target `{t}`; use ssh://host[:port], cmd:COMMAND or local"
        ))
    }

    pub fn is_local(&self) -> bool {
        matches!(self, GpuTarget::Local | GpuTarget::LocalGpu(_))
    }

    /// A worker client for this target.
    pub fn client(&self) -> WorkerClient {
        match self {
            GpuTarget::Local => WorkerClient::new(),
            GpuTarget::LocalGpu(n) => WorkerClient::new()
                .with_label(self.to_string())
                .with_child_env("CUDA_VISIBLE_DEVICES", visible_device(*n)),
            GpuTarget::Ssh {
                host,
                port,
                program,
            } => {
                let mut args: Vec<String> = vec![
                    // Never wait for a password prompt that nobody can answer.
                    "-o".into(),
                    "BatchMode=yes".into(),
                    // A dead link is noticed within ~15 s instead of hanging.
                    "-o".into(),
                    "ServerAliveInterval=5".into(),
                    "-o".into(),
                    "ServerAliveCountMax=3".into(),
                ];
                if let Some(p) = port {
                    args.push("-p".into());
                    args.push(p.to_string());
                }
                args.push(host.clone());
                args.push("--".into());
                args.push(program.clone());
                args.push("worker".into());
                WorkerClient::with_command("ssh", args).with_label(self.to_string())
            }
            GpuTarget::Command(cmd) => {
                WorkerClient::with_command("sh", ["-c", cmd.as_str()]).with_label(self.to_string())
            }
        }
    }
}

impl fmt::Display for GpuTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuTarget::Local => write!(f, "local"),
            GpuTarget::LocalGpu(n) => write!(f, "local:{n}"),
            GpuTarget::Ssh {
                host,
                port,
                program,
            } => {
                write!(f, "ssh://{host}")?;
                if let Some(p) = port {
                    write!(f, ":{p}")?;
                }
                if program != "tirtui" {
                    write!(f, "{program}")?;
                }
                Ok(())
            }
            GpuTarget::Command(c) => write!(f, "cmd:{c}"),
        }
    }
}

/// What `CUDA_VISIBLE_DEVICES` a worker for GPU `n` gets: the n-th entry of
/// tirtui's own list when it has one (so `local:1` under `0,3` is GPU 3), else `n`.
fn visible_device(n: u32) -> String {
    let own = std::env::var("CUDA_VISIBLE_DEVICES").unwrap_or_default();
    visible_entry(&own, n)
}

fn visible_entry(own: &str, n: u32) -> String {
    let entries: Vec<&str> = own
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect();
    if entries.is_empty() {
        return n.to_string();
    }
    // Past the list: a number CUDA will not find, so the worker says so.
    entries
        .get(n as usize)
        .map_or_else(|| format!("{}", u32::MAX), |e| e.to_string())
}

/// One target per GPU of this machine (`local:0`, `local:1` ...), or just
/// `local` when there are fewer than two (or none: the worker then says why).
pub fn local_gpus() -> Vec<GpuTarget> {
    match super::device::device_count() {
        Ok(n) if n >= 2 => (0..n)
            .filter_map(|i| u32::try_from(i).ok())
            .map(GpuTarget::LocalGpu)
            .collect(),
        _ => vec![GpuTarget::Local],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_targets() {
        assert_eq!(GpuTarget::parse("local"), Ok(GpuTarget::Local));
        assert_eq!(
            GpuTarget::parse("ssh://me@gpu1:2222"),
            Ok(GpuTarget::Ssh {
                host: "me@gpu1".into(),
                port: Some(2222),
                program: "tirtui".into()
            })
        );
        assert_eq!(
            GpuTarget::parse("ssh://gpu1/opt/bin/tirtui").map(|t| t.to_string()),
            Ok("ssh://gpu1/opt/bin/tirtui".into())
        );
        assert_eq!(
            GpuTarget::parse("cmd:tirtui worker"),
            Ok(GpuTarget::Command("tirtui worker".into()))
        );
        assert!(GpuTarget::parse("ssh://gpu1:x").is_err());
        assert!(GpuTarget::parse("ssh://-oProxyCommand=x").is_err());
        assert!(GpuTarget::parse("cmd:").is_err());
        assert!(GpuTarget::parse("gpu1").is_err());
        assert_eq!(GpuTarget::parse("local:1"), Ok(GpuTarget::LocalGpu(1)));
        assert_eq!(GpuTarget::LocalGpu(1).to_string(), "local:1");
        assert!(GpuTarget::parse("local:x").is_err());
        assert!(GpuTarget::parse("local:-1").is_err());
        assert!(GpuTarget::LocalGpu(0).is_local());
    }

    #[test]
    fn a_local_gpu_is_numbered_within_tirtuis_own_visible_list() {
        assert_eq!(visible_entry("", 1), "1");
        assert_eq!(visible_entry("0,3", 1), "3");
        assert_eq!(visible_entry(" 2 , 5 ", 0), "2");
        assert_eq!(visible_entry("GPU-abc,GPU-def", 1), "GPU-def");
        // Past the list: never another GPU than the one asked for.
        assert_eq!(visible_entry("4", 1), u32::MAX.to_string());
    }
}
