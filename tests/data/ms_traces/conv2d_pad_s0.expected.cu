extern "C" __global__ void __launch_bounds__(112) main_kernel(float* __restrict__ conv2d_nchw_ptr, float* __restrict__ data_ptr, float* __restrict__ kernel_ptr) {
  alignas(64) float conv2d_nchw_local_ptr[28];
  __shared__ alignas(64) float pad_temp_shared_ptr[2048];
  __shared__ alignas(64) float kernel_shared_ptr[1152];
  for (int ff_3_init = 0; ff_3_init < 2; ++ff_3_init) {
    for (int yy_4_init = 0; yy_4_init < 14; ++yy_4_init) {
      conv2d_nchw_local_ptr[((ff_3_init * 14) + yy_4_init)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  int cse_v1 = (((int)threadIdx.x) >> 4);
  for (int ax0_ax1_ax2_ax3_fused_0 = 0; ax0_ax1_ax2_ax3_fused_0 < 10; ++ax0_ax1_ax2_ax3_fused_0) {
    int cse_v4 = ((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 4));
    if (((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 4)) < 64) {
      for (int ax0_ax1_ax2_ax3_fused_2_s = 0; ax0_ax1_ax2_ax3_fused_2_s < 2; ++ax0_ax1_ax2_ax3_fused_2_s) {
        int cse_v5 = ((((int)threadIdx.x) & 7) * 2);
        int cse_v8 = (((ax0_ax1_ax2_ax3_fused_0 * 14) + (((int)threadIdx.x) >> 3)) & 15);
        int cse_v9 = (((((int)threadIdx.x) & 7) * 2) + ax0_ax1_ax2_ax3_fused_2_s);
        int cse_v10 = (((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 4)) >> 3);
        float condval;
        if ((((1 <= (((ax0_ax1_ax2_ax3_fused_0 * 14) + (((int)threadIdx.x) >> 3)) & 15)) && ((((ax0_ax1_ax2_ax3_fused_0 * 14) + (((int)threadIdx.x) >> 3)) & 15) < 15)) && (1 <= (((((int)threadIdx.x) & 7) * 2) + ax0_ax1_ax2_ax3_fused_2_s))) && ((((((int)threadIdx.x) & 7) * 2) + ax0_ax1_ax2_ax3_fused_2_s) < 15)) {
          condval = data_ptr[((((((((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 4)) >> 3) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 14) + (((int)threadIdx.x) >> 3)) & 15) * 14)) + ((((int)threadIdx.x) & 7) * 2)) + ax0_ax1_ax2_ax3_fused_2_s) - 15)];
        } else {
          condval = 0x0p+0f/*0.000000e+00*/;
        }
        pad_temp_shared_ptr[(((((((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) >> 4)) >> 3) * 256) + ((((ax0_ax1_ax2_ax3_fused_0 * 14) + (((int)threadIdx.x) >> 3)) & 15) * 16)) + ((((int)threadIdx.x) & 7) * 2)) + ax0_ax1_ax2_ax3_fused_2_s)] = condval;
      }
    }
  }
  for (int ax0_ax1_ax2_ax3_fused_0_1 = 0; ax0_ax1_ax2_ax3_fused_0_1 < 11; ++ax0_ax1_ax2_ax3_fused_0_1) {
    if (((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) >> 4)) < 72) {
      int cse_v6 = ((ax0_ax1_ax2_ax3_fused_0_1 * 112) + ((int)threadIdx.x));
      kernel_shared_ptr[((ax0_ax1_ax2_ax3_fused_0_1 * 112) + ((int)threadIdx.x))] = kernel_ptr[((ax0_ax1_ax2_ax3_fused_0_1 * 112) + ((int)threadIdx.x))];
    }
  }
  int cse_v2 = (((int)threadIdx.x) % 14);
  int cse_v3 = (((int)threadIdx.x) / 14);
  __syncthreads();
  for (int rc_1 = 0; rc_1 < 2; ++rc_1) {
    for (int ry_1 = 0; ry_1 < 3; ++ry_1) {
      for (int ff_3 = 0; ff_3 < 2; ++ff_3) {
        for (int rc_2 = 0; rc_2 < 4; ++rc_2) {
          for (int rx_2 = 0; rx_2 < 3; ++rx_2) {
            for (int yy_4 = 0; yy_4 < 14; ++yy_4) {
              int cse_v7 = ((ff_3 * 14) + yy_4);
              conv2d_nchw_local_ptr[((ff_3 * 14) + yy_4)] = (conv2d_nchw_local_ptr[((ff_3 * 14) + yy_4)] + (pad_temp_shared_ptr[((((((rc_1 * 1024) + (rc_2 * 256)) + (yy_4 * 16)) + (ry_1 * 16)) + rx_2) + (((int)threadIdx.x) % 14))] * kernel_shared_ptr[(((((((((int)threadIdx.x) / 14) * 144) + (ff_3 * 72)) + (rc_1 * 36)) + (rc_2 * 9)) + (ry_1 * 3)) + rx_2)]));
            }
          }
        }
      }
    }
  }
  for (int ax1 = 0; ax1 < 2; ++ax1) {
    for (int ax2 = 0; ax2 < 14; ++ax2) {
      conv2d_nchw_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (ax2 * 14)) + (((int)threadIdx.x) % 14))] = conv2d_nchw_local_ptr[((ax1 * 14) + ax2)];
    }
  }
}

