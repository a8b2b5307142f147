//! merge: loop nests with equal extents, level by level, become one nest
//! whose innermost loop runs each original body in turn.
//!
//! TVM's Merge takes, for each given loop, the chain of loops from it up to
//! (not including) the lowest common ancestor of all of them: every chain must
//! be as deep as the first, each loop of it the only child of the one above,
//! with equal extents level by level, under one block scope. tirtui also
//! checks that interleaving the nests keeps every dependence between them
//! (`schedule::dependence`), which TVM does not.
//!
//! TVM: src/s_tir/schedule/primitive/loop_transformation.cc (Merge).

use super::loop_transformation::{check_no_duplicates, reject_thread_bound};
use crate::ir::{Expr, For, ForKind, LoopId, PrimFunc, Stmt};
use crate::schedule::analysis::{check_starts_at_zero, const_extent, get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree::{self, Ancestor};

/// TVM's `merge`. Returns the new innermost loop.
pub fn merge(func: &mut PrimFunc, loops: &[LoopId]) -> Result<LoopId, ScheduleError> {
    if loops.len() < 2 {
        return Err(ScheduleError::TooFewLoops {
            what: "merge",
            min: 2,
            got: loops.len(),
        });
    }
    for l in loops {
        get_loop(func, *l)?;
    }
    check_no_duplicates(func, loops)?;
    let chains = merge_chains(func, loops)?;
    check_levels(func, &chains)?;
    crate::schedule::dependence::check_merge_independent(func, &chains)?;
    let first: Vec<For> = chains[0]
        .iter()
        .map(|l| get_loop(func, *l).cloned())
        .collect::<Result<_, _>>()?;
    let mut bodies = vec![first[0].body.clone()];
    for chain in &chains[1..] {
        let nest: Vec<For> = chain
            .iter()
            .map(|l| get_loop(func, *l).cloned())
            .collect::<Result<_, _>>()?;
        let mut body = nest[0].body.clone();
        body.substitute(&|v| {
            nest.iter()
                .zip(&first)
                .find(|(f, _)| f.var == v)
                .map(|(_, target)| Expr::Var(target.var))
        });
        bodies.push(body);
    }
    for chain in &chains[1..] {
        let Some(&outermost) = chain.last() else {
            continue;
        };
        tree::remove_stmt(
            &mut func.body,
            &|s| matches!(s, Stmt::For(f) if f.id == outermost),
        );
    }
    let inner_id = func.new_loop_id();
    let mut nest = Stmt::For(crate::ir::Shared::new(For {
        id: inner_id,
        body: Stmt::seq(bodies),
        kind: ForKind::Serial,
        annotations: Vec::new(),
        ..first[0].clone()
    }));
    for level in &first[1..] {
        nest = Stmt::For(crate::ir::Shared::new(For {
            id: func.new_loop_id(),
            body: nest,
            kind: ForKind::Serial,
            annotations: Vec::new(),
            ..level.clone()
        }));
    }
    let outermost = *chains[0].last().ok_or(ScheduleError::StaleLoop(loops[0]))?;
    let slot = tree::loop_stmt_mut(&mut func.body, outermost)
        .ok_or(ScheduleError::StaleLoop(outermost))?;
    *slot = nest;
    Ok(inner_id)
}

/// For each loop, the loops from it up to the lowest common ancestor of all
/// of them (exclusive), innermost first.
fn merge_chains(func: &PrimFunc, loops: &[LoopId]) -> Result<Vec<Vec<LoopId>>, ScheduleError> {
    let paths: Vec<Vec<Ancestor>> = loops
        .iter()
        .map(|l| tree::ancestors_of_loop(func, *l).ok_or(ScheduleError::StaleLoop(*l)))
        .collect::<Result<_, _>>()?;
    let common = (0..)
        .take_while(|&d| paths.iter().all(|p| p.len() > d && p[d] == paths[0][d]))
        .count();
    for (l, p) in loops.iter().zip(&paths) {
        if let Some(Ancestor::Loop(outer)) = p
            .iter()
            .find(|a| matches!(a, Ancestor::Loop(o) if loops.contains(o)))
        {
            return Err(ScheduleError::LoopPrecondition {
                loop_: loop_culprit(func, *l),
                primitive: "merge",
                why: format!(
                    "is nested in {}; merge takes loops of separate nests",
                    loop_culprit(func, *outer)
                ),
                hint: "merge loops of separate nests".into(),
            });
        }
    }
    let mut chains = Vec::with_capacity(loops.len());
    for (l, p) in loops.iter().zip(&paths) {
        let mut chain = vec![*l];
        for a in p[common..].iter().rev() {
            match a {
                Ancestor::Loop(id) => chain.push(*id),
                Ancestor::Block(_) => {
                    return Err(ScheduleError::LoopPrecondition {
                        loop_: loop_culprit(func, *l),
                        primitive: "merge",
                        why: format!(
                            "is not under the same block scope as {} (a block stands between it and their common ancestor)",
                            loop_culprit(func, loops[0])
                        ),
                        hint: "merge loops of one block scope".into(),
                    })
                }
            }
        }
        chains.push(chain);
    }
    Ok(chains)
}

/// TVM's checks on the chains: every loop serial, unannotated, starting at 0,
/// the only child of the loop above it; equal depths and extents level by level.
fn check_levels(func: &PrimFunc, chains: &[Vec<LoopId>]) -> Result<(), ScheduleError> {
    for chain in chains {
        for (k, l) in chain.iter().enumerate() {
            reject_thread_bound(func, *l, "merged")?;
            reject_annotated(func, *l)?;
            check_starts_at_zero(func, *l)?;
            if let Some(outer) = chain.get(k + 1) {
                let only_child =
                    matches!(&get_loop(func, *outer)?.body, Stmt::For(f) if f.id == *l);
                if !only_child {
                    return Err(ScheduleError::NotSingleChain {
                        outer: loop_culprit(func, *outer),
                        inner: loop_culprit(func, *l),
                        why: "the inner loop is not the only child of the outer one, so their nests cannot be merged level by level".into(),
                    });
                }
            }
        }
    }
    for chain in &chains[1..] {
        if chain.len() != chains[0].len() {
            return Err(ScheduleError::LoopPrecondition {
                loop_: loop_culprit(func, chain[0]),
                primitive: "merge",
                why: format!(
                    "is {} loops below the loops' common ancestor but {} is {}; merged loops must nest equally deep",
                    chain.len(),
                    loop_culprit(func, chains[0][0]),
                    chains[0].len()
                ),
                hint: "merge loops at the same depth of their nests".into(),
            });
        }
        for (a, b) in chains[0].iter().zip(chain) {
            let (ea, eb) = (const_extent(func, *a)?, const_extent(func, *b)?);
            if ea != eb {
                return Err(ScheduleError::LoopPrecondition {
                    loop_: loop_culprit(func, *b),
                    primitive: "merge",
                    why: format!(
                        "has extent {eb} but {} has extent {ea}; merged loops need equal extents at each level",
                        loop_culprit(func, *a)
                    ),
                    hint: "split the loops to equal extents first".into(),
                });
            }
        }
    }
    Ok(())
}

/// TVM's merge refuses annotated loops (merging would have to pick one set).
fn reject_annotated(func: &PrimFunc, id: LoopId) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    match l.annotations.first() {
        Some((key, _)) => Err(ScheduleError::AnnotatedLoop(
            loop_culprit(func, id),
            format!("`{key}`"),
        )),
        None => Ok(()),
    }
}
