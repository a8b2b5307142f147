//! Local buffers are declared once, at the top of the kernel.
//!
//! `plan_buffer_allocation` puts an allocation at the lowest common ancestor
//! of its accesses. For a local accumulator whose reduction loop lies outside
//! the thread bindings that is *inside* the reduction loop, so each iteration
//! would declare a fresh, uninitialised array while the values must carry over
//! from the previous one. TVM's StorageRewrite attaches every allocation to
//! the thread scope (the kernel body); so does this pass, for local buffers.
//! (Shared buffers leave the body in `merge_shared_memory`.)
//!
//! TVM: src/tir/transforms/storage_rewrite.cc (allocation attach points).
//!
//! Invariant: works on flat `lir` after `thread_binding`; moves `Alloc`s only.

use super::lir::{LAlloc, LStmt, Lowered};
use crate::ir::BufferId;

pub fn run(mut f: Lowered) -> Lowered {
    let mut hoisted: Vec<BufferId> = Vec::new();
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    body.rewrite(&mut |s| {
        let LStmt::Alloc(a) = s else { return };
        if !f.buffer(a.buffer).scope.is_thread_private() {
            return;
        }
        if !hoisted.contains(&a.buffer) {
            hoisted.push(a.buffer);
        }
        let inner = std::mem::replace(&mut a.body, LStmt::Seq(Vec::new()));
        *s = inner;
    });
    hoisted.sort();
    for &b in hoisted.iter().rev() {
        body = LStmt::Alloc(Box::new(LAlloc { buffer: b, body }));
    }
    f.body = body;
    f
}
