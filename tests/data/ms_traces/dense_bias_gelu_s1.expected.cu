extern "C" __global__ void __launch_bounds__(32) main_kernel(float* __restrict__ W_ptr, float* __restrict__ X_ptr, float* __restrict__ Y_ptr, float* __restrict__ bias_ptr) {
  alignas(64) float dense_local_ptr[128];
  __shared__ alignas(64) float X_shared_ptr[6144];
  __shared__ alignas(64) float W_shared_ptr[6144];
  for (int i_3_init = 0; i_3_init < 8; ++i_3_init) {
    for (int i_4_init = 0; i_4_init < 2; ++i_4_init) {
      for (int j_4_init = 0; j_4_init < 4; ++j_4_init) {
        int cse_v15 = (((i_3_init * 8) + (i_4_init * 4)) + j_4_init);
        dense_local_ptr[(((i_3_init * 8) + (i_4_init * 4)) + j_4_init)] = 0x0p+0f/*0.000000e+00*/;
        dense_local_ptr[((((i_3_init * 8) + (i_4_init * 4)) + j_4_init) + 64)] = 0x0p+0f/*0.000000e+00*/;
      }
    }
  }
  int cse_v1 = (((int)threadIdx.x) * 4);
  int cse_v2 = (((int)threadIdx.x) >> 4);
  int cse_v3 = (((int)threadIdx.x) & 15);
  int cse_v4 = (((int)threadIdx.x) * 2);
  int cse_v7 = ((((int)threadIdx.x) >> 3) * 64);
  int cse_v8 = ((((int)threadIdx.x) & 7) * 4);
  int cse_v9 = ((((int)threadIdx.x) >> 4) * 64);
  int cse_v10 = ((((int)threadIdx.x) & 15) * 2);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 16; ++ax0_ax1_fused_0) {
    *(float4*)(X_shared_ptr + ((ax0_ax1_fused_0 * 128) + (((int)threadIdx.x) * 4))) = *(float4*)(X_ptr + (((ax0_ax1_fused_0 * 256) + ((((int)threadIdx.x) >> 3) * 64)) + ((((int)threadIdx.x) & 7) * 4)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 32; ++ax0_ax1_fused_0_1) {
    *(float2*)(W_shared_ptr + ((ax0_ax1_fused_0_1 * 64) + (((int)threadIdx.x) * 2))) = *(float2*)(W_ptr + (((ax0_ax1_fused_0_1 * 128) + ((((int)threadIdx.x) >> 4) * 64)) + ((((int)threadIdx.x) & 15) * 2)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 16; ++ax0_ax1_fused_0_2) {
    *(float4*)(X_shared_ptr + (((ax0_ax1_fused_0_2 * 128) + (((int)threadIdx.x) * 4)) + 2048)) = *(float4*)(X_ptr + ((((ax0_ax1_fused_0_2 * 256) + ((((int)threadIdx.x) >> 3) * 64)) + ((((int)threadIdx.x) & 7) * 4)) + 32));
  }
  for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 32; ++ax0_ax1_fused_0_3) {
    *(float2*)(W_shared_ptr + (((ax0_ax1_fused_0_3 * 64) + (((int)threadIdx.x) * 2)) + 2048)) = *(float2*)(W_ptr + ((((ax0_ax1_fused_0_3 * 128) + ((((int)threadIdx.x) >> 4) * 64)) + ((((int)threadIdx.x) & 15) * 2)) + 32));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v11 = ((((int)threadIdx.x) >> 4) * 512);
  int cse_v12 = ((((int)threadIdx.x) & 15) * 128);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int k_1 = 0; k_1 < 16; ++k_1) {
    for (int i_3 = 0; i_3 < 8; ++i_3) {
      for (int k_2 = 0; k_2 < 2; ++k_2) {
        for (int i_4 = 0; i_4 < 2; ++i_4) {
          for (int j_4 = 0; j_4 < 4; ++j_4) {
            int cse_v5 = (k_1 * 2);
            int cse_v16 = (((i_3 * 8) + (i_4 * 4)) + j_4);
            int cse_v22 = (((((((int)threadIdx.x) & 15) * 128) + (j_4 * 32)) + (k_1 * 2)) + k_2);
            int cse_v24 = ((((((((int)threadIdx.x) >> 4) * 512) + (i_3 * 64)) + (i_4 * 32)) + (k_1 * 2)) + k_2);
            dense_local_ptr[(((i_3 * 8) + (i_4 * 4)) + j_4)] = (dense_local_ptr[(((i_3 * 8) + (i_4 * 4)) + j_4)] + (X_shared_ptr[((((((((int)threadIdx.x) >> 4) * 512) + (i_3 * 64)) + (i_4 * 32)) + (k_1 * 2)) + k_2)] * W_shared_ptr[(((((((int)threadIdx.x) & 15) * 128) + (j_4 * 32)) + (k_1 * 2)) + k_2)]));
            int cse_v20 = ((((i_3 * 8) + (i_4 * 4)) + j_4) + 64);
            dense_local_ptr[((((i_3 * 8) + (i_4 * 4)) + j_4) + 64)] = (dense_local_ptr[((((i_3 * 8) + (i_4 * 4)) + j_4) + 64)] + (X_shared_ptr[(((((((((int)threadIdx.x) >> 4) * 512) + (i_3 * 64)) + (i_4 * 32)) + (k_1 * 2)) + k_2) + 1024)] * W_shared_ptr[(((((((int)threadIdx.x) & 15) * 128) + (j_4 * 32)) + (k_1 * 2)) + k_2)]));
          }
        }
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int k_1_1 = 0; k_1_1 < 16; ++k_1_1) {
    for (int i_3_1 = 0; i_3_1 < 8; ++i_3_1) {
      for (int k_2_1 = 0; k_2_1 < 2; ++k_2_1) {
        for (int i_4_1 = 0; i_4_1 < 2; ++i_4_1) {
          for (int j_4_1 = 0; j_4_1 < 4; ++j_4_1) {
            int cse_v6 = (k_1_1 * 2);
            int cse_v17 = (((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1);
            int cse_v25 = ((((((((int)threadIdx.x) >> 4) * 512) + (i_3_1 * 64)) + (i_4_1 * 32)) + (k_1_1 * 2)) + k_2_1);
            int cse_v26 = ((((((((int)threadIdx.x) & 15) * 128) + (j_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 2048);
            dense_local_ptr[(((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1)] = (dense_local_ptr[(((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1)] + (X_shared_ptr[(((((((((int)threadIdx.x) >> 4) * 512) + (i_3_1 * 64)) + (i_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 2048)] * W_shared_ptr[((((((((int)threadIdx.x) & 15) * 128) + (j_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 2048)]));
            int cse_v21 = ((((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1) + 64);
            dense_local_ptr[((((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1) + 64)] = (dense_local_ptr[((((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1) + 64)] + (X_shared_ptr[(((((((((int)threadIdx.x) >> 4) * 512) + (i_3_1 * 64)) + (i_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 3072)] * W_shared_ptr[((((((((int)threadIdx.x) & 15) * 128) + (j_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 2048)]));
          }
        }
      }
    }
  }
  for (int ax0 = 0; ax0 < 16; ++ax0) {
    for (int ax1 = 0; ax1 < 4; ++ax1) {
      int cse_v13 = ((ax0 * 4) + ax1);
      int cse_v14 = ((((int)threadIdx.x) & 15) * 4);
      int cse_v18 = (((((int)threadIdx.x) & 15) * 4) + ax1);
      int cse_v23 = (((((((int)threadIdx.x) >> 4) * 1024) + (ax0 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + ax1);
      Y_ptr[(((((((int)threadIdx.x) >> 4) * 1024) + (ax0 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + ax1)] = ((0x1p-1f/*5.000000e-01*/ * (dense_local_ptr[((ax0 * 4) + ax1)] + bias_ptr[(((((int)threadIdx.x) & 15) * 4) + ax1)])) * (0x1p+0f/*1.000000e+00*/ + erff(((dense_local_ptr[((ax0 * 4) + ax1)] + bias_ptr[(((((int)threadIdx.x) & 15) * 4) + ax1)]) * 0x1.6a09e667f3bcdp-1f/*7.071068e-01*/))));
      int cse_v19 = (((ax0 * 4) + ax1) + 64);
      Y_ptr[((((((((int)threadIdx.x) >> 4) * 1024) + (ax0 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + ax1) + 2048)] = ((0x1p-1f/*5.000000e-01*/ * (dense_local_ptr[(((ax0 * 4) + ax1) + 64)] + bias_ptr[(((((int)threadIdx.x) & 15) * 4) + ax1)])) * (0x1p+0f/*1.000000e+00*/ + erff(((dense_local_ptr[(((ax0 * 4) + ax1) + 64)] + bias_ptr[(((((int)threadIdx.x) & 15) * 4) + ax1)]) * 0x1.6a09e667f3bcdp-1f/*7.071068e-01*/))));
    }
  }
}

