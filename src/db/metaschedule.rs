//! MetaSchedule's JSON database (TVM 0.27's `ms.database.JSONDatabase`):
//! two files of one JSON value per line.
//!
//! - `database_workload.json`: `["<structural hash>", "<base64>"]`, the
//!   base64 of an 8-byte little-endian length and the IRModule's node graph
//!   (`tvm_graph`);
//! - `database_tuning_record.json`: `[workload index, [trace, run_secs,
//!   target, args_info]]`, the trace in TVM's JSON form (`trace.as_json()`),
//!   `run_secs` a list of seconds (or null), the target as a JSON object and
//!   each argument as `["TENSOR", dtype, shape]`.
//!
//! TVM recomputes the structural hash when it loads the workload file, so
//! the hash written on export is tirtui's own (FNV-1a of the workload's
//! canonical print, as a decimal u64).
//!
//! The files are untrusted: each is read bounded (`file::read_bounded`), and
//! every line is parsed on its own into a value or a reason, never a panic;
//! callers report reasons with the file's line number.

use super::tvm_compare::{base64_decode, base64_encode, parse_graph, Graph};
use serde_json::{json, Value};

pub const WORKLOAD_FILE: &str = "database_workload.json";
pub const RECORD_FILE: &str = "database_tuning_record.json";

/// MetaSchedule writes this for a candidate that failed to build or run.
pub const FAILED_RUN_SECS: f64 = 1e10;

/// One workload line, read.
#[derive(Debug)]
pub struct TvmWorkload {
    /// TVM's structural hash as written (TVM recomputes it on load).
    pub shash: String,
    pub graph: Graph,
}

/// One tuning-record line, read.
#[derive(Clone, Debug)]
pub struct TvmRecord {
    pub workload_index: usize,
    /// The trace in TVM's JSON form, as it was.
    pub trace: Value,
    /// Seconds per run; `None` when TVM stored none (a failed candidate).
    pub run_secs: Option<Vec<f64>>,
    pub target: Value,
    pub args_info: Value,
}

impl TvmRecord {
    /// The mean run time in milliseconds (MetaSchedule ranks records by the
    /// mean), or why there is none: no times, a failed run, or a time that
    /// is not a positive, finite number.
    pub fn mean_ms(&self) -> Result<f64, String> {
        let secs = match &self.run_secs {
            Some(s) if !s.is_empty() => s,
            _ => return Err("TVM recorded no run time (the candidate failed)".into()),
        };
        if let Some(bad) = secs.iter().find(|s| !(s.is_finite() && **s > 0.0)) {
            return Err(format!("run_secs holds {bad}, not a positive, finite time"));
        }
        if secs.iter().any(|s| *s >= FAILED_RUN_SECS) {
            return Err("TVM recorded a failed run (run_secs 1e10)".into());
        }
        Ok(secs.iter().sum::<f64>() / secs.len() as f64 * 1e3)
    }

    /// The target's name for people: `cuda -arch=sm_80` (printable, bounded).
    pub fn target_name(&self) -> String {
        let kind = self
            .target
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or("?");
        let mut name = kind.to_string();
        if let Some(arch) = self.target.get("arch").and_then(Value::as_str) {
            name.push_str(" -arch=");
            name.push_str(arch);
        }
        printable(&name, 120)
    }
}

/// Control characters dropped, at most `max` characters: a name from an
/// untrusted file reaches the terminal and the results database.
pub fn printable(text: &str, max: usize) -> String {
    text.chars().filter(|c| !c.is_control()).take(max).collect()
}

/// The lines of a file's bytes with their 1-based numbers; blank lines left out.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, String>)> {
    bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, raw)| {
            (
                i + 1,
                std::str::from_utf8(raw).map_err(|e| format!("not UTF-8 ({e})")),
            )
        })
        .filter(|(_, text)| !matches!(text, Ok(t) if t.trim().is_empty()))
}

/// Reads one line of `database_workload.json`.
pub fn read_workload_line(text: &str) -> Result<TvmWorkload, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let Some([Value::String(shash), Value::String(b64)]) = value.as_array().map(Vec::as_slice)
    else {
        return Err("a workload line is `[\"<structural hash>\", \"<base64 module>\"]`".into());
    };
    let bytes = base64_decode(b64)?;
    let Some((len, json_bytes)) = bytes.split_first_chunk::<8>() else {
        return Err("the module is shorter than its 8-byte length".into());
    };
    let len = u64::from_le_bytes(*len);
    if len != json_bytes.len() as u64 {
        return Err(format!(
            "the module says it is {len} bytes long but holds {}",
            json_bytes.len()
        ));
    }
    let json_text =
        std::str::from_utf8(json_bytes).map_err(|e| format!("the module is not UTF-8 ({e})"))?;
    Ok(TvmWorkload {
        shash: printable(shash, 40),
        graph: parse_graph(json_text)?,
    })
}

/// Reads one line of `database_tuning_record.json`; `workloads` is how
/// many workload lines there are (the index must name one).
pub fn read_record_line(text: &str, workloads: usize) -> Result<TvmRecord, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let shape = "a record line is `[workload index, [trace, run_secs, target, args_info]]`";
    let Some([index, Value::Array(record)]) = value.as_array().map(Vec::as_slice) else {
        return Err(shape.into());
    };
    let workload_index = index
        .as_u64()
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&i| i < workloads)
        .ok_or_else(|| {
            format!("workload index {index} names no workload line ({workloads} in the file)")
        })?;
    let (trace, run_secs, target, args_info) = match record.as_slice() {
        [t, r, g, a] => (t, r, g, a),
        // TVM 0.27 writes all four; a record without arguments info loads too.
        [t, r, g] => (t, r, g, &Value::Null),
        _ => return Err(shape.into()),
    };
    let run_secs = match run_secs {
        Value::Null => None,
        Value::Array(items) => Some(
            items
                .iter()
                .map(|x| {
                    x.as_f64()
                        .ok_or_else(|| format!("run_secs holds {x}, not a number"))
                })
                .collect::<Result<Vec<f64>, String>>()?,
        ),
        other => return Err(format!("run_secs is {other}, not a list of seconds")),
    };
    if !target.is_object() {
        return Err("the target is not a JSON object".into());
    }
    Ok(TvmRecord {
        workload_index,
        trace: trace.clone(),
        run_secs,
        target: target.clone(),
        args_info: args_info.clone(),
    })
}

/// A workload line: `graph` as TVM's JSONDatabase writes it.
pub fn workload_line(shash: u64, graph: &Value) -> String {
    let text = graph.to_string();
    let mut bytes = Vec::with_capacity(text.len() + 8);
    bytes.extend_from_slice(&(text.len() as u64).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
    json!([shash.to_string(), base64_encode(&bytes)]).to_string()
}

/// A record line as TVM's JSONDatabase writes it.
pub fn record_line(
    workload_index: usize,
    trace: &Value,
    run_secs: &[f64],
    target: &Value,
    args_info: &Value,
) -> String {
    json!([workload_index, [trace, run_secs, target, args_info]]).to_string()
}

/// `[["TENSOR", dtype, shape], ...]` of a function's buffer parameters.
pub fn args_info(func: &crate::ir::PrimFunc) -> Value {
    let args: Vec<Value> = func
        .param_buffers()
        .into_iter()
        .map(|b| {
            let buf = func.buffer(b);
            let shape: Vec<Value> = buf
                .shape
                .iter()
                .map(|e| e.as_int().map_or(Value::Null, |v| json!(v)))
                .collect();
            json!(["TENSOR", buf.dtype.name(), shape])
        })
        .collect();
    Value::Array(args)
}

/// The target of exported records: CUDA, with the architecture of the GPUs
/// tirtui's database names when it knows it.
pub fn cuda_target(device: &str) -> Value {
    let arch = if device.contains("H100") || device.contains("H200") || device.contains("H20") {
        Some("sm_90")
    } else if device.contains("A100") || device.contains("A800") {
        Some("sm_80")
    } else {
        None
    };
    match arch {
        Some(a) => json!({"kind": "cuda", "arch": a}),
        None => json!({"kind": "cuda"}),
    }
}
