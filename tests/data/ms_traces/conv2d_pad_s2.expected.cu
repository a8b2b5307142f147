extern "C" __global__ void __launch_bounds__(56) main_kernel(float* __restrict__ conv2d_nchw_ptr, float* __restrict__ data_ptr, float* __restrict__ kernel_ptr) {
  alignas(64) float conv2d_nchw_local_ptr[56];
  __shared__ alignas(64) float pad_temp_shared_ptr[4096];
  __shared__ alignas(64) float kernel_shared_ptr[2304];
  for (int ff_4_init = 0; ff_4_init < 2; ++ff_4_init) {
    for (int yy_4_init = 0; yy_4_init < 2; ++yy_4_init) {
      int cse_v7 = ((ff_4_init * 2) + yy_4_init);
      conv2d_nchw_local_ptr[((ff_4_init * 2) + yy_4_init)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 4)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 8)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 12)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 16)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 20)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 24)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 28)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 32)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 36)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 40)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 44)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 48)] = 0x0p+0f/*0.000000e+00*/;
      conv2d_nchw_local_ptr[(((ff_4_init * 2) + yy_4_init) + 52)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  int cse_v1 = (((int)threadIdx.x) >> 3);
  int cse_v2 = (((int)threadIdx.x) * 3);
  int cse_v3 = (((int)threadIdx.x) + 56);
  int cse_v4 = (((int)threadIdx.x) + 112);
  int cse_v18 = (((((int)threadIdx.x) / 12) * 72) + ((((int)threadIdx.x) % 12) * 3));
  int cse_v19 = (((((int)threadIdx.x) + 2) % 3) * 3);
  int cse_v20 = (((((int)threadIdx.x) + 1) % 3) * 3);
  int cse_v49 = ((((((int)threadIdx.x) + 56) / 3) * 9) + (((((int)threadIdx.x) + 2) % 3) * 3));
  int cse_v50 = ((((((int)threadIdx.x) + 112) / 3) * 9) + (((((int)threadIdx.x) + 1) % 3) * 3));
  int cse_v54 = (((((((int)threadIdx.x) + 56) / 12) * 72) + ((((((int)threadIdx.x) + 8) % 12) / 3) * 9)) + (((((int)threadIdx.x) + 2) % 3) * 3));
  int cse_v55 = (((((((int)threadIdx.x) + 112) / 12) * 72) + ((((((int)threadIdx.x) + 4) % 12) / 3) * 9)) + (((((int)threadIdx.x) + 1) % 3) * 3));
  for (int ax0_ax1_ax2_ax3_fused_0 = 0; ax0_ax1_ax2_ax3_fused_0 < 19; ++ax0_ax1_ax2_ax3_fused_0) {
    int cse_v8 = ((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 3));
    if (((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 3)) < 128) {
      int cse_v9 = ((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x));
      int cse_v16 = (((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 3)) & 31);
      int cse_v17 = (((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x)) & 15);
      float condval;
      if ((((2 <= (((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 3)) & 31)) && ((((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x)) & 255) < 240)) && (1 <= (((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x)) & 15))) && ((((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x)) & 15) < 15)) {
        condval = data_ptr[(((((((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 3)) >> 5) * 196) + (((((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 3)) & 31) >> 1) * 14)) + (((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x)) & 15)) - 15)];
      } else {
        condval = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[((ax0_ax1_ax2_ax3_fused_0 * 56) + ((int)threadIdx.x))] = condval;
    }
  }
  *(float3*)(kernel_shared_ptr + (((int)threadIdx.x) * 3)) = *(float3*)(kernel_ptr + (((((int)threadIdx.x) / 12) * 72) + ((((int)threadIdx.x) % 12) * 3)));
  *(float3*)(kernel_shared_ptr + ((((((int)threadIdx.x) + 56) / 3) * 9) + (((((int)threadIdx.x) + 2) % 3) * 3))) = *(float3*)(kernel_ptr + (((((((int)threadIdx.x) + 56) / 12) * 72) + ((((((int)threadIdx.x) + 8) % 12) / 3) * 9)) + (((((int)threadIdx.x) + 2) % 3) * 3)));
  *(float3*)(kernel_shared_ptr + ((((((int)threadIdx.x) + 112) / 3) * 9) + (((((int)threadIdx.x) + 1) % 3) * 3))) = *(float3*)(kernel_ptr + (((((((int)threadIdx.x) + 112) / 12) * 72) + ((((((int)threadIdx.x) + 4) % 12) / 3) * 9)) + (((((int)threadIdx.x) + 1) % 3) * 3)));
  if (((int)threadIdx.x) < 24) {
    *(float3*)(kernel_shared_ptr + ((((int)threadIdx.x) * 3) + 504)) = *(float3*)(kernel_ptr + ((((((int)threadIdx.x) / 12) * 72) + ((((int)threadIdx.x) % 12) * 3)) + 1008));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_ax2_ax3_fused_0_1 = 0; ax0_ax1_ax2_ax3_fused_0_1 < 19; ++ax0_ax1_ax2_ax3_fused_0_1) {
    int cse_v10 = ((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 3));
    if (((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 3)) < 128) {
      int cse_v11 = ((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x));
      int cse_v21 = (((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 3)) & 31);
      int cse_v22 = (((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x)) & 15);
      float condval_1;
      if ((((2 <= (((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 3)) & 31)) && ((((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x)) & 255) < 240)) && (1 <= (((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x)) & 15))) && ((((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x)) & 15) < 15)) {
        condval_1 = data_ptr[(((((((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 3)) >> 5) * 196) + (((((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 3)) & 31) >> 1) * 14)) + (((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x)) & 15)) + 769)];
      } else {
        condval_1 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_1 * 56) + ((int)threadIdx.x)) + 1024)] = condval_1;
    }
  }
  *(float3*)(kernel_shared_ptr + ((((int)threadIdx.x) * 3) + 576)) = *(float3*)(kernel_ptr + ((((((int)threadIdx.x) / 12) * 72) + ((((int)threadIdx.x) % 12) * 3)) + 36));
  *(float3*)(kernel_shared_ptr + (((((((int)threadIdx.x) + 56) / 3) * 9) + (((((int)threadIdx.x) + 2) % 3) * 3)) + 576)) = *(float3*)(kernel_ptr + ((((((((int)threadIdx.x) + 56) / 12) * 72) + ((((((int)threadIdx.x) + 8) % 12) / 3) * 9)) + (((((int)threadIdx.x) + 2) % 3) * 3)) + 36));
  *(float3*)(kernel_shared_ptr + (((((((int)threadIdx.x) + 112) / 3) * 9) + (((((int)threadIdx.x) + 1) % 3) * 3)) + 576)) = *(float3*)(kernel_ptr + ((((((((int)threadIdx.x) + 112) / 12) * 72) + ((((((int)threadIdx.x) + 4) % 12) / 3) * 9)) + (((((int)threadIdx.x) + 1) % 3) * 3)) + 36));
  if (((int)threadIdx.x) < 24) {
    *(float3*)(kernel_shared_ptr + ((((int)threadIdx.x) * 3) + 1080)) = *(float3*)(kernel_ptr + ((((((int)threadIdx.x) / 12) * 72) + ((((int)threadIdx.x) % 12) * 3)) + 1044));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v5 = (((int)threadIdx.x) % 14);
  int cse_v6 = (((int)threadIdx.x) / 14);
  int cse_v13 = ((((int)threadIdx.x) / 14) * 72);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int rc_1 = 0; rc_1 < 4; ++rc_1) {
    for (int ry_2 = 0; ry_2 < 3; ++ry_2) {
      for (int rx_2 = 0; rx_2 < 3; ++rx_2) {
        for (int ff_4 = 0; ff_4 < 2; ++ff_4) {
          for (int yy_4 = 0; yy_4 < 2; ++yy_4) {
            int cse_v12 = ((ff_4 * 2) + yy_4);
            int cse_v51 = (((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14));
            int cse_v56 = ((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2);
            conv2d_nchw_local_ptr[((ff_4 * 2) + yy_4)] = (conv2d_nchw_local_ptr[((ff_4 * 2) + yy_4)] + (pad_temp_shared_ptr[(((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14))] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v23 = (((ff_4 * 2) + yy_4) + 4);
            int cse_v57 = ((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 32);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 4)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 4)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 32)] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v24 = (((ff_4 * 2) + yy_4) + 8);
            int cse_v58 = ((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 64);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 8)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 8)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 64)] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v25 = (((ff_4 * 2) + yy_4) + 12);
            int cse_v59 = ((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 96);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 12)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 12)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 96)] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v26 = (((ff_4 * 2) + yy_4) + 16);
            int cse_v60 = ((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 128);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 16)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 16)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 128)] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v27 = (((ff_4 * 2) + yy_4) + 20);
            int cse_v61 = ((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 160);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 20)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 20)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 160)] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v28 = (((ff_4 * 2) + yy_4) + 24);
            int cse_v62 = ((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 192);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 24)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 24)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 192)] * kernel_shared_ptr[((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2)]));
            int cse_v29 = (((ff_4 * 2) + yy_4) + 28);
            int cse_v71 = (((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 28)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 28)] + (pad_temp_shared_ptr[(((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14))] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
            int cse_v30 = (((ff_4 * 2) + yy_4) + 32);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 32)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 32)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 32)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
            int cse_v31 = (((ff_4 * 2) + yy_4) + 36);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 36)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 36)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 64)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
            int cse_v32 = (((ff_4 * 2) + yy_4) + 40);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 40)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 40)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 96)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
            int cse_v33 = (((ff_4 * 2) + yy_4) + 44);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 44)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 44)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 128)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
            int cse_v34 = (((ff_4 * 2) + yy_4) + 48);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 48)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 48)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 160)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
            int cse_v35 = (((ff_4 * 2) + yy_4) + 52);
            conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 52)] = (conv2d_nchw_local_ptr[(((ff_4 * 2) + yy_4) + 52)] + (pad_temp_shared_ptr[((((((rc_1 * 256) + (yy_4 * 16)) + (ry_2 * 16)) + rx_2) + (((int)threadIdx.x) % 14)) + 192)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4 * 36)) + (rc_1 * 9)) + (ry_2 * 3)) + rx_2) + 288)]));
          }
        }
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int rc_1_1 = 0; rc_1_1 < 4; ++rc_1_1) {
    for (int ry_2_1 = 0; ry_2_1 < 3; ++ry_2_1) {
      for (int rx_2_1 = 0; rx_2_1 < 3; ++rx_2_1) {
        for (int ff_4_1 = 0; ff_4_1 < 2; ++ff_4_1) {
          for (int yy_4_1 = 0; yy_4_1 < 2; ++yy_4_1) {
            int cse_v14 = ((ff_4_1 * 2) + yy_4_1);
            int cse_v52 = (((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14));
            int cse_v63 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1024);
            int cse_v64 = ((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1);
            int cse_v72 = (((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576);
            conv2d_nchw_local_ptr[((ff_4_1 * 2) + yy_4_1)] = (conv2d_nchw_local_ptr[((ff_4_1 * 2) + yy_4_1)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1024)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v36 = (((ff_4_1 * 2) + yy_4_1) + 4);
            int cse_v65 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1056);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 4)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 4)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1056)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v37 = (((ff_4_1 * 2) + yy_4_1) + 8);
            int cse_v66 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1088);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 8)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 8)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1088)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v38 = (((ff_4_1 * 2) + yy_4_1) + 12);
            int cse_v67 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1120);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 12)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 12)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1120)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v39 = (((ff_4_1 * 2) + yy_4_1) + 16);
            int cse_v68 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1152);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 16)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 16)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1152)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v40 = (((ff_4_1 * 2) + yy_4_1) + 20);
            int cse_v69 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1184);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 20)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 20)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1184)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v41 = (((ff_4_1 * 2) + yy_4_1) + 24);
            int cse_v70 = ((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1216);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 24)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 24)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1216)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 576)]));
            int cse_v42 = (((ff_4_1 * 2) + yy_4_1) + 28);
            int cse_v73 = (((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 28)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 28)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1024)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
            int cse_v43 = (((ff_4_1 * 2) + yy_4_1) + 32);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 32)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 32)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1056)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
            int cse_v44 = (((ff_4_1 * 2) + yy_4_1) + 36);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 36)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 36)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1088)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
            int cse_v45 = (((ff_4_1 * 2) + yy_4_1) + 40);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 40)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 40)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1120)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
            int cse_v46 = (((ff_4_1 * 2) + yy_4_1) + 44);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 44)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 44)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1152)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
            int cse_v47 = (((ff_4_1 * 2) + yy_4_1) + 48);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 48)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 48)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1184)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
            int cse_v48 = (((ff_4_1 * 2) + yy_4_1) + 52);
            conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 52)] = (conv2d_nchw_local_ptr[(((ff_4_1 * 2) + yy_4_1) + 52)] + (pad_temp_shared_ptr[((((((rc_1_1 * 256) + (yy_4_1 * 16)) + (ry_2_1 * 16)) + rx_2_1) + (((int)threadIdx.x) % 14)) + 1216)] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 72) + (ff_4_1 * 36)) + (rc_1_1 * 9)) + (ry_2_1 * 3)) + rx_2_1) + 864)]));
          }
        }
      }
    }
  }
  for (int ax1 = 0; ax1 < 2; ++ax1) {
    for (int ax2 = 0; ax2 < 2; ++ax2) {
      int cse_v15 = ((ax1 * 2) + ax2);
      int cse_v53 = (((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14));
      conv2d_nchw_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14))] = conv2d_nchw_local_ptr[((ax1 * 2) + ax2)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 28)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 4)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 56)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 8)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 84)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 12)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 112)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 16)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 140)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 20)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 168)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 24)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1568)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 28)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1596)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 32)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1624)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 36)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1652)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 40)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1680)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 44)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1708)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 48)];
      conv2d_nchw_ptr[((((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14)) + 1736)] = conv2d_nchw_local_ptr[(((ax1 * 2) + ax2) + 52)];
    }
  }
}

