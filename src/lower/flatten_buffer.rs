//! FlattenBuffer: multi-dimensional accesses become one row-major index,
//! honouring explicit strides, `elem_offset` and `storage_align` padding.
//! Allocated buffers get a one-dimensional shape (their size in elements);
//! parameters keep their declared shape, which the kernel arguments report.
//!
//! TVM: src/tir/transforms/flatten_buffer.cc (strides as in Buffer::GetFlattenedBuffer).
//!
//! Invariant: works on `lir`; after it every access has exactly one index.

use super::lir::{rewrite_accesses, LStmt, Lowered};
use super::simplify::simplify_owned;
use super::swizzle_layout;
use super::LowerError;
use crate::arith::VarRanges;
use crate::ir::{Buffer, Expr, Intrinsic};

/// Element strides of a buffer, outermost first.
/// Row-major unless the buffer gives one stride per axis (`axis_strides`).
pub fn strides(buf: &Buffer) -> Vec<Expr> {
    if let Some(given) = buf.axis_strides() {
        return given.to_vec();
    }
    let n = buf.shape.len();
    let mut out = vec![Expr::int(1); n];
    let mut stride = Expr::int(1);
    for i in (0..n).rev() {
        if i + 1 < n {
            stride = mul(stride, buf.shape[i + 1].clone());
        }
        let align = buf.axis_align.iter().find(|(axis, _, _)| *axis == i);
        if let (Some(&(_, factor, offset)), Some(s)) = (align, stride.as_int()) {
            // Saturating: `run` refuses a buffer whose padded size overflows.
            stride = Expr::int(aligned_stride(s, factor, offset).unwrap_or(i64::MAX));
        }
        out[i] = stride.clone();
    }
    out
}

/// `s` padded so that `s % factor == offset % factor` (`storage_align`);
/// `None` when that overflows i64.
pub fn aligned_stride(s: i64, factor: i64, offset: i64) -> Option<i64> {
    if factor <= 0 {
        return Some(s);
    }
    let want = offset.rem_euclid(factor);
    let pad = (want - s.rem_euclid(factor)).rem_euclid(factor);
    s.checked_add(pad)
}

fn mul(a: Expr, b: Expr) -> Expr {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => Expr::int(x.saturating_mul(y)),
        (Some(1), None) => b,
        (None, Some(1)) => a,
        _ => Expr::mul(a, b),
    }
}

/// Number of elements an allocation of `buf` needs.
pub fn alloc_size(buf: &Buffer) -> Option<i64> {
    if buf.shape.is_empty() {
        return Some(1);
    }
    let st = strides(buf);
    let outer = buf.shape[0].as_int()?.checked_mul(st[0].as_int()?)?;
    // Explicit strides may be smaller outside than inside (column-major).
    let mut last = 0i64;
    for (d, s) in buf.shape.iter().zip(&st) {
        last = last.checked_add((d.as_int()? - 1).checked_mul(s.as_int()?)?)?;
    }
    Some(outer.max(last.checked_add(1)?))
}

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    let all_strides: Vec<Vec<Expr>> = f.buffers.iter().map(strides).collect();
    let offsets: Vec<Option<Expr>> = f.buffers.iter().map(|b| b.elem_offset.clone()).collect();
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    append_wmma_ldm(&mut body, &all_strides);
    append_wgmma_strides(&mut body, &f, &all_strides)?;
    let wmma_tiles: Vec<Option<Vec<Expr>>> = f.buffers.iter().map(tile_strides).collect();
    let swizzles = f
        .buffers
        .iter()
        .zip(&all_strides)
        .map(|(b, st)| swizzle_layout::plan(b, st))
        .collect::<Result<Vec<_>, _>>()?;
    refuse_swizzled_tile_operands(&body, &f, &swizzles)?;
    let ctx = f.type_ctx();
    let no_ranges = VarRanges::new();
    rewrite_accesses(&mut body, &mut |b, idx: &mut Vec<Expr>| {
        if let Some(ts) = &wmma_tiles[b.0 as usize] {
            *idx = vec![tile_index(std::mem::take(idx), ts)];
            return b;
        }
        let st = &all_strides[b.0 as usize];
        if let Some(plan) = &swizzles[b.0 as usize] {
            // A row on the pattern's first row keeps its chunks in place
            // (a wgmma operand's start, checked in append_wgmma_strides).
            let xor = simplify_owned(ctx, plan.xor_term(plan.row_index(idx, st)), &no_ranges);
            if xor.as_int() != Some(0) {
                if let Some(j) = idx.last_mut() {
                    *j = plan.swizzle_column(std::mem::replace(j, Expr::int(0)), xor);
                }
            }
        }
        let mut flat: Option<Expr> = offsets[b.0 as usize].clone();
        for (i, e) in idx.drain(..).enumerate() {
            let term = mul(e, st.get(i).cloned().unwrap_or(Expr::int(1)));
            flat = Some(match flat {
                None => term,
                Some(acc) => Expr::add(acc, term),
            });
        }
        // Normalised right away, so the program reads as an affine sum.
        let flat = flat.unwrap_or(Expr::int(0));
        *idx = vec![simplify_owned(ctx, flat, &no_ranges)];
        b
    });
    // Allocated buffers become flat arrays of their size, each once: a
    // software pipeline's prologue, steady state and epilogue allocate the
    // same buffer several times, and a fragment buffer's size (counted in
    // tiles) must not be divided again.
    let mut allocated = Vec::new();
    body.visit(&mut |s| {
        if let LStmt::Alloc(a) = s {
            if !allocated.contains(&a.buffer) {
                allocated.push(a.buffer);
            }
        }
    });
    record_version_strides(&mut f);
    for b in allocated {
        let buf = &f.buffers[b.0 as usize];
        let overflow = alloc_size(buf).is_none_or(|n| n == i64::MAX)
            && buf.const_shape().is_some()
            && !buf.axis_align.is_empty();
        if overflow {
            return Err(LowerError::Unsupported {
                what: format!(
                    "storage_align on {} pads its strides past 64 bits (factor {}): use a factor smaller than the buffer",
                    buf.name,
                    buf.axis_align.iter().map(|a| a.1).max().unwrap_or(0)
                ),
            });
        }
        let Some(size) = alloc_size(buf) else {
            return Err(LowerError::NonConstantAlloc {
                buffer: buf.name.clone(),
                shape: buf
                    .shape
                    .iter()
                    .map(|e| f.expr(e))
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        };
        let buf = &mut f.buffers[b.0 as usize];
        // A fragment buffer holds one fragment per 16x16 tile.
        let size = if buf.scope.is_wmma() {
            size / TILE_ELEMS
        } else {
            size
        };
        buf.shape = vec![Expr::int(size)];
        buf.strides.clear();
        buf.axis_align.clear();
        buf.elem_offset = None;
    }
    f.body = body;
    Ok(f)
}

/// A call that reads or writes a whole tile from its start and a row
/// stride (`load_matrix_sync`, `store_matrix_sync`, `mma_store`, wgmma's
/// store) addresses the rows after the first unswizzled: on a swizzled
/// buffer it would read or write other elements than the copies did.
/// Only the swizzle of the access's own index is applied, so such an
/// operand is refused (ldmatrix names each lane's 16-byte row, which the
/// swizzle keeps whole; a `_sw128` wgmma's descriptors swizzle).
fn refuse_swizzled_tile_operands(
    body: &LStmt,
    f: &Lowered,
    swizzles: &[Option<swizzle_layout::SwizzlePlan>],
) -> Result<(), LowerError> {
    let mut res = Ok(());
    body.visit(&mut |s| {
        let LStmt::Evaluate(Expr::Call(call, args)) = s else {
            return;
        };
        let (name, mem) = match call {
            Intrinsic::WmmaLoad => ("load_matrix_sync", 1),
            Intrinsic::WmmaStore | Intrinsic::MmaStore | Intrinsic::WgmmaStore => {
                ("a fragment store (store_matrix_sync / mma_store / wgmma store)", 1)
            }
            _ => return,
        };
        let Some(Expr::Load(b, _)) = args.get(mem) else {
            return;
        };
        if res.is_ok() && swizzles.get(b.0 as usize).is_some_and(Option::is_some) {
            let buf = f.buffer(*b);
            res = Err(LowerError::Unsupported {
                what: format!(
                    "{} has a {}-byte swizzle (buffer_swizzle) but {name} addresses its tile's rows from the first with a plain row stride, which would read the swizzled rows out of place: remove the annotation, or read the tile with ldmatrix (mma_ldmatrix_*) or a _sw128 wgmma",
                    buf.name, buf.swizzle_bytes
                ),
            });
        }
    });
    res
}

/// The element stride of each pipeline version index: a buffer versioned by
/// nested pipelines has the outer one's (added last) as its first index.
fn record_version_strides(f: &mut Lowered) {
    let n = f.pipeline_versions.len();
    for j in 0..n {
        let b = f.pipeline_versions[j].buffer;
        let buf = f.buffer(b);
        let later = f.pipeline_versions[j + 1..]
            .iter()
            .filter(|p| p.buffer == b)
            .count();
        let stride = if buf.scope.is_wmma() {
            None
        } else {
            strides(buf).get(later).and_then(Expr::as_int)
        };
        f.pipeline_versions[j].stride = stride.unwrap_or(0);
    }
}

/// Rows and columns of one WMMA fragment tile.
const TILE: i64 = crate::schedule::tensor_intrin::wmma::M;
const TILE_ELEMS: i64 = TILE * TILE;

/// For a `wmma.*` buffer, the strides of its tile grid (the last two
/// dimensions counted in 16x16 tiles), outermost first; `None` otherwise.
fn tile_strides(buf: &Buffer) -> Option<Vec<Expr>> {
    if !buf.scope.is_wmma() {
        return None;
    }
    let rank = buf.shape.len();
    let dims: Vec<Expr> = buf
        .shape
        .iter()
        .enumerate()
        .map(|(i, d)| {
            if i + 2 >= rank {
                Expr::floordiv(d.clone(), Expr::int(TILE))
            } else {
                d.clone()
            }
        })
        .collect();
    let mut st = vec![Expr::int(1); rank];
    for i in (0..rank.saturating_sub(1)).rev() {
        st[i] = mul(st[i + 1].clone(), dims[i + 1].clone());
    }
    Some(st)
}

/// The fragment an access at the base of a tile names.
fn tile_index(idx: Vec<Expr>, strides: &[Expr]) -> Expr {
    let rank = idx.len();
    let mut flat = Expr::int(0);
    for (i, e) in idx.into_iter().enumerate() {
        let e = if i + 2 >= rank {
            Expr::floordiv(e, Expr::int(TILE))
        } else {
            e
        };
        flat = Expr::add(
            flat,
            mul(e, strides.get(i).cloned().unwrap_or(Expr::int(1))),
        );
    }
    flat
}

/// A wgmma reads A and B through descriptors: each operand is a buffer of
/// 8x8 core matrices (`[.., r // 8, c // 8, 8, 8]`, 16 contiguous bytes a
/// row), and the element strides of its two core-matrix axes (now fixed)
/// are appended as the call's `(a_outer, a_inner, b_outer, b_inner)`. A
/// layout the descriptors cannot name (rows not contiguous, strides not
/// constant) is refused here, where the strides are known.
fn append_wgmma_strides(
    body: &mut LStmt,
    f: &Lowered,
    all_strides: &[Vec<Expr>],
) -> Result<(), LowerError> {
    let mut res = Ok(());
    body.visit_mut(&mut |s| {
        let LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaMma, args)) = s else {
            return;
        };
        if res.is_err() {
            return;
        }
        if args.len() == 5 {
            res = append_swizzled_strides(args, f, all_strides);
            return;
        }
        if args.len() != 4 {
            return;
        }
        let mut extra = Vec::new();
        for i in [1, 2] {
            let Some(Expr::Load(b, _)) = args.get(i) else {
                continue;
            };
            let st: Vec<Option<i64>> = all_strides[b.0 as usize].iter().map(Expr::as_int).collect();
            let n = st.len();
            // A core-matrix row is 16 bytes: 8 halves, or 16 int8.
            let row = 16 / f.buffer(*b).dtype.bytes().max(1) as i64;
            let core = n >= 4 && st[n - 1] == Some(1) && st[n - 2] == Some(row);
            match (core, n.checked_sub(4).map(|k| (st[k], st[k + 1]))) {
                (true, Some((Some(outer), Some(inner)))) => {
                    extra.push(Expr::int(outer));
                    extra.push(Expr::int(inner));
                }
                _ => {
                    res = Err(LowerError::Unsupported {
                        what: format!(
                            "the wgmma operand {} has strides [{}]; a wgmma reads shared tiles of 8x8 core matrices (8 rows of 16 bytes; 8x16 for int8): lay the shared buffer out with transform_layout(lambda r, c: (r // 8, c // 8, r % 8, c % 8)) for 16-bit elements, (r // 8, c // 16, r % 8, c % 16) for int8, without storage_align on its last two axes",
                            f.buffer(*b).name,
                            all_strides[b.0 as usize].iter().map(|e| f.expr(e)).collect::<Vec<_>>().join(", ")
                        ),
                    });
                    return;
                }
            }
        }
        args.extend(extra);
    });
    res
}

/// A `_sw128` wgmma's operands are tiles of 128-byte swizzled rows
/// (`swizzle_layout`): A `[.., m, 64]` (K-major: 8-row groups SBO = 8 rows
/// apart, LBO unused: one 16-byte unit), B `[.., n // 64, k, 64]` (N-major:
/// 64-column panels LBO apart, 8-row groups of k SBO apart). The call's
/// `(acc, a, b, n, 128)` becomes `(acc, a, b, n, a_sbo, a_lbo, b_lbo, b_sbo,
/// 128)` in elements, as the unswizzled form's four strides are read.
fn append_swizzled_strides(
    args: &mut Vec<Expr>,
    f: &Lowered,
    all_strides: &[Vec<Expr>],
) -> Result<(), LowerError> {
    // s8 operands are both K-major (no transpose for 8-bit types): B is
    // read as A is, rows of 128 int8 with no panels.
    let s8 = matches!(args.get(1), Some(Expr::Load(b, _)) if f.buffer(*b).dtype.bytes() == 1);
    let (row, bytes) = if s8 {
        (crate::schedule::tensor_intrin::wgmma::SW128_ROW_S8, 1)
    } else {
        (crate::schedule::tensor_intrin::wgmma::SW128_ROW, 2)
    };
    let mut extra = Vec::new();
    for (i, what) in [(1, "A"), (2, "B")] {
        let Some(Expr::Load(b, idx)) = args.get(i) else {
            continue;
        };
        let buf = f.buffer(*b);
        let st: Vec<Option<i64>> = all_strides[b.0 as usize].iter().map(Expr::as_int).collect();
        let refuse = |why: String| LowerError::Unsupported {
            what: format!("the wgmma_*_sw128 operand {what} ({}) {why}", buf.name),
        };
        if buf.swizzle_bytes != 128 || buf.dtype.bytes() != bytes {
            return Err(refuse(format!(
                "is not a {}-bit tile with 128-byte swizzled rows (its swizzle: {} bytes): annotate the block that writes it with buffer_swizzle: 128",
                8 * bytes,
                buf.swizzle_bytes
            )));
        }
        let n = st.len();
        let rows_ok = n >= 2 && st[n - 1] == Some(1) && st[n - 2] == Some(row);
        let panel = if i == 2 && !s8 {
            n.checked_sub(3).and_then(|k| st[k])
        } else {
            Some(0)
        };
        let Some(panel) = panel.filter(|_| rows_ok) else {
            return Err(refuse(format!(
                "has strides [{}]; it needs rows of {row} elements{}",
                all_strides[b.0 as usize]
                    .iter()
                    .map(|e| f.expr(e))
                    .collect::<Vec<_>>()
                    .join(", "),
                if i == 2 && !s8 {
                    " in panels (transform_layout lambda k, n: (n // 64, k, n % 64))"
                } else {
                    ""
                }
            )));
        };
        // The descriptor names the unswizzled start: it must lie on the
        // pattern's first row, where swizzling moves nothing.
        if let Ok(Some(plan)) = super::swizzle_layout::plan(buf, &all_strides[b.0 as usize]) {
            let xor = simplify_owned(
                f.type_ctx(),
                plan.xor_term(plan.row_index(idx, &all_strides[b.0 as usize])),
                &VarRanges::new(),
            );
            if xor.as_int() != Some(0) {
                return Err(refuse(format!(
                    "starts on a row that is not a multiple of 8 ({}): a descriptor's swizzle pattern starts on an 8-row group",
                    f.expr(&xor)
                )));
            }
        }
        let group = 8 * row;
        // K-major: (SBO, LBO) = (8 rows, one 16-byte unit, unused).
        if i == 1 || s8 {
            extra.extend([Expr::int(group), Expr::int(16 / bytes as i64)]);
        } else {
            extra.extend([Expr::int(panel), Expr::int(group)]);
        }
    }
    if extra.len() != 4 {
        return Ok(());
    }
    let swizzle = args.pop().unwrap_or(Expr::int(128));
    args.extend(extra);
    args.push(swizzle);
    Ok(())
}

/// `load_matrix_sync`/`store_matrix_sync`/`mma_store` take the memory operand's row
/// stride (`ldm`): the stride of its second-to-last dimension, known only
/// now that compaction and `storage_align` have fixed the buffer's layout.
fn append_wmma_ldm(body: &mut LStmt, all_strides: &[Vec<Expr>]) {
    body.visit_mut(&mut |s| {
        if let LStmt::Evaluate(Expr::Call(f, args)) = s {
            let mem = match f {
                Intrinsic::WmmaLoad if args.len() == 3 => 1,
                Intrinsic::WmmaStore if args.len() == 2 => 1,
                Intrinsic::MmaStore if args.len() == 3 => 1,
                Intrinsic::WgmmaStore if args.len() == 4 => 1,
                _ => return,
            };
            if let Some(Expr::Load(b, _)) = args.get(mem) {
                let st = &all_strides[b.0 as usize];
                let ldm = st
                    .len()
                    .checked_sub(2)
                    .and_then(|i| st.get(i).cloned())
                    .unwrap_or(Expr::int(1));
                args.push(ldm);
            }
        }
    });
}
