//! A block's buffer given by name, where TVM's Python API accepts
//! `Union[int, str, Buffer]` for a buffer index (`set_scope(block, "B", ...)`,
//! `cache_read(block, "A", ...)`, `cache_write`).
//!
//! TVM: python/tvm/s_tir/schedule/schedule.py `_normalize_buffer_arg` — the
//! name is looked up among the block's reads, then its writes; it must name
//! one buffer; a buffer both read and written counts as written (TVM's
//! lookup keeps the last position it sees); and the side the primitive needs
//! (read for cache_read, write for set_scope and cache_write) must match.

use crate::ir::{BlockId, PrimFunc};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;

/// Which of a block's buffer lists an index counts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferSide {
    Read,
    Write,
}

impl BufferSide {
    pub fn name(self) -> &'static str {
        match self {
            BufferSide::Read => "read",
            BufferSide::Write => "write",
        }
    }
}

/// The index, in the block's `side` list, of the buffer named `name`.
pub fn buffer_index_by_name(
    func: &PrimFunc,
    block: BlockId,
    name: &str,
    side: BufferSide,
) -> Result<i64, ScheduleError> {
    let b = &get_block(func, block)?.block;
    let named = |buffer| func.buffer(buffer).name == name;
    let reads = b
        .reads
        .iter()
        .enumerate()
        .map(|(i, r)| (BufferSide::Read, i, r));
    let writes = b
        .writes
        .iter()
        .enumerate()
        .map(|(i, r)| (BufferSide::Write, i, r));
    // One position per distinct buffer, the last seen winning (TVM's dict).
    let mut found: Vec<(crate::ir::BufferId, BufferSide, usize)> = Vec::new();
    for (s, i, region) in reads.chain(writes).filter(|(_, _, r)| named(r.buffer)) {
        match found.iter_mut().find(|(buf, _, _)| *buf == region.buffer) {
            Some(slot) => *slot = (region.buffer, s, i),
            None => found.push((region.buffer, s, i)),
        }
    }
    let accessed = || {
        let mut names: Vec<String> = Vec::new();
        for r in b.reads.iter().chain(&b.writes) {
            let n = &func.buffer(r.buffer).name;
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
        names
    };
    let fail = |why: String, hint: String| ScheduleError::BufferNotInBlock {
        block: block_culprit(func, block),
        buffer: name.to_string(),
        why,
        hint,
    };
    match found.as_slice() {
        [] => Err(fail(
            "the block neither reads nor writes a buffer of that name".into(),
            format!(
                "buffers the block accesses: {}; or give the {} index as an integer",
                accessed().join(", "),
                side.name()
            ),
        )),
        [(_, s, i)] if *s == side => Ok(*i as i64),
        [(_, s, _)] => Err(fail(
            format!(
                "it is a {} buffer of the block, and a {} buffer is needed here",
                s.name(),
                side.name()
            ),
            format!(
                "the block's {} buffers: {}",
                side.name(),
                side_names(func, block, side).join(", ")
            ),
        )),
        _ => Err(fail(
            format!("{} buffers the block accesses have that name", found.len()),
            format!("give the {} index as an integer instead", side.name()),
        )),
    }
}

fn side_names(func: &PrimFunc, block: BlockId, side: BufferSide) -> Vec<String> {
    let Ok(r) = get_block(func, block) else {
        return Vec::new();
    };
    let regions = match side {
        BufferSide::Read => &r.block.reads,
        BufferSide::Write => &r.block.writes,
    };
    regions
        .iter()
        .map(|reg| func.buffer(reg.buffer).name.clone())
        .collect()
}
