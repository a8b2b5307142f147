//! One block's part of a proposed schedule (`:schedule block`, `b`): the
//! steps of a sketch that act on the block, on the loops, blocks and values
//! derived from it, and the steps those need to name what they use.
//!
//! A sketch's log says which rule changed which block (`MultiLevelTiling(C)`)
//! but not which steps each rule wrote, so the part is found by following the
//! handles: it starts at `get_block(name)`, takes every step that uses a
//! handle the part defined (its outputs join the part), then every step that
//! defines a handle the part uses (the `get_block` of a consumer it fuses, a
//! sampled tile size). Queries and samples whose outputs the part never
//! uses are left out: they would only check what the other blocks' rules
//! made of the program (`get_consumers` after an inline elsewhere).
//!
//! Pure: steps in, steps out. The explorer applies the part as one change, so
//! a part that needs another block's rules first is refused whole, with the
//! step that failed.

use crate::trace::step::{op_spec, Arg, FieldKind, Step};
use std::collections::{HashMap, HashSet};

/// Whether a step only reads the program: its outputs are all it gives.
fn is_query(step: &Step) -> bool {
    step.op.starts_with("get_") || op_spec(&step.op).is_some_and(|s| s.samples)
}

/// The names a step's handle arguments mention (block, loops, factors, an
/// annotation's sampled value), whether or not a step bound them.
fn mentioned(step: &Step) -> Vec<&str> {
    fn strings<'a>(arg: &'a Arg, out: &mut Vec<&'a str>) {
        match arg {
            Arg::Str(s) => out.push(s),
            Arg::List(items) => items.iter().for_each(|a| strings(a, out)),
            Arg::Map(entries) => entries.iter().for_each(|(_, a)| strings(a, out)),
            _ => {}
        }
    }
    let Some(spec) = op_spec(&step.op) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for field in &spec.fields {
        let names_a_handle = matches!(
            field.kind,
            FieldKind::Name | FieldKind::Names | FieldKind::Factors | FieldKind::Any
        );
        if names_a_handle {
            if let Some(arg) = step.arg(field.name) {
                strings(arg, &mut out);
            }
        }
    }
    out
}

/// Whether `step` is `get_block` of the block called `block`.
fn gets_block(step: &Step, block: &str) -> bool {
    step.op == "get_block" && matches!(step.arg("name"), Some(Arg::Str(n)) if n == block)
}

/// The steps of `steps` that shape block `block` (see the module header),
/// in their order; empty when no step gets the block.
pub fn block_part(steps: &[Step], block: &str) -> Vec<Step> {
    let n = steps.len();
    // Which earlier step each step's mentioned names were bound by.
    let mut bound_by: HashMap<&str, usize> = HashMap::new();
    let mut uses: Vec<Vec<usize>> = Vec::with_capacity(n);
    // Steps that name the block itself (`get_loops("C")`), not a handle.
    let mut by_name = vec![false; n];
    for (i, step) in steps.iter().enumerate() {
        let names = mentioned(step);
        by_name[i] = names.contains(&block) && !bound_by.contains_key(block);
        let mut from: Vec<usize> = names
            .into_iter()
            .filter_map(|name| bound_by.get(name).copied())
            .collect();
        from.sort_unstable();
        from.dedup();
        uses.push(from);
        for name in &step.out {
            bound_by.insert(name.as_str(), i);
        }
    }
    // Forward: the block's handle, and everything made from what the part made.
    let mut in_part = vec![false; n];
    for i in 0..n {
        in_part[i] =
            gets_block(&steps[i], block) || by_name[i] || uses[i].iter().any(|&j| in_part[j]);
    }
    // Backward: whatever the part's steps name must be bound first.
    let mut work: Vec<usize> = (0..n).filter(|&i| in_part[i]).collect();
    while let Some(i) = work.pop() {
        for &j in &uses[i] {
            if !in_part[j] {
                in_part[j] = true;
                work.push(j);
            }
        }
    }
    // Queries whose outputs no kept step uses are dropped, last to first.
    let mut needed: HashSet<usize> = HashSet::new();
    for i in (0..n).rev() {
        if !in_part[i] {
            continue;
        }
        if is_query(&steps[i]) && !needed.contains(&i) {
            in_part[i] = false;
            continue;
        }
        needed.extend(uses[i].iter().copied());
    }
    steps
        .iter()
        .zip(&in_part)
        .filter(|(_, keep)| **keep)
        .map(|(s, _)| s.clone())
        .collect()
}

/// Whether a part changes the program (not only names things in it).
pub fn changes_program(part: &[Step]) -> bool {
    part.iter().any(|s| !is_query(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(op: &str, args: Vec<(&str, Arg)>, out: &[&str]) -> Step {
        let out = out.iter().map(|s| s.to_string()).collect();
        match Step::new(op, args, out) {
            Some(s) => s,
            None => panic!("bad test step {op}"),
        }
    }

    fn s(x: &str) -> Arg {
        Arg::Str(x.into())
    }

    fn ops(part: &[Step]) -> Vec<String> {
        part.iter()
            .map(|s| format!("{}{:?}", s.op, s.out))
            .collect()
    }

    /// Softmax's sketch 2 in miniature: an inline of another block, a
    /// cross-thread reduction of `M` (with a `get_consumers` whose outputs
    /// nothing uses), an unroll of the root, and binds of `N` and `M`.
    fn sketch() -> Vec<Step> {
        vec![
            step("get_block", vec![("name", s("M"))], &["b0"]),
            step("get_block", vec![("name", s("E"))], &["b1"]),
            step("get_block", vec![("name", s("N"))], &["b2"]),
            step("get_block", vec![("name", s("root"))], &["b3"]),
            step("compute_inline", vec![("block", s("b1"))], &[]),
            step("get_consumers", vec![("block", s("b0"))], &["b4", "b5"]),
            step(
                "sample_categorical",
                vec![
                    ("candidates", Arg::List(vec![Arg::Int(4), Arg::Int(8)])),
                    ("probs", Arg::List(vec![Arg::Float(0.5), Arg::Float(0.5)])),
                ],
                &["v6"],
            ),
            step("get_loops", vec![("block", s("b0"))], &["l7", "l8"]),
            step(
                "split",
                vec![
                    ("loop", s("l8")),
                    ("factors", Arg::List(vec![Arg::Null, s("v6")])),
                ],
                &["l9", "l10"],
            ),
            step(
                "bind",
                vec![("loop", s("l10")), ("thread_axis", s("threadIdx.x"))],
                &[],
            ),
            step(
                "sample_categorical",
                vec![
                    ("candidates", Arg::List(vec![Arg::Int(0), Arg::Int(16)])),
                    ("probs", Arg::List(vec![Arg::Float(0.5), Arg::Float(0.5)])),
                ],
                &["v11"],
            ),
            step(
                "annotate",
                vec![
                    ("block_or_loop", s("b3")),
                    ("ann_key", s("meta_schedule.unroll_explicit")),
                    ("ann_val", s("v11")),
                ],
                &[],
            ),
            step("get_loops", vec![("block", s("b2"))], &["l12", "l13"]),
            step(
                "fuse",
                vec![("loops", Arg::List(vec![s("l12"), s("l13")]))],
                &["l14"],
            ),
            step(
                "bind",
                vec![("loop", s("l14")), ("thread_axis", s("blockIdx.x"))],
                &[],
            ),
        ]
    }

    #[test]
    fn a_blocks_part_follows_its_handles_and_pulls_in_what_they_need() {
        let part = block_part(&sketch(), "M");
        assert_eq!(
            ops(&part),
            [
                "get_block[\"b0\"]",
                "sample_categorical[\"v6\"]",
                "get_loops[\"l7\", \"l8\"]",
                "split[\"l9\", \"l10\"]",
                "bind[]",
            ]
        );
        assert!(changes_program(&part));
    }

    #[test]
    fn the_roots_unroll_and_another_blocks_binds_are_their_own() {
        let root = block_part(&sketch(), "root");
        assert_eq!(
            ops(&root),
            [
                "get_block[\"b3\"]",
                "sample_categorical[\"v11\"]",
                "annotate[]"
            ]
        );
        let n = block_part(&sketch(), "N");
        assert_eq!(
            ops(&n),
            [
                "get_block[\"b2\"]",
                "get_loops[\"l12\", \"l13\"]",
                "fuse[\"l14\"]",
                "bind[]"
            ]
        );
        // The inlined block's part is its inline.
        assert_eq!(
            ops(&block_part(&sketch(), "E")),
            ["get_block[\"b1\"]", "compute_inline[]"]
        );
    }

    #[test]
    fn a_block_no_step_gets_has_no_part() {
        assert!(block_part(&sketch(), "Z").is_empty());
        let only_queries = vec![step("get_block", vec![("name", s("M"))], &["b0"])];
        assert!(!changes_program(&block_part(&only_queries, "M")));
    }
}
