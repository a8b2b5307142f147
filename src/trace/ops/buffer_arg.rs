//! A step's buffer-index field, an integer or a buffer's name (TVM's
//! `Union[int, str, Buffer]`), as the index the primitive takes.

use super::S;
use crate::ir::BlockId;
use crate::schedule::primitive::buffer_arg::{buffer_index_by_name, BufferSide};
use crate::trace::replay::{arg_err, Replayer, StepFailure};
use crate::trace::step::{Arg, Step};

/// The index of the buffer `field` names among the block's `side` buffers.
pub(super) fn buffer_index(
    r: &Replayer,
    step: &Step,
    field: &str,
    block: BlockId,
    side: BufferSide,
) -> Result<i64, StepFailure> {
    match step.arg(field) {
        Some(Arg::Int(i)) => Ok(*i),
        Some(Arg::Str(name)) => buffer_index_by_name(r.func(), block, name, side).map_err(S),
        _ => Err(arg_err(field, "expected an integer or a buffer name")),
    }
}
