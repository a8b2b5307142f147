extern "C" __global__ void __launch_bounds__(4) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr) {
  alignas(64) float in_thread_B_ptr[1];
  alignas(64) float red_buf0_ptr[1];
  in_thread_B_ptr[0] = 0x0p+0f/*0.000000e+00*/;
  for (int k_0 = 0; k_0 < 64; ++k_0) {
    in_thread_B_ptr[0] = (in_thread_B_ptr[0] + A_ptr[(((((int)blockIdx.x) * 256) + (k_0 * 4)) + ((int)threadIdx.x))]);
  }
  alignas(64) float t0_ptr[1];
  alignas(64) uint mask_ptr[1];
  red_buf0_ptr[0] = in_thread_B_ptr[0];
  mask_ptr[0] = __activemask();
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 2, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 1, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  red_buf0_ptr[0] = __shfl_sync(mask_ptr[0], red_buf0_ptr[0], 0, 32);
  if (((int)threadIdx.x) == 0) {
    B_ptr[((int)blockIdx.x)] = red_buf0_ptr[0];
  }
}

