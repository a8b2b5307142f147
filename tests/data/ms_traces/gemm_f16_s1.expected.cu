extern "C" __global__ void __launch_bounds__(32) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  alignas(64) float C_local_ptr[128];
  __shared__ alignas(64) half A_shared_ptr[6144];
  __shared__ alignas(64) half B_shared_ptr[6144];
  for (int i_3_init = 0; i_3_init < 8; ++i_3_init) {
    for (int i_4_init = 0; i_4_init < 2; ++i_4_init) {
      for (int j_4_init = 0; j_4_init < 4; ++j_4_init) {
        int cse_v10 = (((i_3_init * 8) + (i_4_init * 4)) + j_4_init);
        C_local_ptr[(((i_3_init * 8) + (i_4_init * 4)) + j_4_init)] = 0x0p+0f/*0.000000e+00*/;
        C_local_ptr[((((i_3_init * 8) + (i_4_init * 4)) + j_4_init) + 64)] = 0x0p+0f/*0.000000e+00*/;
      }
    }
  }
  int cse_v1 = (((int)threadIdx.x) * 8);
  int cse_v2 = (((int)threadIdx.x) * 2);
  int cse_v4 = ((((int)threadIdx.x) >> 2) * 64);
  int cse_v5 = ((((int)threadIdx.x) & 3) * 8);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 8; ++ax0_ax1_fused_0) {
    *(uint4*)(A_shared_ptr + ((ax0_ax1_fused_0 * 256) + (((int)threadIdx.x) * 8))) = *(uint4*)(A_ptr + (((ax0_ax1_fused_0 * 512) + ((((int)threadIdx.x) >> 2) * 64)) + ((((int)threadIdx.x) & 3) * 8)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 32; ++ax0_ax1_fused_0_1) {
    int cse_v6 = ((ax0_ax1_fused_0_1 * 64) + (((int)threadIdx.x) * 2));
    *(half2*)(B_shared_ptr + ((ax0_ax1_fused_0_1 * 64) + (((int)threadIdx.x) * 2))) = *(half2*)(B_ptr + ((ax0_ax1_fused_0_1 * 64) + (((int)threadIdx.x) * 2)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 8; ++ax0_ax1_fused_0_2) {
    *(uint4*)(A_shared_ptr + (((ax0_ax1_fused_0_2 * 256) + (((int)threadIdx.x) * 8)) + 2048)) = *(uint4*)(A_ptr + ((((ax0_ax1_fused_0_2 * 512) + ((((int)threadIdx.x) >> 2) * 64)) + ((((int)threadIdx.x) & 3) * 8)) + 32));
  }
  for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 32; ++ax0_ax1_fused_0_3) {
    int cse_v11 = (((ax0_ax1_fused_0_3 * 64) + (((int)threadIdx.x) * 2)) + 2048);
    *(half2*)(B_shared_ptr + (((ax0_ax1_fused_0_3 * 64) + (((int)threadIdx.x) * 2)) + 2048)) = *(half2*)(B_ptr + (((ax0_ax1_fused_0_3 * 64) + (((int)threadIdx.x) * 2)) + 2048));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v3 = (((int)threadIdx.x) >> 4);
  int cse_v7 = ((((int)threadIdx.x) >> 4) * 512);
  int cse_v8 = ((((int)threadIdx.x) & 15) * 4);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int k_1 = 0; k_1 < 16; ++k_1) {
    for (int i_3 = 0; i_3 < 8; ++i_3) {
      for (int k_2 = 0; k_2 < 2; ++k_2) {
        for (int i_4 = 0; i_4 < 2; ++i_4) {
          for (int j_4 = 0; j_4 < 4; ++j_4) {
            int cse_v12 = (((i_3 * 8) + (i_4 * 4)) + j_4);
            int cse_v14 = ((((k_1 * 128) + (k_2 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + j_4);
            int cse_v19 = ((((((((int)threadIdx.x) >> 4) * 512) + (i_3 * 64)) + (i_4 * 32)) + (k_1 * 2)) + k_2);
            C_local_ptr[(((i_3 * 8) + (i_4 * 4)) + j_4)] = (C_local_ptr[(((i_3 * 8) + (i_4 * 4)) + j_4)] + (((float)A_shared_ptr[((((((((int)threadIdx.x) >> 4) * 512) + (i_3 * 64)) + (i_4 * 32)) + (k_1 * 2)) + k_2)]) * ((float)B_shared_ptr[((((k_1 * 128) + (k_2 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + j_4)])));
            int cse_v15 = ((((i_3 * 8) + (i_4 * 4)) + j_4) + 64);
            C_local_ptr[((((i_3 * 8) + (i_4 * 4)) + j_4) + 64)] = (C_local_ptr[((((i_3 * 8) + (i_4 * 4)) + j_4) + 64)] + (((float)A_shared_ptr[(((((((((int)threadIdx.x) >> 4) * 512) + (i_3 * 64)) + (i_4 * 32)) + (k_1 * 2)) + k_2) + 1024)]) * ((float)B_shared_ptr[((((k_1 * 128) + (k_2 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + j_4)])));
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
            int cse_v13 = (((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1);
            int cse_v17 = (((((k_1_1 * 128) + (k_2_1 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + j_4_1) + 2048);
            int cse_v20 = ((((((((int)threadIdx.x) >> 4) * 512) + (i_3_1 * 64)) + (i_4_1 * 32)) + (k_1_1 * 2)) + k_2_1);
            C_local_ptr[(((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1)] = (C_local_ptr[(((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1)] + (((float)A_shared_ptr[(((((((((int)threadIdx.x) >> 4) * 512) + (i_3_1 * 64)) + (i_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 2048)]) * ((float)B_shared_ptr[(((((k_1_1 * 128) + (k_2_1 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + j_4_1) + 2048)])));
            int cse_v16 = ((((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1) + 64);
            C_local_ptr[((((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1) + 64)] = (C_local_ptr[((((i_3_1 * 8) + (i_4_1 * 4)) + j_4_1) + 64)] + (((float)A_shared_ptr[(((((((((int)threadIdx.x) >> 4) * 512) + (i_3_1 * 64)) + (i_4_1 * 32)) + (k_1_1 * 2)) + k_2_1) + 3072)]) * ((float)B_shared_ptr[(((((k_1_1 * 128) + (k_2_1 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + j_4_1) + 2048)])));
          }
        }
      }
    }
  }
  for (int ax0 = 0; ax0 < 16; ++ax0) {
    for (int ax1 = 0; ax1 < 4; ++ax1) {
      int cse_v9 = ((ax0 * 4) + ax1);
      int cse_v18 = (((((((int)threadIdx.x) >> 4) * 1024) + (ax0 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + ax1);
      C_ptr[(((((((int)threadIdx.x) >> 4) * 1024) + (ax0 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + ax1)] = C_local_ptr[((ax0 * 4) + ax1)];
      C_ptr[((((((((int)threadIdx.x) >> 4) * 1024) + (ax0 * 64)) + ((((int)threadIdx.x) & 15) * 4)) + ax1) + 2048)] = C_local_ptr[(((ax0 * 4) + ax1) + 64)];
    }
  }
}

