extern "C" __global__ void __launch_bounds__(112) main_kernel(float* __restrict__ data_ptr, float* __restrict__ kernel_ptr, float* __restrict__ out_ptr) {
  alignas(64) float out_local_ptr[28];
  __shared__ alignas(64) float pad_shared_ptr[3136];
  __shared__ alignas(64) float kernel_shared_ptr[16];
  for (int c_3_init = 0; c_3_init < 2; ++c_3_init) {
    int cse_v1 = (c_3_init * 14);
    out_local_ptr[(c_3_init * 14)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 1)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 2)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 3)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 4)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 5)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 6)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 7)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 8)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 9)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 10)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 11)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 12)] = 0x0p+0f/*0.000000e+00*/;
    out_local_ptr[((c_3_init * 14) + 13)] = 0x0p+0f/*0.000000e+00*/;
  }
  int cse_v6 = (((int)threadIdx.x) / 14);
  int cse_v7 = (((int)threadIdx.x) % 14);
  int cse_v10 = ((((int)threadIdx.x) / 14) * 392);
  for (int kh_0 = 0; kh_0 < 3; ++kh_0) {
    for (int kw_0 = 0; kw_0 < 3; ++kw_0) {
      int cse_v3 = (((int)threadIdx.x) * 2);
      __syncthreads();
      for (int ax0_ax1_ax2_ax3_fused_0 = 0; ax0_ax1_ax2_ax3_fused_0 < 7; ++ax0_ax1_ax2_ax3_fused_0) {
        int cse_v2 = (ax0_ax1_ax2_ax3_fused_0 * 32);
        int cse_v4 = (((int)threadIdx.x) * 4);
        int cse_v9 = ((((int)threadIdx.x) * 4) % 14);
        int cse_v28 = (((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14);
        int cse_v29 = ((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196);
        int cse_v32 = (kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14));
        int cse_v33 = (((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14));
        int cse_v34 = ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14);
        int cse_v36 = (((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14));
        int cse_v39 = (((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14)) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14)) + kw_0);
        float condval;
        if (((1 <= (kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14))) && ((kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14)) < 15)) && (1 <= (kw_0 + ((((int)threadIdx.x) * 4) % 14)))) {
          condval = data_ptr[(((((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14)) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14)) + kw_0) + ((((int)threadIdx.x) * 4) % 14)) - 15)];
        } else {
          condval = 0x0p+0f/*0.000000e+00*/;
        }
        pad_shared_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14)) + ((((int)threadIdx.x) * 4) % 14))] = condval;
        int cse_v24 = (((((int)threadIdx.x) * 4) + 1) % 14);
        float condval_1;
        if (((1 <= (kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14))) && ((kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14)) < 15)) && ((kw_0 + (((((int)threadIdx.x) * 4) + 1) % 14)) < 15)) {
          condval_1 = data_ptr[(((((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14)) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14)) + kw_0) + (((((int)threadIdx.x) * 4) + 1) % 14)) - 15)];
        } else {
          condval_1 = 0x0p+0f/*0.000000e+00*/;
        }
        pad_shared_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + ((((int)threadIdx.x) * 2) / 7)) % 14) * 14)) + (((((int)threadIdx.x) * 4) + 1) % 14))] = condval_1;
        int cse_v25 = (((((int)threadIdx.x) * 4) + 2) % 14);
        int cse_v35 = (((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14);
        int cse_v37 = (kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14));
        int cse_v38 = ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14);
        int cse_v40 = (((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14));
        int cse_v41 = (((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14)) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14)) + kw_0);
        float condval_2;
        if (((1 <= (kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14))) && ((kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14)) < 15)) && (1 <= (kw_0 + (((((int)threadIdx.x) * 4) + 2) % 14)))) {
          condval_2 = data_ptr[(((((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14)) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14)) + kw_0) + (((((int)threadIdx.x) * 4) + 2) % 14)) - 15)];
        } else {
          condval_2 = 0x0p+0f/*0.000000e+00*/;
        }
        pad_shared_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14)) + (((((int)threadIdx.x) * 4) + 2) % 14))] = condval_2;
        int cse_v26 = (((((int)threadIdx.x) * 4) + 3) % 14);
        float condval_3;
        if (((1 <= (kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14))) && ((kh_0 + (((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14)) < 15)) && ((kw_0 + (((((int)threadIdx.x) * 4) + 3) % 14)) < 15)) {
          condval_3 = data_ptr[(((((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + (kh_0 * 14)) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14)) + kw_0) + (((((int)threadIdx.x) * 4) + 3) % 14)) - 15)];
        } else {
          condval_3 = 0x0p+0f/*0.000000e+00*/;
        }
        pad_shared_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 16) + (((int)threadIdx.x) / 7)) / 7) * 196) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((((int)threadIdx.x) * 2) + 1) / 7)) % 14) * 14)) + (((((int)threadIdx.x) * 4) + 3) % 14))] = condval_3;
      }
      if (((int)threadIdx.x) < 8) {
        int2 v_ = make_int2(((((((int)threadIdx.x) * 18) + (kh_0 * 3)) + kw_0))+(9*0), ((((((int)threadIdx.x) * 18) + (kh_0 * 3)) + kw_0))+(9*1));
        *(float2*)(kernel_shared_ptr + (((int)threadIdx.x) * 2)) = make_float2(kernel_ptr[v_.x],kernel_ptr[v_.y]);
      }
      __syncthreads();
      for (int c_3 = 0; c_3 < 2; ++c_3) {
        int cse_v5 = (c_3 * 14);
        int cse_v27 = (((((int)threadIdx.x) / 14) * 2) + c_3);
        int cse_v30 = ((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14));
        out_local_ptr[(c_3 * 14)] = (out_local_ptr[(c_3 * 14)] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14))] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v11 = ((c_3 * 14) + 1);
        out_local_ptr[((c_3 * 14) + 1)] = (out_local_ptr[((c_3 * 14) + 1)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 14)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v12 = ((c_3 * 14) + 2);
        out_local_ptr[((c_3 * 14) + 2)] = (out_local_ptr[((c_3 * 14) + 2)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 28)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v13 = ((c_3 * 14) + 3);
        out_local_ptr[((c_3 * 14) + 3)] = (out_local_ptr[((c_3 * 14) + 3)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 42)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v14 = ((c_3 * 14) + 4);
        out_local_ptr[((c_3 * 14) + 4)] = (out_local_ptr[((c_3 * 14) + 4)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 56)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v15 = ((c_3 * 14) + 5);
        out_local_ptr[((c_3 * 14) + 5)] = (out_local_ptr[((c_3 * 14) + 5)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 70)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v16 = ((c_3 * 14) + 6);
        out_local_ptr[((c_3 * 14) + 6)] = (out_local_ptr[((c_3 * 14) + 6)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 84)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v17 = ((c_3 * 14) + 7);
        out_local_ptr[((c_3 * 14) + 7)] = (out_local_ptr[((c_3 * 14) + 7)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 98)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v18 = ((c_3 * 14) + 8);
        out_local_ptr[((c_3 * 14) + 8)] = (out_local_ptr[((c_3 * 14) + 8)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 112)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v19 = ((c_3 * 14) + 9);
        out_local_ptr[((c_3 * 14) + 9)] = (out_local_ptr[((c_3 * 14) + 9)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 126)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v20 = ((c_3 * 14) + 10);
        out_local_ptr[((c_3 * 14) + 10)] = (out_local_ptr[((c_3 * 14) + 10)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 140)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v21 = ((c_3 * 14) + 11);
        out_local_ptr[((c_3 * 14) + 11)] = (out_local_ptr[((c_3 * 14) + 11)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 154)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v22 = ((c_3 * 14) + 12);
        out_local_ptr[((c_3 * 14) + 12)] = (out_local_ptr[((c_3 * 14) + 12)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 168)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
        int cse_v23 = ((c_3 * 14) + 13);
        out_local_ptr[((c_3 * 14) + 13)] = (out_local_ptr[((c_3 * 14) + 13)] + (pad_shared_ptr[(((((((int)threadIdx.x) / 14) * 392) + (c_3 * 196)) + (((int)threadIdx.x) % 14)) + 182)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + c_3)]));
      }
    }
  }
  for (int ax1 = 0; ax1 < 2; ++ax1) {
    int cse_v8 = (ax1 * 14);
    int cse_v31 = ((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14));
    out_ptr[((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14))] = out_local_ptr[(ax1 * 14)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 14)] = out_local_ptr[((ax1 * 14) + 1)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 28)] = out_local_ptr[((ax1 * 14) + 2)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 42)] = out_local_ptr[((ax1 * 14) + 3)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 56)] = out_local_ptr[((ax1 * 14) + 4)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 70)] = out_local_ptr[((ax1 * 14) + 5)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 84)] = out_local_ptr[((ax1 * 14) + 6)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 98)] = out_local_ptr[((ax1 * 14) + 7)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 112)] = out_local_ptr[((ax1 * 14) + 8)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 126)] = out_local_ptr[((ax1 * 14) + 9)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 140)] = out_local_ptr[((ax1 * 14) + 10)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 154)] = out_local_ptr[((ax1 * 14) + 11)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 168)] = out_local_ptr[((ax1 * 14) + 12)];
    out_ptr[(((((((int)threadIdx.x) / 14) * 392) + (ax1 * 196)) + (((int)threadIdx.x) % 14)) + 182)] = out_local_ptr[((ax1 * 14) + 13)];
  }
}

