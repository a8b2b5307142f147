//! UnrollLoop: decides which loops CUDA sees unrolled and how.
//!
//! - `T.unroll` loops get `#pragma unroll`, or are copied out statement by
//!   statement where a `pragma_unroll_explicit` annotation asks for it.
//! - `pragma_auto_unroll_max_step: N` on a loop unrolls the constant loops in
//!   it (itself included) whose total steps stay within `N`, as TVM does.
//! - A constant serial loop whose variable indexes a small local buffer is
//!   unrolled too: only fully unrolled constant indices let nvcc keep the
//!   buffer in registers instead of local memory (TVM relies on nvcc's
//!   heuristics here).
//!
//! TVM: src/tir/transforms/unroll_loop.cc, with `explicit_unroll` off by default.
//!
//! Invariant: works on flat `lir`; changes loop kinds and copies loop bodies.

use super::flatten_buffer::alloc_size;
use super::limits::{check_copies, nodes};
use super::lir::{LFor, LStmt, Lowered};
use super::simplify::simplify_stmt;
use super::LowerError;
use crate::ir::{AnnValue, Annotations, Expr, ForKind, VarId};

/// Largest extent the register rule unrolls.
const REGISTER_UNROLL_MAX_EXTENT: i64 = 64;
/// Local buffers larger than this (in elements) stay in local memory anyway.
const REGISTER_BUFFER_MAX_ELEMENTS: i64 = 256;

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    let local: Vec<bool> = f
        .buffers
        .iter()
        .map(|b| {
            b.scope.is_thread_private()
                && alloc_size(b).is_some_and(|n| n <= REGISTER_BUFFER_MAX_ELEMENTS)
        })
        .collect();
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let mut u = Unroller {
        f: &f,
        local,
        auto_max_step: 0,
        explicit: false,
        normal_depth: 0,
        unroll_depth: 0,
        steps: 0,
        copied: 0,
        error: None,
    };
    body = u.visit(body);
    if let Some(e) = u.error {
        return Err(e);
    }
    f.body = body;
    Ok(f)
}

/// The annotations the unroll pass reads.
const UNROLL_PRAGMAS: [&str; 2] = ["pragma_auto_unroll_max_step", "pragma_unroll_explicit"];

/// Keeps the unroll pragmas of a thread-bound loop that `thread_binding`
/// replaces by a hardware index: TVM turns them into an attribute around the
/// loop (thread loops do not count as unroll levels), so they move onto the
/// outermost ordinary loops inside it, where this pass reads them. A loop's
/// own pragma wins, as an inner attribute does in TVM. MetaSchedule's
/// RewriteParallelVectorizeUnroll puts them on the outermost (`blockIdx`) loop.
pub fn carry_unroll_pragmas(annotations: &Annotations, body: &mut LStmt) {
    let pragmas: Vec<&(String, AnnValue)> = annotations
        .iter()
        .filter(|(k, _)| UNROLL_PRAGMAS.contains(&k.as_str()))
        .collect();
    if pragmas.is_empty() {
        return;
    }
    fn push_down(s: &mut LStmt, pragmas: &[&(String, AnnValue)]) {
        match s {
            LStmt::For(l) if !matches!(l.kind, ForKind::ThreadBinding(_)) => {
                for (k, v) in pragmas {
                    if !l.annotations.iter().any(|(have, _)| have == k) {
                        l.annotations.push((k.clone(), v.clone()));
                    }
                }
            }
            other => other.for_each_child_mut(|c| push_down(c, pragmas)),
        }
    }
    push_down(body, &pragmas);
}

/// A copy of the loop's body for one value of its variable, simplified.
fn body_at(f: &Lowered, l: &LFor, value: Expr) -> LStmt {
    let mut body = l.body.clone();
    let var = l.var;
    body.substitute(&|v| (v == var).then(|| value.clone()));
    simplify_stmt(f, body, &mut crate::arith::VarRanges::new())
}

fn ann_int(v: &AnnValue) -> Option<i64> {
    v.as_int_or_bool()
}

struct Unroller<'a> {
    f: &'a Lowered,
    local: Vec<bool>,
    auto_max_step: i64,
    explicit: bool,
    normal_depth: usize,
    unroll_depth: usize,
    steps: i64,
    /// Statements produced by explicit unrolling so far.
    copied: u64,
    error: Option<LowerError>,
}

impl Unroller<'_> {
    /// True when `v` appears in the index of a local-buffer access in `s`
    /// (the walk stops at the first: it runs for every small serial loop).
    fn indexes_local(&self, s: &LStmt, v: VarId) -> bool {
        if let LStmt::Store(st) = s {
            if self.is_local(st.buffer) && st.indices.iter().any(|e| e.uses_var(v)) {
                return true;
            }
        }
        let mut found = false;
        s.for_each_expr(|e| found = found || self.loads_local_at(e, v));
        s.for_each_child(|c| found = found || self.indexes_local(c, v));
        found
    }

    /// True when `e` loads a local buffer at an index that uses `v`.
    fn loads_local_at(&self, e: &Expr, v: VarId) -> bool {
        if let Expr::Load(b, idx) = e {
            if self.is_local(*b) && idx.iter().any(|i| i.uses_var(v)) {
                return true;
            }
        }
        let mut found = false;
        e.for_each_child(|c| found = found || self.loads_local_at(c, v));
        found
    }

    fn is_local(&self, b: crate::ir::BufferId) -> bool {
        self.local.get(b.0 as usize).copied().unwrap_or(false)
    }

    fn visit(&mut self, s: LStmt) -> LStmt {
        match s {
            // A vectorized loop left by `vectorize` is one vector access to
            // TVM, whose VectorizeLoop has replaced it by ramp loads and
            // stores before UnrollLoop: its store is one step, and it is no
            // loop that keeps the loops around it from unrolling (the
            // cooperative fetch loops around a vector copy).
            LStmt::For(mut l) if l.kind == ForKind::Vectorized => {
                l.body = self.visit(l.body);
                LStmt::For(l)
            }
            LStmt::For(mut l) => {
                let saved = (self.auto_max_step, self.explicit);
                for (k, v) in &l.annotations {
                    match (k.as_str(), ann_int(v)) {
                        ("pragma_auto_unroll_max_step", Some(n)) => self.auto_max_step = n,
                        ("pragma_unroll_explicit", Some(n)) => self.explicit = n != 0,
                        _ => {}
                    }
                }
                let register = l.kind == ForKind::Serial
                    && l.extent
                        .as_int()
                        .is_some_and(|e| e <= REGISTER_UNROLL_MAX_EXTENT)
                    && self.indexes_local(&l.body, l.var);
                l.body = self.visit(l.body);
                let value = l.extent.as_int().filter(|e| *e >= 0);
                let mut auto = l.kind == ForKind::Serial
                    && value.is_some()
                    && self.normal_depth == 0
                    && self.unroll_depth <= 8
                    && value.is_some_and(|v| v.saturating_mul(self.steps) <= self.auto_max_step);
                if l.kind == ForKind::Unrolled && value.is_some() {
                    auto = true;
                }
                let explicit = self.explicit;
                (self.auto_max_step, self.explicit) = saved;
                if auto {
                    self.steps = self.steps.saturating_mul(value.unwrap_or(1));
                    self.unroll_depth += 1;
                } else {
                    self.normal_depth += 1;
                }
                // Counted (statements and expressions: one store can be a
                // sum of thousands of terms) only where explicit unrolling
                // would copy the body, before any copy is made.
                let copied = match value {
                    Some(n) if auto && explicit => Some(check_copies(
                        self.copied,
                        n as u64,
                        nodes(&l.body),
                        || format!("explicit unrolling of loop `{}`", self.f.var_name(l.var)),
                        "lower pragma_auto_unroll_max_step or drop pragma_unroll_explicit",
                    )),
                    _ => None,
                };
                let too_big = match copied {
                    Some(Err(e)) => {
                        self.error.get_or_insert(e);
                        true
                    }
                    Some(Ok(total)) => {
                        self.copied = total;
                        false
                    }
                    None => false,
                };
                match value {
                    Some(n) if auto && explicit && !too_big => {
                        let copies = (0..n)
                            .map(|i| body_at(self.f, &l, Expr::add(l.min.clone(), Expr::int(i))))
                            .collect();
                        LStmt::seq(copies)
                    }
                    _ => {
                        if auto || register {
                            l.kind = ForKind::Unrolled;
                        }
                        LStmt::For(l)
                    }
                }
            }
            LStmt::Store(_) | LStmt::Evaluate(_) => {
                self.steps += 1;
                s
            }
            LStmt::Seq(v) => LStmt::seq(
                v.into_iter()
                    .map(|c| {
                        let saved = (self.steps, self.unroll_depth, self.normal_depth);
                        (self.steps, self.unroll_depth, self.normal_depth) = (0, 0, 0);
                        let out = self.visit(c);
                        self.steps = self.steps.saturating_add(saved.0);
                        self.normal_depth = self.normal_depth.max(saved.2);
                        self.unroll_depth = self.unroll_depth.max(saved.1);
                        out
                    })
                    .collect(),
            ),
            mut other => {
                let mut children = Vec::new();
                other.for_each_child_mut(|c| {
                    children.push(std::mem::replace(c, LStmt::Seq(Vec::new())))
                });
                let mut done = children.into_iter().map(|c| self.visit(c));
                other.for_each_child_mut(|c| {
                    if let Some(n) = done.next() {
                        *c = n;
                    }
                });
                other
            }
        }
    }
}
