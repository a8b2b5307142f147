//! The lowered kernel's wgmma calls (`ptx_wgmma`, its fence, commit and
//! wait, the accumulator fill and store) run through the hardware model
//! (`simt::wgmma`): each warpgroup of a block (threads 128g..128g+127) has
//! its own asynchronous groups. A wgmma reads its operands at issue, by the
//! byte addresses its descriptors name in the shared pool (so the layout the
//! copies wrote is what it reads), and its result lands in the threads'
//! registers at the `wait_group` that retires it. What the hardware leaves
//! undefined is an error here: the accumulators filled, stored or left at
//! the kernel's end while a wgmma on them is in flight, a shared operand
//! overwritten before its wgmma retired, a wgmma without a fence after its
//! registers were written. A swizzled operand (the call's swizzle argument,
//! `lower::swizzle_layout`) is read through a descriptor of that mode, which
//! swizzles absolute pool addresses: its buffer must start on the pattern.

use super::wgmma::{self, AsyncGroups, Descriptor, Major, Swizzle};
use super::{round, Sim, SimError, Val};
use crate::ir::{BufferId, DataType, Expr, Intrinsic};

/// A wgmma issued and not yet retired.
#[derive(Clone, Debug)]
pub(super) struct InFlight {
    acc: BufferId,
    /// Each thread's (thread, register offset, result registers).
    results: Vec<(usize, i64, Vec<f64>)>,
    /// The shared byte ranges its operands span (half-open).
    reads: Vec<(usize, usize)>,
}

const WG: usize = wgmma::WARPGROUP;

impl Sim<'_> {
    /// Runs a wgmma call for every warpgroup the mask covers (whole
    /// warpgroups only).
    pub(super) fn wgmma_call(
        &mut self,
        f: Intrinsic,
        args: &[Expr],
        mask: &[bool],
    ) -> Result<(), SimError> {
        for g in 0..self.n.div_ceil(WG) {
            let threads: Vec<usize> = (g * WG..(g * WG + WG).min(self.n)).collect();
            let active = threads.iter().filter(|&&t| mask[t]).count();
            if active == 0 {
                continue;
            }
            if active != WG {
                return Err(SimError::Wgmma(format!(
                    "T.{} runs on {active} threads of a warpgroup; the wgmma instructions need all 128 (threadIdx.x of extent 128)",
                    f.name()
                )));
            }
            if self.wgmma.len() <= g {
                self.wgmma.resize_with(g + 1, AsyncGroups::default);
            }
            self.warpgroup_call(g, f, args, &threads)?;
        }
        Ok(())
    }

    fn warpgroup_call(
        &mut self,
        g: usize,
        f: Intrinsic,
        args: &[Expr],
        threads: &[usize],
    ) -> Result<(), SimError> {
        match f {
            Intrinsic::WgmmaFence => self.wgmma[g].fence(),
            Intrinsic::WgmmaCommit => self.wgmma[g].commit(),
            Intrinsic::WgmmaWait => {
                let n = self.scalar(args, 0, threads[0])?.max(0) as usize;
                let epoch = self.epoch;
                for op in self.wgmma[g].wait(n) {
                    // Its operands count as read now, by this warpgroup.
                    for &(lo, hi) in &op.reads {
                        for cell in self.pool.get_mut(lo..hi).into_iter().flatten() {
                            cell.retired_read = Some((g, epoch));
                        }
                    }
                    let int = self.f.buffer(op.acc).dtype == DataType::I32;
                    for (t, at, regs) in op.results {
                        for (r, v) in regs.into_iter().enumerate() {
                            let v = if int { Val::I(v as i64) } else { Val::F(v) };
                            self.write(op.acc, at + r as i64, v, t)?;
                        }
                    }
                }
            }
            Intrinsic::WgmmaFill => {
                let regs = self.scalar(args, 1, threads[0])? / 2;
                for &t in threads {
                    let (c, at) = self.operand(args, 0, t)?;
                    self.accumulator_idle(g, c, "filled")?;
                    let zero = if self.f.buffer(c).dtype == DataType::I32 {
                        Val::I(0)
                    } else {
                        Val::F(0.0)
                    };
                    for r in 0..regs {
                        self.write(c, at + r, zero, t)?;
                    }
                }
                self.wgmma[g].touch_registers();
            }
            Intrinsic::WgmmaStore => {
                for (lane, &t) in threads.iter().enumerate() {
                    let (src, sa) = self.operand(args, 0, t)?;
                    self.accumulator_idle(g, src, "read")?;
                    let (dst, da) = self.operand(args, 1, t)?;
                    let regs = self.scalar(args, 3, t)? / 2;
                    let ldm = self.scalar(args, 4, t)?;
                    let ty = self.f.buffer(dst).dtype;
                    for r in 0..regs as usize {
                        let (i, j) = wgmma::accumulator_element(lane, r);
                        let v = self.read(src, sa + r as i64, t)?;
                        self.write(dst, da + i as i64 * ldm + j as i64, round(ty, v), t)?;
                    }
                }
            }
            Intrinsic::WgmmaMma => self.issue_wgmma(g, args, threads)?,
            _ => {
                return Err(SimError::Unsupported(format!(
                    "T.{} is not a wgmma call",
                    f.name()
                )))
            }
        }
        Ok(())
    }

    /// Refuses a non-wgmma access (`how`) to accumulators a wgmma in flight writes.
    fn accumulator_idle(&self, g: usize, c: BufferId, how: &str) -> Result<(), SimError> {
        let what = format!("the accumulator {} is {how}", self.f.buffer(c).name);
        self.wgmma[g].check_access(&what, |op| op.acc == c)
    }

    /// The descriptor of operand `i` (a shared tile of core matrices whose
    /// outer and inner core-axis strides are arguments `outer`, `inner`).
    fn operand_descriptor(
        &mut self,
        args: &[Expr],
        i: usize,
        (outer, inner): (usize, usize),
        major: Major,
        t: usize,
    ) -> Result<(u64, usize), SimError> {
        let (b, at) = self.operand(args, i, t)?;
        let buf = self.f.buffer(b);
        if !buf.scope.is_shared() {
            return Err(SimError::Wgmma(format!(
                "operand {} is not in shared memory",
                buf.name
            )));
        }
        let bytes = buf.dtype.bytes();
        let start = self.shared_addr(b, at)?;
        let outer = self.scalar(args, outer, t)?.max(0) as usize * bytes;
        let inner = self.scalar(args, inner, t)?.max(0) as usize * bytes;
        // K-major: k-groups (LBO) along the inner axis; MN-major: along the outer.
        let (leading, stride) = match major {
            Major::K => (inner, outer),
            Major::Mn => (outer, inner),
        };
        let swizzle = match args.get(8).and_then(Expr::as_int) {
            Some(128) => Swizzle::B128,
            Some(64) => Swizzle::B64,
            Some(32) => Swizzle::B32,
            _ => Swizzle::None,
        };
        // The hardware swizzles absolute addresses, the copies the
        // buffer-relative ones: they agree only on an aligned buffer.
        let base = self.shared_addr(b, 0)?;
        if swizzle != Swizzle::None && !base.is_multiple_of(swizzle.pattern_bytes()) {
            return Err(SimError::Wgmma(format!(
                "the swizzled operand {} starts at shared byte {base}, not on a {}-byte boundary: the descriptor's swizzle would not match the layout its copies wrote",
                self.f.buffer(b).name,
                swizzle.pattern_bytes()
            )));
        }
        let d = Descriptor {
            start,
            leading,
            stride,
            base_offset: 0,
            swizzle,
        };
        Ok((d.encode()?, bytes))
    }

    fn issue_wgmma(&mut self, g: usize, args: &[Expr], threads: &[usize]) -> Result<(), SimError> {
        let t0 = threads[0];
        let n = self.scalar(args, 3, t0)?;
        // 16-bit operands: B N-major (`imm-trans-b` 1); s8: B K-major, (n, k),
        // its outer and inner strides read as A's are.
        let (b_buf, _) = self.operand(args, 2, t0)?;
        let operand = self.f.buffer(b_buf).dtype;
        let b_major = if operand.bytes() == 1 {
            Major::K
        } else {
            Major::Mn
        };
        let (desc_a, bytes) = self.operand_descriptor(args, 1, (4, 5), Major::K, t0)?;
        let (desc_b, _) = self.operand_descriptor(args, 2, (6, 7), b_major, t0)?;
        let shape = wgmma::Shape {
            n: usize::try_from(n).unwrap_or(0),
            a_major: Major::K,
            b_major,
            elem_bytes: bytes,
        };
        shape.check()?;
        let (acc, _) = self.operand(args, 0, t0)?;
        let (a_buf, _) = self.operand(args, 1, t0)?;
        let want = match (self.f.buffer(a_buf).dtype, operand) {
            (DataType::I8, DataType::I8) => DataType::I32,
            (DataType::F16, DataType::F16) | (DataType::BF16, DataType::BF16) => DataType::F32,
            (a, b) => {
                return Err(SimError::Wgmma(format!(
                    "operands of {} and {}: the simulated wgmmas take fp16, bf16 or s8 pairs",
                    a.name(),
                    b.name()
                )))
            }
        };
        if self.f.buffer(acc).dtype != want {
            return Err(SimError::Wgmma(format!(
                "accumulator {} is {}, not {}",
                self.f.buffer(acc).name,
                self.f.buffer(acc).dtype.name(),
                want.name()
            )));
        }
        // The registers it starts from: a wgmma on them still in flight, or the threads'.
        let mut regs = vec![vec![0.0; shape.regs()]; WG];
        let chained = self.wgmma[g].newest(|op| op.acc == acc).cloned();
        let mut offsets = Vec::with_capacity(WG);
        for (lane, &t) in threads.iter().enumerate() {
            let (_, at) = self.operand(args, 0, t)?;
            offsets.push(at);
            match &chained {
                Some(op) => regs[lane].clone_from(&op.results[lane].2),
                None => {
                    for (r, x) in regs[lane].iter_mut().enumerate() {
                        *x = self.read(acc, at + r as i64, t)?.float();
                    }
                }
            }
        }
        let mut addrs: Vec<usize> = Vec::new();
        let mut read = |addr: usize| -> Result<f64, SimError> {
            addrs.push(addr);
            self.read_shared_byte(addr, t0)
        };
        wgmma::mma(&shape, desc_a, desc_b, &mut read, &mut regs, true)?;
        // The operands' bytes as ranges, for the overwrite check.
        addrs.sort_unstable();
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for a in addrs {
            match spans.last_mut() {
                Some(s) if a <= s.1 => s.1 = s.1.max(a + bytes),
                _ => spans.push((a, a + bytes)),
            }
        }
        let results = threads
            .iter()
            .zip(offsets)
            .zip(regs)
            .map(|((&t, at), r)| (t, at, r))
            .collect();
        self.wgmma[g].issue(InFlight {
            acc,
            results,
            reads: spans,
        })
    }

    /// A wgmma's read of the shared pool at byte `addr`, checked as a
    /// thread's read is (landed, written before the last barrier or by
    /// this warpgroup's thread `t`).
    fn read_shared_byte(&mut self, addr: usize, t: usize) -> Result<f64, SimError> {
        let epoch = self.epoch;
        let f = self.f;
        let Some(cell) = self.pool.get_mut(addr) else {
            return Err(SimError::Wgmma(format!(
                "a descriptor names shared byte {addr}, beyond the block's shared memory"
            )));
        };
        let name = |b: Option<BufferId>| {
            b.map_or("shared memory".to_string(), |b| f.buffer(b).name.clone())
        };
        let owner = cell.val.map(|(b, _)| b);
        if cell.pending > 0 {
            return Err(SimError::Wgmma(format!(
                "{} (byte {addr}) is read by a wgmma before the asynchronous copy into it completed",
                name(owner)
            )));
        }
        if let Some((w, e)) = cell.writer {
            if e == epoch && w / WG != t / WG {
                return Err(SimError::Wgmma(format!(
                    "{} (byte {addr}) is read by the wgmma of threads {}..{} after thread {w} wrote it without a barrier between",
                    name(owner),
                    t / WG * WG,
                    t / WG * WG + WG - 1
                )));
            }
        }
        if cell.read_epoch != epoch {
            cell.read_epoch = epoch;
            cell.readers.clear();
        }
        if !cell.readers.contains(&t) {
            cell.readers.push(t);
        }
        match cell.val {
            Some((_, v)) => Ok(v.float()),
            None => Err(SimError::Wgmma(format!(
                "shared byte {addr} is read by a wgmma before it is written (a descriptor that names the wrong layout, or an element no copy fills)"
            ))),
        }
    }

    /// Refuses a write of shared byte `addr` while a wgmma reading it is in flight.
    pub(super) fn check_wgmma_operands(&self, addr: usize, what: &str) -> Result<(), SimError> {
        for q in &self.wgmma {
            q.check_access(what, |op| {
                op.reads.iter().any(|&(lo, hi)| (lo..hi).contains(&addr))
            })?;
        }
        Ok(())
    }

    /// At a block's end: no wgmma may be left in flight.
    pub(super) fn wgmma_drained(&self) -> Result<(), SimError> {
        let pending: usize = self.wgmma.iter().map(AsyncGroups::pending).sum();
        if pending > 0 {
            return Err(SimError::Wgmma(format!(
                "the block ends with {pending} wgmma.mma_async in flight: no wgmma.wait_group retires them"
            )));
        }
        Ok(())
    }
}
