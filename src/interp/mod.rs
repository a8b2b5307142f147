//! CPU interpreter for TIR functions: the oracle that a schedule never changes results.
//!
//! `run` compiles a `PrimFunc` once into typed expression trees (`code`, built by
//! `compile`), then executes it sequentially (`exec`): parallel, vectorized,
//! unrolled and thread-bound loops all run as ordinary loops, which is a valid
//! execution of any well-formed schedule. Blocks bind their iter vars, skip when
//! `T.where` is false, run `T.init` when every reduction iter var is at its domain
//! start (TVM's semantics) and fill their allocations with NaN on entry (TVM
//! leaves them undefined; NaN makes reads of unwritten memory visible).
//!
//! Arithmetic follows the dtype exactly: floats are rounded to their dtype after
//! every operation, ints wrap to their width, `/` and `%` on ints truncate,
//! `//` and `%` floor. Every failure is an `InterpError`, never a panic.
//!
//! Invariant: no GPU, no parsing; `diag` only renders its errors.
//!
//! May use: `diag`, `ir`, `numeric`.

mod code;
mod compile;
mod compile_expr;
mod error;
mod exec;
mod interval;
mod scalar;
mod tensor;
#[cfg(test)]
mod tests;

pub use error::InterpError;
pub use tensor::{numel, Tensor, TensorData};

use crate::ir::{BufferId, Expr, PrimFunc, Stmt};

/// Runs `func` with `args` bound to its buffer parameters in parameter order
/// (the params with `buffer: Some`). Outputs are written into `args`; on error
/// `args` keep whatever was written before the failure.
pub fn run(func: &PrimFunc, args: &mut [Tensor]) -> Result<(), InterpError> {
    let prog = compile::compile(func)?;
    if args.len() != prog.params.len() {
        return Err(InterpError::ArgCount {
            expected: prog.params.len(),
            got: args.len(),
        });
    }
    for (arg, &b) in args.iter().zip(&prog.params) {
        let info = &prog.buffers[b as usize];
        if arg.dtype != info.dtype {
            return Err(InterpError::ArgDtype {
                param: info.name.clone(),
                expected: info.dtype,
                got: arg.dtype,
            });
        }
        if arg.shape != info.shape {
            return Err(InterpError::ArgShape {
                param: info.name.clone(),
                expected: info.shape.clone(),
                got: arg.shape.clone(),
            });
        }
        let expected = numel(&info.shape);
        if !arg.data.fits(info.dtype) || arg.data.len() != expected {
            return Err(InterpError::ArgData {
                param: info.name.clone(),
                dtype: info.dtype,
                expected,
                got: arg.data.len(),
            });
        }
    }
    let mut machine = exec::Machine::new(&prog);
    for (arg, &b) in args.iter_mut().zip(&prog.params) {
        let empty = match arg.data {
            TensorData::Float(_) => TensorData::Float(Vec::new()),
            TensorData::Int(_) => TensorData::Int(Vec::new()),
            TensorData::Bool(_) => TensorData::Bool(Vec::new()),
        };
        machine.adopt(b, std::mem::replace(&mut arg.data, empty));
    }
    let res = machine.run();
    for (arg, &b) in args.iter_mut().zip(&prog.params) {
        arg.data = machine.release(b);
    }
    res
}

/// Arguments for `func`, one per buffer parameter: buffers the function reads
/// get `Tensor::random` values (seeded from `seed` and the parameter's position),
/// buffers it only writes are poisoned with `Tensor::filled_nan`, so an output
/// element that is never written shows up as NaN in a comparison.
pub fn random_args(func: &PrimFunc, seed: u64) -> Result<Vec<Tensor>, InterpError> {
    let read = read_buffers(func);
    func.param_buffers()
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            let shape = compile::buffer_shape(func, b)?;
            let dtype = func.buffer(b).dtype;
            Ok(if read.contains(&b) {
                let mut mix =
                    tensor::SplitMix64(seed ^ (i as u64).wrapping_mul(0xd1b5_4a32_d192_ed03));
                Tensor::random(dtype, &shape, mix.next_u64())
            } else {
                Tensor::filled_nan(dtype, &shape)
            })
        })
        .collect()
}

/// Buffers loaded anywhere in `func`, with match buffers standing for their sources.
fn read_buffers(func: &PrimFunc) -> Vec<BufferId> {
    let mut loads = Vec::new();
    let mut matches: Vec<(BufferId, BufferId)> = Vec::new();
    func.body.visit(&mut |s: &Stmt| {
        if let Stmt::BlockRealize(r) = s {
            for m in &r.block.match_buffers {
                matches.push((m.buffer, m.source.buffer));
            }
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x: &Expr| {
                if let Expr::Load(b, _) = x {
                    loads.push(*b);
                }
            })
        });
    });
    // Match buffers may nest; resolve each load to the buffer that owns storage.
    let mut read = Vec::new();
    for mut b in loads {
        for _ in 0..=matches.len() {
            match matches.iter().find(|(m, _)| *m == b) {
                Some((_, src)) => b = *src,
                None => break,
            }
        }
        if !read.contains(&b) {
            read.push(b);
        }
    }
    read
}
