//! The sparse stages as trace steps: a SparseTIR workload held, unlowered, in
//! a `PrimFunc` (the trace's program type) until `lower_sparse_buffer` makes
//! it ordinary TIR, and the stage-I primitive `sparse_reorder`.
//!
//! A held function ("carrier") has no statements of its own: its attributes
//! keep the level (`sparse_tir_level`: 2 before `lower_sparse_iter`, 1
//! after), the level-2 SparseTIR text (`sparse_tir_source`, which `parse`
//! reads back; stage-I steps rewrite it) and the text the TIR pane shows
//! (`script::SOURCE_TEXT_ATTR`: the SparseTIR, or the level-1 loops over
//! sparse buffers). Level 1 is recomputed from the level-2 source, since
//! `lower_sparse_iter` is a function of it. Why a carrier rather than a second
//! program type: every step keeps the program it replaced for undo, so undo
//! across the stages is the trace's ordinary undo.

use super::{lower_sparse_iter, lowered_func, parse, print, SparseFunc};
use crate::ir::{AnnValue, PrimFunc};
use crate::script::{parse_func, SOURCE_TEXT_ATTR};

/// The attribute holding the level-2 SparseTIR text of a held function.
pub const SOURCE_ATTR: &str = "sparse_tir_source";

/// The trace steps of the sparse stages (SparseTIR's stage-I primitives and
/// the two lowerings): the only steps a held function takes.
pub const STAGE_OPS: &[&str] = &[
    "sparse_reorder",
    "sparse_format_decompose",
    "lower_sparse_iter",
    "lower_sparse_buffer",
];

pub fn is_stage_op(op: &str) -> bool {
    STAGE_OPS.contains(&op)
}

/// Where a held function stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Held {
    /// 2: SparseTIR (stage I); 1: after `lower_sparse_iter`.
    pub level: i64,
    pub func: SparseFunc,
}

/// Why a stage step cannot apply; `Display` says why and what to do.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StageError {
    #[error("the program is ordinary TIR already (the workload was lowered when read, or by an earlier `lower_sparse_buffer` step); `{op}` applies to a SparseTIR program (hint: open the bare workload, or record the stage steps from the start: docs/sparse.md)")]
    NotSparse { op: String },
    #[error(
        "the program is at SparseTIR level {level}; `{op}` needs level {needs} (hint: {hint})"
    )]
    WrongLevel {
        op: String,
        level: i64,
        needs: i64,
        hint: &'static str,
    },
    #[error("the program is still SparseTIR (level {level}); `{op}` is a TIR primitive (hint: apply `lower_sparse_iter` and `lower_sparse_buffer` first)")]
    StillSparse { op: String, level: i64 },
    #[error("there is no sparse iteration `{name}` (the function has `{have}`)")]
    NoIteration { name: String, have: String },
    #[error("the new order has {given} iterators, the iteration has {have} ({old}): a reorder names each once")]
    LengthNotEqual {
        given: usize,
        have: usize,
        old: String,
    },
    #[error("`{var}` is not an iterator of the iteration ({old})")]
    NotAnIterator { var: String, old: String },
    #[error("`{var}` appears twice in the new order")]
    Repeated { var: String },
    #[error("the reorder breaks a dependency between axes: `{var}` (axis `{axis}`) comes before `{parent_var}` (its parent axis `{parent}`); a variable or sparse axis needs its parent's coordinate")]
    Dependency {
        var: String,
        axis: String,
        parent_var: String,
        parent: String,
    },
    /// A stage that fails to produce a program (a message from the lowering).
    #[error("{0}")]
    Lowering(String),
}

/// The held (unlowered) form of a SparseTIR function, at level 2.
pub fn held_func(f: &SparseFunc) -> Result<PrimFunc, StageError> {
    carrier(f, 2, print(f))
}

fn carrier(f: &SparseFunc, level: i64, shown: String) -> Result<PrimFunc, StageError> {
    // A function with a body that does nothing: the program lives in the attributes.
    let text = format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef {}():\n    T.evaluate(0)\n",
        f.name
    );
    let mut func = parse_func(&text, None).map_err(|e| {
        StageError::Lowering(format!(
            "cannot hold function `{}`: {} (a bug in tirtui; please report it)",
            f.name, e.message
        ))
    })?;
    func.attrs = vec![
        ("global_symbol".to_string(), AnnValue::Str("main".into())),
        (super::LEVEL_ATTR.to_string(), AnnValue::Int(level)),
        (SOURCE_ATTR.to_string(), AnnValue::Str(print(f))),
        (SOURCE_TEXT_ATTR.to_string(), AnnValue::Str(shown)),
    ];
    Ok(func)
}

/// The sparse function `func` holds, with its level; `None` for ordinary TIR.
pub fn held(func: &PrimFunc) -> Option<Result<Held, StageError>> {
    let source = func.attrs.iter().find_map(|(k, v)| match v {
        AnnValue::Str(s) if k == SOURCE_ATTR => Some(s),
        _ => None,
    })?;
    let level = func
        .attrs
        .iter()
        .find_map(|(k, v)| match v {
            AnnValue::Int(l) if k == super::LEVEL_ATTR => Some(*l),
            _ => None,
        })
        .unwrap_or(2);
    Some(parse(source).map(|f| Held { level, func: f }).map_err(|e| {
        StageError::Lowering(format!(
            "the held SparseTIR does not read back: {}",
            e.message
        ))
    }))
}

/// The level of a held function (`None`: ordinary TIR).
pub fn held_level(func: &PrimFunc) -> Option<i64> {
    held(func)?.ok().map(|h| h.level)
}

fn need(func: &PrimFunc, op: &str, needs: i64, hint: &'static str) -> Result<Held, StageError> {
    let h = held(func).ok_or_else(|| StageError::NotSparse { op: op.into() })??;
    if h.level != needs {
        return Err(StageError::WrongLevel {
            op: op.into(),
            level: h.level,
            needs,
            hint,
        });
    }
    Ok(h)
}

/// `lower_sparse_iter`: level 2 -> 1 (the iteration as nested blocks over the
/// still sparse buffers).
pub fn apply_lower_sparse_iter(func: &PrimFunc) -> Result<PrimFunc, StageError> {
    let h = need(
        func,
        "lower_sparse_iter",
        2,
        "`lower_sparse_iter` was applied already; `lower_sparse_buffer` comes next",
    )?;
    let lowered = lower_sparse_iter(&h.func).map_err(|e| StageError::Lowering(e.message))?;
    carrier(&h.func, 1, lowered.print())
}

/// `lower_sparse_buffer`: level 1 -> ordinary TIR (level 0).
pub fn apply_lower_sparse_buffer(func: &PrimFunc) -> Result<PrimFunc, StageError> {
    let h = need(
        func,
        "lower_sparse_buffer",
        1,
        "apply `lower_sparse_iter` first: SparseTIR lowers the iteration before the buffers",
    )?;
    lowered_func(&h.func).map_err(|e| StageError::Lowering(e.message))
}

/// Ordinary TIR for a run's reference: a held function's source through both
/// stages, any other function as it is.
pub fn reference_func(func: &PrimFunc) -> Result<std::borrow::Cow<'_, PrimFunc>, StageError> {
    match held(func) {
        None => Ok(std::borrow::Cow::Borrowed(func)),
        Some(h) => lowered_func(&h?.func)
            .map(std::borrow::Cow::Owned)
            .map_err(|e| StageError::Lowering(e.message)),
    }
}

/// `sparse_format_decompose` with the hyb rule (level 2 only): the iteration
/// as ELL parts of `widths` plus a CSR remainder, sized for the matrix
/// `pattern` draws (`format::pattern_of`).
pub fn apply_sparse_format_decompose(
    func: &PrimFunc,
    iteration: &str,
    widths: &[i64],
    lengths: super::csr::RowLengths,
    seed: u64,
) -> Result<PrimFunc, StageError> {
    let h = need(
        func,
        "sparse_format_decompose",
        2,
        "stage-I primitives apply before `lower_sparse_iter`; undo the lowering first",
    )?;
    let lowering = |e: String| StageError::Lowering(e);
    let csr = super::format::pattern_of(&h.func, iteration, lengths, seed).map_err(lowering)?;
    let parts = super::format::hyb_parts(&csr, &[], widths)
        .map_err(|e| StageError::Lowering(e.to_string()))?;
    let spec = super::format::hyb_spec(&h.func, iteration, &csr, lengths, seed, widths)
        .map_err(|e| StageError::Lowering(e.to_string()))?;
    let mut f = super::format::decompose_hyb(&h.func, iteration, widths, &parts)
        .map_err(|e| StageError::Lowering(e.to_string()))?;
    f.hyb = Some(spec.to_attr());
    held_func(&f)
}

/// SparseTIR's `sparse_reorder(sp_iteration, new_order)`: the iteration's
/// iterators in a new order, each after its axis's parent (level 2 only).
pub fn apply_sparse_reorder(
    func: &PrimFunc,
    iteration: &str,
    new_order: &[String],
) -> Result<PrimFunc, StageError> {
    let h = need(
        func,
        "sparse_reorder",
        2,
        "stage-I primitives apply before `lower_sparse_iter`; undo the lowering first",
    )?;
    let f = reorder(&h.func, iteration, new_order)?;
    held_func(&f)
}

/// The reorder on the sparse function, with SparseTIR's checks: the same
/// iterators, each once, and no axis before its parent.
pub fn reorder(
    f: &SparseFunc,
    iteration: &str,
    new_order: &[String],
) -> Result<SparseFunc, StageError> {
    let Some(index) = f.iters.iter().position(|it| it.name == iteration) else {
        return Err(StageError::NoIteration {
            name: iteration.into(),
            have: f.iteration_names(),
        });
    };
    let it = &f.iters[index];
    let old = format!("[{}]", it.vars.join(", "));
    if new_order.len() != it.vars.len() {
        return Err(StageError::LengthNotEqual {
            given: new_order.len(),
            have: it.vars.len(),
            old,
        });
    }
    let mut positions = Vec::with_capacity(new_order.len());
    for var in new_order {
        let Some(p) = it.vars.iter().position(|v| v == var) else {
            return Err(StageError::NotAnIterator {
                var: var.clone(),
                old,
            });
        };
        if positions.contains(&p) {
            return Err(StageError::Repeated { var: var.clone() });
        }
        positions.push(p);
    }
    for (n, &p) in positions.iter().enumerate() {
        let axis = &it.axes[p];
        let Some(parent) = f.axis(axis).and_then(|a| a.kind.parent()) else {
            continue;
        };
        // The parent must be iterated before (SparseTIR: `CheckDependency`);
        // a parent the iteration does not visit is refused by `parse` already.
        let parent_pos = it.axes.iter().position(|a| a == parent);
        let placed_before = parent_pos.is_some_and(|pp| positions[..n].contains(&pp));
        if let (Some(pp), false) = (parent_pos, placed_before) {
            return Err(StageError::Dependency {
                var: it.vars[p].clone(),
                axis: axis.clone(),
                parent_var: it.vars[pp].clone(),
                parent: parent.to_string(),
            });
        }
    }
    let mut out = f.clone();
    let kinds: Vec<char> = it.kinds.chars().collect();
    let new = &mut out.iters[index];
    new.axes = positions.iter().map(|&p| it.axes[p].clone()).collect();
    new.vars = positions.iter().map(|&p| it.vars[p].clone()).collect();
    new.kinds = positions.iter().filter_map(|&p| kinds.get(p)).collect();
    Ok(out)
}
