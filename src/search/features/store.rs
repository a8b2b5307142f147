//! The walk over the loop tree and the features of each store (groups 1 to
//! 5 of TVM's `PerStoreFeature`), with TVM's state across stores: the
//! elements each loop has touched of each buffer so far (serial reuse), the
//! allocation seen for each buffer, and one row per stored buffer in order of
//! its first store, the last store's features winning.

use super::expr::{coefficient, loads_post_order, ArithOps, Ctx};
use super::nest::{Loop, Node, Tree};
use super::{slog, BUFFERS_PER_STORE, CACHE_LINE_BYTES, CURVE_SAMPLES};
use crate::ir::{BufferId, Expr, ForKind, ThreadAxis};
use crate::lower::lir::LStore;

/// Group 4 of a buffer: its allocation's bytes, and the loops around it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Alloc {
    pub size: f64,
    pub prod: f64,
    pub outer_prod: f64,
}

/// The features of one store, before group 4 (known only at the end).
pub(super) struct StoreRow {
    pub buffer: BufferId,
    pub values: Vec<f64>,
    pub outer_prod: f64,
}

pub(super) struct Collector<'t, 'a> {
    pub ctx: Ctx<'t, 'a>,
    /// The loops around the statement being visited (indices into the tree).
    nest: Vec<usize>,
    prod: f64,
    /// Per loop: each buffer's element counts, one per store visited under it.
    touched: Vec<Vec<(BufferId, Vec<i64>)>>,
    pub rows: Vec<StoreRow>,
    pub allocs: Vec<Option<Alloc>>,
}

/// One buffer accessed by a store (TVM's group 2 `SubFeature`).
struct Access {
    buffer: BufferId,
    /// 0 read, 1 write, 2 read-write.
    access_type: usize,
    indices: Vec<Vec<Expr>>,
    /// Elements touched under each loop of the nest.
    numel_under: Vec<i64>,
    access_shape: Vec<i64>,
    min_stride: i64,
    innermost_stride: i64,
    prod_non_strided: f64,
    reuse_type: usize,
    reuse_dis_iter: f64,
    reuse_dis_bytes: f64,
    reuse_ct: f64,
    bytes: f64,
    unique_bytes: f64,
    lines: f64,
    unique_lines: f64,
}

impl<'t, 'a> Collector<'t, 'a> {
    pub fn new(ctx: Ctx<'t, 'a>) -> Collector<'t, 'a> {
        let (n_loops, n_buffers) = (ctx.tree.loops.len(), ctx.buffers.len());
        Collector {
            ctx,
            nest: Vec::new(),
            prod: 1.0,
            touched: vec![Vec::new(); n_loops],
            rows: Vec::new(),
            allocs: vec![None; n_buffers],
        }
    }

    fn tree(&self) -> &'t Tree<'a> {
        self.ctx.tree
    }

    fn lp(&self, id: usize) -> &'t Loop {
        &self.ctx.tree.loops[id]
    }

    pub fn visit(&mut self, nodes: &[Node<'a>]) {
        for node in nodes {
            match node {
                Node::Loop(id, body) => {
                    let lp = self.lp(*id);
                    let point = lp.min.map(|m| (m, m));
                    self.ctx.set_bound(lp.var, point);
                    self.ctx.set_start(lp.var, lp.min);
                    if let Some(e) = lp.extent {
                        self.prod *= e as f64;
                    }
                    self.nest.push(*id);
                    self.visit(body);
                    self.nest.pop();
                    if let Some(e) = lp.extent {
                        self.prod /= e as f64;
                    }
                }
                Node::Store(st) => self.store(st),
                Node::Alloc(b, body) => {
                    self.visit(body);
                    self.record_alloc(*b, self.prod);
                }
            }
        }
    }

    pub fn record_alloc(&mut self, b: BufferId, outer_prod: f64) {
        let numel: f64 = self.shape(b).iter().map(|&x| x as f64).product();
        let bytes = self.ctx.buffers[b.0 as usize].dtype.bytes() as f64;
        if let Some(slot) = self.allocs.get_mut(b.0 as usize) {
            *slot = Some(Alloc {
                size: numel * bytes,
                prod: numel * outer_prod,
                outer_prod,
            });
        }
    }

    /// TVM's `GetBufferShape`: constant extents, else the upper bound, else 1.
    fn shape(&self, b: BufferId) -> Vec<i64> {
        self.ctx.buffers[b.0 as usize]
            .shape
            .iter()
            .map(|e| match self.ctx.bound(e) {
                (_, hi) if (0..super::expr::POS_INF).contains(&hi) => hi,
                _ => 1,
            })
            .collect()
    }

    fn dtype_bytes(&self, b: BufferId) -> i64 {
        self.ctx.buffers[b.0 as usize].dtype.bytes() as i64
    }

    fn store(&mut self, st: &LStore) {
        if matches!(st.value, Expr::Int(..) | Expr::Float(..)) {
            return;
        }
        let mut ops = ArithOps::default();
        self.ctx.count_ops(&st.value, self.prod, &mut ops);
        let mut values = Vec::with_capacity(super::FEATURES_PER_STORE);
        values.extend(ops.export().iter().map(|&x| slog(x)));
        self.group1_loops(&mut values);
        let (accesses, touched_bytes) = self.accesses(st);
        for i in 0..BUFFERS_PER_STORE {
            match accesses.get(i) {
                Some(a) => export_access(a, &mut values),
                None => values.extend([0.0; 18]),
            }
        }
        self.curve(&ops, &touched_bytes, &mut values);
        let auto_unroll = self
            .nest
            .iter()
            .filter_map(|&id| self.lp(id).auto_unroll)
            .next_back()
            .unwrap_or(0);
        let row = StoreRow {
            buffer: st.buffer,
            values,
            outer_prod: self.prod,
        };
        let mut row = row;
        row.values.extend([
            slog(self.prod),
            slog(self.nest.len() as f64),
            slog(auto_unroll as f64),
        ]);
        self.rows.push(row);
    }

    /// Group 1 after the operation counts: vectorize, unroll and parallel
    /// loops, then the GPU launch lengths.
    fn group1_loops(&self, values: &mut Vec<f64>) {
        for kind in [ForKind::Vectorized, ForKind::Unrolled, ForKind::Parallel] {
            let loops: Vec<&Loop> = self
                .nest
                .iter()
                .map(|&id| self.lp(id))
                .filter(|l| l.kind == kind)
                .collect();
            let mut pos = [0.0; 8];
            match loops.last() {
                None => {
                    values.extend([0.0; 3]);
                    pos[0] = 1.0;
                }
                Some(last) => {
                    let prod: f64 = loops
                        .iter()
                        .filter_map(|l| l.extent)
                        .map(|e| e as f64)
                        .product();
                    values.extend([
                        slog(loops.len() as f64),
                        slog(prod),
                        slog(last.extent.unwrap_or(1) as f64),
                    ]);
                    // TVM never computes the position: every annotated loop is "mixed".
                    pos[7] = 1.0;
                }
            }
            values.extend(pos);
        }
        values.push(1.0); // is_gpu: features are for CUDA
        let first_len = |axis: &dyn Fn(ThreadAxis) -> bool| {
            self.nest
                .iter()
                .map(|&id| self.lp(id))
                .find(|l| matches!(l.kind, ForKind::ThreadBinding(a) if axis(a)))
                .and_then(|l| l.extent)
                .unwrap_or(1)
        };
        for axis in [
            ThreadAxis::BlockIdx(0),
            ThreadAxis::BlockIdx(1),
            ThreadAxis::BlockIdx(2),
            ThreadAxis::ThreadIdx(0),
            ThreadAxis::ThreadIdx(1),
            ThreadAxis::ThreadIdx(2),
        ] {
            values.push(slog(first_len(&|a| a == axis) as f64));
        }
        values.push(slog(
            first_len(&|a| matches!(a, ThreadAxis::VThread(_))) as f64
        ));
    }

    /// Group 2: the buffers the store accesses, sorted as TVM sorts them,
    /// and the bytes each loop of the nest touches (for group 3).
    fn accesses(&mut self, st: &LStore) -> (Vec<Access>, Vec<i64>) {
        let mut acc = self.init_accesses(st);
        let touched_bytes = self.set_region(&mut acc);
        for a in &mut acc {
            self.set_stride(a);
        }
        let top_touch: f64 = if self.nest.is_empty() {
            0.0
        } else {
            acc.iter().map(|a| self.dtype_bytes(a.buffer) as f64).sum()
        };
        for a in &mut acc {
            self.set_reuse(a, top_touch);
            self.set_feature(a);
        }
        let tree = self.tree();
        let name = |b: BufferId| -> &str {
            match tree.tvm_names.iter().find(|(x, _)| *x == b) {
                Some((_, n)) => n,
                None => &self.ctx.buffers[b.0 as usize].name,
            }
        };
        acc.sort_by(|a, b| {
            let by = |x: f64, y: f64| y.partial_cmp(&x).unwrap_or(std::cmp::Ordering::Equal);
            by(a.lines, b.lines)
                .then(by(a.bytes, b.bytes))
                .then_with(|| name(a.buffer).cmp(name(b.buffer)))
        });
        (acc, touched_bytes)
    }

    fn init_accesses(&self, st: &LStore) -> Vec<Access> {
        let n = self.nest.len();
        let new = |buffer, access_type, idx: &[Expr]| Access {
            buffer,
            access_type,
            indices: vec![idx.to_vec()],
            numel_under: vec![0; n],
            access_shape: Vec::new(),
            min_stride: 0,
            innermost_stride: 0,
            prod_non_strided: 1.0,
            reuse_type: 2,
            reuse_dis_iter: 0.0,
            reuse_dis_bytes: 0.0,
            reuse_ct: 0.0,
            bytes: 0.0,
            unique_bytes: 0.0,
            lines: 0.0,
            unique_lines: 0.0,
        };
        let mut acc = vec![new(st.buffer, 1, &st.indices)];
        loads_post_order(&st.value, &mut |e| {
            if let Expr::Load(b, idx) = e {
                match acc.iter_mut().find(|a| a.buffer == *b) {
                    None => acc.push(new(*b, 0, idx)),
                    Some(a) if a.access_type == 1 => a.access_type = 2,
                    Some(a) if a.access_type == 0 => a.indices.push(idx.clone()),
                    Some(_) => {}
                }
            }
        });
        acc
    }
}

fn export_access(a: &Access, v: &mut Vec<f64>) {
    let proxy = if a.reuse_ct > 0.0 { a.reuse_ct } else { 0.5 };
    let one_hot = |i: usize, n: usize| (0..n).map(move |k| if k == i { 1.0 } else { 0.0 });
    v.extend(one_hot(a.access_type, 3));
    v.extend([
        slog(a.bytes),
        slog(a.unique_bytes),
        slog(a.lines),
        slog(a.unique_lines),
    ]);
    v.extend(one_hot(a.reuse_type, 3));
    v.extend([
        slog(a.reuse_dis_iter),
        slog(a.reuse_dis_bytes),
        slog(a.reuse_ct),
        slog(a.bytes / proxy),
        slog(a.unique_bytes / proxy),
        slog(a.lines / proxy),
        slog(a.unique_lines / proxy),
        slog(a.innermost_stride as f64),
    ]);
}

impl Collector<'_, '_> {
    /// Relaxes the loops from the innermost out: the elements of each buffer
    /// each loop touches. Returns the bytes touched under each loop.
    fn set_region(&mut self, acc: &mut [Access]) -> Vec<i64> {
        let n = self.nest.len();
        let mut touched_bytes = vec![0; n];
        for &id in &self.nest {
            let lp = self.lp(id);
            self.ctx.set_bound(lp.var, lp.min.map(|m| (m, m)));
        }
        if n == 0 {
            for a in acc.iter_mut() {
                a.access_shape = vec![1; self.ctx.buffers[a.buffer.0 as usize].shape.len()];
            }
            return touched_bytes;
        }
        for i in (0..n).rev() {
            let lp = self.lp(self.nest[i]);
            let range = match (lp.min, lp.extent) {
                (Some(m), Some(e)) => Some((m, m.saturating_add(e.saturating_sub(1)))),
                _ => None,
            };
            self.ctx.set_bound(lp.var, range);
            for a in acc.iter_mut() {
                let (shape, numel) = self.relax_and_union(&a.indices);
                a.access_shape = shape;
                let numel = numel.max(0);
                a.numel_under[i] = numel;
                touched_bytes[i] = touched_bytes[i]
                    .saturating_add(numel.saturating_mul(self.dtype_bytes(a.buffer)));
                let slot = &mut self.touched[self.nest[i]];
                match slot.iter_mut().find(|(b, _)| *b == a.buffer) {
                    Some((_, v)) => v.push(numel),
                    None => slot.push((a.buffer, vec![numel])),
                }
            }
        }
        touched_bytes
    }

    fn relax_and_union(&self, indices: &[Vec<Expr>]) -> (Vec<i64>, i64) {
        let ndim = indices.first().map_or(0, |i| i.len());
        let mut numel: i64 = 1;
        let mut shape = Vec::with_capacity(ndim);
        for d in 0..ndim {
            let (mut lo, mut hi) = (super::expr::POS_INF, super::expr::NEG_INF);
            for idx in indices {
                if let Some(e) = idx.get(d) {
                    let (l, h) = self.ctx.bound(e);
                    lo = lo.min(l);
                    hi = hi.max(h);
                }
            }
            let ext = hi.wrapping_sub(lo).wrapping_add(1);
            numel = numel.wrapping_mul(ext);
            shape.push(ext);
        }
        (shape, numel)
    }
}

impl Collector<'_, '_> {
    /// The smallest stride of the innermost loop that moves through the
    /// buffer, whether that loop is the innermost of the nest, and the
    /// product of the extents of the loops inside it.
    fn set_stride(&self, a: &mut Access) {
        let shape = self.shape(a.buffer);
        let ndim = shape.len();
        let mut strides = vec![1i64; ndim];
        for i in (0..ndim.saturating_sub(1)).rev() {
            strides[i] = strides[i + 1].saturating_mul(shape[i + 1]);
        }
        let n = self.nest.len();
        let mut found = None;
        for i in (0..n).rev() {
            let var = self.lp(self.nest[i]).var;
            let mut best = i64::MAX;
            for idx in &a.indices {
                for d in (0..idx.len().min(ndim)).rev() {
                    let c = coefficient(self.tree(), &idx[d], var);
                    if c != 0 {
                        best = best.min(c.saturating_abs().saturating_mul(strides[d]));
                        break;
                    }
                }
            }
            if best != i64::MAX && best != 0 {
                found = Some((i, best));
                break;
            }
        }
        let (i, stride) = match found {
            Some((i, s)) => (i as i64, s),
            None => (-1, 0),
        };
        a.min_stride = stride;
        a.innermost_stride = if i == n as i64 - 1 { stride } else { 0 };
        a.prod_non_strided = self.nest[((i + 1) as usize).min(n)..]
            .iter()
            .filter_map(|&id| self.lp(id).extent)
            .map(|e| e as f64)
            .product();
    }

    /// Bytes touched under a loop by every store visited so far.
    fn bytes_touched_under(&self, id: usize) -> f64 {
        self.touched[id]
            .iter()
            .map(|(b, numels)| {
                let sum = numels.iter().fold(0i64, |s, &x| s.saturating_add(x));
                sum.saturating_mul(self.dtype_bytes(*b)) as f64
            })
            .sum()
    }

    /// The innermost loop with reuse: one the access does not depend on
    /// (each iteration reads the same elements), or one under which other
    /// stores touched the buffer before (serial reuse).
    fn set_reuse(&self, a: &mut Access, top_touch: f64) {
        let tree = self.tree();
        let mut region_vars = Vec::new();
        for idx in &a.indices {
            for e in idx {
                collect_vars(tree, e, &mut region_vars);
            }
        }
        let n = self.nest.len();
        for i in (0..n).rev() {
            let lp = self.lp(self.nest[i]);
            if !region_vars.contains(&lp.var) {
                a.reuse_type = 0;
                a.reuse_ct = lp.extent.unwrap_or(1) as f64;
                a.reuse_dis_iter = self.nest[i + 1..]
                    .iter()
                    .filter_map(|&id| self.lp(id).extent)
                    .map(|e| e as f64)
                    .product();
                a.reuse_dis_bytes = if i == n - 1 {
                    top_touch
                } else {
                    self.bytes_touched_under(self.nest[i + 1])
                };
                return;
            }
            let touched = self.touched[self.nest[i]]
                .iter()
                .find(|(b, _)| *b == a.buffer)
                .map(|(_, v)| v.as_slice())
                .unwrap_or(&[]);
            if touched.len() >= 2 {
                let extent = lp.extent.unwrap_or(1) as f64;
                a.reuse_type = 1;
                a.reuse_ct = (touched.len() - 1) as f64;
                a.reuse_dis_iter = touched.iter().copied().min().unwrap_or(0) as f64 / extent;
                a.reuse_dis_bytes = self.bytes_touched_under(self.nest[i]) / extent;
                return;
            }
        }
    }

    fn set_feature(&self, a: &mut Access) {
        let dtype_bytes = self.dtype_bytes(a.buffer);
        a.bytes = dtype_bytes as f64 * self.prod;
        if self.nest.is_empty() {
            a.unique_bytes = 1.0;
            a.lines = 1.0;
            a.unique_lines = 1.0;
            return;
        }
        a.unique_bytes = a.numel_under[0] as f64 * dtype_bytes as f64;
        let line_frac =
            (a.min_stride as f64 * dtype_bytes as f64 / CACHE_LINE_BYTES as f64).min(1.0);
        a.lines = (self.prod / a.prod_non_strided * line_frac).max(1.0);
        let shape = self.shape(a.buffer);
        let mut continuous = 1i64;
        for d in (0..shape.len().min(a.access_shape.len())).rev() {
            if a.access_shape[d] == shape[d] {
                continuous = shape[d].saturating_mul(dtype_bytes);
                break;
            }
        }
        a.unique_lines = (a.unique_bytes / CACHE_LINE_BYTES.min(continuous) as f64).max(1.0);
    }

    /// Group 3: arithmetic intensity (float operations per byte touched) as
    /// loops are added from the innermost out, sampled at even steps of the
    /// operation count.
    fn curve(&self, ops: &ArithOps, touched_bytes: &[i64], values: &mut Vec<f64>) {
        let n = self.nest.len();
        let memory: Vec<f64> = touched_bytes.iter().rev().map(|&b| b as f64).collect();
        let mut compute = Vec::with_capacity(n);
        let mut total = ops.float_ops() / self.prod;
        for i in (0..n).rev() {
            if let Some(e) = self.lp(self.nest[i]).extent {
                total *= e as f64;
            }
            compute.push(total);
        }
        if total <= 0.0 || compute.is_empty() {
            values.extend([0.0; CURVE_SAMPLES]);
            return;
        }
        let mut p = 0;
        for i in 0..CURVE_SAMPLES {
            let cur = (i + 1) as f64 / CURVE_SAMPLES as f64 * total;
            while p < n && compute[p] < cur - 1e-4 {
                p += 1;
            }
            let p_ = p.min(n - 1);
            let v = if p_ == 0 {
                slog(compute[0] / memory[0])
            } else {
                let base = compute[p_ - 1] / memory[p_ - 1];
                let slope = (compute[p_] / memory[p_] - base) / (compute[p_] - compute[p_ - 1]);
                slog(base + slope * (cur - compute[p_ - 1]))
            };
            values.push(v);
        }
    }
}

fn collect_vars(tree: &Tree, e: &Expr, out: &mut Vec<crate::ir::VarId>) {
    match e {
        Expr::Var(v) => {
            if let Some(u) = tree.resolve(*v) {
                if !out.contains(&u) {
                    out.push(u);
                }
            }
        }
        Expr::Int(..) | Expr::Float(..) | Expr::Opaque(_) => {}
        Expr::Binary(_, a, b) => {
            collect_vars(tree, a, out);
            collect_vars(tree, b, out);
        }
        Expr::Not(a) | Expr::Cast(_, a) => collect_vars(tree, a, out),
        Expr::Select(c, a, b) => {
            for x in [c, a, b] {
                collect_vars(tree, x, out);
            }
        }
        Expr::Load(_, idx) | Expr::Call(_, idx) => {
            idx.iter().for_each(|x| collect_vars(tree, x, out))
        }
    }
}
