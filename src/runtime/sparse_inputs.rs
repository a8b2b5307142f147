//! The inputs of a hyb-decomposed SparseTIR workload (issue 33): the part
//! arrays (`I_ell4_indices`, `J_ell4_indices`, `A_ell4`, ..., `J_csr_indptr`)
//! built on the host from the one CSR matrix the decomposition was made for.
//!
//! The decomposed function's `sparse_hyb` attribute names that matrix (sizes,
//! row lengths, seed, widths: `sparse::format::HybSpec`); the worker draws it
//! with the same generator, gives each nonzero a random value of the value
//! buffer's dtype, and splits it with `format::hyb_parts` (the pre-processing).
//! The part sizes are module constants of the kernel: an array whose length
//! differs from its kernel argument's (a kernel decomposed for another
//! matrix) refuses the run, since a shorter argument would be read out of
//! bounds on the GPU.

use super::data::{decode, random_bytes, ArgLayout};
use super::error::RuntimeError;
use super::request::HybInput;
use crate::ir::DataType;
use crate::sparse::format::{hyb_parts, lowered_inputs, HybSpec, PartArray};

/// The part arrays of `spec`'s matrix by buffer name, each value buffer's
/// nonzeros drawn from `seed` in `dtypes` (one per `spec.values`).
pub fn hyb_arrays(
    spec: &HybSpec,
    dtypes: &[DataType],
    seed: u64,
) -> Result<Vec<(String, PartArray)>, String> {
    let matrix = spec.matrix()?;
    let nnz = matrix.nnz();
    let mut out: Vec<(String, PartArray)> = Vec::new();
    for (n, (value, &dtype)) in spec.values.iter().zip(dtypes).enumerate() {
        // Values the dtype holds exactly, as the other inputs' (`random_bytes`).
        let layout = ArgLayout {
            dtype,
            elements: nnz,
            bytes: nnz * dtype.bytes(),
        };
        let values = decode(dtype, &random_bytes(layout, seed, 0x5ba5e + n));
        let parts = hyb_parts(&matrix, &values, &spec.widths).map_err(|e| e.to_string())?;
        for (name, array) in lowered_inputs(&parts, &spec.row_axis, &spec.col_axis, value) {
            if !out.iter().any(|(have, _)| *have == name) {
                out.push((name, array));
            }
        }
    }
    Ok(out)
}

/// Fills the part arguments `hyb` names in `inputs` (entry `n` of the
/// request's CSR inputs, for the messages).
pub(super) fn fill_hyb(
    layouts: &[ArgLayout],
    inputs: &mut [Option<Vec<u8>>],
    hyb: &HybInput,
    seed: u64,
    n: usize,
) -> Result<(), RuntimeError> {
    let bad = |why: String| RuntimeError::InvalidRequest(format!("hyb input {n}: {why}"));
    let spec = HybSpec::from_attr(&hyb.spec).map_err(&bad)?;
    let position = |name: &str| {
        hyb.arrays
            .iter()
            .find(|(have, _)| have == name)
            .map(|&(_, at)| at)
            .filter(|&at| at < layouts.len())
            .ok_or_else(|| bad(format!("no kernel argument for the part array `{name}`")))
    };
    let first = spec.suffixes().into_iter().next().unwrap_or_default();
    let dtypes = spec
        .values
        .iter()
        .map(|v| position(&format!("{v}_{first}")).map(|at| layouts[at].dtype))
        .collect::<Result<Vec<_>, _>>()?;
    let arrays = hyb_arrays(&spec, &dtypes, seed).map_err(&bad)?;
    if arrays.len() != hyb.arrays.len() {
        return Err(bad(format!(
            "the request names {} part arrays, the decomposition makes {}",
            hyb.arrays.len(),
            arrays.len()
        )));
    }
    for (name, array) in arrays {
        let at = position(&name)?;
        let layout = layouts[at];
        let len = match &array {
            PartArray::Index(v) => v.len(),
            PartArray::Value(v) => v.len(),
        };
        if len != layout.elements {
            return Err(bad(format!(
                "the matrix's `{name}` has {len} entries, the kernel's argument {}: the kernel was decomposed for another matrix (its part sizes are module constants), and running it would read out of bounds (hint: replay the session for this matrix: its `sparse_format_decompose` step's sizes, dist and seed)",
                layout.elements
            )));
        }
        let bytes = match array {
            PartArray::Index(v) => index_bytes(layout.dtype, &v),
            PartArray::Value(v) => value_bytes(layout.dtype, &v),
        };
        inputs[at] = Some(bytes.map_err(|why| bad(format!("`{name}`: {why}")))?);
    }
    Ok(())
}

fn index_bytes(dtype: DataType, values: &[i64]) -> Result<Vec<u8>, String> {
    match dtype {
        DataType::I32 => values
            .iter()
            .map(|&v| i32::try_from(v).map(i32::to_le_bytes))
            .collect::<Result<Vec<_>, _>>()
            .map(|v| v.concat())
            .map_err(|_| "an index does not fit int32".to_string()),
        DataType::I64 => Ok(values.iter().flat_map(|v| v.to_le_bytes()).collect()),
        other => Err(format!("an index array of {other}, not int32 or int64")),
    }
}

fn value_bytes(dtype: DataType, values: &[f64]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(values.len() * dtype.bytes());
    for &v in values {
        match dtype {
            DataType::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
            DataType::F64 => out.extend_from_slice(&v.to_le_bytes()),
            DataType::F16 => out.extend_from_slice(&half::f16::from_f64(v).to_bits().to_le_bytes()),
            DataType::BF16 => {
                out.extend_from_slice(&half::bf16::from_f64(v).to_bits().to_le_bytes())
            }
            other => return Err(format!("values of {other}: hyb parts take float values")),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sparse::csr::RowLengths;

    fn spec(rows: usize, nnz: usize) -> HybSpec {
        HybSpec {
            rows,
            cols: 32,
            nnz,
            lengths: RowLengths::PowerLaw { alpha: 1.2 },
            seed: 7,
            widths: vec![1, 4],
            row_axis: "I".into(),
            col_axis: "J".into(),
            values: vec!["A".into()],
        }
    }

    fn layouts_of(arrays: &[(String, PartArray)]) -> Vec<ArgLayout> {
        arrays
            .iter()
            .map(|(_, a)| match a {
                PartArray::Index(v) => ArgLayout {
                    dtype: DataType::I32,
                    elements: v.len(),
                    bytes: v.len() * 4,
                },
                PartArray::Value(v) => ArgLayout {
                    dtype: DataType::F32,
                    elements: v.len(),
                    bytes: v.len() * 4,
                },
            })
            .collect()
    }

    #[test]
    fn fills_every_part_array_with_the_matrix_parts() {
        let s = spec(16, 60);
        let arrays = hyb_arrays(&s, &[DataType::F32], 3).unwrap();
        let names: Vec<String> = arrays.iter().map(|(n, _)| n.clone()).collect();
        assert_eq!(names, s.array_names());
        let layouts = layouts_of(&arrays);
        let hyb = HybInput {
            spec: s.to_attr(),
            arrays: names.iter().cloned().zip(0..).collect(),
        };
        let mut inputs = vec![None; layouts.len()];
        fill_hyb(&layouts, &mut inputs, &hyb, 3, 0).unwrap();
        for ((name, array), got) in arrays.iter().zip(&inputs) {
            let got = got.as_ref().unwrap_or_else(|| panic!("{name} unfilled"));
            let want = match array {
                PartArray::Index(v) => index_bytes(DataType::I32, v).unwrap(),
                PartArray::Value(v) => value_bytes(DataType::F32, v).unwrap(),
            };
            assert_eq!(got, &want, "{name}");
        }
    }

    #[test]
    fn a_kernel_sized_for_another_matrix_is_refused() {
        let s = spec(16, 60);
        let arrays = hyb_arrays(&s, &[DataType::F32], 3).unwrap();
        let layouts = layouts_of(&arrays);
        // Another matrix (more nonzeros): other part sizes.
        let other = HybSpec {
            nnz: 90,
            ..s.clone()
        };
        let other_sizes = layouts_of(&hyb_arrays(&other, &[DataType::F32], 3).unwrap());
        assert_ne!(layouts, other_sizes);
        let hyb = HybInput {
            spec: other.to_attr(),
            arrays: s.array_names().into_iter().zip(0..).collect(),
        };
        let mut inputs = vec![None; layouts.len()];
        let err = fill_hyb(&layouts, &mut inputs, &hyb, 3, 0).unwrap_err();
        assert!(
            err.to_string().contains("decomposed for another matrix"),
            "{err}"
        );
    }
}
