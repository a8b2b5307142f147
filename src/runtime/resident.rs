//! Device memory a worker keeps between runs of one argument list (a
//! tuner's candidates all share their workload's): the argument buffers, and
//! a pristine device copy of every input, so that restoring the inputs
//! before a run is a device-to-device copy instead of an upload from the
//! host, and nothing is allocated per candidate.
//!
//! Every run still restores every input and poisons every output first, as
//! with fresh buffers: what one kernel left behind cannot reach the next.

use super::data::ArgLayout;
use super::device::{driver_error, Device};
use super::error::RuntimeError;
use super::prepare::RunDataKey;
use cudarc::driver::CudaSlice;

pub struct Resident {
    key: RunDataKey,
    pub buffers: Vec<CudaSlice<u8>>,
    /// Device copies of the inputs (`None` per output); `None` when they did
    /// not fit in device memory: the inputs then come from the host.
    pub pristine: Option<Vec<Option<CudaSlice<u8>>>>,
}

impl Resident {
    /// The buffers of `key`'s argument list, allocated (and the inputs
    /// uploaded once) when `slot` holds another list or none.
    pub fn for_key<'a>(
        slot: &'a mut Option<Resident>,
        dev: &Device,
        key: &RunDataKey,
        layouts: &[ArgLayout],
        inputs: &[Option<Vec<u8>>],
    ) -> Result<&'a mut Resident, RuntimeError> {
        if slot.as_ref().is_none_or(|r| &r.key != key) {
            // Freed before the new ones are allocated: one set at a time.
            *slot = None;
            let buffers = alloc_args(dev, layouts)?;
            let pristine = upload_inputs(dev, inputs).ok();
            *slot = Some(Resident {
                key: key.clone(),
                buffers,
                pristine,
            });
        }
        slot.as_mut()
            .ok_or_else(|| RuntimeError::WorkerCrashed("no device buffers".into()))
    }
}

/// Zeroed device memory for each argument.
pub fn alloc_args(dev: &Device, layouts: &[ArgLayout]) -> Result<Vec<CudaSlice<u8>>, RuntimeError> {
    let mut buffers = Vec::with_capacity(layouts.len());
    for layout in layouts {
        buffers.push(
            dev.stream
                .alloc_zeros::<u8>(layout.bytes)
                .map_err(driver_error)?,
        );
    }
    Ok(buffers)
}

/// A device copy of every input (`None` for outputs).
fn upload_inputs(
    dev: &Device,
    inputs: &[Option<Vec<u8>>],
) -> Result<Vec<Option<CudaSlice<u8>>>, RuntimeError> {
    inputs
        .iter()
        .map(|data| match data {
            Some(d) => dev.stream.clone_htod(d).map(Some).map_err(driver_error),
            None => Ok(None),
        })
        .collect()
}
