//! Session files (spec section 2): a workload plus its trace, as YAML.
//!
//! Loading validates everything (fields, kinds, names defined before use)
//! before the caller sees a session; saving is atomic (temp file + rename).

use super::step::{op_spec, op_specs, Arg, FieldKind, Step};
mod workload_file;
mod yaml;
mod yaml_bounds;

use crate::input::write::{write_file, Links, WriteRules};
use std::path::{Path, PathBuf};
use thiserror::Error;
use yaml::Node;

/// Where the workload comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Workload {
    /// A path, relative to the session file's folder.
    Path(String),
    /// The TVMScript itself.
    Inline(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    pub workload: Workload,
    pub func: Option<String>,
    pub steps: Vec<Step>,
    /// The last measured time of this trace per device (`results:`), for
    /// `replay --run --check`.
    pub results: Vec<RecordedResult>,
}

/// One entry of a session's `results:` section.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedResult {
    /// The device name as the driver reports it (`NVIDIA H100 80GB HBM3`).
    pub device: String,
    /// Median kernel time.
    pub time_ms: f64,
    pub gflops: Option<f64>,
    /// The CUDA driver version, when known.
    pub driver: Option<String>,
}

impl Session {
    /// Records `r` as the result for its device, replacing an older one.
    pub fn record_result(&mut self, r: RecordedResult) {
        match self.results.iter_mut().find(|x| x.device == r.device) {
            Some(slot) => *slot = r,
            None => self.results.push(r),
        }
    }

    pub fn result_for(&self, device: &str) -> Option<&RecordedResult> {
        self.results.iter().find(|r| r.device == device)
    }
}

#[derive(Debug, Error)]
pub enum SessionError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{col}: invalid YAML: {message}")]
    Yaml {
        path: String,
        line: usize,
        col: usize,
        message: String,
    },
    #[error("{path}: {message}")]
    Format { path: String, message: String },
    #[error("{path}: step {step} (`{op}`): field `{field}`: {message}")]
    Field {
        path: String,
        step: usize,
        op: String,
        field: String,
        message: String,
    },
    #[error("{path}: step {step}: {message}")]
    Step {
        path: String,
        step: usize,
        message: String,
    },
}

impl Session {
    pub fn new(workload: Workload) -> Session {
        Session {
            workload,
            func: None,
            steps: Vec::new(),
            results: Vec::new(),
        }
    }

    /// Reads and validates a session file.
    pub fn load(path: &Path) -> Result<Session, SessionError> {
        let text = crate::input::read_text(path).map_err(|e| SessionError::Io {
            path: path.display().to_string(),
            source: e,
        })?;
        Session::from_yaml(&text, &path.display().to_string())
    }

    /// Parses session YAML; `path` is only used in messages.
    pub fn from_yaml(text: &str, path: &str) -> Result<Session, SessionError> {
        let fmt = |message: String| SessionError::Format {
            path: path.to_string(),
            message,
        };
        // A byte-order mark (editors on Windows write one) is not a YAML document.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let doc = match yaml::read_direct(text) {
            Some(doc) => doc,
            None => Node::from({
                // Checked first: serde_yaml reads every event before its own
                // nesting limit applies (in time quadratic in the nesting), and
                // its alias limit counts events, not bytes.
                yaml_bounds::check(text, YAML_NESTING_LIMIT, YAML_EXPANDED_LIMIT).map_err(
                    |refusal| {
                        let (line, col, message) = match refusal {
                            yaml_bounds::Refusal::TooDeep { line, col } => {
                                (line, col, NESTED_TOO_DEEP.to_string())
                            }
                            yaml_bounds::Refusal::TooLarge { line, col } => {
                                (line, col, ALIASES_TOO_LARGE.to_string())
                            }
                        };
                        SessionError::Yaml {
                            path: path.to_string(),
                            line,
                            col,
                            message,
                        }
                    },
                )?;
                serde_yaml::from_str::<serde_yaml::Value>(text).map_err(|e| {
                    let (line, col) = e
                        .location()
                        .map(|l| (l.line(), l.column()))
                        .unwrap_or((0, 0));
                    SessionError::Yaml {
                        path: path.to_string(),
                        line,
                        col,
                        message: yaml_message(&e),
                    }
                })?
            }),
        };
        let Node::Mapping(map) = doc else {
            return Err(fmt("a session must be a YAML mapping with `tirtui`, `workload` (or `source`) and `steps`".into()));
        };
        let mut version = None;
        let mut workload = None;
        let mut func = None;
        let mut steps_value = None;
        let mut results = Vec::new();
        // The document is taken apart by value: nothing in it is copied.
        for (k, v) in map {
            let key = k.as_str().unwrap_or("");
            match key {
                "tirtui" => version = Some(v),
                "workload" | "source" => {
                    let s = v.as_str().ok_or_else(|| fmt(format!("`{key}` must be a string")))?;
                    if workload.is_some() {
                        return Err(fmt("give exactly one of `workload` and `source`, not both".into()));
                    }
                    workload = Some(if key == "workload" {
                        Workload::Path(s.to_string())
                    } else {
                        Workload::Inline(s.to_string())
                    });
                }
                "func" => {
                    func = Some(
                        v.as_str()
                            .ok_or_else(|| fmt("`func` must be a string".into()))?
                            .to_string(),
                    )
                }
                "steps" => steps_value = Some(v),
                "results" => results = parse_results(&v, path)?,
                other => {
                    return Err(fmt(format!(
                        "unknown field `{other}`; a session has tirtui, workload or source, func, steps, results"
                    )))
                }
            }
        }
        match version.as_ref().and_then(Node::as_i64) {
            Some(1) => {}
            Some(n) => {
                return Err(fmt(format!(
                    "format version `tirtui: {n}` is not supported; this tirtui reads version 1"
                )))
            }
            None => return Err(fmt("missing `tirtui: 1` (the format version)".into())),
        }
        let workload = workload.ok_or_else(|| {
            fmt("missing `workload` (a .tir path) or `source` (inline TVMScript)".into())
        })?;
        let steps = match steps_value {
            None | Some(Node::Null) => Vec::new(),
            Some(Node::Sequence(seq)) => seq
                .iter()
                .enumerate()
                .map(|(i, v)| parse_step(v, i + 1, path))
                .collect::<Result<Vec<_>, _>>()?,
            Some(_) => return Err(fmt("`steps` must be a list".into())),
        };
        let session = Session {
            workload,
            func,
            steps,
            results,
        };
        session.check_names(path)?;
        Ok(session)
    }

    /// Every name a step refers to must be an earlier `out` (or, for blocks, a block name).
    fn check_names(&self, path: &str) -> Result<(), SessionError> {
        let mut defined: Vec<&str> = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            let Some(spec) = op_spec(&step.op) else {
                continue;
            };
            for field in &spec.fields {
                // Block arguments may name a block directly; loops and sampled values may not.
                if field.block_by_name
                    || matches!(
                        field.name,
                        "block" | "block_or_loop" | "consumer_blocks" | "target"
                    )
                {
                    continue;
                }
                let Some(arg) = step.arg(field.name) else {
                    continue;
                };
                let names = match (field.kind, arg) {
                    (FieldKind::Name, Arg::Str(_)) => std::slice::from_ref(arg),
                    (FieldKind::Names | FieldKind::Factors, Arg::List(v)) => v.as_slice(),
                    _ => &[],
                };
                for n in names.iter().filter_map(|a| match a {
                    Arg::Str(s) => Some(s.as_str()),
                    _ => None,
                }) {
                    // A `T.vscale()` factor is no name: its step refuses it
                    // (`Replayer::factors`), at the step TVM refuses it.
                    let vscale = field.kind == FieldKind::Factors && n.contains("T.vscale()");
                    if !defined.contains(&n) && !vscale {
                        return Err(SessionError::Field {
                            path: path.to_string(),
                            step: i + 1,
                            op: step.op.clone(),
                            field: field.name.to_string(),
                            message: format!("`{n}` is not defined by an earlier step's `out`"),
                        });
                    }
                }
            }
            defined.extend(step.out.iter().map(String::as_str));
        }
        Ok(())
    }

    /// The session as YAML text (spec section 2), one flow-style line per step.
    pub fn to_yaml(&self) -> String {
        let mut s = String::from("tirtui: 1\n");
        match &self.workload {
            Workload::Path(p) => s.push_str(&format!("workload: {}\n", super::step::yaml_str(p))),
            Workload::Inline(src) => {
                // An explicit indentation indicator, so a first line that starts
                // with spaces or a tab reads back; chomping keeps the exact
                // number of trailing newlines.
                let chomp = if !src.ends_with('\n') {
                    "-"
                } else if src.ends_with("\n\n") {
                    "+"
                } else {
                    ""
                };
                s.push_str(&format!("source: |2{chomp}\n"));
                for line in src.split_inclusive('\n') {
                    let line = line.strip_suffix('\n').unwrap_or(line);
                    if line.is_empty() {
                        s.push('\n');
                    } else {
                        s.push_str("  ");
                        s.push_str(line);
                        s.push('\n');
                    }
                }
            }
        }
        if let Some(f) = &self.func {
            s.push_str(&format!("func: {}\n", super::step::yaml_str(f)));
        }
        if self.steps.is_empty() {
            s.push_str("steps: []\n");
        } else {
            s.push_str("steps:\n");
            for step in &self.steps {
                s.push_str("  - ");
                s.push_str(&step.to_yaml());
                s.push('\n');
            }
        }
        if !self.results.is_empty() {
            s.push_str("results:\n");
            for r in &self.results {
                s.push_str(&format!(
                    "  - {{device: {}, time_ms: {}",
                    super::step::yaml_str(&r.device),
                    r.time_ms
                ));
                if let Some(g) = r.gflops {
                    s.push_str(&format!(", gflops: {g:.1}"));
                }
                if let Some(d) = &r.driver {
                    s.push_str(&format!(", driver: {}", super::step::yaml_str(d)));
                }
                s.push_str("}\n");
            }
        }
        s
    }

    /// Writes the session atomically to a path the user named or opened: a
    /// symbolic link there is followed only to a session file (never to
    /// `~/.bashrc`), and devices and FIFOs are refused (`save_with`).
    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        let rules = WriteRules {
            links: Links::FollowIf(is_session_text),
            not_over: &[],
        };
        self.save_with(path, &rules)
    }

    /// Writes the session atomically under `rules`: a temp file in the same
    /// folder, then rename. The text is read back first: a session that would
    /// not load as the same session is refused, and the old file stays as it was.
    pub fn save_with(&self, path: &Path, rules: &WriteRules<'_>) -> Result<(), SessionError> {
        let text = self.to_yaml();
        let shown = path.display().to_string();
        match Session::from_yaml(&text, &shown) {
            Ok(back) if back.to_yaml() == text => {}
            Ok(_) => {
                return Err(SessionError::Format {
                    path: shown,
                    message: "not saved: the YAML would not read back as the same session \
                              (a note or value tirtui cannot write faithfully)"
                        .into(),
                })
            }
            Err(e) => {
                return Err(SessionError::Format {
                    path: shown,
                    message: format!("not saved: the YAML would not read back: {e}"),
                })
            }
        }
        write_file(path, text.as_bytes(), rules).map_err(|e| SessionError::Write {
            path: shown,
            source: e,
        })
    }

    /// Reads the workload's TVMScript; returns (display name, text).
    pub fn workload_source(
        &self,
        session_path: Option<&Path>,
    ) -> Result<(String, String), SessionError> {
        match &self.workload {
            Workload::Inline(src) => Ok((
                session_path
                    .map(|p| format!("{} (source)", p.display()))
                    .unwrap_or_else(|| "<source>".into()),
                src.clone(),
            )),
            Workload::Path(p) => {
                let full = resolve(session_path, p);
                let refused = |why: String| SessionError::Format {
                    path: session_path
                        .map(|s| s.display().to_string())
                        .unwrap_or_else(|| "<session>".into()),
                    message: format!("workload `{}` not read: {why}", full.display()),
                };
                workload_file::check_workload_path(&full).map_err(refused)?;
                let text = crate::input::read_text(&full).map_err(|e| SessionError::Io {
                    path: full.display().to_string(),
                    source: e,
                })?;
                // Only TVMScript is quoted in parse errors: any other file's
                // lines (secrets) must not reach a CI log.
                if !workload_file::looks_like_tvmscript(&text) {
                    return Err(refused(
                        "it is not TVMScript (no `@T.prim_func` or `ir_module`); its content \
                         is not shown"
                            .into(),
                    ));
                }
                Ok((full.display().to_string(), text))
            }
        }
    }
}

/// `serde_yaml`'s message, with its recursion limit said in the session's terms.
fn yaml_message(e: &serde_yaml::Error) -> String {
    let text = e.to_string();
    if text.starts_with("recursion limit exceeded") {
        return NESTED_TOO_DEEP.into();
    }
    text
}

/// The same bounds for any other YAML tirtui reads from a user's files (a
/// tune folder's weights): `Err` is "line L, column C: why".
pub fn check_yaml_bounds(text: &str) -> Result<(), String> {
    yaml_bounds::check(text, YAML_NESTING_LIMIT, YAML_EXPANDED_LIMIT).map_err(|refusal| {
        let (line, col, why) = match refusal {
            yaml_bounds::Refusal::TooDeep { line, col } => (line, col, NESTED_TOO_DEEP),
            yaml_bounds::Refusal::TooLarge { line, col } => (line, col, ALIASES_TOO_LARGE),
        };
        format!("line {line}, column {col}: {why}")
    })
}

/// serde_yaml's recursion limit: deeper YAML is refused before serde_yaml reads it.
const YAML_NESTING_LIMIT: usize = 128;

/// The most a session's YAML may expand to with its aliases repeated (bytes).
const YAML_EXPANDED_LIMIT: u64 = 64 << 20;

const ALIASES_TOO_LARGE: &str = "with its aliases (`*name`) expanded, the session passes 64 MiB \
     here; refused before reading further, so that repeated aliases cannot exhaust memory";

const NESTED_TOO_DEEP: &str = "values nested more than 128 levels deep; a session nests a few \
     (refused before reading further, so that no nesting can exhaust the stack or the time)";

/// A path relative to the session file's folder.
pub fn resolve(session_path: Option<&Path>, rel: &str) -> PathBuf {
    let p = Path::new(rel);
    if p.is_absolute() {
        return p.to_path_buf();
    }
    match session_path.and_then(Path::parent) {
        Some(dir) => dir.join(p),
        None => p.to_path_buf(),
    }
}

/// Writes `text` to `path` atomically (a temp file beside it, then a
/// rename) under `WriteRules::STRICT`: a link, device or FIFO at `path` is
/// refused (the journal and other paths tirtui derives itself).
pub fn write_atomic(path: &Path, text: &str) -> Result<(), SessionError> {
    write_file(path, text.as_bytes(), &WriteRules::STRICT).map_err(|e| SessionError::Write {
        path: path.display().to_string(),
        source: e,
    })
}

pub use crate::input::write::temp_path;

/// Whether a file's text is a session: a link to one may be saved through.
pub fn is_session_text(text: &str) -> bool {
    Session::from_yaml(text, "").is_ok()
}

/// Removes temp files that a killed save of `path` left behind (those whose
/// process is gone); returns how many.
pub fn remove_stray_temps(path: &Path) -> usize {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().to_string()) else {
        return 0;
    };
    let prefix = format!(".{name}.tmp");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().to_string();
        let Some(pid) = file
            .strip_prefix(&prefix)
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id()
            && !process_alive(pid)
            && std::fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Whether a process id is running (Linux: `/proc/PID`; elsewhere assumed).
pub fn process_alive(pid: u32) -> bool {
    if Path::new("/proc/self").exists() {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

/// `results: [{device: "...", time_ms: 0.41, gflops: 5210.3, driver: "12.8"}]`.
fn parse_results(v: &Node, path: &str) -> Result<Vec<RecordedResult>, SessionError> {
    let fmt = |message: String| SessionError::Format {
        path: path.to_string(),
        message,
    };
    let items = match v {
        Node::Null => return Ok(Vec::new()),
        Node::Sequence(items) => items,
        _ => return Err(fmt(
            "`results` must be a list like `[{device: \"NVIDIA H100 80GB HBM3\", time_ms: 0.41}]`"
                .into(),
        )),
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let bad = |m: &str| fmt(format!("results entry {}: {m}", i + 1));
        let Node::Mapping(map) = item else {
            return Err(bad("must be a mapping with `device` and `time_ms`"));
        };
        let (mut device, mut time_ms, mut gflops, mut driver) = (None, None, None, None);
        for (k, val) in map {
            match k.as_str().unwrap_or("") {
                "device" => {
                    device = Some(
                        val.as_str()
                            .ok_or_else(|| bad("`device` must be a string"))?
                            .to_string(),
                    )
                }
                "time_ms" => {
                    time_ms = Some(
                        val.as_f64()
                            .filter(|t| t.is_finite() && *t > 0.0)
                            .ok_or_else(|| bad("`time_ms` must be a positive number"))?,
                    )
                }
                "gflops" => {
                    gflops = Some(
                        val.as_f64()
                            .ok_or_else(|| bad("`gflops` must be a number"))?,
                    )
                }
                "driver" => {
                    driver = Some(match val {
                        Node::Number(n) => n.to_string(),
                        _ => val
                            .as_str()
                            .ok_or_else(|| bad("`driver` must be a string"))?
                            .to_string(),
                    })
                }
                other => {
                    return Err(bad(&format!(
                        "unknown field `{other}`; an entry has device, time_ms, gflops, driver"
                    )))
                }
            }
        }
        out.push(RecordedResult {
            device: device.ok_or_else(|| bad("missing `device`"))?,
            time_ms: time_ms.ok_or_else(|| bad("missing `time_ms`"))?,
            gflops,
            driver,
        });
    }
    Ok(out)
}

fn parse_step(v: &Node, idx: usize, path: &str) -> Result<Step, SessionError> {
    let step_err = |message: String| SessionError::Step {
        path: path.to_string(),
        step: idx,
        message,
    };
    let Node::Mapping(map) = v else {
        return Err(step_err(
            "a step must be a mapping like `{op: split, loop: i, factors: [null, 16]}`".into(),
        ));
    };
    let op = v
        .get("op")
        .ok_or_else(|| step_err("missing `op`".into()))?
        .as_str()
        .ok_or_else(|| step_err("`op` must be a string".into()))?
        .to_string();
    let spec = op_spec(&op).ok_or_else(|| {
        step_err(format!(
            "unknown op `{op}`; known ops: {}",
            op_specs()
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let field_err = |field: &str, message: String| SessionError::Field {
        path: path.to_string(),
        step: idx,
        op: op.clone(),
        field: field.to_string(),
        message,
    };
    // The given value of each field, in table order.
    let mut given: Vec<Option<Arg>> = vec![None; spec.fields.len()];
    let mut out = Vec::new();
    let mut out_list = false;
    let mut note = None;
    for (k, val) in map {
        let key = k
            .as_str()
            .ok_or_else(|| step_err("field names must be strings".into()))?;
        match key {
            "op" => {}
            "out" => match val {
                Node::String(s) => out = vec![s.to_string()],
                Node::Sequence(items) => {
                    out_list = true;
                    for it in items {
                        out.push(
                            it.as_str()
                                .ok_or_else(|| field_err("out", "names must be strings".into()))?
                                .to_string(),
                        );
                    }
                }
                _ => return Err(field_err("out", "must be a name or a list of names".into())),
            },
            "note" => {
                note = Some(
                    val.as_str()
                        .ok_or_else(|| field_err("note", "must be a string".into()))?
                        .to_string(),
                )
            }
            _ => {
                let Some(slot) = spec.fields.iter().position(|f| f.name == key) else {
                    return Err(field_err(
                        key,
                        format!(
                            "unknown field; `{op}` takes {}",
                            spec.fields
                                .iter()
                                .map(|f| f.name)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                };
                let kind = spec.fields[slot].kind;
                let arg = convert(val, kind)
                    // blockize's target is a loop or, as in TVM, a list of blocks.
                    .or_else(|| {
                        (op == "blockize" && key == "target")
                            .then(|| convert(val, FieldKind::Names))
                            .flatten()
                    })
                    .ok_or_else(|| field_err(key, format!("expected {}", kind.describe())))?;
                given[slot] = Some(arg);
            }
        }
    }
    // Every field, defaults filled in (as `Step::new`), the given values moved in.
    let mut args = Vec::with_capacity(spec.fields.len());
    let mut explicit = Vec::with_capacity(spec.fields.len());
    for (field, value) in spec.fields.iter().zip(given) {
        match (value, &field.default) {
            (Some(v), _) => {
                args.push((field.name.to_string(), v));
                explicit.push(field.name.to_string());
            }
            (None, Some(dflt)) => args.push((field.name.to_string(), dflt.clone())),
            (None, None) => {
                return Err(field_err(field.name, "missing (it has no default)".into()))
            }
        }
    }
    match spec.returns {
        super::step::Returns::Nothing if !out.is_empty() => {
            return Err(field_err("out", format!("`{op}` returns nothing")));
        }
        super::step::Returns::One if out.len() > 1 => {
            return Err(field_err("out", format!("`{op}` returns one value")));
        }
        _ => {}
    }
    Ok(Step {
        op,
        args,
        out,
        out_list: out_list || spec.returns == super::step::Returns::Many,
        note,
        explicit,
    })
}

fn convert(v: &Node, kind: FieldKind) -> Option<Arg> {
    match kind {
        FieldKind::Name | FieldKind::Str => v.as_str().map(|s| Arg::Str(s.to_string())),
        FieldKind::Int => v.as_i64().map(Arg::Int),
        FieldKind::BufferIndex => match v {
            Node::String(s) => Some(Arg::Str(s.to_string())),
            _ => v.as_i64().map(Arg::Int),
        },
        FieldKind::Bool => v.as_bool().map(Arg::Bool),
        FieldKind::Names => match v {
            Node::Sequence(items) => items
                .iter()
                .map(|i| i.as_str().map(|s| Arg::Str(s.to_string())))
                .collect::<Option<Vec<_>>>()
                .map(Arg::List),
            _ => None,
        },
        FieldKind::Factors => match v {
            Node::Sequence(items) => items
                .iter()
                .map(|i| match i {
                    Node::Null => Some(Arg::Null),
                    Node::String(s) => Some(Arg::Str(s.to_string())),
                    other => other.as_i64().map(Arg::Int),
                })
                .collect::<Option<Vec<_>>>()
                .map(Arg::List),
            _ => None,
        },
        FieldKind::Ints => match v {
            Node::Sequence(items) => items
                .iter()
                .map(|i| i.as_i64().map(Arg::Int))
                .collect::<Option<Vec<_>>>()
                .map(Arg::List),
            _ => None,
        },
        FieldKind::OptInts => match v {
            Node::Null => Some(Arg::Null),
            _ => convert(v, FieldKind::Ints),
        },
        FieldKind::OptInt => match v {
            Node::Null => Some(Arg::Null),
            _ => v.as_i64().map(Arg::Int),
        },
        FieldKind::Floats => match v {
            Node::Sequence(items) => items
                .iter()
                .map(|i| i.as_f64().map(Arg::Float))
                .collect::<Option<Vec<_>>>()
                .map(Arg::List),
            _ => None,
        },
        FieldKind::Any => any_arg(v),
        FieldKind::Lambda => v.as_str().map(|s| Arg::Str(s.to_string())),
        FieldKind::BufferRef => match v {
            Node::String(s) => Some(Arg::Str(s.to_string())),
            Node::Sequence(items) => match items.as_slice() {
                [Node::String(k), i] if k == "read" || k == "write" => i
                    .as_i64()
                    .map(|i| Arg::List(vec![Arg::Str(k.to_string()), Arg::Int(i)])),
                _ => None,
            },
            _ => None,
        },
        FieldKind::PadValue => match v {
            Node::Null => Some(Arg::Null),
            Node::String(s) => Some(Arg::Str(s.to_string())),
            Node::Number(_) => any_arg(v),
            _ => None,
        },
    }
}

fn any_arg(v: &Node) -> Option<Arg> {
    Some(match v {
        Node::Null => Arg::Null,
        Node::Bool(b) => Arg::Bool(*b),
        Node::Number(n) => match n.as_i64() {
            Some(i) => Arg::Int(i),
            None => Arg::Float(n.as_f64()?),
        },
        Node::String(s) => Arg::Str(s.to_string()),
        Node::Sequence(items) => Arg::List(items.iter().map(any_arg).collect::<Option<Vec<_>>>()?),
        // An annotation's dict: string keys only, as TVM's annotation maps.
        Node::Mapping(pairs) => Arg::Map(
            pairs
                .iter()
                .map(|(k, v)| Some((k.as_str()?.to_string(), any_arg(v)?)))
                .collect::<Option<Vec<_>>>()?,
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod save_tests;
