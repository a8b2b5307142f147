extern "C" __global__ void __launch_bounds__(32) main_kernel(float* __restrict__ A_ptr, float* __restrict__ x_ptr, float* __restrict__ y_ptr) {
  alignas(64) float y_local_ptr[4];
  __shared__ alignas(64) float A_shared_ptr[8192];
  __shared__ alignas(64) float x_shared_ptr[64];
  for (int i_3_init = 0; i_3_init < 2; ++i_3_init) {
    for (int i_4_init = 0; i_4_init < 2; ++i_4_init) {
      y_local_ptr[((i_3_init * 2) + i_4_init)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  for (int k_0 = 0; k_0 < 4; ++k_0) {
    int cse_v1 = (k_0 * 64);
    __syncthreads();
    for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 256; ++ax0_ax1_fused_0) {
      A_shared_ptr[((ax0_ax1_fused_0 * 32) + ((int)threadIdx.x))] = A_ptr[(((((ax0_ax1_fused_0 >> 1) * 256) + (k_0 * 64)) + ((ax0_ax1_fused_0 & 1) * 32)) + ((int)threadIdx.x))];
    }
    for (int ax0_fused_0 = 0; ax0_fused_0 < 2; ++ax0_fused_0) {
      int cse_v2 = (ax0_fused_0 * 32);
      x_shared_ptr[((ax0_fused_0 * 32) + ((int)threadIdx.x))] = x_ptr[(((k_0 * 64) + (ax0_fused_0 * 32)) + ((int)threadIdx.x))];
    }
    __syncthreads();
    for (int i_3 = 0; i_3 < 2; ++i_3) {
      for (int k_2 = 0; k_2 < 64; ++k_2) {
        for (int i_4 = 0; i_4 < 2; ++i_4) {
          int cse_v3 = ((i_3 * 2) + i_4);
          y_local_ptr[((i_3 * 2) + i_4)] = (y_local_ptr[((i_3 * 2) + i_4)] + (A_shared_ptr[((((((int)threadIdx.x) * 256) + (i_3 * 128)) + (i_4 * 64)) + k_2)] * x_shared_ptr[k_2]));
        }
      }
    }
  }
  for (int ax0 = 0; ax0 < 4; ++ax0) {
    y_ptr[((((int)threadIdx.x) * 4) + ax0)] = y_local_ptr[ax0];
  }
}

