//! What the TIR cursor points at, and how to name it in a trace.
//!
//! The cursor selects a block or loop by line (from the printer's marks). A
//! trace step refers to loops and blocks by handle names, so a target that has
//! no handle yet gets the steps that bind one (`get_block`, `get_loops`), named
//! after the loop variables as a TVM user would. Output names of new steps are
//! chosen the same way. Also the palette's dry-run probes.
//!
//! Knows `ir`, `script::Printed` and `trace`; nothing of the terminal.

// StepError is the trace's own (large) error type, passed through as is.
#![allow(clippy::result_large_err)]

use crate::ir::{BlockId, LoopId, PrimFunc, Stmt};
use crate::script::Printed;
pub use crate::trace::pyscript::{fresh, name_outputs};
use crate::trace::pyscript::{fresh_block_name, taken};
use crate::trace::step::{op_spec, Arg};
use crate::trace::{Handle, Step, Trace};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Block(BlockId),
    Loop(LoopId),
}

impl Target {
    pub fn describe(self, func: &PrimFunc) -> String {
        match self {
            Target::Block(id) => match func.find_block(id) {
                Some(r) => format!("block \"{}\"", r.block.name),
                None => "a block".into(),
            },
            Target::Loop(id) => match func.find_loop(id) {
                Some(l) => format!("loop {}", func.var_name(l.var)),
                None => "a loop".into(),
            },
        }
    }
}

/// Per printed line: the blocks and loops whose header is on it, and which
/// block each line belongs to.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    /// Header targets per line, loops in column order, then the block.
    pub headers: Vec<Vec<(Target, (usize, usize))>>,
    /// The innermost non-root block containing each line, as an index into `blocks`.
    pub owner: Vec<Option<usize>>,
    /// Non-root blocks in print order (their colour index), with names.
    pub blocks: Vec<(BlockId, String)>,
    /// Innermost enclosing block of each line, the root included (cursor fallback).
    enclosing: Vec<Option<BlockId>>,
}

impl LineIndex {
    pub fn new(printed: &Printed, func: &PrimFunc) -> LineIndex {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(printed.text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let n_lines = printed.text.lines().count();
        let pos = |off: usize| {
            let line = starts.partition_point(|s| *s <= off).saturating_sub(1);
            (line, off - starts.get(line).copied().unwrap_or(0))
        };
        let mut headers: Vec<Vec<(Target, (usize, usize))>> = vec![Vec::new(); n_lines];
        let mut loops: Vec<_> = printed.loops.clone();
        loops.sort_by_key(|(_, s)| s.start);
        for (id, span) in loops {
            let (line, col) = pos(span.start);
            if let Some(h) = headers.get_mut(line) {
                h.push((
                    Target::Loop(id),
                    (col, col + span.end.saturating_sub(span.start)),
                ));
            }
        }
        let root = func.root_block().map(|b| b.id);
        let mut blocks = Vec::new();
        let mut owner = vec![None; n_lines];
        let mut enclosing: Vec<Option<(BlockId, usize)>> = vec![None; n_lines];
        for &(id, span, (first, last)) in &printed.blocks {
            let (line, col) = pos(span.start);
            let size = last.saturating_sub(first);
            for slot in enclosing.iter_mut().take(last + 1).skip(first) {
                if slot.is_none_or(|(_, s)| size <= s) {
                    *slot = Some((id, size));
                }
            }
            if Some(id) == root {
                continue;
            }
            if let Some(h) = headers.get_mut(line) {
                h.push((
                    Target::Block(id),
                    (col, col + span.end.saturating_sub(span.start)),
                ));
            }
            let name = func
                .find_block(id)
                .map(|r| r.block.name.clone())
                .unwrap_or_default();
            blocks.push((id, name));
        }
        for (i, slot) in owner.iter_mut().enumerate() {
            if let Some((id, _)) = enclosing[i] {
                *slot = blocks.iter().position(|(b, _)| *b == id);
            }
        }
        LineIndex {
            headers,
            owner,
            blocks,
            enclosing: enclosing.into_iter().map(|e| e.map(|(id, _)| id)).collect(),
        }
    }

    /// The targets a cursor on `line` can select: the headers on it, else the
    /// innermost block around it.
    pub fn targets(&self, line: usize) -> Vec<Target> {
        match self.headers.get(line) {
            Some(h) if !h.is_empty() => h.iter().map(|(t, _)| *t).collect(),
            _ => self
                .enclosing
                .get(line)
                .copied()
                .flatten()
                .map(Target::Block)
                .into_iter()
                .collect(),
        }
    }

    /// The line and columns of a target's header.
    pub fn find(&self, target: Target) -> Option<(usize, (usize, usize))> {
        self.headers.iter().enumerate().find_map(|(line, h)| {
            h.iter()
                .find(|(t, _)| *t == target)
                .map(|(_, cols)| (line, *cols))
        })
    }

    pub fn header_lines(&self) -> Vec<usize> {
        (0..self.headers.len())
            .filter(|l| !self.headers[*l].is_empty())
            .collect()
    }
}

/// The handle of a target: an existing name, or the steps that bind one
/// (applied to a copy of the trace to check them) and the name they bind.
pub fn handle_for(trace: &Trace, target: Target) -> Result<(String, Vec<Step>), String> {
    if let Some(name) = existing_handle(trace, target) {
        return Ok((name, Vec::new()));
    }
    let func = trace.func();
    let mut names = taken(trace);
    match target {
        Target::Block(id) => {
            let block = func.find_block(id).ok_or("the block is gone")?;
            let name = &block.block.name;
            if func.blocks_named(name).len() != 1 {
                return Err(format!(
                    "block name \"{name}\" is not unique; bind it with `:` first"
                ));
            }
            let out = fresh_block_name(&names);
            let step = Step::new(
                "get_block",
                vec![("name", Arg::Str(name.clone()))],
                vec![out.clone()],
            )
            .ok_or("get_block is missing from the op table")?;
            Ok((out, vec![step]))
        }
        Target::Loop(id) => {
            let (block, chain) = block_under_loop(func, id).ok_or("no block under this loop")?;
            let (block_name, mut steps) = handle_for(trace, Target::Block(block))?;
            names.extend(steps.iter().flat_map(|s| s.out.clone()));
            let mut outs = Vec::new();
            for l in &chain {
                let base = func
                    .find_loop(*l)
                    .map(|f| func.var_name(f.var).to_string())
                    .unwrap_or_else(|| "l".into());
                let n = fresh(&base, &names);
                names.push(n.clone());
                outs.push(n);
            }
            let pos = chain
                .iter()
                .position(|l| *l == id)
                .ok_or("loop not above its block")?;
            let name = outs[pos].clone();
            steps.push(
                Step::new("get_loops", vec![("block", Arg::Str(block_name))], outs)
                    .ok_or("get_loops is missing from the op table")?,
            );
            // Check: the prelude must bind this very loop.
            let mut probe = trace.probe();
            for s in &steps {
                probe.push(s.clone()).map_err(|e| e.to_string())?;
            }
            match probe.state.lookup(&name) {
                Some(Handle::Loop(l)) if *l == id => Ok((name, steps)),
                _ => Err("cannot name this loop with get_loops".into()),
            }
        }
    }
}

fn existing_handle(trace: &Trace, target: Target) -> Option<String> {
    let want = match target {
        Target::Block(b) => Handle::Block(b),
        Target::Loop(l) => Handle::Loop(l),
    };
    trace
        .state
        .names()
        .into_iter()
        .rev()
        .find(|(_, h)| *h == want)
        .map(|(n, _)| n)
}

/// The first block under a loop with no other block between them, and the
/// loops above that block up to its enclosing block (what `get_loops` returns).
fn block_under_loop(func: &PrimFunc, id: LoopId) -> Option<(BlockId, Vec<LoopId>)> {
    fn walk(
        stmt: &Stmt,
        chain: &mut Vec<LoopId>,
        want: LoopId,
        found: &mut Option<(BlockId, Vec<LoopId>)>,
    ) {
        if found.is_some() {
            return;
        }
        match stmt {
            Stmt::For(l) => {
                chain.push(l.id);
                walk(&l.body, chain, want, found);
                chain.pop();
            }
            Stmt::BlockRealize(r) => {
                if chain.contains(&want) {
                    *found = Some((r.block.id, chain.clone()));
                    return;
                }
                let mut inner = Vec::new();
                if let Some(init) = &r.block.init {
                    walk(init, &mut inner, want, found);
                }
                walk(&r.block.body, &mut inner, want, found);
            }
            other => other.for_each_child(|c| walk(c, chain, want, found)),
        }
    }
    let mut found = None;
    walk(&func.body, &mut Vec::new(), id, &mut found);
    found
}

/// What the palette can say about an op for the cursor's target.
#[derive(Clone, Debug, PartialEq)]
pub enum Probe {
    /// The op does not take this kind of target first.
    NotFor,
    /// It needs more than the cursor gives (a second handle, free text).
    NeedsInput,
    /// This step, with plausible values for the other fields, can be dry-run.
    Try(Step),
}

/// A palette probe: the op with the target as its first handle argument.
pub fn probe_step(op: &str, target: Target, name: &str, func: &PrimFunc) -> Probe {
    let Some(spec) = op_spec(op) else {
        return Probe::NotFor;
    };
    let Some(first) = spec.fields.first() else {
        return Probe::NotFor;
    };
    match (first.name, target) {
        ("block" | "name", Target::Block(_))
        | ("loop", Target::Loop(_))
        | ("block_or_loop" | "target", _) => {}
        ("loops" | "ordered_loops", Target::Loop(_)) => return Probe::NeedsInput,
        _ => return Probe::NotFor,
    }
    let n = |s: &str| Arg::Str(s.to_string());
    // A first field that is a string, not a handle, names the block (get_block).
    let first_value = match (first.kind, target) {
        (crate::trace::step::FieldKind::Str, Target::Block(b)) => match func.find_block(b) {
            Some(r) => n(&r.block.name),
            None => return Probe::NotFor,
        },
        _ => n(name),
    };
    let mut given = vec![(first.name, first_value)];
    let extent = match target {
        Target::Loop(l) => func.find_loop(l).and_then(|f| f.extent.as_int()),
        Target::Block(_) => None,
    };
    given.extend((spec.probe_args)(extent));
    if spec
        .fields
        .iter()
        .any(|f| f.default.is_none() && !given.iter().any(|(g, _)| *g == f.name))
    {
        return Probe::NeedsInput;
    }
    // No `out` names: a dry run binds nothing.
    match Step::new(op, given, Vec::new()) {
        Some(s) => Probe::Try(s),
        None => Probe::NeedsInput,
    }
}

/// Loop names the user typed without binding them first (`sch.split(i, ...)`
/// on a fresh workload): each name that is no handle but the variable of
/// exactly one loop gets bound by `get_block` / `get_loops` steps, returned
/// here to be applied before the step. Block names need nothing: the replay
/// looks them up.
pub fn autobind(trace: &Trace, step: &Step) -> Result<Vec<Step>, String> {
    let Some(spec) = op_spec(&step.op) else {
        return Ok(Vec::new());
    };
    let mut names = Vec::new();
    for field in &spec.fields {
        let kind_takes_handles = matches!(
            field.kind,
            crate::trace::step::FieldKind::Name
                | crate::trace::step::FieldKind::Names
                | crate::trace::step::FieldKind::Factors
        );
        if !kind_takes_handles || field.name == "name" {
            continue;
        }
        match step.arg(field.name) {
            Some(Arg::Str(s)) => names.push(s.clone()),
            Some(Arg::List(items)) => names.extend(items.iter().filter_map(|a| match a {
                Arg::Str(s) => Some(s.clone()),
                _ => None,
            })),
            _ => {}
        }
    }
    // Copied only once a name needs binding: most statements bind nothing,
    // and a copy per statement made a long paste quadratic (issue 29).
    let mut probe: Option<Trace> = None;
    let mut prelude = Vec::new();
    for name in names {
        let view = probe.as_ref().unwrap_or(trace);
        if view.state.lookup(&name).is_some() || !view.func().blocks_named(&name).is_empty() {
            continue;
        }
        let func = view.func();
        let mut loops = Vec::new();
        func.body.visit(&mut |s| {
            if let Stmt::For(l) = s {
                if func.var_name(l.var) == name {
                    loops.push(l.id);
                }
            }
        });
        let [id] = loops.as_slice() else {
            continue;
        };
        let (bound, steps) = handle_for(view, Target::Loop(*id))?;
        if bound != name {
            // The loop got another name: let the replay report the unknown one.
            continue;
        }
        let probe = probe.get_or_insert_with(|| trace.probe());
        for s in steps {
            probe.push(s.clone()).map_err(|e| e.to_string())?;
            prelude.push(s);
        }
    }
    Ok(prelude)
}
