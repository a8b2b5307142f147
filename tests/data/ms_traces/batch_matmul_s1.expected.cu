extern "C" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  alignas(64) float C_local_ptr[64];
  __shared__ alignas(64) float A_shared_ptr[768];
  __shared__ alignas(64) float B_shared_ptr[768];
  for (int b_3_init = 0; b_3_init < 2; ++b_3_init) {
    for (int j_3_init = 0; j_3_init < 4; ++j_3_init) {
      int cse_v7 = ((b_3_init * 4) + j_3_init);
      C_local_ptr[((b_3_init * 4) + j_3_init)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 8)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 16)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 24)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 32)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 40)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 48)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((b_3_init * 4) + j_3_init) + 56)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  int cse_v1 = (((int)threadIdx.x) * 32);
  int cse_v2 = (((int)threadIdx.x) * 2);
  int cse_v3 = (((int)threadIdx.x) + 64);
  *(float2*)(A_shared_ptr + (((int)threadIdx.x) * 2)) = *(float2*)(A_ptr + (((int)threadIdx.x) * 32));
  *(float2*)(A_shared_ptr + ((((int)threadIdx.x) * 2) + 128)) = *(float2*)(A_ptr + ((((int)threadIdx.x) * 32) + 2048));
  B_shared_ptr[((int)threadIdx.x)] = B_ptr[((int)threadIdx.x)];
  B_shared_ptr[(((int)threadIdx.x) + 64)] = B_ptr[(((int)threadIdx.x) + 1024)];
  B_shared_ptr[(((int)threadIdx.x) + 128)] = B_ptr[(((int)threadIdx.x) + 2048)];
  B_shared_ptr[(((int)threadIdx.x) + 192)] = B_ptr[(((int)threadIdx.x) + 3072)];
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  *(float2*)(A_shared_ptr + ((((int)threadIdx.x) * 2) + 256)) = *(float2*)(A_ptr + ((((int)threadIdx.x) * 32) + 2));
  *(float2*)(A_shared_ptr + ((((int)threadIdx.x) * 2) + 384)) = *(float2*)(A_ptr + ((((int)threadIdx.x) * 32) + 2050));
  B_shared_ptr[(((int)threadIdx.x) + 256)] = B_ptr[(((int)threadIdx.x) + 64)];
  B_shared_ptr[(((int)threadIdx.x) + 320)] = B_ptr[(((int)threadIdx.x) + 1088)];
  B_shared_ptr[(((int)threadIdx.x) + 384)] = B_ptr[(((int)threadIdx.x) + 2112)];
  B_shared_ptr[(((int)threadIdx.x) + 448)] = B_ptr[(((int)threadIdx.x) + 3136)];
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v4 = (((int)threadIdx.x) >> 1);
  int cse_v11 = ((((int)threadIdx.x) >> 1) * 2);
  int cse_v12 = ((((int)threadIdx.x) & 1) * 4);
  for (int k_0_fused = 0; k_0_fused < 14; ++k_0_fused) {
    int cse_v16 = (((k_0_fused + 2) % 3) * 256);
    int cse_v8 = ((((int)threadIdx.x) * 32) + (k_0_fused * 2));
    int cse_v41 = ((((k_0_fused + 2) % 3) * 256) + (((int)threadIdx.x) * 2));
    __syncthreads();
    *(float2*)(A_shared_ptr + ((((k_0_fused + 2) % 3) * 256) + (((int)threadIdx.x) * 2))) = *(float2*)(A_ptr + (((((int)threadIdx.x) * 32) + (k_0_fused * 2)) + 4));
    *(float2*)(A_shared_ptr + (((((k_0_fused + 2) % 3) * 256) + (((int)threadIdx.x) * 2)) + 128)) = *(float2*)(A_ptr + (((((int)threadIdx.x) * 32) + (k_0_fused * 2)) + 2052));
    int cse_v9 = ((k_0_fused * 64) + ((int)threadIdx.x));
    int cse_v42 = ((((k_0_fused + 2) % 3) * 256) + ((int)threadIdx.x));
    B_shared_ptr[((((k_0_fused + 2) % 3) * 256) + ((int)threadIdx.x))] = B_ptr[(((k_0_fused * 64) + ((int)threadIdx.x)) + 128)];
    B_shared_ptr[(((((k_0_fused + 2) % 3) * 256) + ((int)threadIdx.x)) + 64)] = B_ptr[(((k_0_fused * 64) + ((int)threadIdx.x)) + 1152)];
    B_shared_ptr[(((((k_0_fused + 2) % 3) * 256) + ((int)threadIdx.x)) + 128)] = B_ptr[(((k_0_fused * 64) + ((int)threadIdx.x)) + 2176)];
    B_shared_ptr[(((((k_0_fused + 2) % 3) * 256) + ((int)threadIdx.x)) + 192)] = B_ptr[(((k_0_fused * 64) + ((int)threadIdx.x)) + 3200)];
    tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
    tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
    __syncthreads();
    for (int b_3 = 0; b_3 < 2; ++b_3) {
      for (int j_3 = 0; j_3 < 4; ++j_3) {
        int cse_v10 = ((b_3 * 4) + j_3);
        int cse_v17 = (((k_0_fused % 3) * 256) + (b_3 * 64));
        int cse_v43 = ((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2));
        int cse_v53 = (((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3);
        C_local_ptr[((b_3 * 4) + j_3)] = (C_local_ptr[((b_3 * 4) + j_3)] + (A_shared_ptr[((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3)]));
        int cse_v18 = (((b_3 * 4) + j_3) + 8);
        C_local_ptr[(((b_3 * 4) + j_3) + 8)] = (C_local_ptr[(((b_3 * 4) + j_3) + 8)] + (A_shared_ptr[((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 8)]));
        int cse_v19 = (((b_3 * 4) + j_3) + 16);
        C_local_ptr[(((b_3 * 4) + j_3) + 16)] = (C_local_ptr[(((b_3 * 4) + j_3) + 16)] + (A_shared_ptr[((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 16)]));
        int cse_v20 = (((b_3 * 4) + j_3) + 24);
        C_local_ptr[(((b_3 * 4) + j_3) + 24)] = (C_local_ptr[(((b_3 * 4) + j_3) + 24)] + (A_shared_ptr[((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 24)]));
        int cse_v21 = (((b_3 * 4) + j_3) + 32);
        int cse_v54 = (((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 128);
        C_local_ptr[(((b_3 * 4) + j_3) + 32)] = (C_local_ptr[(((b_3 * 4) + j_3) + 32)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 128)]));
        int cse_v22 = (((b_3 * 4) + j_3) + 40);
        C_local_ptr[(((b_3 * 4) + j_3) + 40)] = (C_local_ptr[(((b_3 * 4) + j_3) + 40)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 136)]));
        int cse_v23 = (((b_3 * 4) + j_3) + 48);
        C_local_ptr[(((b_3 * 4) + j_3) + 48)] = (C_local_ptr[(((b_3 * 4) + j_3) + 48)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 144)]));
        int cse_v24 = (((b_3 * 4) + j_3) + 56);
        C_local_ptr[(((b_3 * 4) + j_3) + 56)] = (C_local_ptr[(((b_3 * 4) + j_3) + 56)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 152)]));
        int cse_v55 = (((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 1);
        C_local_ptr[((b_3 * 4) + j_3)] = (C_local_ptr[((b_3 * 4) + j_3)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 32)]));
        C_local_ptr[(((b_3 * 4) + j_3) + 8)] = (C_local_ptr[(((b_3 * 4) + j_3) + 8)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 40)]));
        C_local_ptr[(((b_3 * 4) + j_3) + 16)] = (C_local_ptr[(((b_3 * 4) + j_3) + 16)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 48)]));
        C_local_ptr[(((b_3 * 4) + j_3) + 24)] = (C_local_ptr[(((b_3 * 4) + j_3) + 24)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 56)]));
        int cse_v56 = (((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 129);
        C_local_ptr[(((b_3 * 4) + j_3) + 32)] = (C_local_ptr[(((b_3 * 4) + j_3) + 32)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 160)]));
        C_local_ptr[(((b_3 * 4) + j_3) + 40)] = (C_local_ptr[(((b_3 * 4) + j_3) + 40)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 168)]));
        C_local_ptr[(((b_3 * 4) + j_3) + 48)] = (C_local_ptr[(((b_3 * 4) + j_3) + 48)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 176)]));
        C_local_ptr[(((b_3 * 4) + j_3) + 56)] = (C_local_ptr[(((b_3 * 4) + j_3) + 56)] + (A_shared_ptr[(((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((((k_0_fused % 3) * 256) + (b_3 * 64)) + ((((int)threadIdx.x) & 1) * 4)) + j_3) + 184)]));
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int b_3_1 = 0; b_3_1 < 2; ++b_3_1) {
    for (int j_3_1 = 0; j_3_1 < 4; ++j_3_1) {
      int cse_v5 = (b_3_1 * 64);
      int cse_v13 = ((b_3_1 * 4) + j_3_1);
      int cse_v25 = ((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2));
      int cse_v44 = (((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 512);
      int cse_v45 = (((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1);
      C_local_ptr[((b_3_1 * 4) + j_3_1)] = (C_local_ptr[((b_3_1 * 4) + j_3_1)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 512)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 512)]));
      int cse_v26 = (((b_3_1 * 4) + j_3_1) + 8);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 8)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 8)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 512)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 520)]));
      int cse_v27 = (((b_3_1 * 4) + j_3_1) + 16);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 16)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 16)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 512)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 528)]));
      int cse_v28 = (((b_3_1 * 4) + j_3_1) + 24);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 24)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 24)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 512)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 536)]));
      int cse_v29 = (((b_3_1 * 4) + j_3_1) + 32);
      int cse_v46 = (((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 640);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 32)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 32)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 640)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 640)]));
      int cse_v30 = (((b_3_1 * 4) + j_3_1) + 40);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 40)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 40)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 640)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 648)]));
      int cse_v31 = (((b_3_1 * 4) + j_3_1) + 48);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 48)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 48)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 640)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 656)]));
      int cse_v32 = (((b_3_1 * 4) + j_3_1) + 56);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 56)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 56)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 640)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 664)]));
      int cse_v47 = (((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 513);
      C_local_ptr[((b_3_1 * 4) + j_3_1)] = (C_local_ptr[((b_3_1 * 4) + j_3_1)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 513)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 544)]));
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 8)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 8)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 513)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 552)]));
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 16)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 16)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 513)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 560)]));
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 24)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 24)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 513)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 568)]));
      int cse_v48 = (((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 641);
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 32)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 32)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 641)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 672)]));
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 40)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 40)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 641)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 680)]));
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 48)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 48)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 641)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 688)]));
      C_local_ptr[(((b_3_1 * 4) + j_3_1) + 56)] = (C_local_ptr[(((b_3_1 * 4) + j_3_1) + 56)] + (A_shared_ptr[(((b_3_1 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 641)] * B_shared_ptr[((((b_3_1 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_1) + 696)]));
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int b_3_2 = 0; b_3_2 < 2; ++b_3_2) {
    for (int j_3_2 = 0; j_3_2 < 4; ++j_3_2) {
      int cse_v6 = (b_3_2 * 64);
      int cse_v14 = ((b_3_2 * 4) + j_3_2);
      int cse_v33 = ((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2));
      int cse_v49 = (((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2);
      C_local_ptr[((b_3_2 * 4) + j_3_2)] = (C_local_ptr[((b_3_2 * 4) + j_3_2)] + (A_shared_ptr[((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2)]));
      int cse_v34 = (((b_3_2 * 4) + j_3_2) + 8);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 8)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 8)] + (A_shared_ptr[((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 8)]));
      int cse_v35 = (((b_3_2 * 4) + j_3_2) + 16);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 16)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 16)] + (A_shared_ptr[((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 16)]));
      int cse_v36 = (((b_3_2 * 4) + j_3_2) + 24);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 24)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 24)] + (A_shared_ptr[((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2))] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 24)]));
      int cse_v37 = (((b_3_2 * 4) + j_3_2) + 32);
      int cse_v50 = (((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 128);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 32)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 32)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 128)]));
      int cse_v38 = (((b_3_2 * 4) + j_3_2) + 40);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 40)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 40)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 136)]));
      int cse_v39 = (((b_3_2 * 4) + j_3_2) + 48);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 48)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 48)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 144)]));
      int cse_v40 = (((b_3_2 * 4) + j_3_2) + 56);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 56)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 56)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 128)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 152)]));
      int cse_v51 = (((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 1);
      C_local_ptr[((b_3_2 * 4) + j_3_2)] = (C_local_ptr[((b_3_2 * 4) + j_3_2)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 32)]));
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 8)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 8)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 40)]));
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 16)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 16)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 48)]));
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 24)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 24)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 1)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 56)]));
      int cse_v52 = (((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 129);
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 32)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 32)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 160)]));
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 40)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 40)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 168)]));
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 48)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 48)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 176)]));
      C_local_ptr[(((b_3_2 * 4) + j_3_2) + 56)] = (C_local_ptr[(((b_3_2 * 4) + j_3_2) + 56)] + (A_shared_ptr[(((b_3_2 * 64) + ((((int)threadIdx.x) >> 1) * 2)) + 129)] * B_shared_ptr[((((b_3_2 * 64) + ((((int)threadIdx.x) & 1) * 4)) + j_3_2) + 184)]));
    }
  }
  for (int ax0 = 0; ax0 < 2; ++ax0) {
    for (int ax2 = 0; ax2 < 4; ++ax2) {
      int cse_v15 = ((ax0 * 4) + ax2);
      int cse_v57 = ((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2);
      C_ptr[((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2)] = C_local_ptr[((ax0 * 4) + ax2)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 8)] = C_local_ptr[(((ax0 * 4) + ax2) + 8)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 16)] = C_local_ptr[(((ax0 * 4) + ax2) + 16)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 24)] = C_local_ptr[(((ax0 * 4) + ax2) + 24)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 2048)] = C_local_ptr[(((ax0 * 4) + ax2) + 32)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 2056)] = C_local_ptr[(((ax0 * 4) + ax2) + 40)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 2064)] = C_local_ptr[(((ax0 * 4) + ax2) + 48)];
      C_ptr[(((((ax0 * 1024) + ((((int)threadIdx.x) >> 1) * 32)) + ((((int)threadIdx.x) & 1) * 4)) + ax2) + 2072)] = C_local_ptr[(((ax0 * 4) + ax2) + 56)];
    }
  }
}

