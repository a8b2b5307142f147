//! `--sparse` (`tirtui replay S --run --sparse density=0.01,dist=power-law`):
//! what matrix a run of a SparseTIR workload gets. Module constants resize
//! the workload (`M=8192,F=256`), `density` / `nnz` set the CSR axis's
//! nonzero count, `dist` / `alpha` / `seed` say how the runtime draws the
//! pattern (`csr::generate`).

use super::csr::RowLengths;
use super::{parse, print, AxisKind, Size, SparseFunc};

/// The power-law exponent when `dist=power-law` gives none (like the degree
/// distributions of citation and social graphs).
pub const DEFAULT_ALPHA: f64 = 1.2;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct SparseOptions {
    /// Module constants set to new values, in the order given.
    pub consts: Vec<(String, i64)>,
    /// Nonzeros as a fraction of rows x columns.
    pub density: Option<f64>,
    pub nnz: Option<i64>,
    /// Row lengths; `None`: not given (uniform, or a decomposition's own).
    pub lengths: Option<RowLengths>,
    /// The pattern's seed; `None`: from the run's seed.
    pub seed: Option<u64>,
}

/// Reads `KEY=VALUE[,KEY=VALUE...]`: `density`, `nnz`, `dist`
/// (`uniform` | `power-law`), `alpha`, `seed`, and module constants by name.
pub fn parse_options(arg: &str) -> Result<SparseOptions, String> {
    let mut o = SparseOptions::default();
    let mut dist: Option<&str> = None;
    let mut alpha: Option<f64> = None;
    for item in arg.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) = item
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| format!("`{item}` is not KEY=VALUE (e.g. density=0.01)"))?;
        let number = |what: &str| format!("`{key}={value}`: {what}");
        match key {
            "density" => {
                let d: f64 = value.parse().map_err(|_| number("not a number"))?;
                if !(d > 0.0 && d <= 1.0) {
                    return Err(number("a density is above 0 and at most 1"));
                }
                o.density = Some(d);
            }
            "nnz" => o.nnz = Some(value.parse().map_err(|_| number("not an integer"))?),
            "dist" => match value {
                "uniform" | "power-law" => {
                    dist = Some(if value == "uniform" {
                        "uniform"
                    } else {
                        "power-law"
                    })
                }
                _ => return Err(number("the distributions are `uniform` and `power-law`")),
            },
            "alpha" => {
                let a: f64 = value.parse().map_err(|_| number("not a number"))?;
                if !(a.is_finite() && a > 0.0) {
                    return Err(number("a power-law exponent is above 0"));
                }
                alpha = Some(a);
            }
            "seed" => {
                o.seed = Some(
                    value
                        .parse()
                        .map_err(|_| number("not an unsigned integer"))?,
                )
            }
            name => {
                let v: i64 = value
                    .parse()
                    .map_err(|_| number("a module constant takes an integer"))?;
                if v <= 0 {
                    return Err(number("a size is positive"));
                }
                o.consts.push((name.to_string(), v));
            }
        }
    }
    if o.density.is_some() && o.nnz.is_some() {
        return Err("give `density` or `nnz`, not both".into());
    }
    o.lengths = match (dist, alpha) {
        (Some("power-law"), a) => Some(RowLengths::PowerLaw {
            alpha: a.unwrap_or(DEFAULT_ALPHA),
        }),
        (_, Some(_)) => return Err("`alpha` is the exponent of `dist=power-law`".into()),
        (Some(_), None) => Some(RowLengths::Uniform),
        (None, None) => None,
    };
    Ok(o)
}

/// The workload text with `o`'s sizes: constants replaced, the CSR axis's
/// nonzero constant set from `density` or `nnz`; printed as `print` does.
pub fn resize_source(src: &str, o: &SparseOptions) -> Result<String, String> {
    let mut f = parse(src)
        .map_err(|e| format!("the workload does not read as SparseTIR: {}", e.message))?;
    for (name, value) in &o.consts {
        let known: Vec<String> = f.consts.iter().map(|(n, _)| n.clone()).collect();
        let Some(slot) = f.consts.iter_mut().find(|(n, _)| n == name) else {
            return Err(format!(
                "`{name}` is not a module constant of the workload (it has {})",
                known.join(", ")
            ));
        };
        slot.1 = *value;
    }
    let nnz = match (o.density, o.nnz) {
        (Some(d), _) => {
            let (rows, cols) = csr_shape(&f)?;
            // In floating point: rows x cols may pass 64 bits (a `usize`
            // product would wrap into a wrong nonzero count).
            let n = (d * (rows as f64 * cols as f64)).round().max(1.0);
            if n >= i64::MAX as f64 {
                return Err(format!(
                    "density {d} of a {rows} x {cols} matrix is {n:e} nonzeros, more than a size can hold"
                ));
            }
            Some(n as i64)
        }
        (None, n) => n,
    };
    if let Some(nnz) = nnz {
        let (rows, cols) = csr_shape(&f)?;
        if nnz < 1 || nnz > rows.saturating_mul(cols) {
            return Err(format!(
                "{nnz} nonzeros do not fit a {rows} x {cols} matrix"
            ));
        }
        let name = csr_nnz_const(&f)?;
        if let Some(slot) = f.consts.iter_mut().find(|(n, _)| *n == name) {
            slot.1 = nnz;
        }
    }
    check_index_types(&f)?;
    Ok(print(&f))
}

/// Every axis's sizes fit its index type: an `int32` axis's coordinates, and
/// the row pointers of a variable axis (which count up to its nonzeros),
/// hold at most `i32::MAX`; past it the kernel's indices would wrap.
fn check_index_types(f: &SparseFunc) -> Result<(), String> {
    for axis in &f.axes {
        let max = match axis.idtype.as_str() {
            "int32" => i64::from(i32::MAX),
            "int16" => i64::from(i16::MAX),
            "int8" => i64::from(i8::MAX),
            _ => continue,
        };
        let mut sizes = vec![("length", axis.kind.length())];
        match &axis.kind {
            AxisKind::SparseVariable { nnz, .. } | AxisKind::DenseVariable { nnz, .. } => {
                sizes.push(("nonzero count", nnz))
            }
            AxisKind::SparseFixed { nnz_cols, .. } => sizes.push(("stored columns", nnz_cols)),
            AxisKind::DenseFixed { .. } => {}
        }
        for (what, size) in sizes {
            if let Some(v) = f.size_value(size).filter(|v| *v > max) {
                return Err(format!(
                    "the axis `{}` has {what} {v}, past its index type {} (at most {max}): its coordinates and row pointers would wrap (declare the axis \"int64\" or give a smaller size)",
                    axis.name, axis.idtype
                ));
            }
        }
    }
    Ok(())
}

/// The one CSR (`sparse_variable`) axis's rows and columns.
fn csr_shape(f: &SparseFunc) -> Result<(i64, i64), String> {
    let (parent, length) = csr_axis(f)?;
    let rows = f
        .axis(parent)
        .and_then(|p| f.size_value(p.kind.length()))
        .ok_or_else(|| {
            format!("the row count of `{parent}` is not a module constant or literal")
        })?;
    let cols = f.size_value(length).ok_or_else(|| {
        "the CSR axis's column count is not a module constant or literal".to_string()
    })?;
    Ok((rows, cols))
}

fn csr_axis(f: &SparseFunc) -> Result<(&str, &Size), String> {
    let mut found = f.axes.iter().filter_map(|a| match &a.kind {
        AxisKind::SparseVariable { parent, length, .. } => Some((parent.as_str(), length)),
        _ => None,
    });
    match (found.next(), found.next()) {
        (Some(axis), None) => Ok(axis),
        (None, _) => Err("`density` / `nnz` set a CSR (`T.sparse_variable`) axis's nonzeros; the workload has none".into()),
        (Some(_), Some(_)) => Err("the workload has several CSR axes: set their nonzero constants by name".into()),
    }
}

/// The module constant holding the CSR axis's nonzero count.
fn csr_nnz_const(f: &SparseFunc) -> Result<String, String> {
    let nnz = f.axes.iter().find_map(|a| match &a.kind {
        AxisKind::SparseVariable { nnz, .. } => Some(nnz),
        _ => None,
    });
    match nnz {
        Some(Size::Name(n)) if f.consts.iter().any(|(c, _)| c == n) => Ok(n.clone()),
        _ => Err("the CSR axis's nonzero count is not a module constant (write `NNZ = 65536` above the function and use it)".into()),
    }
}
