//! What a session's `workload:` may name (issue 29): sessions come from
//! anyone, and a parse error quotes the file it read, so only TVMScript in a
//! `.tir` file is read at all.

use std::path::Path;

/// A session's `workload:` is a `.tir` file (issue 29): checked before
/// anything is read, on the name written and on the file it leads to, so
/// that `/proc/self/environ`, `~/.ssh/id_rsa` or a `.tir` link to either is
/// never opened.
pub(super) fn check_workload_path(full: &Path) -> Result<(), String> {
    // Devices and FIFOs first, by their metadata alone (nothing is opened).
    if let Some(meta) = std::fs::metadata(full).ok().filter(|m| !m.is_file()) {
        return Err(format!(
            "it is {}, not a regular file; tirtui reads workloads from regular files only",
            crate::input::kind_of(&meta)
        ));
    }
    let is_tir = |p: &Path| p.extension().is_some_and(|e| e == "tir");
    if !is_tir(full) {
        return Err("a session's workload must be a `.tir` file (TVMScript); \
                    for another file, put its text under `source:`"
            .into());
    }
    match std::fs::canonicalize(full) {
        Ok(real) if !is_tir(&real) => Err(format!(
            "it leads to {}, which is not a `.tir` file",
            real.display()
        )),
        // A missing file is reported when it is read.
        _ => Ok(()),
    }
}

/// TVMScript's text, as `session::looks_like_workload` tells it.
pub(super) fn looks_like_tvmscript(text: &str) -> bool {
    text.contains("@T.prim_func") || text.contains("ir_module") || text.contains("from tvm.script")
}
