//! get_output_blocks: the blocks under a scope that write a buffer their own
//! scope does not allocate.
//!
//! TVM: src/s_tir/schedule/primitive/get_block_loop.cc (GetOutputBlocks) and
//! analysis.cc (IsOutputBlock).

use crate::ir::{Block, BlockId, PrimFunc, Stmt};
use crate::schedule::analysis::get_block;
use crate::schedule::error::ScheduleError;

/// TVM's `get_output_blocks`: every block at any depth inside the body of
/// `scope` (not `scope` itself), in program order (pre-order), that writes a
/// buffer its scope root (the nearest enclosing block) does not allocate.
/// A block nested in another (after blockize) is judged against that outer
/// block, so a nested block writing the function's output is listed too.
pub fn get_output_blocks(func: &PrimFunc, scope: BlockId) -> Result<Vec<BlockId>, ScheduleError> {
    let scope_block = &get_block(func, scope)?.block;
    let mut out = Vec::new();
    collect_in_block(scope_block, &mut out);
    Ok(out)
}

/// The output blocks inside `scope`'s init and body, judged against `scope`.
fn collect_in_block(scope: &Block, out: &mut Vec<BlockId>) {
    if let Some(init) = &scope.init {
        collect(scope, init, out);
    }
    collect(scope, &scope.body, out);
}

fn collect(scope: &Block, stmt: &Stmt, out: &mut Vec<BlockId>) {
    match stmt {
        Stmt::BlockRealize(r) => {
            let block = &r.block;
            let writes_outside = block
                .writes
                .iter()
                .any(|w| !scope.alloc_buffers.contains(&w.buffer));
            if writes_outside {
                out.push(block.id);
            }
            // The blocks inside are judged against this block, their scope root.
            collect_in_block(block, out);
        }
        _ => stmt.for_each_child(|c| collect(scope, c, out)),
    }
}
