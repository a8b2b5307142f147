//! Tensor intrinsics by TVM 0.27's names (`tvm/s_tir/tensor_intrin/cuda.py`),
//! one file per family. Each is a description (the computation it replaces,
//! as TVMScript: buffer shapes, scopes and dtypes included) and an
//! implementation (what codegen emits for a block tensorized with it).
//! `schedule::primitive::blockize_tensorize::tensorize` matches a block
//! against the description.
//!
//! Invariant: knows `ir` and `script` (to read descriptions); nothing of
//! lowering or CUDA beyond naming the operation.

pub mod mma;
pub mod mma_int8;
pub mod wgmma;
pub mod wmma;
pub mod wmma_int8;

use crate::ir::PrimFunc;
use std::sync::OnceLock;

/// What a block tensorized with an intrinsic becomes in the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implementation {
    Wmma(wmma::WmmaOp),
    Mma(mma::MmaOp),
    Wgmma(wgmma::WgmmaOp),
}

/// One intrinsic as a family file declares it.
pub struct Registration {
    pub name: &'static str,
    /// TVMScript of the description function.
    pub desc: String,
    pub implementation: Implementation,
}

/// A registered intrinsic with its description parsed.
#[derive(Clone, Debug)]
pub struct TensorIntrin {
    pub name: &'static str,
    pub desc: PrimFunc,
    pub implementation: Implementation,
}

/// Every registered intrinsic, parsed once.
pub fn all() -> &'static [TensorIntrin] {
    static ALL: OnceLock<Vec<TensorIntrin>> = OnceLock::new();
    ALL.get_or_init(|| {
        registrations()
            .into_iter()
            .map(|r| {
                // Descriptions are tirtui's own text: one that does not parse is a bug here.
                let desc = crate::script::parse_func(&r.desc, None).unwrap_or_else(|e| {
                    panic!(
                        "tensor intrinsic {}: {}",
                        r.name,
                        e.to_diagnostic(r.name, &r.desc).render()
                    )
                });
                TensorIntrin {
                    name: r.name,
                    desc,
                    implementation: r.implementation,
                }
            })
            .collect()
    })
}

fn registrations() -> Vec<Registration> {
    let mut all = wmma::registrations();
    all.extend(wmma_int8::registrations());
    all.extend(mma::registrations());
    all.extend(mma_int8::registrations());
    all.extend(wgmma::registrations());
    all
}

pub fn get(name: &str) -> Option<&'static TensorIntrin> {
    all().iter().find(|t| t.name == name)
}

/// The registered names, for messages.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|t| t.name).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_description_parses_with_its_root_block() {
        for t in super::all() {
            let root = t.desc.root_block().expect("a root block");
            assert!(
                !root.writes.is_empty(),
                "{}: the root block declares its writes",
                t.name
            );
            assert_eq!(
                t.desc.param_buffers().len(),
                t.desc.params.len(),
                "{}",
                t.name
            );
        }
        assert!(super::get("wmma_sync_16x16x16_f16f16f32").is_some());
    }
}
