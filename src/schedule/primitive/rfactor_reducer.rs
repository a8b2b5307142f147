//! rfactor's tuple reductions (argmax, argmin, a pair of sums): a block whose
//! init stores several buffers and whose update binds one value per buffer
//! before storing them, found as TVM 0.27 finds them
//! (GetInitValuesAndUpdatesFromReductionBlock in analysis/reducer.cc, with its
//! twelve numbered conditions, and the two-buffer patterns of the
//! ReducerRegistry in primitive/reduction.cc), and the reducer that rebuilds
//! the rf and write-back blocks' updates.
//!
//! A reducer is a pattern over holes `x_i` (the element accumulated so far)
//! and `y_i` (what one iteration folds in); the same pattern matches the
//! block's update and, filled with new operands, builds the new blocks'.
//!
//! Single-buffer reductions (`C = C + x`, and *, min, max) stay with
//! `reduction.rs`'s matcher.

use crate::ir::{BinOp, Block, BufferId, BufferStore, DataType, Expr, PrimFunc, Stmt, VarId};
use crate::schedule::analysis::block_culprit;
use crate::schedule::error::ScheduleError;

/// TVM's numbered conditions on a reduction block rfactor can split
/// (kRFactorCrossThreadReductionApplicableBlockDef), as tirtui words them.
const CONDITIONS: [&str; 12] = [
    "the init must be a single store or a sequence of stores",
    "the buffers the init stores must all be different",
    "the update must bind as many values (`v: T.let[...] = ...`) as the init stores buffers, before its stores",
    "the bound variables must all be different",
    "after the bindings the update must be stores only",
    "the update must store as many buffers as the init does",
    "each store of the update must store one of the bound variables, as is",
    "each bound variable must be stored once",
    "each buffer must be stored once by the update",
    "the init and the update must store the same buffers",
    "the buffers reduced into must have the same shape",
    "every store of the init and the update must be at the same indices",
];

/// A refusal naming TVM's condition `n` (1-based).
fn violated(func: &PrimFunc, block: &Block, n: usize) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, block.id),
        primitive: "rfactor",
        why: format!(
            "violates TVM's condition #{n} on reductions rfactor can split: {}",
            CONDITIONS[n - 1]
        ),
        hint: "write the reduction as TVM's argmax/argmin: `with T.init():` storing each buffer, \
               then one `v_i: T.let[...] = T.Select(...)` per buffer, then `buf_i[...] = v_i` for each"
            .into(),
    }
}

/// The two-buffer reducers TVM 0.27 registers, in its order (the first that
/// matches is taken). Buffer 0 holds the index, buffer 1 the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TupleReducer {
    /// `(x0 + y0, x1 + y1)`, from `(0, 0)`.
    Sum2,
    /// `x1 >= y1` keeps `(x0, x1)`, else `(y0, y1)`; from `(-1, lowest)`.
    ArgMax,
    /// topi's argmax: the larger value, the smaller index on a tie.
    ArgMaxTopi,
    /// `x1 <= y1` keeps `(x0, x1)`, else `(y0, y1)`; from `(-1, highest)`.
    ArgMin,
    /// topi's argmin: the smaller value, the smaller index on a tie.
    ArgMinTopi,
}

const TUPLE_REDUCERS: [TupleReducer; 5] = [
    TupleReducer::Sum2,
    TupleReducer::ArgMax,
    TupleReducer::ArgMaxTopi,
    TupleReducer::ArgMin,
    TupleReducer::ArgMinTopi,
];

/// A reducer's result pattern: holes for the accumulated (`X`) and folded-in (`Y`) operands.
enum Pat {
    X(usize),
    Y(usize),
    Bin(BinOp, Box<Pat>, Box<Pat>),
    Select(Box<Pat>, Box<Pat>, Box<Pat>),
}

fn bin(op: BinOp, a: Pat, b: Pat) -> Pat {
    Pat::Bin(op, Box::new(a), Box::new(b))
}

fn select(c: Pat, a: Pat, b: Pat) -> Pat {
    Pat::Select(Box::new(c), Box::new(a), Box::new(b))
}

impl TupleReducer {
    /// The combined values, one per buffer, as TVM's registry writes them.
    fn patterns(self) -> [Pat; 2] {
        use Pat::{X, Y};
        let keep = |cond: Pat, cond2: Pat| [select(cond, X(0), Y(0)), select(cond2, X(1), Y(1))];
        match self {
            TupleReducer::Sum2 => [bin(BinOp::Add, X(0), Y(0)), bin(BinOp::Add, X(1), Y(1))],
            TupleReducer::ArgMax => keep(bin(BinOp::Ge, X(1), Y(1)), bin(BinOp::Ge, X(1), Y(1))),
            TupleReducer::ArgMin => keep(bin(BinOp::Le, X(1), Y(1)), bin(BinOp::Le, X(1), Y(1))),
            TupleReducer::ArgMaxTopi | TupleReducer::ArgMinTopi => {
                let better = if self == TupleReducer::ArgMaxTopi {
                    BinOp::Gt
                } else {
                    BinOp::Lt
                };
                let tie = bin(
                    BinOp::And,
                    bin(BinOp::Eq, X(1), Y(1)),
                    bin(BinOp::Lt, X(0), Y(0)),
                );
                keep(
                    bin(BinOp::Or, bin(better, X(1), Y(1)), tie),
                    bin(better, X(1), Y(1)),
                )
            }
        }
    }

    /// Whether `init` (of the buffer's type `dtype`) is this reducer's identity for buffer `i`.
    fn is_identity(self, i: usize, init: &Expr, dtype: DataType) -> bool {
        let value = |e: &Expr| match e {
            Expr::Int(v, _) => Some(*v as f64),
            Expr::Float(v, _) => Some(*v),
            _ => None,
        };
        let Some(v) = value(init) else {
            return false;
        };
        let (lowest, highest) = match dtype.int_range() {
            Some((lo, hi)) => (lo as f64, hi as f64),
            None => match dtype {
                DataType::F64 => (f64::MIN, f64::MAX),
                DataType::F16 => (-65504.0, 65504.0),
                _ => (f32::MIN as f64, f32::MAX as f64),
            },
        };
        match (self, i) {
            (TupleReducer::Sum2, _) => v == 0.0,
            (_, 0) => v == -1.0,
            (TupleReducer::ArgMax | TupleReducer::ArgMaxTopi, _) => v == lowest,
            _ => v == highest,
        }
    }

    /// The reducer's values with `x_i = lhs[i]`, `y_i = rhs[i]`.
    pub(crate) fn combine(self, lhs: &[Expr], rhs: &[Expr]) -> Vec<Expr> {
        fn build(p: &Pat, lhs: &[Expr], rhs: &[Expr]) -> Expr {
            match p {
                Pat::X(i) => lhs[*i].clone(),
                Pat::Y(i) => rhs[*i].clone(),
                Pat::Bin(op, a, b) => Expr::binary(*op, build(a, lhs, rhs), build(b, lhs, rhs)),
                Pat::Select(c, a, b) => Expr::Select(
                    Box::new(build(c, lhs, rhs)),
                    Box::new(build(a, lhs, rhs)),
                    Box::new(build(b, lhs, rhs)),
                ),
            }
        }
        self.patterns().iter().map(|p| build(p, lhs, rhs)).collect()
    }

    /// Matches the combined values; on success the holes' values `(x, y)`.
    fn matches(self, values: &[Expr]) -> Option<(Vec<Expr>, Vec<Expr>)> {
        let mut x: Vec<Option<Expr>> = vec![None; 2];
        let mut y: Vec<Option<Expr>> = vec![None; 2];
        for (p, e) in self.patterns().iter().zip(values) {
            if !fill(p, e, &mut x, &mut y) {
                return None;
            }
        }
        let all = |v: Vec<Option<Expr>>| v.into_iter().collect::<Option<Vec<Expr>>>();
        Some((all(x)?, all(y)?))
    }
}

/// Matches `e` against `p`: a hole takes the first expression it meets and
/// must meet equal ones after (TVM's PatternMatcher).
fn fill(p: &Pat, e: &Expr, x: &mut [Option<Expr>], y: &mut [Option<Expr>]) -> bool {
    let hole = |slot: &mut Option<Expr>| match slot {
        Some(seen) => seen == e,
        None => {
            *slot = Some(e.clone());
            true
        }
    };
    match (p, e) {
        (Pat::X(i), _) => hole(&mut x[*i]),
        (Pat::Y(i), _) => hole(&mut y[*i]),
        (Pat::Bin(op, pa, pb), Expr::Binary(eop, ea, eb)) => {
            op == eop && fill(pa, ea, x, y) && fill(pb, eb, x, y)
        }
        (Pat::Select(pc, pa, pb), Expr::Select(ec, ea, eb)) => {
            fill(pc, ec, x, y) && fill(pa, ea, x, y) && fill(pb, eb, x, y)
        }
        _ => false,
    }
}

/// A tuple reduction rfactor can split.
pub(crate) struct TupleReduction {
    pub reducer: TupleReducer,
    /// The stored buffers in the reducer's order (index, then value), with
    /// the indices of their element.
    pub outputs: Vec<(BufferId, Vec<Expr>)>,
    /// What each iteration folds in (the `y` operands), same order.
    pub rhs: Vec<Expr>,
    /// The init values, same order.
    pub init: Vec<Expr>,
}

/// A block body as TVM's flat sequence: a binding, or another statement.
enum Flat<'a> {
    Bind(VarId, &'a Expr),
    Other(&'a Stmt),
}

fn flatten<'a>(s: &'a Stmt, out: &mut Vec<Flat<'a>>) {
    match s {
        Stmt::LetStmt(l) => {
            out.push(Flat::Bind(l.var, &l.value));
            flatten(&l.body, out);
        }
        Stmt::Seq(v) => v.iter().for_each(|c| flatten(c, out)),
        other => out.push(Flat::Other(other)),
    }
}

/// Whether the block is a single-buffer reduction (`reduction.rs` matches
/// those): an init storing one buffer and an update of bindings then one store.
pub(crate) fn is_single_buffer(block: &Block) -> bool {
    if !matches!(block.init, Some(Stmt::BufferStore(_))) {
        return false;
    }
    let mut flat = Vec::new();
    flatten(&block.body, &mut flat);
    let stores = flat.iter().filter(|f| matches!(f, Flat::Other(_))).count();
    stores == 1 && matches!(flat.last(), Some(Flat::Other(Stmt::BufferStore(_))))
}

/// The init's stores (conditions #1 and #2).
fn init_stores<'a>(
    func: &PrimFunc,
    block: &'a Block,
) -> Result<Vec<&'a BufferStore>, ScheduleError> {
    match &block.init {
        Some(Stmt::BufferStore(s)) => Ok(vec![s]),
        Some(Stmt::Seq(seq)) => {
            let mut stores: Vec<&BufferStore> = Vec::new();
            for s in seq {
                let Stmt::BufferStore(s) = s else {
                    return Err(violated(func, block, 1));
                };
                if stores.iter().any(|o| o.buffer == s.buffer) {
                    return Err(violated(func, block, 2));
                }
                stores.push(s);
            }
            Ok(stores)
        }
        _ => Err(violated(func, block, 1)),
    }
}

/// The update's stores with their bound values, in binding order
/// (ExtractReductionUpdates: conditions #3 to #9).
fn update_stores(
    func: &PrimFunc,
    block: &Block,
    n: usize,
) -> Result<Vec<BufferStore>, ScheduleError> {
    if let Stmt::BufferStore(s) = &block.body {
        return Ok(vec![s.clone()]);
    }
    let mut flat = Vec::new();
    flatten(&block.body, &mut flat);
    let mut binds: Vec<(VarId, &Expr)> = Vec::new();
    for i in 0..n {
        let Some(Flat::Bind(var, value)) = flat.get(i) else {
            return Err(violated(func, block, 3));
        };
        if binds.iter().any(|(v, _)| v == var) {
            return Err(violated(func, block, 4));
        }
        binds.push((*var, value));
    }
    if matches!(flat.get(n), Some(Flat::Bind(..))) {
        return Err(violated(func, block, 3));
    }
    let rest = &flat[n.min(flat.len())..];
    if rest.len() != n {
        return Err(violated(func, block, 6));
    }
    let mut updates: Vec<Option<BufferStore>> = vec![None; n];
    for f in rest {
        let Flat::Other(Stmt::BufferStore(s)) = f else {
            return Err(violated(func, block, 5));
        };
        let Expr::Var(var) = &s.value else {
            return Err(violated(func, block, 7));
        };
        let Some(i) = binds.iter().position(|(v, _)| v == var) else {
            return Err(violated(func, block, 7));
        };
        if updates[i].is_some() {
            return Err(violated(func, block, 8));
        }
        if updates.iter().flatten().any(|u| u.buffer == s.buffer) {
            return Err(violated(func, block, 9));
        }
        updates[i] = Some(BufferStore {
            buffer: s.buffer,
            indices: s.indices.clone(),
            value: binds[i].1.clone(),
        });
    }
    Ok(updates.into_iter().flatten().collect())
}

fn provably_equal(a: &Expr, b: &Expr) -> bool {
    a == b || crate::arith::simplify(&Expr::sub(a.clone(), b.clone())).as_int() == Some(0)
}

/// The tuple reduction of a block that is not a single-buffer one, or TVM's
/// reason why rfactor cannot split it.
pub(crate) fn match_tuple_reduction(
    func: &PrimFunc,
    block: &Block,
) -> Result<TupleReduction, ScheduleError> {
    let inits = init_stores(func, block)?;
    let n = inits.len();
    let updates = update_stores(func, block, n)?;
    if updates.len() != n {
        return Err(violated(func, block, 6));
    }
    let shape = &func.buffer(updates[0].buffer).shape;
    let indices = &updates[0].indices;
    let mut init_values: Vec<Option<Expr>> = vec![None; n];
    for (init, update) in inits.iter().zip(&updates) {
        let ushape = &func.buffer(update.buffer).shape;
        if ushape.len() != indices.len() {
            return Err(violated(func, block, 11));
        }
        if init.indices.len() != indices.len() || update.indices.len() != indices.len() {
            return Err(violated(func, block, 12));
        }
        // TVM checks the shape then the indices, dimension by dimension.
        let first_bad_shape = ushape
            .iter()
            .zip(shape)
            .position(|(a, b)| !provably_equal(a, b));
        let first_bad_index = indices.iter().enumerate().position(|(d, want)| {
            !provably_equal(&init.indices[d], want) || !provably_equal(&update.indices[d], want)
        });
        match (first_bad_shape, first_bad_index) {
            (Some(s), Some(i)) if i < s => return Err(violated(func, block, 12)),
            (Some(_), _) => return Err(violated(func, block, 11)),
            (None, Some(_)) => return Err(violated(func, block, 12)),
            (None, None) => {}
        }
        let Some(at) = updates.iter().position(|u| u.buffer == init.buffer) else {
            return Err(violated(func, block, 10));
        };
        init_values[at] = Some(init.value.clone());
    }
    let init: Vec<Expr> = init_values.into_iter().flatten().collect();
    let values: Vec<Expr> = updates.iter().map(|u| u.value.clone()).collect();
    let no_reducer = || {
        ScheduleError::BlockPrecondition {
        block: block_culprit(func, block.id),
        primitive: "rfactor",
        why: format!(
            "no reducer matches its init ({}) and update ({}); TVM's tuple reducers are argmax and argmin (`T.Select` on `>=`/`<=`, or topi's `>`/`<` with the smaller index on a tie, from (-1, the type's lowest/highest value)) and a pair of sums from (0, 0)",
            init.iter().map(|e| crate::script::print_expr(func, e)).collect::<Vec<_>>().join(", "),
            values.iter().map(|e| crate::script::print_expr(func, e)).collect::<Vec<_>>().join(", "),
        ),
        hint: "rfactor splits only reductions whose combiner it recognises".into(),
    }
    };
    if n != 2 || init.len() != 2 {
        return Err(no_reducer());
    }
    for reducer in TUPLE_REDUCERS {
        let identity = init
            .iter()
            .zip(&updates)
            .enumerate()
            .all(|(i, (v, u))| reducer.is_identity(i, v, func.buffer(u.buffer).dtype));
        if !identity {
            continue;
        }
        let Some((x, y)) = reducer.matches(&values) else {
            continue;
        };
        let accumulates = x
            .iter()
            .zip(&updates)
            .all(|(x, u)| *x == Expr::Load(u.buffer, u.indices.clone()));
        if accumulates {
            return Ok(TupleReduction {
                reducer,
                outputs: updates
                    .iter()
                    .map(|u| (u.buffer, u.indices.clone()))
                    .collect(),
                rhs: y,
                init,
            });
        }
    }
    Err(no_reducer())
}
