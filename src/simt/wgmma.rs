//! Hopper's warpgroup MMA, `wgmma.mma_async.sync.aligned.m64nNk16` with
//! fp16 or bf16 operands from shared memory and fp32 accumulators, and
//! `m64nNk32` with s8 operands and s32 accumulators, as the hardware runs it (PTX ISA 8.x, "Asynchronous Warpgroup Level Matrix
//! Multiply-Accumulate"): the 64-bit matrix descriptors, the canonical
//! shared-memory layouts they name (K- or MN-major, no swizzle or 32/64/128B
//! swizzle), the accumulator fragment of a warpgroup's 128 threads, and the
//! asynchronous groups (`wgmma.fence`, `commit_group`, `wait_group N`).
//!
//! The simulator reads operands by byte address, so what a descriptor says
//! is checked against where the copies that fill shared memory put the
//! elements. The asynchronous state is exact enough to catch the mistakes a
//! lockstep run would hide: an accumulator read, or an operand overwritten,
//! before the `wait_group` that retires the wgmma; a wgmma issued without a
//! fence after its registers were touched; a kernel that ends with one in
//! flight.
//!
//! This is the hardware model (descriptors, layouts, fragments, groups)
//! with the matrix product itself; `simt/wgmma_call.rs` runs a lowered
//! kernel's wgmma calls through it.

use super::SimError;
use std::collections::VecDeque;

/// Threads of a warpgroup (four warps).
pub const WARPGROUP: usize = 128;
/// The m of every instruction, and the k of the 16-bit (m64nNk16) ones:
/// k is 32 bytes of operand, so 32 for 8-bit operands (`Shape::k`).
pub const M: usize = 64;
pub const K: usize = 16;

fn err(why: String) -> SimError {
    SimError::Wgmma(why)
}

/// The swizzle mode of a descriptor (bits 62-63).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swizzle {
    None,
    B128,
    B64,
    B32,
}

impl Swizzle {
    pub fn bits(self) -> u64 {
        match self {
            Swizzle::None => 0,
            Swizzle::B128 => 1,
            Swizzle::B64 => 2,
            Swizzle::B32 => 3,
        }
    }

    fn from_bits(b: u64) -> Swizzle {
        match b & 3 {
            1 => Swizzle::B128,
            2 => Swizzle::B64,
            3 => Swizzle::B32,
            _ => Swizzle::None,
        }
    }

    /// Bytes of one row of the swizzle atom (16: a plain core-matrix row).
    pub fn row_bytes(self) -> usize {
        16 << self.log2_chunks()
    }

    /// log2 of the 16-byte chunks a row holds: CuTe's `Swizzle<B, 4, 3>` B.
    fn log2_chunks(self) -> u32 {
        match self {
            Swizzle::None => 0,
            Swizzle::B32 => 1,
            Swizzle::B64 => 2,
            Swizzle::B128 => 3,
        }
    }

    /// `Swizzle<B, 4, 3>` on a byte address: the 16-byte chunk index (bits
    /// 4..4+B) XOR the row index within the 8-row pattern (bits 7..7+B).
    pub fn apply(self, addr: usize) -> usize {
        let mask = ((1usize << self.log2_chunks()) - 1) << 4;
        addr ^ ((addr >> 3) & mask)
    }

    /// The byte boundary the repeating pattern starts on (base offset 0).
    pub fn pattern_bytes(self) -> usize {
        8 * self.row_bytes()
    }
}

/// A wgmma matrix descriptor, its byte fields decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// Shared-memory byte address of the matrix.
    pub start: usize,
    /// Leading dimension byte offset (LBO).
    pub leading: usize,
    /// Stride dimension byte offset (SBO).
    pub stride: usize,
    /// Bits 49-51: where the swizzle pattern starts (0: aligned).
    pub base_offset: u8,
    pub swizzle: Swizzle,
}

/// A 14-bit descriptor field holds `(x & 0x3FFFF) >> 4`.
const FIELD: usize = 0x3FFFF;

impl Descriptor {
    /// The 64-bit register value; every byte field must be a multiple of 16
    /// below 256 KiB (what the 14-bit fields hold).
    pub fn encode(&self) -> Result<u64, SimError> {
        let field = |what: &str, x: usize| {
            if !x.is_multiple_of(16) || x > FIELD {
                Err(err(format!(
                    "descriptor {what} {x} is not a multiple of 16 below 256 KiB"
                )))
            } else {
                Ok((x >> 4) as u64)
            }
        };
        Ok(field("start address", self.start)?
            | field("leading byte offset", self.leading)? << 16
            | field("stride byte offset", self.stride)? << 32
            | u64::from(self.base_offset & 7) << 49
            | self.swizzle.bits() << 62)
    }

    pub fn decode(bits: u64) -> Descriptor {
        let field = |shift: u32| (((bits >> shift) & 0x3FFF) as usize) << 4;
        Descriptor {
            start: field(0),
            leading: field(16),
            stride: field(32),
            base_offset: ((bits >> 49) & 7) as u8,
            swizzle: Swizzle::from_bits(bits >> 62),
        }
    }
}

/// Which dimension of an operand is contiguous in shared memory: K (the
/// instruction's `imm-trans` 0) or M/N (`imm-trans` 1, A as M-major or B as
/// N-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    K,
    Mn,
}

/// The byte address of element (`mn`, `k`) of an operand (A as (m, k), B as
/// (n, k)) of `elem_bytes`-byte elements that descriptor `d` names: PTX's
/// canonical layouts, in bytes (T elements make 16 bytes, W is the swizzle
/// row):
///
/// - K-major, no swizzle: ((8,m),(T,2k)):((16,SBO),(1,LBO)): 8x16-byte core
///   matrices, LBO apart along K, SBO apart along M/N;
/// - K-major, swizzled: ((8,m),(T,2k)):((W,SBO),(1,16)): rows of W bytes;
/// - MN-major, no swizzle: ((T,1,m),(8,k)):((1,T,SBO),(16,LBO));
/// - MN-major, swizzled: ((T,W/16,m),(8,k)):((1,T,LBO),(W,SBO)),
///
/// then the swizzle on the address. A base offset other than 0 (a pattern
/// not aligned to its size) is refused.
pub fn element_address(
    d: &Descriptor,
    major: Major,
    mn: usize,
    k: usize,
    elem_bytes: usize,
) -> Result<usize, SimError> {
    if !matches!(elem_bytes, 1 | 2 | 4) {
        return Err(err(format!("{elem_bytes}-byte operand elements")));
    }
    if d.swizzle != Swizzle::None && d.base_offset != 0 {
        return Err(err(format!(
            "descriptor base offset {} (a swizzle pattern not aligned to {} bytes) is not simulated",
            d.base_offset,
            d.swizzle.pattern_bytes()
        )));
    }
    let t = 16 / elem_bytes;
    let w = d.swizzle.row_bytes();
    let offset = match (major, d.swizzle) {
        (Major::K, Swizzle::None) => {
            (mn % 8) * 16 + (mn / 8) * d.stride + (k % t) * elem_bytes + (k / t) * d.leading
        }
        (Major::K, _) => {
            if k * elem_bytes >= w {
                return Err(err(format!(
                    "k {k} lies beyond the {w}-byte swizzled row of a K-major operand"
                )));
            }
            (mn % 8) * w + (mn / 8) * d.stride + k * elem_bytes
        }
        (Major::Mn, Swizzle::None) => {
            (mn % t) * elem_bytes + (mn / t) * d.stride + (k % 8) * 16 + (k / 8) * d.leading
        }
        (Major::Mn, _) => {
            let row = w / elem_bytes;
            (mn % row) * elem_bytes + (mn / row) * d.leading + (k % 8) * w + (k / 8) * d.stride
        }
    };
    Ok(d.swizzle.apply(d.start + offset))
}

/// The (row, column) of the 64xN accumulator that register `reg` of thread
/// `thread` (0..128) of the warpgroup holds: warp w owns rows 16w..16w+15,
/// laid out as the m16n8 C fragment of mma.sync repeated every 8 columns.
pub fn accumulator_element(thread: usize, reg: usize) -> (usize, usize) {
    let (warp, lane) = (thread / 32, thread % 32);
    (
        16 * warp + lane / 4 + 8 * ((reg / 2) % 2),
        8 * (reg / 4) + 2 * (lane % 4) + reg % 2,
    )
}

/// The shape of one wgmma: N, and how A and B lie in shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub n: usize,
    pub a_major: Major,
    pub b_major: Major,
    /// Bytes of an operand element: 2, fp16 and bf16 into fp32 (k16); 1, s8
    /// into s32 (k32: exact products, sums that wrap at 32 bits as the
    /// hardware's do without `.satfinite`).
    pub elem_bytes: usize,
}

impl Shape {
    /// The instruction's k: 32 bytes of operand per row.
    pub fn k(&self) -> usize {
        32 / self.elem_bytes.max(1)
    }

    /// Whether the operands are s8 and the accumulators s32.
    pub fn integer(&self) -> bool {
        self.elem_bytes == 1
    }

    /// PTX's shapes: for 16-bit operands N is a multiple of 8 from 8 to
    /// 256; for s8, 8, 16, 24 or a multiple of 16 from 32 to 256. An s8
    /// operand must be K-major (the transpose exists for 16-bit types only).
    pub fn check(&self) -> Result<(), SimError> {
        let k = self.k();
        let n = self.n;
        let ok = if self.integer() {
            matches!(n, 8 | 16 | 24) || (n.is_multiple_of(16) && (32..=256).contains(&n))
        } else {
            n.is_multiple_of(8) && (8..=256).contains(&n)
        };
        if !ok || !matches!(self.elem_bytes, 1 | 2) {
            return Err(err(format!(
                "m64n{n}k{k} is not a wgmma shape for {}-byte operands (16-bit: N a multiple of 8 from 8 to 256; s8: 8, 16, 24 or a multiple of 16 up to 256)",
                self.elem_bytes
            )));
        }
        if self.integer() && (self.a_major != Major::K || self.b_major != Major::K) {
            return Err(err(format!(
                "m64n{n}k{k} s8: both operands must be K-major in shared memory (A as (m, k), B as (n, k)); the transpose exists only for 16-bit types"
            )));
        }
        Ok(())
    }

    /// Accumulator registers per thread.
    pub fn regs(&self) -> usize {
        self.n / 2
    }
}

/// One wgmma on the warpgroup's accumulators `acc` (`[128][N/2]`, PTX's
/// fragment): D = A x B + (D when `scale_d`), A (64xk) and B (kxN) read
/// through their descriptors by `read(byte address)`. Products and sums are
/// exact, rounded once to fp32 (the hardware's fp32 accumulation is at least
/// as wide as an fp16 product; the interpreter's sums agree to a few ulps);
/// s8 products sum exactly and the accumulator wraps as an s32.
pub fn mma(
    shape: &Shape,
    desc_a: u64,
    desc_b: u64,
    read: &mut dyn FnMut(usize) -> Result<f64, SimError>,
    acc: &mut [Vec<f64>],
    scale_d: bool,
) -> Result<(), SimError> {
    shape.check()?;
    let kk = shape.k();
    if acc.len() != WARPGROUP || acc.iter().any(|r| r.len() != shape.regs()) {
        return Err(err(format!(
            "the accumulator of an m64n{}k{kk} is 128 threads x {} registers",
            shape.n,
            shape.regs()
        )));
    }
    let (da, db) = (Descriptor::decode(desc_a), Descriptor::decode(desc_b));
    let mut a = vec![vec![0.0f64; kk]; M];
    for (m, row) in a.iter_mut().enumerate() {
        for (k, x) in row.iter_mut().enumerate() {
            *x = read(element_address(&da, shape.a_major, m, k, shape.elem_bytes)?)?;
        }
    }
    let mut b = vec![vec![0.0f64; kk]; shape.n];
    for (n, row) in b.iter_mut().enumerate() {
        for (k, x) in row.iter_mut().enumerate() {
            *x = read(element_address(&db, shape.b_major, n, k, shape.elem_bytes)?)?;
        }
    }
    for (t, regs) in acc.iter_mut().enumerate() {
        for (r, d) in regs.iter_mut().enumerate() {
            let (i, j) = accumulator_element(t, r);
            let c = if scale_d { *d } else { 0.0 };
            *d = if shape.integer() {
                // s8 values are exact in f64: sum as integers, wrap as an s32.
                let sum: i64 = (0..kk).map(|k| a[i][k] as i64 * b[j][k] as i64).sum();
                (c as i64).wrapping_add(sum) as i32 as f64
            } else {
                let sum: f64 = (0..kk).map(|k| a[i][k] * b[j][k]).sum();
                (c + sum) as f32 as f64
            };
        }
    }
    Ok(())
}

/// A warpgroup's wgmma operations in flight, each carrying what the
/// simulator needs to retire it (`T`: its accumulator and result). Issued
/// operations are open until `commit_group` closes them into a group;
/// `wait_group N` retires the oldest groups until at most N remain.
#[derive(Clone, Debug)]
pub struct AsyncGroups<T> {
    open: Vec<T>,
    committed: VecDeque<Vec<T>>,
    /// A `wgmma.fence` since the accumulators were last touched by other
    /// instructions (the first wgmma needs one too).
    fenced: bool,
}

impl<T> Default for AsyncGroups<T> {
    fn default() -> Self {
        AsyncGroups {
            open: Vec::new(),
            committed: VecDeque::new(),
            fenced: false,
        }
    }
}

impl<T> AsyncGroups<T> {
    /// `wgmma.fence.sync.aligned`.
    pub fn fence(&mut self) {
        self.fenced = true;
    }

    /// Other instructions wrote registers a later wgmma reads: it needs a
    /// fence first.
    pub fn touch_registers(&mut self) {
        self.fenced = false;
    }

    /// `wgmma.mma_async`: refused without a fence since the registers were
    /// last touched.
    pub fn issue(&mut self, op: T) -> Result<(), SimError> {
        if !self.fenced {
            return Err(err(
                "wgmma.mma_async issued without a wgmma.fence after its accumulator registers were last written by other instructions".to_string(),
            ));
        }
        self.open.push(op);
        Ok(())
    }

    /// `wgmma.commit_group.sync.aligned` (an empty group is allowed).
    pub fn commit(&mut self) {
        self.committed.push_back(std::mem::take(&mut self.open));
    }

    /// `wgmma.wait_group.sync.aligned n`: the retired operations, oldest
    /// first, for the caller to apply.
    pub fn wait(&mut self, n: usize) -> Vec<T> {
        let mut done = Vec::new();
        while self.committed.len() > n {
            if let Some(group) = self.committed.pop_front() {
                done.extend(group);
            }
        }
        done
    }

    /// Refuses an access `what` that any operation in flight (committed or
    /// not) is `touching`: its accumulator registers, or its operands.
    pub fn check_access(&self, what: &str, touching: impl Fn(&T) -> bool) -> Result<(), SimError> {
        let in_flight = self.open.iter().chain(self.committed.iter().flatten());
        if in_flight.into_iter().any(touching) {
            return Err(err(format!(
                "{what} while a wgmma.mma_async on it is in flight: no wgmma.wait_group retires it first"
            )));
        }
        Ok(())
    }

    /// The newest operation in flight that `pred` picks (a wgmma chained on
    /// the same accumulators starts from its result).
    pub fn newest(&self, pred: impl Fn(&T) -> bool) -> Option<&T> {
        self.open
            .iter()
            .rev()
            .chain(self.committed.iter().rev().flat_map(|g| g.iter().rev()))
            .find(|op| pred(op))
    }

    /// Operations not yet retired (at the end of a kernel: an error).
    pub fn pending(&self) -> usize {
        self.open.len() + self.committed.iter().map(Vec::len).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The accumulator fragment covers the 64xN tile once.
    #[test]
    fn the_accumulator_fragment_is_a_bijection() {
        for n in [8usize, 64, 136, 256] {
            let mut seen = vec![vec![false; n]; M];
            for t in 0..WARPGROUP {
                for r in 0..n / 2 {
                    let (i, j) = accumulator_element(t, r);
                    assert!(!seen[i][j], "n={n}: ({i}, {j}) twice");
                    seen[i][j] = true;
                }
            }
        }
    }

    #[test]
    fn descriptors_round_trip_and_refuse_unaligned_fields() {
        let d = Descriptor {
            start: 0x1230,
            leading: 128,
            stride: 1024,
            base_offset: 0,
            swizzle: Swizzle::B128,
        };
        let bits = d.encode().unwrap();
        assert_eq!(bits >> 62, 1);
        assert_eq!(bits & 0x3FFF, 0x123);
        assert_eq!(Descriptor::decode(bits), d);
        let odd = Descriptor { start: 8, ..d };
        assert!(odd.encode().is_err());
    }

    #[test]
    fn the_128b_swizzle_permutes_chunks_within_each_row() {
        // Row r of the 8-row pattern: chunk c lands at chunk c ^ r.
        for r in 0..8usize {
            for c in 0..8usize {
                assert_eq!(
                    Swizzle::B128.apply(r * 128 + c * 16),
                    r * 128 + (c ^ r) * 16
                );
            }
        }
        assert_eq!(Swizzle::None.apply(1234), 1234);
    }

    #[test]
    fn the_queue_retires_the_oldest_groups_and_sees_pending_registers() {
        let mut q = AsyncGroups::<u32>::default();
        assert!(q.issue(1).is_err(), "no fence yet");
        q.fence();
        q.issue(1).unwrap();
        q.commit();
        q.issue(2).unwrap();
        q.commit();
        assert!(q.check_access("a read of register 1", |&x| x == 1).is_err());
        assert_eq!(q.wait(1), vec![1]);
        assert!(q.check_access("a read of register 1", |&x| x == 1).is_ok());
        assert_eq!(q.pending(), 1);
        assert_eq!(q.wait(0), vec![2]);
        assert_eq!(q.pending(), 0);
        q.touch_registers();
        assert!(q.issue(3).is_err());
    }
}
