//! InjectVirtualThread: a loop bound to vthread becomes work of the one real
//! thread. Statements that do not depend on the virtual thread run once;
//! statements that do are repeated per virtual thread at the innermost point
//! where the dependence shows (unrolled when they contain no loop, else inside
//! a serial loop over the virtual threads). Local buffers allocated inside and
//! written with vthread-dependent data get one copy per virtual thread (a new
//! outermost dimension, i.e. `index + vthread * size`).
//!
//! TVM: src/tir/transforms/inject_virtual_thread.cc (VarTouchedAnalysis and
//! VTInjector with allow_share). A vectorized loop counts as one statement, as
//! TVM sees it after VectorizeLoop.
//!
//! Invariant: works on flat `lir`; after it no loop is bound to vthread.

use super::lir::{LFor, LStmt, Lowered};
use super::simplify::simplify_stmt;
use super::LowerError;
use crate::ir::{BufferId, Expr, ForKind, VarId};
use crate::ir::{IdMap, IdSet};

mod independence;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Var(VarId),
    Buf(BufferId),
}

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let mut res = Ok(());
    body.rewrite(&mut |s| {
        let LStmt::For(l) = s else { return };
        if !matches!(l.kind, ForKind::ThreadBinding(a) if a.is_vthread()) || res.is_err() {
            return;
        }
        match inject(&mut f, l) {
            Ok(new) => *s = new,
            Err(e) => res = Err(e),
        }
    });
    res?;
    f.body = body;
    Ok(f)
}

fn inject(f: &mut Lowered, l: &mut LFor) -> Result<LStmt, LowerError> {
    let Some(n) = l.extent.as_int().filter(|n| *n > 0) else {
        return Err(LowerError::NonConstantThreadExtent {
            loop_: f.var_name(l.var).to_string(),
            axis: "vthread".into(),
            extent: f.expr(&l.extent),
        });
    };
    let touched = touched_keys(&l.body, l.var);
    let uses_touched = |e: &Expr| uses_any(e, &touched);
    let range = l
        .min
        .as_int()
        .and_then(|m| Some((m, m.checked_add(n - 1)?)));
    let fixed = f.thread_ranges();
    let Some(range) = range else {
        return Err(LowerError::NonConstantThreadExtent {
            loop_: f.var_name(l.var).to_string(),
            axis: "vthread".into(),
            extent: f.expr(&l.min),
        });
    };
    if let Err(b) = independence::independent(f, &l.body, l.var, range, &fixed, &uses_touched) {
        return Err(LowerError::DependentVirtualThreads {
            loop_: f.var_name(l.var).to_string(),
            buffer: f.buffer(b).name.clone(),
        });
    }
    let body = std::mem::replace(&mut l.body, LStmt::Seq(Vec::new()));
    let name = format!("{}_s", f.var_name(l.var));
    let mut inj = Injector {
        f,
        var: l.var,
        min: l.min.clone(),
        n,
        loop_name: name,
        touched,
        injected: false,
        visit_touched: false,
        max_loop_depth: 0,
        remap: IdMap::default(),
    };
    Ok(inj.visit_stmt(body))
}

/// Expression uses: variables and buffers read.
fn uses(e: &Expr, out: &mut Vec<Key>) {
    e.visit(&mut |x| match x {
        Expr::Var(v) => out.push(Key::Var(*v)),
        Expr::Load(b, _) => out.push(Key::Buf(*b)),
        _ => {}
    });
}

/// Whether `e` uses one of `keys`, without listing its uses first.
fn uses_any(e: &Expr, keys: &IdSet<Key>) -> bool {
    let mut hit = false;
    e.visit(&mut |x| match x {
        Expr::Var(v) => hit |= keys.contains(&Key::Var(*v)),
        Expr::Load(b, _) => hit |= keys.contains(&Key::Buf(*b)),
        _ => {}
    });
    hit
}

/// Everything whose value depends on the virtual thread `var`.
fn touched_keys(body: &LStmt, var: VarId) -> IdSet<Key> {
    let mut touched: IdSet<Key> = IdSet::from_iter([Key::Var(var)]);
    let mut affect: IdMap<Key, Vec<Key>> = IdMap::default();
    let mut record = |key: Key, used: &[Key], touched: &mut IdSet<Key>| {
        if touched.contains(&key) {
            return;
        }
        if used.iter().any(|u| touched.contains(u)) {
            touched.insert(key);
        } else {
            for &u in used.iter().filter(|u| **u != key) {
                affect.entry(u).or_default().push(key);
            }
        }
    };
    // One buffer for every statement's uses.
    let mut used = Vec::new();
    body.visit(&mut |s| {
        used.clear();
        match s {
            LStmt::Store(st) => {
                st.indices.iter().for_each(|e| uses(e, &mut used));
                uses(&st.value, &mut used);
                record(Key::Buf(st.buffer), &used, &mut touched);
            }
            LStmt::Let(l) => {
                uses(&l.value, &mut used);
                record(Key::Var(l.var), &used, &mut touched);
            }
            LStmt::For(l) => {
                uses(&l.min, &mut used);
                uses(&l.extent, &mut used);
                record(Key::Var(l.var), &used, &mut touched);
            }
            _ => {}
        }
    });
    let mut pending: Vec<Key> = touched.iter().copied().collect();
    while let Some(k) = pending.pop() {
        for r in affect.get(&k).cloned().unwrap_or_default() {
            if touched.insert(r) {
                pending.push(r);
            }
        }
    }
    touched
}

struct Injector<'a> {
    f: &'a mut Lowered,
    var: VarId,
    min: Expr,
    n: i64,
    loop_name: String,
    touched: IdSet<Key>,
    injected: bool,
    visit_touched: bool,
    max_loop_depth: usize,
    /// Buffers given one copy per virtual thread -> elements per copy.
    remap: IdMap<BufferId, i64>,
}

impl Injector<'_> {
    fn visit_stmt(&mut self, s: LStmt) -> LStmt {
        self.visit_touched = false;
        let out = self.mutate(s);
        if self.visit_touched {
            if !self.injected {
                return self.inject_loop(out, false);
            }
            self.visit_touched = false;
        }
        out
    }

    fn visit_expr(&mut self, e: &mut Expr) {
        let (touched, remap, var) = (&self.touched, &self.remap, self.var);
        let mut hit = false;
        e.rewrite(&mut |x| match x {
            Expr::Var(v) => hit |= touched.contains(&Key::Var(*v)),
            Expr::Load(b, idx) => {
                hit |= touched.contains(&Key::Buf(*b));
                if let (Some(&size), Some(i)) = (remap.get(b), idx.first_mut()) {
                    let old = std::mem::replace(i, Expr::int(0));
                    *i = Expr::add(old, Expr::mul(Expr::Var(var), Expr::int(size)));
                }
            }
            _ => {}
        });
        self.visit_touched |= hit;
    }

    fn touches(&self, s: &LStmt) -> bool {
        let mut hit = false;
        s.visit(&mut |x| {
            if let LStmt::Store(st) = x {
                hit |= self.touched.contains(&Key::Buf(st.buffer));
            }
            x.for_each_expr(|e| hit |= uses_any(e, &self.touched));
        });
        hit
    }

    fn mutate(&mut self, s: LStmt) -> LStmt {
        match s {
            LStmt::Store(mut st) => {
                st.indices.iter_mut().for_each(|e| self.visit_expr(e));
                self.visit_expr(&mut st.value);
                if self.touched.contains(&Key::Buf(st.buffer)) {
                    self.visit_touched = true;
                }
                if let (Some(&size), Some(i)) = (self.remap.get(&st.buffer), st.indices.first_mut())
                {
                    let old = std::mem::replace(i, Expr::int(0));
                    *i = Expr::add(old, Expr::mul(Expr::Var(self.var), Expr::int(size)));
                }
                LStmt::Store(st)
            }
            // Only the header expressions are kept aside (not the whole subtree)
            // to give the loop injection the statement as it was.
            LStmt::Let(mut l) => {
                let value = l.value.clone();
                self.visit_expr(&mut l.value);
                if self.visit_touched && !self.injected {
                    l.value = value;
                    return self.inject_loop(LStmt::Let(l), true);
                }
                self.visit_touched = false;
                l.body = self.visit_stmt(l.body);
                LStmt::Let(l)
            }
            LStmt::For(mut l) => {
                let vector = l.kind == ForKind::Vectorized;
                // A vectorized loop is one (vector) statement.
                if vector && !self.injected {
                    let whole = LStmt::For(l);
                    if self.touches(&whole) {
                        return self.inject_loop(whole, true);
                    }
                    let LStmt::For(back) = whole else {
                        unreachable!("built as a loop just above")
                    };
                    l = back;
                }
                let (min, extent) = (l.min.clone(), l.extent.clone());
                self.visit_expr(&mut l.min);
                self.visit_expr(&mut l.extent);
                if self.visit_touched && !self.injected {
                    (l.min, l.extent) = (min, extent);
                    let out = self.inject_loop(LStmt::For(l), true);
                    self.max_loop_depth += 1;
                    return out;
                }
                self.visit_touched = false;
                l.body = self.visit_stmt(l.body);
                if !vector {
                    self.max_loop_depth += 1;
                }
                LStmt::For(l)
            }
            LStmt::If(mut i) => {
                let cond = i.cond.clone();
                self.visit_expr(&mut i.cond);
                if self.visit_touched && !self.injected {
                    i.cond = cond;
                    return self.inject_loop(LStmt::If(i), true);
                }
                self.visit_touched = false;
                i.then_case = self.visit_stmt(i.then_case);
                if let Some(e) = i.else_case.take() {
                    let temp = self.max_loop_depth;
                    self.max_loop_depth = 0;
                    i.else_case = Some(self.visit_stmt(e));
                    self.max_loop_depth = self.max_loop_depth.max(temp);
                }
                LStmt::If(i)
            }
            LStmt::Seq(v) => LStmt::seq(
                v.into_iter()
                    .map(|c| {
                        let temp = self.max_loop_depth;
                        self.max_loop_depth = 0;
                        let out = self.visit_stmt(c);
                        self.max_loop_depth = self.max_loop_depth.max(temp);
                        out
                    })
                    .collect(),
            ),
            LStmt::Alloc(mut a) => {
                if self.touched.contains(&Key::Buf(a.buffer)) && !self.remap.contains_key(&a.buffer)
                {
                    let buf = &mut self.f.buffers[a.buffer.0 as usize];
                    let grown = buf
                        .shape
                        .first()
                        .and_then(Expr::as_int)
                        .and_then(|s| Some((s, s.checked_mul(self.n)?)));
                    if let Some((size, total)) = grown {
                        buf.shape = vec![Expr::int(total)];
                        self.remap.insert(a.buffer, size);
                    }
                }
                a.body = self.visit_stmt(a.body);
                LStmt::Alloc(a)
            }
            LStmt::Block(mut b) => {
                b.body = self.visit_stmt(b.body);
                LStmt::Block(b)
            }
            LStmt::Async(b) => LStmt::Async(Box::new(self.visit_stmt(*b))),
            other @ (LStmt::Sync
            | LStmt::Evaluate(_)
            | LStmt::AsyncCommit
            | LStmt::AsyncWait(_)) => other,
        }
    }

    fn inject_loop(&mut self, s: LStmt, before_mutation: bool) -> LStmt {
        self.visit_touched = false;
        self.injected = true;
        let s = if before_mutation {
            self.visit_stmt(s)
        } else {
            s
        };
        self.injected = false;
        self.visit_touched = false;
        let var = self.var;
        let min = self.min.clone();
        if self.max_loop_depth == 0 && self.n < 16 {
            // One copy per virtual thread; the last one is the statement itself.
            let mut copies: Vec<LStmt> = (1..self.n).map(|_| s.clone()).collect();
            copies.push(s);
            let copies = copies
                .into_iter()
                .zip(0..)
                .map(|(mut c, i)| {
                    let value = Expr::add(min.clone(), Expr::int(i));
                    c.substitute(&|v| (v == var).then(|| value.clone()));
                    simplify_stmt(self.f, c, &mut crate::arith::VarRanges::new())
                })
                .collect();
            LStmt::seq(copies)
        } else {
            let idx = self
                .f
                .new_var(self.loop_name.clone(), crate::ir::DataType::I32);
            let mut body = s;
            let value = Expr::add(min, Expr::Var(idx));
            body.substitute(&|v| (v == var).then(|| value.clone()));
            LStmt::For(Box::new(LFor {
                var: idx,
                min: Expr::int(0),
                extent: Expr::int(self.n),
                kind: ForKind::Serial,
                annotations: Vec::new(),
                body,
            }))
        }
    }
}
