extern "C" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr) {
  B_ptr[((int)threadIdx.x)] = 0x0p+0f/*0.000000e+00*/;
  for (int k = 0; k < 256; ++k) {
    B_ptr[((int)threadIdx.x)] = (B_ptr[((int)threadIdx.x)] + A_ptr[((((int)threadIdx.x) * 256) + k)]);
  }
}

