//! Runs a lowered kernel on the CPU, one thread block at a time, all threads
//! of a block in lockstep (SIMT, with masks for divergent `if`s). It is the
//! oracle for lowering: its results must equal the interpreter's on the
//! scheduled program.
//!
//! Lockstep would hide missing barriers, so shared memory is checked instead:
//! between two `__syncthreads()` no thread may read an element another thread
//! wrote (read after write) or write one another thread read (write after read).
//! The merged shared pool is simulated byte-address by byte-address, so a read
//! of a buffer whose bytes another buffer has since reused fails too.
//! Warp intrinsics (`simt/warp.rs`) follow CUDA: lanes are linear thread ids
//! modulo 32, shuffle masks are checked against the lanes executing them,
//! and a value read from a lane outside the mask is poison.
//!
//! A test oracle, not part of lowering: tests (and nothing on the path from a
//! schedule to CUDA) call it, so it lives beside `lower` instead of inside it.
//!
//! Invariant: knows `ir`, `lower`'s output (LIR) and `interp`'s `Tensor`; no GPU.
//!
//! May use: `interp`, `ir`, `lower`, `numeric`.

use crate::interp::{Tensor, TensorData};
use crate::ir::{BufferId, DataType, Expr, ThreadAxis, VarId};
use crate::lower::flatten_buffer::alloc_size;
use crate::lower::lir::{LIf, LStore};
use crate::lower::{LStmt, Lowered, LoweredProgram};
use std::collections::HashMap;
use thiserror::Error;

mod eval;
mod mma;
mod tma;
mod warp;
pub mod wgmma;
mod wgmma_call;

#[derive(Clone, Debug, Error, PartialEq)]
pub enum SimError {
    #[error("race on {buffer}[{index}]: thread {thread} {what} thread {other} without a barrier between")]
    Race {
        buffer: String,
        index: i64,
        thread: usize,
        other: usize,
        what: &'static str,
    },
    #[error(
        "{buffer}[{index}] is read before it is written (or after another buffer reused its bytes)"
    )]
    Unwritten { buffer: String, index: i64 },
    #[error("{buffer}[{index}] is out of bounds (size {size})")]
    OutOfBounds {
        buffer: String,
        index: i64,
        size: i64,
    },
    #[error("{buffer}[{index}] is read by thread {thread} before the asynchronous copy into it completed (no cp.async.wait_group covers it)")]
    AsyncPending {
        buffer: String,
        index: i64,
        thread: usize,
    },
    #[error("__syncthreads() is reached by only some threads of a block")]
    DivergentBarrier,
    #[error("loop `{0}` has bounds that differ between threads")]
    NonUniformLoop(String),
    #[error("warp shuffle: {0}")]
    Shuffle(String),
    #[error("wgmma: {0}")]
    Wgmma(String),
    #[error("TMA: {0}")]
    Tma(String),
    #[error("{0}")]
    Unsupported(String),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    F(f64),
    I(i64),
    B(bool),
}

impl Val {
    fn int(self) -> i64 {
        match self {
            Val::I(v) => v,
            Val::B(b) => b as i64,
            Val::F(f) => f as i64,
        }
    }
    fn float(self) -> f64 {
        match self {
            Val::F(f) => f,
            Val::I(v) => v as f64,
            Val::B(b) => b as i64 as f64,
        }
    }
    fn truth(self) -> bool {
        match self {
            Val::B(b) => b,
            Val::I(v) => v != 0,
            Val::F(f) => f != 0.0,
        }
    }
}

fn round(t: DataType, v: Val) -> Val {
    match t {
        DataType::F32 => Val::F(v.float() as f32 as f64),
        DataType::F16 => Val::F(half::f16::from_f64(v.float()).to_f64()),
        DataType::BF16 => Val::F(half::bf16::from_f64(v.float()).to_f64()),
        DataType::F64 => Val::F(v.float()),
        DataType::Bool => Val::B(v.truth()),
        DataType::I8 => Val::I(v.int() as i8 as i64),
        DataType::I16 => Val::I(v.int() as i16 as i64),
        DataType::I32 => Val::I(v.int() as i32 as i64),
        DataType::U8 => Val::I(v.int() as u8 as i64),
        DataType::U16 => Val::I(v.int() as u16 as i64),
        DataType::U32 => Val::I(v.int() as u32 as i64),
        DataType::U64 => Val::I(v.int()),
        DataType::I64 => Val::I(v.int()),
    }
}

#[derive(Clone, Debug)]
enum VarVal {
    Uniform(Val),
    PerThread(Vec<Val>),
}

#[derive(Clone, Default)]
struct Cell {
    val: Option<(BufferId, Val)>,
    writer: Option<(usize, u64)>,
    read_epoch: u64,
    readers: Vec<usize>,
    /// Asynchronous copies into this cell issued and not yet landed.
    pending: u32,
    /// The warpgroup whose wgmma read this byte, and the barrier epoch in
    /// which its `wait_group` retired that wgmma (`tma::check_retired_reads`).
    retired_read: Option<(usize, u64)>,
}

/// One asynchronous (cp.async) store waiting to land: it lands at the
/// `AsyncWait` that leaves its commit group no longer in flight.
#[derive(Clone, Debug)]
struct PendingStore {
    buffer: BufferId,
    index: i64,
    val: Val,
    thread: usize,
}

struct Sim<'a> {
    f: &'a Lowered,
    n: usize,
    globals: HashMap<BufferId, Vec<Val>>,
    /// Byte address of each shared buffer in `pool`.
    shared_base: HashMap<BufferId, usize>,
    pool: Vec<Cell>,
    local: HashMap<BufferId, Vec<Vec<Option<Val>>>>,
    /// Variable values by `VarId`: one for all threads (loop variables) or one per thread.
    vars: Vec<Option<VarVal>>,
    epoch: u64,
    /// Depth of enclosing `Async` statements.
    async_depth: usize,
    /// Async stores issued since the last commit.
    open_group: Vec<PendingStore>,
    /// Committed groups, oldest first.
    groups: std::collections::VecDeque<Vec<PendingStore>>,
    /// The threads executing the current statement, for the warp intrinsics.
    active: Vec<bool>,
    /// Each warpgroup's wgmma operations in flight.
    wgmma: Vec<wgmma::AsyncGroups<wgmma_call::InFlight>>,
    /// The block's mbarriers by byte address.
    mbarriers: HashMap<usize, tma::Mbarrier>,
}

/// Runs every kernel of `p` in launch order with `args` bound to the
/// function's buffer parameters; the temporaries between kernels start as NaN
/// (integers: a poison pattern), so a kernel reading an element its producer
/// did not write shows.
pub fn simulate_program(p: &LoweredProgram, args: &mut [Tensor]) -> Result<(), SimError> {
    if p.params.len() != args.len() {
        return Err(SimError::Unsupported(format!(
            "{} arguments for {} buffers",
            args.len(),
            p.params.len()
        )));
    }
    let Some(first) = p.kernels.first() else {
        return Ok(());
    };
    let mut all: Vec<Tensor> = args.to_vec();
    for &b in &p.temporaries {
        let buf = first.buffer(b);
        let shape = buf.const_shape().ok_or_else(|| {
            SimError::Unsupported(format!("temporary {} has a symbolic shape", buf.name))
        })?;
        all.push(Tensor::filled_nan(buf.dtype, &shape));
    }
    let ids = p.arg_buffers();
    for k in &p.kernels {
        let picks: Vec<usize> = k
            .params
            .iter()
            .filter_map(|q| q.buffer)
            .filter_map(|b| ids.iter().position(|&x| x == b))
            .collect();
        let mut kargs: Vec<Tensor> = picks.iter().map(|&i| all[i].clone()).collect();
        simulate(k, &mut kargs)?;
        for (i, t) in picks.into_iter().zip(kargs) {
            all[i] = t;
        }
    }
    for (a, t) in args.iter_mut().zip(all) {
        *a = t;
    }
    Ok(())
}

/// Runs `f` with `args` bound to its buffer parameters in order; outputs are
/// written into `args`.
pub fn simulate(f: &Lowered, args: &mut [Tensor]) -> Result<(), SimError> {
    let launch = f
        .launch
        .clone()
        .ok_or_else(|| SimError::Unsupported("the program has no launch configuration".into()))?;
    let params: Vec<BufferId> = f.params.iter().filter_map(|p| p.buffer).collect();
    if params.len() != args.len() {
        return Err(SimError::Unsupported(format!(
            "{} arguments for {} buffers",
            args.len(),
            params.len()
        )));
    }
    let mut globals = HashMap::new();
    for (&b, a) in params.iter().zip(args.iter()) {
        let vals = match &a.data {
            TensorData::Float(v) => v.iter().map(|x| Val::F(*x)).collect(),
            TensorData::Int(v) => v.iter().map(|x| Val::I(*x)).collect(),
            TensorData::Bool(v) => v.iter().map(|x| Val::B(*x)).collect(),
        };
        globals.insert(b, vals);
    }
    // Shared buffers at their pool offsets, or one after the other.
    let mut shared_base = HashMap::new();
    let mut top = 0usize;
    if let Some(layout) = &f.shared {
        for s in &layout.slots {
            let at = if layout.merged {
                s.offset as usize
            } else {
                top
            };
            shared_base.insert(s.buffer, at);
            top = top.max(at + s.bytes as usize);
        }
    }
    let n = launch.threads() as usize;
    let mut sim = Sim {
        f,
        n,
        globals,
        shared_base,
        pool: vec![Cell::default(); top],
        local: HashMap::new(),
        vars: vec![None; f.vars.len()],
        epoch: 0,
        async_depth: 0,
        open_group: Vec::new(),
        groups: std::collections::VecDeque::new(),
        active: Vec::new(),
        wgmma: Vec::new(),
        mbarriers: HashMap::new(),
    };
    let [gx, gy, gz] = launch.grid;
    for bz in 0..gz as i64 {
        for by in 0..gy as i64 {
            for bx in 0..gx as i64 {
                sim.pool.iter_mut().for_each(|c| *c = Cell::default());
                sim.vars.iter_mut().for_each(|v| *v = None);
                sim.local.clear();
                sim.open_group.clear();
                sim.groups.clear();
                sim.wgmma.clear();
                sim.mbarriers.clear();
                for &(axis, v) in &launch.thread_vars {
                    let vals = (0..n)
                        .map(|t| {
                            let [x, y, _] = launch.block.map(|d| d as usize);
                            Val::I(match axis {
                                ThreadAxis::BlockIdx(0) => bx,
                                ThreadAxis::BlockIdx(1) => by,
                                ThreadAxis::BlockIdx(_) => bz,
                                ThreadAxis::ThreadIdx(0) => (t % x) as i64,
                                ThreadAxis::ThreadIdx(1) => (t / x % y) as i64,
                                ThreadAxis::ThreadIdx(_) => (t / (x * y)) as i64,
                                ThreadAxis::VThread(_) => 0,
                            })
                        })
                        .collect();
                    sim.set_var(v, VarVal::PerThread(vals));
                }
                sim.exec(&f.body, &vec![true; n])?;
                sim.wgmma_drained()?;
                sim.tma_drained()?;
            }
        }
    }
    for (&b, a) in params.iter().zip(args.iter_mut()) {
        let vals = sim.globals.remove(&b).unwrap_or_default();
        a.data = match a.data {
            TensorData::Float(_) => TensorData::Float(vals.iter().map(|v| v.float()).collect()),
            TensorData::Int(_) => TensorData::Int(vals.iter().map(|v| v.int()).collect()),
            TensorData::Bool(_) => TensorData::Bool(vals.iter().map(|v| v.truth()).collect()),
        };
    }
    Ok(())
}

/// Storage each thread holds its own copy of: `local`, fragments, and a
/// lane's registers of a `warp` buffer (after `lower_warp_memory`).
fn per_thread(scope: crate::ir::StorageScope) -> bool {
    scope.is_thread_private() || scope == crate::ir::StorageScope::Warp
}

impl Sim<'_> {
    fn set_var(&mut self, v: VarId, value: VarVal) {
        let i = v.0 as usize;
        if i >= self.vars.len() {
            self.vars.resize(i + 1, None);
        }
        self.vars[i] = Some(value);
    }

    fn name(&self, b: BufferId) -> String {
        self.f.buffer(b).name.clone()
    }

    fn uniform(&mut self, e: &Expr, mask: &[bool], what: VarId) -> Result<i64, SimError> {
        let mut value = None;
        for t in (0..self.n).filter(|&t| mask[t]) {
            let v = self.eval(e, t)?.int();
            if value.is_some_and(|x| x != v) {
                return Err(SimError::NonUniformLoop(self.f.var_name(what).to_string()));
            }
            value = Some(v);
        }
        Ok(value.unwrap_or(0))
    }

    fn exec(&mut self, s: &LStmt, mask: &[bool]) -> Result<(), SimError> {
        match s {
            LStmt::Seq(v) => v.iter().try_for_each(|c| self.exec(c, mask)),
            LStmt::Block(b) => self.exec(&b.body, mask),
            LStmt::For(l) => {
                if matches!(l.kind, crate::ir::ForKind::ThreadBinding(_)) {
                    return Err(SimError::Unsupported("a thread-bound loop is left".into()));
                }
                let min = self.uniform(&l.min, mask, l.var)?;
                let ext = self.uniform(&l.extent, mask, l.var)?;
                for i in min..min.saturating_add(ext) {
                    self.set_var(l.var, VarVal::Uniform(Val::I(i)));
                    self.exec(&l.body, mask)?;
                }
                Ok(())
            }
            LStmt::If(i) => self.exec_if(i, mask),
            LStmt::Let(l) => {
                let mut vals = vec![Val::I(0); self.n];
                for t in (0..self.n).filter(|&t| mask[t]) {
                    vals[t] = self.eval(&l.value, t)?;
                }
                self.set_var(l.var, VarVal::PerThread(vals));
                self.exec(&l.body, mask)
            }
            LStmt::Alloc(a) => {
                let buf = self.f.buffer(a.buffer);
                let size = alloc_size(buf).unwrap_or(0).max(0) as usize;
                if buf.scope.is_shared() {
                    if !self.shared_base.contains_key(&a.buffer) {
                        let at = self.pool.len();
                        self.pool
                            .resize(at + size * buf.dtype.bytes(), Cell::default());
                        self.shared_base.insert(a.buffer, at);
                    }
                } else {
                    self.local.insert(a.buffer, vec![vec![None; size]; self.n]);
                }
                self.exec(&a.body, mask)
            }
            LStmt::Store(st) => self.exec_store(st, mask),
            LStmt::Async(b) => {
                self.async_depth += 1;
                let r = self.exec(b, mask);
                self.async_depth -= 1;
                r
            }
            LStmt::AsyncCommit => {
                let group = std::mem::take(&mut self.open_group);
                self.groups.push_back(group);
                Ok(())
            }
            LStmt::AsyncWait(n) => {
                while self.groups.len() > *n as usize {
                    for p in self.groups.pop_front().unwrap_or_default() {
                        let addr = self.shared_addr(p.buffer, p.index)?;
                        self.pool[addr].pending = self.pool[addr].pending.saturating_sub(1);
                        self.write(p.buffer, p.index, p.val, p.thread)?;
                    }
                }
                Ok(())
            }
            LStmt::Sync => {
                if mask.contains(&false) {
                    return Err(SimError::DivergentBarrier);
                }
                self.epoch += 1;
                Ok(())
            }
            LStmt::Evaluate(Expr::Call(f, args)) if f.is_mma() => self.mma_call(*f, args, mask),
            LStmt::Evaluate(Expr::Call(f, args)) if f.is_wgmma() => self.wgmma_call(*f, args, mask),
            LStmt::Evaluate(Expr::Call(f, args)) if f.is_tma() => self.tma_call(*f, args, mask),
            LStmt::Evaluate(e) => {
                for t in (0..self.n).filter(|&t| mask[t]) {
                    self.eval(e, t)?;
                }
                Ok(())
            }
        }
    }

    /// An `if`: the threads of `mask` split by the condition, each side run
    /// under its own mask (a side no thread takes is skipped).
    fn exec_if(&mut self, i: &LIf, mask: &[bool]) -> Result<(), SimError> {
        let mut then_mask = vec![false; self.n];
        let mut else_mask = vec![false; self.n];
        for t in (0..self.n).filter(|&t| mask[t]) {
            if self.eval(&i.cond, t)?.truth() {
                then_mask[t] = true;
            } else {
                else_mask[t] = true;
            }
        }
        if then_mask.contains(&true) {
            self.exec(&i.then_case, &then_mask)?;
        }
        match &i.else_case {
            Some(e) if else_mask.contains(&true) => self.exec(e, &else_mask),
            _ => Ok(()),
        }
    }

    /// A store by every thread of `mask`: async into shared memory inside an
    /// `Async`, and all reads before all writes when the lanes exchange values.
    fn exec_store(&mut self, st: &LStore, mask: &[bool]) -> Result<(), SimError> {
        let idx = st.indices.first().cloned().unwrap_or(Expr::int(0));
        let t_store = self.f.buffer(st.buffer).dtype;
        if warp::has_warp_call(&st.value) {
            // The lanes exchange values: all read, then all write.
            self.active = mask.to_vec();
            let mut vals = Vec::new();
            for t in (0..self.n).filter(|&t| mask[t]) {
                let i = self.eval(&idx, t)?.int();
                vals.push((t, i, round(t_store, self.eval(&st.value, t)?)));
            }
            self.active.clear();
            for (t, i, v) in vals {
                self.write(st.buffer, i, v, t)?;
            }
            return Ok(());
        }
        let issue_async = self.async_depth > 0 && self.f.buffer(st.buffer).scope.is_shared();
        for t in (0..self.n).filter(|&t| mask[t]) {
            let i = self.eval(&idx, t)?.int();
            let v = round(t_store, self.eval(&st.value, t)?);
            if issue_async {
                self.issue_async(st.buffer, i, v, t)?;
            } else {
                self.write(st.buffer, i, v, t)?;
            }
        }
        Ok(())
    }

    fn bounds(&self, b: BufferId, i: i64, size: usize) -> Result<usize, SimError> {
        if i < 0 || i as usize >= size {
            return Err(SimError::OutOfBounds {
                buffer: self.name(b),
                index: i,
                size: size as i64,
            });
        }
        Ok(i as usize)
    }

    fn shared_addr(&self, b: BufferId, i: i64) -> Result<usize, SimError> {
        let buf = self.f.buffer(b);
        let size = alloc_size(buf).unwrap_or(0).max(0) as usize;
        let i = self.bounds(b, i, size)?;
        let base = self.shared_base.get(&b).copied().unwrap_or(0);
        Ok(base + i * buf.dtype.bytes())
    }

    /// Issues an asynchronous store: checked now for overwriting what another
    /// thread read since the last barrier, landed at a later `AsyncWait`.
    fn issue_async(&mut self, b: BufferId, i: i64, v: Val, t: usize) -> Result<(), SimError> {
        let addr = self.shared_addr(b, i)?;
        if !self.wgmma.is_empty() {
            self.check_wgmma_operands(addr, &format!("a cp.async into {}[{i}]", self.name(b)))?;
        }
        self.check_retired_reads(addr, t, &format!("a cp.async into {}[{i}]", self.name(b)))?;
        let cell = &mut self.pool[addr];
        if cell.read_epoch == self.epoch {
            if let Some(&o) = cell.readers.iter().find(|&&o| o != t) {
                return Err(SimError::Race {
                    buffer: self.name(b),
                    index: i,
                    thread: t,
                    other: o,
                    what: "overwrites (cp.async) what was read by",
                });
            }
        }
        cell.pending += 1;
        self.open_group.push(PendingStore {
            buffer: b,
            index: i,
            val: v,
            thread: t,
        });
        Ok(())
    }

    fn write(&mut self, b: BufferId, i: i64, v: Val, t: usize) -> Result<(), SimError> {
        let buf = self.f.buffer(b);
        if buf.scope.is_shared() {
            let addr = self.shared_addr(b, i)?;
            if !self.wgmma.is_empty() {
                self.check_wgmma_operands(addr, &format!("a store to {}[{i}]", self.name(b)))?;
            }
            self.check_retired_reads(addr, t, &format!("a store to {}[{i}]", self.name(b)))?;
            let epoch = self.epoch;
            let cell = &self.pool[addr];
            if cell.read_epoch == epoch {
                if let Some(&o) = cell.readers.iter().find(|&&o| o != t) {
                    return Err(SimError::Race {
                        buffer: self.name(b),
                        index: i,
                        thread: t,
                        other: o,
                        what: "overwrites what was read by",
                    });
                }
            }
            for k in 1..buf.dtype.bytes() {
                if let Some(c) = self.pool.get_mut(addr + k) {
                    c.val = None;
                }
            }
            let cell = &mut self.pool[addr];
            cell.val = Some((b, v));
            cell.writer = Some((t, epoch));
            return Ok(());
        }
        if per_thread(buf.scope) {
            let size = self
                .local
                .get(&b)
                .and_then(|l| l.first())
                .map_or(0, Vec::len);
            let i = self.bounds(b, i, size)?;
            if let Some(l) = self.local.get_mut(&b) {
                l[t][i] = Some(v);
            }
            return Ok(());
        }
        let size = self.globals.get(&b).map_or(0, Vec::len);
        let i = self.bounds(b, i, size)?;
        if let Some(g) = self.globals.get_mut(&b) {
            g[i] = v;
        }
        Ok(())
    }

    fn read(&mut self, b: BufferId, i: i64, t: usize) -> Result<Val, SimError> {
        let buf = self.f.buffer(b);
        let unwritten = || SimError::Unwritten {
            buffer: buf.name.clone(),
            index: i,
        };
        if buf.scope.is_shared() {
            let addr = self.shared_addr(b, i)?;
            let epoch = self.epoch;
            let cell = &mut self.pool[addr];
            if cell.pending > 0 {
                return Err(SimError::AsyncPending {
                    buffer: buf.name.clone(),
                    index: i,
                    thread: t,
                });
            }
            if let Some((w, e)) = cell.writer {
                if e == epoch && w != t {
                    return Err(SimError::Race {
                        buffer: buf.name.clone(),
                        index: i,
                        thread: t,
                        other: w,
                        what: "reads what was written by",
                    });
                }
            }
            if cell.read_epoch != epoch {
                cell.read_epoch = epoch;
                cell.readers.clear();
            }
            if cell.readers.last() != Some(&t) {
                cell.readers.push(t);
            }
            return match cell.val {
                Some((owner, v)) if owner == b => Ok(v),
                _ => Err(unwritten()),
            };
        }
        if per_thread(buf.scope) {
            let size = self
                .local
                .get(&b)
                .and_then(|l| l.first())
                .map_or(0, Vec::len);
            let i2 = self.bounds(b, i, size)?;
            return self
                .local
                .get(&b)
                .and_then(|l| l[t][i2])
                .ok_or_else(unwritten);
        }
        let size = self.globals.get(&b).map_or(0, Vec::len);
        let i = self.bounds(b, i, size)?;
        Ok(self.globals.get(&b).map_or(Val::I(0), |g| g[i]))
    }
}
