//! MergeSharedMemoryAllocations: shared buffers whose lifetimes do not overlap
//! share bytes of one pool.
//!
//! The body is linearised (a loop or `if` is a begin and an end entry around
//! its body, every other statement one entry). A buffer is live from its first
//! to its last touching entry, recorded at the innermost statement (the fix
//! of seed 004 over TVM, which records at the allocation's level). A loop that
//! touches a buffer but lies below the buffer's allocation runs its body again
//! with the contents still needed, so the buffer stays live over that whole
//! loop. Buffers are then placed in order of first use at the lowest
//! 16-byte-aligned offset not used by a buffer live at the same time
//! (1024-byte-aligned for a swizzled buffer, which always goes in the pool).
//!
//! The pool is used only when it saves bytes (or a buffer is `shared.dyn`, or
//! the total exceeds the 48 KB of static shared memory); otherwise every buffer
//! keeps its own `__shared__` array. Either way the shared `Alloc`s leave the
//! body and `Lowered::shared` describes the layout.
//!
//! TVM: src/tir/transforms/merge_shared_memory_allocations.cc.
//!
//! Invariant: works on flat `lir`; indices are unchanged (codegen points each
//! buffer name at its offset in the pool).

use super::flatten_buffer::alloc_size;
use super::lir::{LStmt, Lowered, SharedLayout, SharedSlot};
use super::swizzle_layout::PATTERN_ALIGN;
use crate::ir::IdMap;
use crate::ir::{BufferId, Expr, StorageScope};
use crate::launch_limits::LaunchLimits;

/// Static `__shared__` arrays may total at most this many bytes.
pub const STATIC_SHARED_LIMIT: u64 = LaunchLimits::H100.max_static_shared_bytes;
const ALIGN: u64 = 16;

#[derive(Default)]
struct Info {
    /// Live positions (after widening over loops below the allocation).
    first: Option<usize>,
    last: usize,
}

struct Linearizer<'a> {
    f: &'a Lowered,
    pos: usize,
    /// Begin positions of the enclosing loops.
    loops: Vec<usize>,
    /// Open shared allocations -> number of loops around the allocation.
    open: IdMap<BufferId, usize>,
    info: IdMap<BufferId, Info>,
    /// Touches waiting for their loop's end: (buffer, loop index in `loops`).
    pending: Vec<(BufferId, usize)>,
}

pub fn run(mut f: Lowered) -> Lowered {
    let mut order = Vec::new();
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    body.visit(&mut |s| {
        if let LStmt::Alloc(a) = s {
            if f.buffer(a.buffer).scope.is_shared() {
                order.push(a.buffer);
            }
        }
    });
    let info = {
        let mut lin = Linearizer {
            f: &f,
            pos: 0,
            loops: Vec::new(),
            open: IdMap::default(),
            info: IdMap::default(),
            pending: Vec::new(),
        };
        lin.walk(&body);
        lin.info
    };
    strip_shared(&mut body, &f);
    f.body = body;
    let bytes = |b: BufferId| {
        let buf = f.buffer(b);
        // Saturating: an overflowing size is refused by `device_limits`.
        (alloc_size(buf).unwrap_or(i64::MAX).max(0) as u64).saturating_mul(buf.dtype.bytes() as u64)
    };
    let before: u64 = order
        .iter()
        .map(|&b| bytes(b))
        .fold(0u64, u64::saturating_add);
    // Placement in order of first use.
    let mut live: Vec<(BufferId, usize, usize)> = order
        .iter()
        .filter_map(|b| info.get(b).and_then(|i| i.first.map(|f| (*b, f, i.last))))
        .collect();
    live.sort_by_key(|x| x.1);
    let mut placed: Vec<(usize, usize, u64, u64)> = Vec::new();
    let mut slots = Vec::new();
    let mut pool = 0u64;
    for (b, first, last) in live {
        let size = bytes(b);
        let mut busy: Vec<(u64, u64)> = placed
            .iter()
            .filter(|p| p.0 <= last && first <= p.1)
            .map(|p| (p.2, p.2 + p.3))
            .collect();
        busy.sort();
        // A swizzled buffer starts on its pattern (`swizzle_layout`).
        let align = if f.buffer(b).swizzle_bytes > 0 {
            PATTERN_ALIGN
        } else {
            ALIGN
        };
        let mut offset = 0u64;
        for (lo, hi) in busy {
            if offset.saturating_add(size) <= lo {
                break;
            }
            offset = offset.max(hi.div_ceil(align).saturating_mul(align));
        }
        placed.push((first, last, offset, size));
        pool = pool.max(offset.saturating_add(size));
        slots.push(SharedSlot {
            buffer: b,
            offset,
            bytes: size,
        });
    }
    let dynamic = order
        .iter()
        .any(|&b| f.buffer(b).scope == StorageScope::SharedDyn);
    // Swizzled buffers need their 1024-byte alignment, which only the pool
    // (declared so aligned) gives them.
    let swizzled = order.iter().any(|&b| f.buffer(b).swizzle_bytes > 0);
    let merged = dynamic || swizzled || pool < before || before > STATIC_SHARED_LIMIT;
    if !merged {
        slots.iter_mut().for_each(|s| s.offset = 0);
    }
    f.shared = Some(SharedLayout {
        slots,
        bytes_before_merge: before,
        bytes_after_merge: if merged { pool } else { before },
        merged,
    });
    f
}

fn strip_shared(s: &mut LStmt, f: &Lowered) {
    s.for_each_child_mut(|c| strip_shared(c, f));
    if let LStmt::Alloc(a) = s {
        if f.buffer(a.buffer).scope.is_shared() {
            let body = std::mem::replace(&mut a.body, LStmt::Seq(Vec::new()));
            *s = body;
        }
    }
    if let LStmt::Seq(v) = s {
        let v = std::mem::take(v);
        *s = LStmt::seq(v);
    }
}

/// The buffers `e` loads from, in the order it reads them.
fn loads_in(e: &Expr, out: &mut Vec<BufferId>) {
    e.visit(&mut |x| {
        if let Expr::Load(b, _) = x {
            out.push(*b);
        }
    });
}

impl Linearizer<'_> {
    fn touch(&mut self, b: BufferId) {
        let Some(&depth) = self.open.get(&b) else {
            return;
        };
        // The outermost loop below the allocation holds this touch: widen to it.
        if depth < self.loops.len() {
            let begin = self.loops[depth];
            let info = self.info.entry(b).or_default();
            info.first = Some(info.first.map_or(begin, |f| f.min(begin)));
            self.pending.push((b, depth));
        } else {
            let pos = self.pos;
            let info = self.info.entry(b).or_default();
            info.first = Some(info.first.map_or(pos, |f| f.min(pos)));
            info.last = info.last.max(pos);
        }
    }

    fn touch_expr(&mut self, e: &Expr) {
        let mut bufs = Vec::new();
        loads_in(e, &mut bufs);
        bufs.into_iter().for_each(|b| self.touch(b));
    }

    fn leaf(&mut self, s: &LStmt) {
        self.pos += 1;
        if let LStmt::Store(st) = s {
            self.touch(st.buffer);
        }
        // The buffers first, then the touches: no copy of the expressions.
        let mut bufs = Vec::new();
        s.for_each_expr(|e| loads_in(e, &mut bufs));
        bufs.into_iter().for_each(|b| self.touch(b));
    }

    fn walk(&mut self, s: &LStmt) {
        match s {
            LStmt::Seq(v) => v.iter().for_each(|c| self.walk(c)),
            LStmt::Block(b) => self.walk(&b.body),
            LStmt::Alloc(a) => {
                let shared = self.f.buffer(a.buffer).scope.is_shared();
                if shared {
                    self.open.insert(a.buffer, self.loops.len());
                }
                self.walk(&a.body);
                if shared {
                    self.open.remove(&a.buffer);
                }
            }
            LStmt::Let(l) => {
                self.pos += 1;
                self.touch_expr(&l.value);
                self.walk(&l.body);
            }
            LStmt::For(_) | LStmt::If(_) => {
                self.leaf(s);
                self.loops.push(self.pos);
                let depth = self.loops.len() - 1;
                let is_loop = matches!(s, LStmt::For(_));
                if !is_loop {
                    // An `if` runs its body once: touches inside are plain.
                    self.loops.pop();
                }
                s.for_each_child(|c| self.walk(c));
                self.pos += 1;
                if is_loop {
                    let end = self.pos;
                    let (done, rest): (Vec<_>, Vec<_>) =
                        self.pending.drain(..).partition(|p| p.1 == depth);
                    self.pending = rest;
                    for (b, _) in done {
                        let info = self.info.entry(b).or_default();
                        info.last = info.last.max(end);
                    }
                    self.loops.pop();
                }
            }
            LStmt::Async(b) => self.walk(b),
            LStmt::Store(_)
            | LStmt::Evaluate(_)
            | LStmt::Sync
            | LStmt::AsyncCommit
            | LStmt::AsyncWait(_) => self.leaf(s),
        }
    }
}
