//! TMA copies and mbarriers (`T.tma_load`, `T.mbarrier_init`,
//! `T.mbarrier_wait_parity`) as the hardware runs them: thread 0 initialises
//! a barrier for one arrival, arrives on it expecting the copy's bytes and
//! issues the copy; the box lands in shared memory swizzled by absolute
//! address (the tensor map's `CU_TENSOR_MAP_SWIZZLE_*B`, the tile's
//! `buffer_swizzle`), and only when the barrier's phase completes: its
//! arrival made and every expected byte copied. A wait on parity P returns
//! once the phase of that parity completed (at once when the barrier's
//! current phase has the other parity, as the hardware does).
//!
//! So a wait on the wrong phase returns before the copy landed and the
//! readers find its bytes pending; a missing wait likewise; a phase that can
//! never complete (a copy short of the bytes its arrival expects) is a hang
//! on the GPU and an error here; a copy into bytes a previous copy has not
//! landed in, a wgmma in flight reads or another thread read since the last
//! barrier is refused; a block may not end with a copy in flight.
//!
//! Invariant: the barrier state lives beside the shared pool, keyed by the
//! barrier's byte address.

use super::wgmma::{Swizzle, WARPGROUP};
use super::{PendingStore, Sim, SimError};
use crate::ir::{BufferId, Expr, Intrinsic};

/// One mbarrier's state.
#[derive(Clone, Debug, Default)]
pub(super) struct Mbarrier {
    /// Phases completed since `mbarrier.init`.
    phase: u64,
    /// Arrivals the current phase still waits for.
    pending_arrivals: i64,
    /// Bytes the current phase expects (`expect_tx`) and the copies on it carry.
    tx_expected: i64,
    tx_issued: i64,
    /// The current phase's copies, landing when it completes.
    stores: Vec<PendingStore>,
}

fn err(why: String) -> SimError {
    SimError::Tma(why)
}

impl Sim<'_> {
    pub(super) fn tma_call(
        &mut self,
        f: Intrinsic,
        args: &[Expr],
        mask: &[bool],
    ) -> Result<(), SimError> {
        let Some(t0) = (0..self.n).find(|&t| mask[t]) else {
            return Ok(());
        };
        match f {
            Intrinsic::MbarrierWait => {
                let (b, at) = self.operand(args, 0, t0)?;
                let parity = self.scalar(args, 1, t0)?;
                for t in (0..self.n).filter(|&t| mask[t]) {
                    if self.operand(args, 0, t)? != (b, at) || self.scalar(args, 1, t)? != parity
                    {
                        return Err(err(format!(
                            "threads {t0} and {t} wait on different mbarriers or parities of {}",
                            self.name(b)
                        )));
                    }
                }
                self.mbarrier_wait(b, at, parity)
            }
            // Issued by thread 0 of the block alone (`tirtui_elected`).
            _ if t0 != 0 => Err(err(format!(
                "T.{} is issued by thread 0, which does not run it here (thread {t0} does): a TMA call must not sit under a thread-dependent `if`",
                f.name()
            ))),
            Intrinsic::MbarrierInit => {
                let (b, at) = self.operand(args, 0, 0)?;
                let addr = self.barrier_addr(b, at)?;
                if self.mbarriers.get(&addr).is_some_and(|m| !m.stores.is_empty()) {
                    return Err(err(format!(
                        "{}[{at}] is initialised again while a TMA copy on it is in flight",
                        self.name(b)
                    )));
                }
                self.mbarriers.insert(
                    addr,
                    Mbarrier {
                        pending_arrivals: 1,
                        ..Mbarrier::default()
                    },
                );
                Ok(())
            }
            _ => self.tma_load(args),
        }
    }

    /// A barrier's byte address; barriers are 8-byte words of shared memory.
    fn barrier_addr(&self, b: BufferId, at: i64) -> Result<usize, SimError> {
        let buf = self.f.buffer(b);
        if !buf.scope.is_shared() || buf.dtype.bytes() != 8 {
            return Err(err(format!(
                "{} is not a 64-bit shared word (an mbarrier)",
                buf.name
            )));
        }
        self.shared_addr(b, at)
    }

    fn mbarrier_wait(&mut self, b: BufferId, at: i64, parity: i64) -> Result<(), SimError> {
        let addr = self.barrier_addr(b, at)?;
        let name = format!("{}[{at}]", self.name(b));
        let Some(m) = self.mbarriers.get_mut(&addr) else {
            return Err(err(format!(
                "{name} is waited on before mbarrier.init (no thread initialised it)"
            )));
        };
        if (m.phase % 2) as i64 != parity.rem_euclid(2) {
            // The phase of that parity is the one before: completed.
            return Ok(());
        }
        if m.pending_arrivals > 0 || m.tx_issued != m.tx_expected {
            return Err(err(format!(
                "every thread waits on phase {} (parity {parity}) of {name}, which never completes: {} arrival(s) missing, {} of {} expected bytes copied (the kernel would hang)",
                m.phase, m.pending_arrivals, m.tx_issued, m.tx_expected
            )));
        }
        let stores = std::mem::take(&mut m.stores);
        m.phase += 1;
        m.pending_arrivals = 1;
        m.tx_expected = 0;
        m.tx_issued = 0;
        for p in stores {
            self.land(p)?;
        }
        Ok(())
    }

    /// A TMA copy's element lands: visible to every thread that waited on
    /// its barrier (written by no thread).
    fn land(&mut self, p: PendingStore) -> Result<(), SimError> {
        let addr = self.shared_addr(p.buffer, p.index)?;
        let bytes = self.f.buffer(p.buffer).dtype.bytes();
        for k in 1..bytes {
            if let Some(c) = self.pool.get_mut(addr + k) {
                c.val = None;
            }
        }
        let cell = &mut self.pool[addr];
        cell.pending = cell.pending.saturating_sub(1);
        cell.val = Some((p.buffer, p.val));
        cell.writer = None;
        Ok(())
    }

    /// `(dst, bar, src, row, col, panels, rows, cols)`: thread 0 arrives on
    /// `bar` expecting the box's bytes and copies `panels` boxes.
    fn tma_load(&mut self, args: &[Expr]) -> Result<(), SimError> {
        let (tile, at) = self.operand(args, 0, 0)?;
        let (bar, bar_at) = self.operand(args, 1, 0)?;
        let Some(Expr::Load(g, _)) = args.get(2) else {
            return Err(err("a tma_load without its global tensor".into()));
        };
        let g = *g;
        let [row, col, panels, rows, cols] =
            [3, 4, 5, 6, 7].map(|i| self.scalar(args, i, 0).unwrap_or(-1));
        let buf = self.f.buffer(tile);
        let eb = buf.dtype.bytes();
        let swizzle = match buf.swizzle_bytes {
            128 => Swizzle::B128,
            64 => Swizzle::B64,
            32 => Swizzle::B32,
            _ => Swizzle::None,
        };
        let g_shape = self.f.buffer(g).const_shape().unwrap_or_default();
        if panels < 1 || rows < 1 || cols < 1 || g_shape.len() != 2 {
            return Err(err(format!("a malformed tma_load into {}", buf.name)));
        }
        let base = self.shared_addr(tile, at)?;
        if swizzle != Swizzle::None && !base.is_multiple_of(swizzle.pattern_bytes()) {
            return Err(err(format!(
                "the TMA copy into {} starts at shared byte {base}, not on the {}-byte swizzle pattern",
                buf.name,
                swizzle.pattern_bytes()
            )));
        }
        let bytes = panels * rows * cols * eb as i64;
        let addr = self.barrier_addr(bar, bar_at)?;
        let name = format!("{}[{bar_at}]", self.name(bar));
        let Some(m) = self.mbarriers.get_mut(&addr) else {
            return Err(err(format!(
                "thread 0 arrives on {name} before mbarrier.init"
            )));
        };
        if m.pending_arrivals <= 0 {
            return Err(err(format!(
                "thread 0 arrives on {name} again before its phase {} completed",
                m.phase
            )));
        }
        m.pending_arrivals -= 1;
        m.tx_expected += bytes;
        let tile_base = self.shared_base.get(&tile).copied().unwrap_or(0);
        let mut stores = Vec::new();
        for p in 0..panels {
            for r in 0..rows {
                for c in 0..cols {
                    let (gr, gc) = (row + r, col + p * cols + c);
                    if !(0..g_shape[0]).contains(&gr) || !(0..g_shape[1]).contains(&gc) {
                        return Err(err(format!(
                            "the TMA box into {} reads {}[{gr}, {gc}], outside {g_shape:?} (the hardware would fill zeros the loops never read)",
                            buf.name,
                            self.name(g)
                        )));
                    }
                    let v = self.read(g, gr * g_shape[1] + gc, 0)?;
                    let logical = base + (((p * rows + r) * cols + c) as usize) * eb;
                    let dst = swizzle.apply(logical);
                    let index = (dst.saturating_sub(tile_base) / eb) as i64;
                    self.issue_tma_store(tile, index, dst)?;
                    stores.push(PendingStore {
                        buffer: tile,
                        index,
                        val: v,
                        thread: 0,
                    });
                }
            }
        }
        if let Some(m) = self.mbarriers.get_mut(&addr) {
            m.tx_issued += bytes;
            m.stores.extend(stores);
        }
        Ok(())
    }

    /// Checks a TMA copy's write of one element at shared byte `dst`.
    fn issue_tma_store(&mut self, b: BufferId, i: i64, dst: usize) -> Result<(), SimError> {
        let what = format!("a TMA copy into {}[{i}]", self.name(b));
        if !self.wgmma.is_empty() {
            self.check_wgmma_operands(dst, &what)?;
        }
        self.check_retired_reads(dst, 0, &what)?;
        let epoch = self.epoch;
        let cell = &mut self.pool[dst];
        if cell.pending > 0 {
            return Err(err(format!(
                "{what} overwrites bytes an earlier asynchronous copy has not landed in"
            )));
        }
        if cell.read_epoch == epoch {
            if let Some(&o) = cell.readers.iter().find(|&&o| o != 0) {
                return Err(SimError::Race {
                    buffer: self.f.buffer(b).name.clone(),
                    index: i,
                    thread: 0,
                    other: o,
                    what: "overwrites (TMA) what was read by",
                });
            }
        }
        cell.pending += 1;
        Ok(())
    }

    /// Refuses a write by thread `t` of shared byte `addr` that the wgmma of
    /// another warpgroup read, retired since the last barrier: that group's
    /// wait does not order this thread's write (the threads run in lockstep
    /// here, so without this a barrier missing after `wgmma.wait_group`
    /// would go unseen).
    pub(super) fn check_retired_reads(
        &self,
        addr: usize,
        t: usize,
        what: &str,
    ) -> Result<(), SimError> {
        if let Some(&(g, e)) = self.pool.get(addr).and_then(|c| c.retired_read.as_ref()) {
            if e == self.epoch && g != t / WARPGROUP {
                return Err(SimError::Wgmma(format!(
                    "{what} (thread {t}) overwrites bytes the wgmma of threads {}..{} read, retired by their wgmma.wait_group with no barrier since: another warpgroup's wait does not order this thread's write",
                    g * WARPGROUP,
                    g * WARPGROUP + WARPGROUP - 1
                )));
            }
        }
        Ok(())
    }

    /// At a block's end: no TMA copy may be in flight.
    pub(super) fn tma_drained(&self) -> Result<(), SimError> {
        let pending: usize = self.mbarriers.values().map(|m| m.stores.len()).sum();
        if pending > 0 {
            return Err(err(format!(
                "the block ends with a TMA copy in flight ({pending} elements not landed): no thread waits on its mbarrier"
            )));
        }
        Ok(())
    }
}
