//! Thread binding: splits the function into kernels (one per root-level
//! thread-bound loop nest, launched in order, as TVM's SplitHostDevice does),
//! derives each kernel's launch configuration (grid, block) from its bound
//! loops and replaces every loop bound to blockIdx/threadIdx by the hardware
//! index. One axis may be bound by
//! several loops (cache fetches rebind threadIdx.x); each of them is the same
//! index, so their extents must agree. vthread loops are left for
//! `inject_virtual_thread`.
//!
//! TVM: src/tir/transforms/unify_thread_binding.cc, plus the launch checks of
//! split_host_device.cc and VerifyGPUCode.
//!
//! Invariant: works on `lir` after `compact_buffer_region`; after it, no loop is
//! bound to blockIdx/threadIdx and `Lowered::launch` is set.

use super::lir::{LAlloc, LStmt, Launch, Lowered};
use super::LowerError;
use crate::ir::{BufferId, Expr, ForKind, Param, StorageScope, ThreadAxis, VarId};
use crate::ir::{IdMap, IdSet};
use crate::launch_limits::LaunchLimits;

/// Splits `f` into its kernels, in launch order, and returns them with the
/// global intermediates they pass to each other (allocated by the runtime).
///
/// The allocations `plan_buffer_allocation` placed at the root are peeled
/// off: global ones become temporaries, any other must be used by a single
/// kernel (shared and local memory do not outlive a launch). Each root-level
/// statement with a thread-bound loop is a kernel; a root-level statement
/// that stores without one is an `UnboundBlock` error, as before.
pub fn split_kernels(mut f: Lowered) -> Result<(Vec<Lowered>, Vec<BufferId>), LowerError> {
    if !has_binding(&f.body) {
        return Err(LowerError::NoThreadBinding);
    }
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let mut root_allocs = Vec::new();
    while let LStmt::Alloc(a) = body {
        root_allocs.push(a.buffer);
        body = a.body;
    }
    let parts = match body {
        LStmt::Seq(v) => v,
        other => vec![other],
    };
    let mut kernels: Vec<LStmt> = Vec::new();
    for part in parts {
        if has_binding(&part) {
            kernels.push(part);
        } else {
            // Reports a store outside every binding; anything else is dropped.
            check_top(&f, &part, &mut None)?;
        }
    }
    super::limits::check_kernel_count(kernels.len(), f.vars.len() + f.buffers.len())?;
    // One walk per kernel: asking each kernel about each buffer walked every
    // kernel once per root allocation, parameter and temporary.
    let touched: Vec<IdSet<BufferId>> = kernels.iter().map(touched_buffers).collect();
    let temporaries: Vec<BufferId> = root_allocs
        .iter()
        .copied()
        .filter(|&b| f.buffer(b).scope == StorageScope::Global)
        .collect();
    // A shared/local buffer allocated at the root belongs to the one kernel using it.
    for &b in root_allocs.iter().rev() {
        if temporaries.contains(&b) {
            continue;
        }
        let users: Vec<usize> = (0..kernels.len())
            .filter(|&i| touched[i].contains(&b))
            .collect();
        match users[..] {
            [] => {}
            [k] => {
                let inner = std::mem::replace(&mut kernels[k], LStmt::Seq(Vec::new()));
                kernels[k] = LStmt::Alloc(Box::new(LAlloc {
                    buffer: b,
                    body: inner,
                }));
            }
            _ => {
                let buf = f.buffer(b);
                return Err(LowerError::SharedAcrossKernels {
                    buffer: buf.name.clone(),
                    scope: buf.scope.name().to_string(),
                    kernels: users.len(),
                });
            }
        }
    }
    let out = kernels
        .into_iter()
        .enumerate()
        .zip(&touched)
        .map(|((i, body), touched)| {
            let mut params: Vec<Param> = f
                .params
                .iter()
                .filter(|p| p.buffer.is_none_or(|b| touched.contains(&b)))
                .cloned()
                .collect();
            params.extend(
                temporaries
                    .iter()
                    .filter(|&&b| touched.contains(&b))
                    .map(|&b| Param {
                        name: f.buffer(b).name.clone(),
                        buffer: Some(b),
                        var: None,
                    }),
            );
            Lowered {
                name: f.name.clone(),
                params,
                vars: f.vars.clone(),
                buffers: f.buffers.clone(),
                body,
                launch: None,
                shared: None,
                kernel: i,
                pipeline_versions: f.pipeline_versions.clone(),
                cp_async_through_l1: f.cp_async_through_l1,
                tma_blocks: f.tma_blocks.clone(),
            }
        })
        .collect();
    Ok((out, temporaries))
}

/// The buffers a statement tree loads or stores (`LStmt::touches_buffer` of each).
fn touched_buffers(s: &LStmt) -> IdSet<BufferId> {
    let mut out = IdSet::default();
    s.visit(&mut |x| {
        if let LStmt::Store(st) = x {
            out.insert(st.buffer);
        }
        x.for_each_expr(|e| {
            e.visit(&mut |y| {
                if let Expr::Load(b, _) = y {
                    out.insert(*b);
                }
            })
        });
    });
    out
}

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    if !has_binding(&f.body) {
        return Err(LowerError::NoThreadBinding);
    }
    check_top(&f, &f.body, &mut None)?;
    check_scopes(&f, &f.body, &mut Vec::new(), &mut Vec::new())?;
    let mut extents: Vec<(ThreadAxis, i64, VarId)> = Vec::new();
    collect_extents(&f, &f.body, &mut extents)?;
    let limits = LaunchLimits::default();
    let mut grid = [1u32; 3];
    let mut block = [1u32; 3];
    for &(axis, ext, _) in &extents {
        let (max, slot) = match axis {
            ThreadAxis::BlockIdx(d) => (
                limits.max_grid_dim[d as usize % 3] as i64,
                &mut grid[d as usize % 3],
            ),
            ThreadAxis::ThreadIdx(d) => (
                limits.max_block_dim[d as usize % 3] as i64,
                &mut block[d as usize % 3],
            ),
            ThreadAxis::VThread(_) => continue,
        };
        if ext < 1 || ext > max {
            return Err(LowerError::ThreadAxisTooLarge {
                axis: axis.tag(),
                extent: ext,
                max,
            });
        }
        *slot = ext as u32;
    }
    let total: u64 = block.iter().map(|&b| b as u64).product();
    if total > limits.max_threads_per_block {
        let dims = extents
            .iter()
            .filter(|e| e.0.is_thread_idx())
            .map(|(a, e, _)| format!("{} {e}", a.tag()))
            .collect::<Vec<_>>()
            .join(" x ");
        return Err(LowerError::TooManyThreads {
            total,
            dims,
            limit: limits.max_threads_per_block,
        });
    }
    // One variable per hardware index, blockIdx first.
    let mut order: Vec<ThreadAxis> = extents
        .iter()
        .map(|e| e.0)
        .filter(|a| !a.is_vthread())
        .collect();
    order.sort_by_key(|a| match a {
        ThreadAxis::BlockIdx(d) => *d,
        ThreadAxis::ThreadIdx(d) => 3 + d,
        ThreadAxis::VThread(d) => 6 + d,
    });
    order.dedup();
    let mut thread_vars = Vec::new();
    for axis in order {
        let v = f.new_var(axis.tag().replace('.', "_"), crate::ir::DataType::I32);
        thread_vars.push((axis, v));
    }
    let mut map: IdMap<VarId, Expr> = IdMap::default();
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    body.rewrite(&mut |s| {
        let LStmt::For(l) = s else { return };
        let ForKind::ThreadBinding(axis) = l.kind else {
            return;
        };
        if axis.is_vthread() {
            return;
        }
        let Some(&(_, hw)) = thread_vars.iter().find(|(a, _)| *a == axis) else {
            return;
        };
        let value = if l.min.as_int() == Some(0) {
            Expr::Var(hw)
        } else {
            Expr::add(l.min.clone(), Expr::Var(hw))
        };
        map.insert(l.var, value);
        let mut inner = std::mem::replace(&mut l.body, LStmt::Seq(Vec::new()));
        super::unroll::carry_unroll_pragmas(&l.annotations, &mut inner);
        *s = inner;
    });
    body.substitute(&|v| map.get(&v).cloned());
    f.body = body;
    f.launch = Some(Launch {
        grid,
        block,
        thread_vars,
    });
    Ok(f)
}

fn bound_axis(s: &LStmt) -> Option<ThreadAxis> {
    match s {
        LStmt::For(l) => match l.kind {
            ForKind::ThreadBinding(a) if !a.is_vthread() => Some(a),
            _ => None,
        },
        _ => None,
    }
}

fn first_binding(s: &LStmt) -> Option<ThreadAxis> {
    let mut found = None;
    s.visit(&mut |x| {
        if found.is_none() {
            found = bound_axis(x);
        }
    });
    found
}

fn has_binding(s: &LStmt) -> bool {
    first_binding(s).is_some()
}

fn has_store(s: &LStmt) -> bool {
    let mut found = false;
    s.visit(&mut |x| found |= matches!(x, LStmt::Store(_)));
    found
}

fn block_names(s: &LStmt) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    s.visit(&mut |x| {
        if let LStmt::Block(b) = x {
            if !names.contains(&b.name) {
                names.push(b.name.clone());
            }
        }
    });
    names.into_iter().map(|n| format!("\"{n}\"")).collect()
}

/// Checks the part of the program outside the outermost bound loops.
fn check_top(f: &Lowered, s: &LStmt, block: &mut Option<String>) -> Result<(), LowerError> {
    if bound_axis(s).is_some() {
        return Ok(());
    }
    if !has_binding(s) {
        if has_store(s) {
            let name = block_names(s)
                .into_iter()
                .next()
                .map(|n| n.trim_matches('"').to_string())
                .or_else(|| block.clone())
                .unwrap_or_else(|| "(unnamed)".to_string());
            return Err(LowerError::UnboundBlock { block: name });
        }
        return Ok(());
    }
    match s {
        LStmt::Seq(v) => {
            let bound: Vec<&LStmt> = v.iter().filter(|c| has_binding(c)).collect();
            if bound.len() > 1 {
                return Err(LowerError::MultipleKernels {
                    groups: bound.iter().map(|c| block_names(c)).collect(),
                });
            }
            for c in v {
                check_top(f, c, block)?;
            }
            Ok(())
        }
        LStmt::For(l) => Err(LowerError::LaunchInsideLoop {
            loop_: f.var_name(l.var).to_string(),
            axis: first_binding(&l.body).map_or_else(String::new, |a| a.tag()),
        }),
        LStmt::Block(b) => {
            let mut name = Some(b.name.clone());
            check_top(f, &b.body, &mut name)
        }
        _ => {
            let mut res = Ok(());
            s.for_each_child(|c| {
                if res.is_ok() {
                    res = check_top(f, c, block);
                }
            });
            res
        }
    }
}

/// Shared buffers must stay in one thread block, local ones in one thread.
fn check_scopes(
    f: &Lowered,
    s: &LStmt,
    loops: &mut Vec<(VarId, ThreadAxis, i64)>,
    allocs: &mut Vec<(BufferId, usize)>,
) -> Result<(), LowerError> {
    let check = |b: BufferId, loops: &[(VarId, ThreadAxis, i64)], allocs: &[(BufferId, usize)]| {
        let Some(&(_, depth)) = allocs.iter().rev().find(|(x, _)| *x == b) else {
            return Ok(());
        };
        let buf = f.buffer(b);
        let (owner, escapes): (&'static str, &dyn Fn(ThreadAxis) -> bool) = match buf.scope {
            // A cross-thread reduction's broadcast result is the same in every
            // thread along its axis: each thread reads its own copy.
            s if s.is_thread_private() => ("thread", &|a: ThreadAxis| {
                !a.is_vthread() && !buf.uniform_across.contains(&a)
            }),
            StorageScope::Shared | StorageScope::SharedDyn => {
                ("thread block", &|a: ThreadAxis| a.is_block_idx())
            }
            _ => return Ok(()),
        };
        match loops[depth..]
            .iter()
            .find(|(_, a, e)| *e > 1 && escapes(*a))
        {
            Some((v, a, _)) => Err(LowerError::ScopeEscape {
                buffer: buf.name.clone(),
                scope: buf.scope.name().to_string(),
                owner,
                loop_: f.var_name(*v).to_string(),
                axis: a.tag(),
            }),
            None => Ok(()),
        }
    };
    if let LStmt::Store(st) = s {
        check(st.buffer, loops, allocs)?;
    }
    let mut res = Ok(());
    s.for_each_expr(|e| {
        e.visit(&mut |x| {
            if let Expr::Load(b, _) = x {
                if res.is_ok() {
                    res = check(*b, loops, allocs);
                }
            }
        })
    });
    res?;
    match s {
        LStmt::For(l) => {
            let pushed = match l.kind {
                ForKind::ThreadBinding(a) => {
                    loops.push((l.var, a, l.extent.as_int().unwrap_or(2)));
                    true
                }
                _ => false,
            };
            check_scopes(f, &l.body, loops, allocs)?;
            if pushed {
                loops.pop();
            }
            Ok(())
        }
        LStmt::Alloc(a) => {
            let buf = f.buffer(a.buffer);
            if buf.scope == StorageScope::Global {
                return Err(LowerError::GlobalIntermediate {
                    buffer: buf.name.clone(),
                });
            }
            allocs.push((a.buffer, loops.len()));
            check_scopes(f, &a.body, loops, allocs)?;
            allocs.pop();
            Ok(())
        }
        _ => {
            let mut res = Ok(());
            s.for_each_child(|c| {
                if res.is_ok() {
                    res = check_scopes(f, c, loops, allocs);
                }
            });
            res
        }
    }
}

/// Every bound loop's extent; the first loop of each axis sets it.
fn collect_extents(
    f: &Lowered,
    s: &LStmt,
    out: &mut Vec<(ThreadAxis, i64, VarId)>,
) -> Result<(), LowerError> {
    if let LStmt::For(l) = s {
        if let ForKind::ThreadBinding(axis) = l.kind {
            let name = f.var_name(l.var).to_string();
            let Some(ext) = l.extent.as_int() else {
                return Err(LowerError::NonConstantThreadExtent {
                    loop_: name,
                    axis: axis.tag(),
                    extent: f.expr(&l.extent),
                });
            };
            match out.iter().find(|e| e.0 == axis) {
                Some(&(_, other_ext, other)) if other_ext != ext && !axis.is_vthread() => {
                    return Err(LowerError::ThreadExtentMismatch {
                        axis: axis.tag(),
                        loop_: f.var_name(other).to_string(),
                        extent: other_ext,
                        other: name,
                        other_extent: ext,
                    });
                }
                Some(_) => {}
                None => out.push((axis, ext, l.var)),
            }
        }
    }
    let mut res = Ok(());
    s.for_each_child(|c| {
        if res.is_ok() {
            res = collect_extents(f, c, out);
        }
    });
    res
}
