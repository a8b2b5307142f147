//! GPU runtime: compile with NVRTC, launch, time and verify kernels in a worker process.
