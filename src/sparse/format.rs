//! SparseTIR's format decomposition (`sparse_format_decompose`, stage I): a
//! CSR iteration rewritten for a composable format, with the rewritten
//! index arrays and values built from one CSR matrix (pre-processing, on the
//! host, like SparseTIR's `hyb` examples).
//!
//! The rule here is hybrid ELL(k) + CSR: each row goes to the ELL part of the
//! smallest width `k` (of the rule's widths) that holds it, padded with zero
//! entries; rows longer than the widest part stay CSR (the remainder). Each
//! part is an iteration of its own over a row map (SparseTIR's hyb:
//! `O = T.dense_fixed(1)`, `I_ell4 = T.sparse_fixed(O, (M, ROWS), rows)`,
//! `J_ell4 = T.sparse_fixed(I_ell4, (N, 4), cols)`), so every part's rows
//! are the original rows it names. Each part keeps the iteration's
//! `T.init` and writes its rows whole: every row (with or without nonzeros)
//! is in exactly one part, so no two parts sum into the same element and no
//! atomics are needed (SparseTIR's hyb splits long rows over ELL rows and
//! adds with atomics instead). Lowered, an ELL part is one reduction block
//! and the remainder a spatial block over a reduction block, as the CSR
//! SpMM: blocks `bind` takes (rows to blockIdx / threadIdx.y, features to
//! threadIdx.x). A part no row falls in gets one padding row, so that its
//! shapes stay non-empty and a schedule's steps find its blocks on every
//! matrix; `hyb_parts` says why that row never leaves a wrong value.
//!
//! Part sizes (`ROWS_ELL4`, `ROWS_CSR`, `NNZ_CSR`) depend on the matrix:
//! they become module constants of the decomposed function.

use super::csr::Csr;
use super::{Axis, AxisKind, Param, SExpr, Size, SpIter, SparseBuffer, SparseFunc, Store};

/// What the decomposition refuses; `Display` says why and what to do.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FormatError {
    #[error("there is no sparse iteration `{name}` (the function has `{have}`)")]
    NoIteration { name: String, have: String },
    #[error("the function has several iterations already ({have}): it was decomposed before (hint: decompose once, before `lower_sparse_iter`)")]
    AlreadyDecomposed { have: String },
    #[error("iteration `{name}` iterates no CSR (`T.sparse_variable`) axis under a dense_fixed axis: the hyb rule rewrites a CSR matrix")]
    NoCsrAxis { name: String },
    #[error("the CSR axis `{axis}` is spatial (`S`) in iteration `{name}`: the hyb rule rewrites a CSR axis that is reduced, as in SpMM (an output over the sparse axis would change layout)")]
    SpatialCsrAxis { axis: String, name: String },
    #[error("buffer `{buffer}` over the CSR axis `{axis}` is written: the hyb rule rewrites the sparse operand, not an output")]
    WrittenSparseBuffer { buffer: String, axis: String },
    #[error("iteration `{name}` has no `T.init`: the hyb rule's parts write their rows whole (each zeroes then sums its rows), so an accumulation into an existing output is not decomposed (hint: add `with T.init():`)")]
    NoInit { name: String },
    #[error("the `T.init` of iteration `{name}` stores at `{var}`, not a variable of a dense_fixed axis: a part's rows are the dense rows it zeroes")]
    InitIndex { name: String, var: String },
    #[error("the widths {widths:?} are not positive powers of two in increasing order (hint: widths: [1, 2, 4, 8, 16, 32])")]
    Widths { widths: Vec<i64> },
    #[error("`{name}` is taken in the function: the decomposition names its parts' axes, buffers and constants so (hint: rename it)")]
    NameTaken { name: String },
    #[error(
        "the matrix is {rows} x {cols}, the iteration's CSR axis is {want_rows} x {want_cols}"
    )]
    Shape {
        rows: usize,
        cols: usize,
        want_rows: i64,
        want_cols: i64,
    },
}

/// The hyb rule: ELL widths, increasing powers of two (`[1, 2, 4, ..., 32]`).
pub fn check_widths(widths: &[i64]) -> Result<(), FormatError> {
    let powers = widths.iter().all(|&w| w > 0 && (w & (w - 1)) == 0);
    let increasing = widths.windows(2).all(|p| p[0] < p[1]);
    if widths.is_empty() || !powers || !increasing {
        return Err(FormatError::Widths {
            widths: widths.to_vec(),
        });
    }
    Ok(())
}

/// One part's arrays: the rows it holds (original row ids), its column
/// indices and values (ELL: `rows x width`, padded with column 0 and value
/// 0; CSR: `indptr` over its rows).
#[derive(Clone, Debug, PartialEq)]
pub struct PartData {
    /// `ell4` or `csr`: the suffix of its axes, buffers and constants.
    pub suffix: String,
    pub rows: Vec<i64>,
    /// The CSR remainder's row pointers (`None` for an ELL part).
    pub indptr: Option<Vec<i64>>,
    pub cols: Vec<i64>,
    /// The stored values, in the order of `cols`.
    pub values: Vec<f64>,
}

/// A matrix as hyb ELL(widths) + CSR parts: the pre-processing.
///
/// Every row is in exactly one part: a row with nonzeros in the narrowest
/// ELL part that holds it (else the CSR remainder), a row without nonzeros in
/// the narrowest ELL part (padded: its part's `T.init` writes its zeros). A
/// part no row falls in gets one padding row that cannot leave a wrong value
/// behind: a copy of a row that fits it (its part then writes that row's
/// exact value, as the row's own part does), or, when no row fits (every row
/// is longer than the part's width, so all sit in later parts), zeros at the
/// first row of the next part that has rows, which runs after it and
/// overwrites the row. The parts run in program order (the interpreter, and
/// the runtime's kernels in sequence on one stream).
pub fn hyb_parts(csr: &Csr, values: &[f64], widths: &[i64]) -> Result<Vec<PartData>, FormatError> {
    check_widths(widths)?;
    if csr.rows == 0 {
        return Err(FormatError::Shape {
            rows: csr.rows,
            cols: csr.cols,
            want_rows: 1,
            want_cols: csr.cols as i64,
        });
    }
    let new_part = |suffix: String, csr_part: bool| PartData {
        suffix,
        rows: Vec::new(),
        indptr: csr_part.then(|| vec![0]),
        cols: Vec::new(),
        values: Vec::new(),
    };
    let mut parts: Vec<PartData> = widths
        .iter()
        .map(|w| new_part(format!("ell{w}"), false))
        .chain([new_part("csr".into(), true)])
        .collect();
    // The part's width: an ELL part's, or None for the remainder.
    let width_of = |i: usize| widths.get(i).map(|&w| w as usize);
    let row_len = |r: usize| csr.row_range(r).len();
    let fits = |i: usize, r: usize| width_of(i).is_none_or(|w| row_len(r) <= w);
    for r in 0..csr.rows {
        let part = (0..parts.len())
            .find(|&i| fits(i, r))
            .unwrap_or(widths.len());
        push_row(&mut parts[part], width_of(part), csr, values, r);
    }
    for i in 0..parts.len() {
        if !parts[i].rows.is_empty() {
            continue;
        }
        match (0..csr.rows).find(|&r| fits(i, r)) {
            Some(r) => push_row(&mut parts[i], width_of(i), csr, values, r),
            None => {
                // Every row is longer than this part's width: all are in
                // later parts, the first of which overwrites this zero row.
                let later = parts[i + 1..]
                    .iter()
                    .find_map(|p| p.rows.first().copied())
                    .unwrap_or(0);
                let w = width_of(i).unwrap_or(1);
                let part = &mut parts[i];
                part.rows.push(later);
                part.cols.extend(std::iter::repeat_n(0, w));
                part.values.extend(std::iter::repeat_n(0.0, w));
                if let Some(ptr) = part.indptr.as_mut() {
                    ptr.push(w as i64);
                }
            }
        }
    }
    Ok(parts)
}

/// Row `r` of `csr` appended to `part` (an ELL part of width `width` padded
/// with column 0 and value 0, or the remainder, which also extends its indptr).
fn push_row(part: &mut PartData, width: Option<usize>, csr: &Csr, values: &[f64], r: usize) {
    let range = csr.row_range(r);
    let len = range.len();
    part.rows.push(r as i64);
    for p in range {
        part.cols.push(csr.indices.get(p).copied().unwrap_or(0));
        part.values.push(values.get(p).copied().unwrap_or(0.0));
    }
    match (part.indptr.as_mut(), width) {
        (Some(ptr), _) => ptr.push(part.cols.len() as i64),
        (None, Some(w)) => {
            part.cols
                .extend(std::iter::repeat_n(0, w.saturating_sub(len)));
            part.values
                .extend(std::iter::repeat_n(0.0, w.saturating_sub(len)));
        }
        (None, None) => {}
    }
}

/// The names the rewrite gives a part's pieces.
struct PartNames {
    outer: String,
    rows_axis: String,
    cols_axis: String,
    rows_const: String,
    nnz_const: String,
    rows_handle: String,
    indptr_handle: String,
    cols_handle: String,
}

fn part_names(row_axis: &str, col_axis: &str, suffix: &str) -> PartNames {
    let upper = suffix.to_uppercase();
    PartNames {
        outer: format!("{row_axis}_{suffix}_o"),
        rows_axis: format!("{row_axis}_{suffix}"),
        cols_axis: format!("{col_axis}_{suffix}"),
        rows_const: format!("ROWS_{upper}"),
        nnz_const: format!("NNZ_{upper}"),
        rows_handle: format!("rows_{suffix}"),
        indptr_handle: format!("indptr_{suffix}"),
        cols_handle: format!("cols_{suffix}"),
    }
}

/// The CSR axis the iteration reduces over and its parent: (J, I).
fn csr_axis<'f>(f: &'f SparseFunc, it: &SpIter) -> Result<(&'f Axis, &'f Axis), FormatError> {
    let found = it.axes.iter().enumerate().find_map(|(p, name)| {
        let axis = f.axis(name)?;
        let AxisKind::SparseVariable { parent, .. } = &axis.kind else {
            return None;
        };
        let parent = f
            .axis(parent)
            .filter(|a| matches!(a.kind, AxisKind::DenseFixed { .. }))?;
        Some((p, axis, parent))
    });
    let Some((p, j, i)) = found else {
        return Err(FormatError::NoCsrAxis {
            name: it.name.clone(),
        });
    };
    if it.kinds.as_bytes().get(p) != Some(&b'R') {
        return Err(FormatError::SpatialCsrAxis {
            axis: j.name.clone(),
            name: it.name.clone(),
        });
    }
    Ok((j, i))
}

/// `sparse_format_decompose` with the hyb rule: iteration `iteration` of `f`
/// rewritten as a zeroing iteration and one iteration per part of `parts`
/// (as `hyb_parts` built them for the matrix).
pub fn decompose_hyb(
    f: &SparseFunc,
    iteration: &str,
    widths: &[i64],
    parts: &[PartData],
) -> Result<SparseFunc, FormatError> {
    check_widths(widths)?;
    if f.iters.len() > 1 {
        return Err(FormatError::AlreadyDecomposed {
            have: f.iteration_names(),
        });
    }
    let Some(it) = f.iteration(iteration) else {
        return Err(FormatError::NoIteration {
            name: iteration.into(),
            have: f.iteration_names(),
        });
    };
    let (j, i) = csr_axis(f, it)?;
    let sparse_buffers: Vec<&SparseBuffer> = f
        .buffers
        .iter()
        .filter(|b| b.axes.contains(&j.name))
        .collect();
    if let Some(b) = it
        .init
        .iter()
        .chain(&it.body)
        .find_map(|s| sparse_buffers.iter().find(|b| b.name == s.buffer))
    {
        return Err(FormatError::WrittenSparseBuffer {
            buffer: b.name.clone(),
            axis: j.name.clone(),
        });
    }
    let mut out = f.clone();
    // The CSR axis, its buffers and their handles are replaced by the parts'.
    let old_handles: Vec<String> = sparse_buffers
        .iter()
        .map(|b| b.handle.clone())
        .chain(j.kind.indptr().map(str::to_string))
        .chain(j.kind.indices().map(str::to_string))
        .collect();
    out.params
        .retain(|p| !matches!(p, Param::Handle(h) if old_handles.contains(h)));
    out.axes.retain(|a| a.name != j.name);
    out.buffers.retain(|b| !b.axes.contains(&j.name));
    check_init(f, it)?;
    out.iters = Vec::new();
    let i_var = it
        .axes
        .iter()
        .position(|a| *a == i.name)
        .map(|p| it.vars[p].clone())
        .unwrap_or_else(|| i.name.to_lowercase());
    let outer_var = fresh(&format!("{i_var}_o"), &it.vars);
    for part in parts {
        let names = part_names(&i.name, &j.name, &part.suffix);
        add_part_decls(&mut out, i, j, part, &names, &sparse_buffers)?;
        out.iters.push(part_iteration(
            it,
            i,
            j,
            &names,
            &part.suffix,
            &outer_var,
            &sparse_buffers,
        ));
    }
    Ok(out)
}

/// A name not among `taken` (the iteration's variables).
fn fresh(base: &str, taken: &[String]) -> String {
    let mut name = base.to_string();
    while taken.contains(&name) {
        name.push('_');
    }
    name
}

/// Each part writes its rows whole (its `T.init` zeroes them): the init
/// must be there, storing at variables of dense_fixed axes.
fn check_init(f: &SparseFunc, it: &SpIter) -> Result<(), FormatError> {
    if it.init.is_empty() {
        return Err(FormatError::NoInit {
            name: it.name.clone(),
        });
    }
    for var in it.init.iter().flat_map(|s| &s.indices) {
        let dense = it
            .vars
            .iter()
            .position(|v| v == var)
            .and_then(|p| f.axis(&it.axes[p]))
            .is_some_and(|a| matches!(a.kind, AxisKind::DenseFixed { .. }));
        if !dense {
            return Err(FormatError::InitIndex {
                name: it.name.clone(),
                var: var.clone(),
            });
        }
    }
    Ok(())
}

/// The part's constants, parameters, axes and buffers.
fn add_part_decls(
    out: &mut SparseFunc,
    i: &Axis,
    j: &Axis,
    part: &PartData,
    n: &PartNames,
    sparse_buffers: &[&SparseBuffer],
) -> Result<(), FormatError> {
    let taken = |name: &str| {
        out.consts.iter().any(|(c, _)| c == name)
            || out.axes.iter().any(|a| a.name == name)
            || out.buffers.iter().any(|b| b.name == name)
            || out
                .params
                .iter()
                .any(|p| matches!(p, Param::Handle(h) | Param::Size(h, _) if h == name))
    };
    let new_names = [
        &n.outer,
        &n.rows_axis,
        &n.cols_axis,
        &n.rows_const,
        &n.rows_handle,
        &n.cols_handle,
    ];
    if let Some(name) = new_names.into_iter().find(|name| taken(name)) {
        return Err(FormatError::NameTaken { name: name.clone() });
    }
    out.consts
        .push((n.rows_const.clone(), part.rows.len() as i64));
    let rows_len = i.kind.length().clone();
    let cols_len = j.kind.length().clone();
    let axis = |name: &str, kind: AxisKind| Axis {
        name: name.to_string(),
        kind,
        idtype: j.idtype.clone(),
        span: j.span,
    };
    out.axes.push(axis(
        &n.outer,
        AxisKind::DenseFixed {
            length: Size::Const(1),
        },
    ));
    out.axes.push(axis(
        &n.rows_axis,
        AxisKind::SparseFixed {
            parent: n.outer.clone(),
            length: rows_len,
            nnz_cols: Size::Name(n.rows_const.clone()),
            indices: n.rows_handle.clone(),
        },
    ));
    let mut handles = vec![n.rows_handle.clone()];
    let cols_kind = match &part.indptr {
        None => AxisKind::SparseFixed {
            parent: n.rows_axis.clone(),
            length: cols_len,
            nnz_cols: Size::Const((part.cols.len() / part.rows.len().max(1)) as i64),
            indices: n.cols_handle.clone(),
        },
        Some(_) => {
            out.consts
                .push((n.nnz_const.clone(), part.cols.len() as i64));
            handles.push(n.indptr_handle.clone());
            AxisKind::SparseVariable {
                parent: n.rows_axis.clone(),
                length: cols_len,
                nnz: Size::Name(n.nnz_const.clone()),
                indptr: n.indptr_handle.clone(),
                indices: n.cols_handle.clone(),
            }
        }
    };
    handles.push(n.cols_handle.clone());
    out.axes.push(axis(&n.cols_axis, cols_kind));
    for b in sparse_buffers {
        let handle = format!("{}_{}", b.handle, part.suffix);
        out.buffers.push(SparseBuffer {
            name: format!("{}_{}", b.name, part.suffix),
            handle: handle.clone(),
            axes: vec![n.outer.clone(), n.rows_axis.clone(), n.cols_axis.clone()],
            dtype: b.dtype.clone(),
            span: b.span,
        });
        handles.push(handle);
    }
    out.params.extend(handles.into_iter().map(Param::Handle));
    Ok(())
}

/// The iteration of one part: the row axis through the part's row map, the
/// CSR axis as the part's columns, the sparse buffers as the part's; the
/// init stays (the part writes its rows whole, so its blocks are a
/// reduction block or a spatial block over a reduction, which bind takes).
fn part_iteration(
    it: &SpIter,
    i: &Axis,
    j: &Axis,
    n: &PartNames,
    suffix: &str,
    outer_var: &str,
    sparse_buffers: &[&SparseBuffer],
) -> SpIter {
    let mut axes = Vec::new();
    let mut vars = Vec::new();
    let mut kinds = String::new();
    for ((axis, var), kind) in it.axes.iter().zip(&it.vars).zip(it.kinds.chars()) {
        if *axis == i.name {
            axes.push(n.outer.clone());
            vars.push(outer_var.to_string());
            kinds.push('S');
            axes.push(n.rows_axis.clone());
        } else if *axis == j.name {
            axes.push(n.cols_axis.clone());
        } else {
            axes.push(axis.clone());
        }
        vars.push(var.clone());
        kinds.push(kind);
    }
    let i_var = it
        .axes
        .iter()
        .position(|a| *a == i.name)
        .map(|p| it.vars[p].clone());
    let body = it
        .body
        .iter()
        .map(|s| Store {
            value: rewrite_loads(
                &s.value,
                sparse_buffers,
                suffix,
                outer_var,
                i_var.as_deref(),
            ),
            ..s.clone()
        })
        .collect();
    SpIter {
        axes,
        kinds,
        name: format!("{}_{suffix}", it.name),
        vars,
        init: it.init.clone(),
        body,
        span: it.span,
    }
}

/// Reads of the CSR axis's buffers become reads of the part's (with the outer variable first).
fn rewrite_loads(
    e: &SExpr,
    sparse_buffers: &[&SparseBuffer],
    suffix: &str,
    outer_var: &str,
    i_var: Option<&str>,
) -> SExpr {
    let again = |x: &SExpr| Box::new(rewrite_loads(x, sparse_buffers, suffix, outer_var, i_var));
    match e {
        SExpr::Load { buffer, indices } if sparse_buffers.iter().any(|b| b.name == *buffer) => {
            let mut new = Vec::with_capacity(indices.len() + 1);
            for v in indices {
                if Some(v.as_str()) == i_var {
                    new.push(outer_var.to_string());
                }
                new.push(v.clone());
            }
            SExpr::Load {
                buffer: format!("{buffer}_{suffix}"),
                indices: new,
            }
        }
        SExpr::Neg(x) => SExpr::Neg(again(x)),
        SExpr::Binary(op, a, b) => SExpr::Binary(*op, again(a), again(b)),
        other => other.clone(),
    }
}

/// The seed of the matrix a decomposition is built for when the step names
/// none: the runtime's default pattern seed (`session::run::build_request`).
pub const DEFAULT_PATTERN_SEED: u64 = 0x7469_7274_7569;

/// The matrix the iteration's CSR axis describes (its sizes from the
/// function's constants), drawn as `lengths` and `seed` say.
pub fn pattern_of(
    f: &SparseFunc,
    iteration: &str,
    lengths: super::csr::RowLengths,
    seed: u64,
) -> Result<Csr, String> {
    if f.iters.len() > 1 {
        return Err(FormatError::AlreadyDecomposed {
            have: f.iteration_names(),
        }
        .to_string());
    }
    let it = f.iteration(iteration).ok_or_else(|| {
        FormatError::NoIteration {
            name: iteration.into(),
            have: f.iteration_names(),
        }
        .to_string()
    })?;
    let (j, i) = csr_axis(f, it).map_err(|e| e.to_string())?;
    let known = |s: &Size, what: &str| {
        f.size_value(s)
            .filter(|v| *v >= 0)
            .map(|v| v as usize)
            .ok_or_else(|| format!("the {what} of the CSR axis `{}` is not a module constant or literal: the decomposition needs the matrix (hint: bind the size)", j.name))
    };
    let nnz = match &j.kind {
        AxisKind::SparseVariable { nnz, .. } => known(nnz, "nonzero count")?,
        _ => 0,
    };
    let spec = super::csr::CsrSpec {
        rows: known(i.kind.length(), "row count")?,
        cols: known(j.kind.length(), "column count")?,
        nnz,
        lengths,
        seed,
    };
    super::csr::generate(&spec).map_err(|e| e.to_string())
}

/// An input array of the lowered decomposed function.
#[derive(Clone, Debug, PartialEq)]
pub enum PartArray {
    Index(Vec<i64>),
    Value(Vec<f64>),
}

/// The lowered decomposed function's part inputs by buffer name
/// (`I_ell4_indices` the rows, `J_ell4_indices` the columns, `J_csr_indptr`,
/// `A_ell4` the values of sparse buffer `A`), for `row_axis` / `col_axis`
/// the decomposed CSR axis's parent and itself.
pub fn lowered_inputs(
    parts: &[PartData],
    row_axis: &str,
    col_axis: &str,
    value_buffer: &str,
) -> Vec<(String, PartArray)> {
    let mut out = Vec::new();
    for p in parts {
        let s = &p.suffix;
        out.push((
            format!("{row_axis}_{s}_indices"),
            PartArray::Index(p.rows.clone()),
        ));
        if let Some(ptr) = &p.indptr {
            out.push((
                format!("{col_axis}_{s}_indptr"),
                PartArray::Index(ptr.clone()),
            ));
        }
        out.push((
            format!("{col_axis}_{s}_indices"),
            PartArray::Index(p.cols.clone()),
        ));
        out.push((
            format!("{value_buffer}_{s}"),
            PartArray::Value(p.values.clone()),
        ));
    }
    out
}

/// The matrix a decomposition's parts were built for, written into the
/// function's `sparse_hyb` attribute so that a run rebuilds the same parts
/// (`rows=4096 cols=4096 nnz=65536 dist=power-law alpha=1.2 seed=7
/// widths=1,2,4 axes=I,J values=A`): the sizes, the generator's row lengths
/// and seed (`csr::generate`, as `pattern_of` draws it), the widths, the
/// decomposed axes (row, CSR) and the sparse buffers the parts split.
#[derive(Clone, Debug, PartialEq)]
pub struct HybSpec {
    pub rows: usize,
    pub cols: usize,
    pub nnz: usize,
    pub lengths: super::csr::RowLengths,
    pub seed: u64,
    pub widths: Vec<i64>,
    pub row_axis: String,
    pub col_axis: String,
    pub values: Vec<String>,
}

impl HybSpec {
    pub fn to_attr(&self) -> String {
        let dist = match self.lengths {
            super::csr::RowLengths::Uniform => "uniform".to_string(),
            super::csr::RowLengths::PowerLaw { alpha } => format!("power-law alpha={alpha}"),
        };
        let widths: Vec<String> = self.widths.iter().map(i64::to_string).collect();
        format!(
            "rows={} cols={} nnz={} dist={dist} seed={} widths={} axes={},{} values={}",
            self.rows,
            self.cols,
            self.nnz,
            self.seed,
            widths.join(","),
            self.row_axis,
            self.col_axis,
            self.values.join(",")
        )
    }

    /// Reads `to_attr`'s text; the error names the field.
    pub fn from_attr(text: &str) -> Result<HybSpec, String> {
        let mut fields = std::collections::BTreeMap::new();
        for item in text.split_whitespace() {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| format!("`sparse_hyb`: `{item}` is not KEY=VALUE"))?;
            fields.insert(k, v);
        }
        let get = |k: &str| {
            fields
                .get(k)
                .copied()
                .ok_or_else(|| format!("`sparse_hyb` has no `{k}`"))
        };
        let num = |k: &str| {
            get(k)?
                .parse::<u64>()
                .map_err(|_| format!("`sparse_hyb`: `{k}` is not a count"))
        };
        let lengths = match get("dist")? {
            "uniform" => super::csr::RowLengths::Uniform,
            "power-law" => super::csr::RowLengths::PowerLaw {
                alpha: get("alpha")?
                    .parse::<f64>()
                    .ok()
                    .filter(|a| a.is_finite() && *a > 0.0)
                    .ok_or("`sparse_hyb`: `alpha` is not a number above 0")?,
            },
            other => return Err(format!("`sparse_hyb`: unknown dist `{other}`")),
        };
        let widths = get("widths")?
            .split(',')
            .map(|w| w.parse::<i64>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| "`sparse_hyb`: `widths` are not integers".to_string())?;
        check_widths(&widths).map_err(|e| e.to_string())?;
        let (row_axis, col_axis) = get("axes")?
            .split_once(',')
            .ok_or("`sparse_hyb`: `axes` is not ROW,COL")?;
        let values: Vec<String> = get("values")?.split(',').map(str::to_string).collect();
        let size = |k: &str| usize::try_from(num(k)?).map_err(|e| e.to_string());
        Ok(HybSpec {
            rows: size("rows")?,
            cols: size("cols")?,
            nnz: size("nnz")?,
            lengths,
            seed: num("seed")?,
            widths,
            row_axis: row_axis.to_string(),
            col_axis: col_axis.to_string(),
            values,
        })
    }

    /// The parts' suffixes, in program order (`ell1`, ..., `csr`).
    pub fn suffixes(&self) -> Vec<String> {
        self.widths
            .iter()
            .map(|w| format!("ell{w}"))
            .chain(["csr".to_string()])
            .collect()
    }

    /// The axes the decomposition made (row maps, their outer axes, columns).
    pub fn part_axes(&self) -> Vec<String> {
        self.suffixes()
            .iter()
            .flat_map(|s| {
                let n = part_names(&self.row_axis, &self.col_axis, s);
                [n.outer, n.rows_axis, n.cols_axis]
            })
            .collect()
    }

    /// The lowered function's part arrays, as `lowered_inputs` names them
    /// (every value buffer's, each part's indices first).
    pub fn array_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for s in self.suffixes() {
            names.push(format!("{}_{s}_indices", self.row_axis));
            if s == "csr" {
                names.push(format!("{}_{s}_indptr", self.col_axis));
            }
            names.push(format!("{}_{s}_indices", self.col_axis));
            names.extend(self.values.iter().map(|v| format!("{v}_{s}")));
        }
        names
    }

    /// The matrix: the same generator call as `pattern_of`.
    pub fn matrix(&self) -> Result<Csr, String> {
        super::csr::generate(&super::csr::CsrSpec {
            rows: self.rows,
            cols: self.cols,
            nnz: self.nnz,
            lengths: self.lengths,
            seed: self.seed,
        })
        .map_err(|e| e.to_string())
    }
}

/// The spec of the matrix `pattern_of` draws for `iteration` of `f`.
pub fn hyb_spec(
    f: &SparseFunc,
    iteration: &str,
    csr: &Csr,
    lengths: super::csr::RowLengths,
    seed: u64,
    widths: &[i64],
) -> Result<HybSpec, FormatError> {
    let Some(it) = f.iteration(iteration) else {
        return Err(FormatError::NoIteration {
            name: iteration.into(),
            have: f.iteration_names(),
        });
    };
    let (j, i) = csr_axis(f, it)?;
    Ok(HybSpec {
        rows: csr.rows,
        cols: csr.cols,
        nnz: csr.nnz(),
        lengths,
        seed,
        widths: widths.to_vec(),
        row_axis: i.name.clone(),
        col_axis: j.name.clone(),
        values: f
            .buffers
            .iter()
            .filter(|b| b.axes.contains(&j.name))
            .map(|b| b.name.clone())
            .collect(),
    })
}
