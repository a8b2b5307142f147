extern "C" __global__ void __launch_bounds__(4) main_kernel(float* __restrict__ X_ptr, float* __restrict__ Y_ptr, float* __restrict__ weight_ptr) {
  alignas(64) float in_thread_sq_sum_shared_ptr[1];
  alignas(64) float red_buf0_ptr[1];
  __shared__ alignas(64) float sq_sum_shared_ptr[1];
  in_thread_sq_sum_shared_ptr[0] = 0x0p+0f/*0.000000e+00*/;
  int cse_v1 = (((int)blockIdx.x) * 256);
  for (int ax1_0 = 0; ax1_0 < 64; ++ax1_0) {
    int cse_v3 = (((((int)blockIdx.x) * 256) + (ax1_0 * 4)) + ((int)threadIdx.x));
    in_thread_sq_sum_shared_ptr[0] = (in_thread_sq_sum_shared_ptr[0] + (X_ptr[(((((int)blockIdx.x) * 256) + (ax1_0 * 4)) + ((int)threadIdx.x))] * X_ptr[(((((int)blockIdx.x) * 256) + (ax1_0 * 4)) + ((int)threadIdx.x))]));
  }
  alignas(64) float t0_ptr[1];
  alignas(64) uint mask_ptr[1];
  red_buf0_ptr[0] = in_thread_sq_sum_shared_ptr[0];
  mask_ptr[0] = __activemask();
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 2, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 1, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  red_buf0_ptr[0] = __shfl_sync(mask_ptr[0], red_buf0_ptr[0], 0, 32);
  if (((int)threadIdx.x) == 0) {
    sq_sum_shared_ptr[0] = red_buf0_ptr[0];
  }
  __syncthreads();
  for (int j_0 = 0; j_0 < 64; ++j_0) {
    int cse_v2 = (j_0 * 4);
    int cse_v4 = (((((int)blockIdx.x) * 256) + (j_0 * 4)) + ((int)threadIdx.x));
    Y_ptr[(((((int)blockIdx.x) * 256) + (j_0 * 4)) + ((int)threadIdx.x))] = ((X_ptr[(((((int)blockIdx.x) * 256) + (j_0 * 4)) + ((int)threadIdx.x))] * rsqrtf(((sq_sum_shared_ptr[0] / 0x1p+8f/*2.560000e+02*/) + 0x1.4f8b588e368f1p-17f/*1.000000e-05*/))) * weight_ptr[((j_0 * 4) + ((int)threadIdx.x))]);
  }
}

