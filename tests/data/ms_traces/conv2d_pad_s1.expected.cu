extern "C" __global__ void __launch_bounds__(98) main_kernel(float* __restrict__ conv2d_nchw_ptr, float* __restrict__ data_ptr, float* __restrict__ kernel_ptr) {
  alignas(64) float conv2d_nchw_local_ptr[32];
  __shared__ alignas(64) float pad_temp_shared_ptr[5376];
  __shared__ alignas(64) float kernel_shared_ptr[1152];
  for (int ff_4_init = 0; ff_4_init < 16; ++ff_4_init) {
    int cse_v1 = (ff_4_init * 2);
    conv2d_nchw_local_ptr[(ff_4_init * 2)] = 0x0p+0f/*0.000000e+00*/;
    conv2d_nchw_local_ptr[((ff_4_init * 2) + 1)] = 0x0p+0f/*0.000000e+00*/;
  }
  int cse_v2 = (((int)threadIdx.x) / 14);
  int cse_v3 = (((int)threadIdx.x) >> 1);
  int cse_v4 = (((int)threadIdx.x) * 4);
  int cse_v5 = (((int)threadIdx.x) / 6);
  int4 __1;
    int4 v_ = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
    int4 v__1 = make_int4(3, 3, 3, 3);
    __1.x = (v_.x/v__1.x);
    __1.y = (v_.y/v__1.y);
    __1.z = (v_.z/v__1.z);
    __1.w = (v_.w/v__1.w);
  int4 cse_v6 = __1;
  int4 __2;
    int4 v__2 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
    int4 v__3 = make_int4(3, 3, 3, 3);
    __2.x = (v__2.x%v__3.x);
    __2.y = (v__2.y%v__3.y);
    __2.z = (v__2.z%v__3.z);
    __2.w = (v__2.w%v__3.w);
  int4 cse_v7 = __2;
  int cse_v15 = ((((int)threadIdx.x) / 6) * 72);
  int cse_v16 = ((((int)threadIdx.x) % 6) * 4);
  int cse_v17 = ((((int)threadIdx.x) / 6) * 24);
  int4 __3;
    int4 __4;
      int4 v__4 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
      int4 v__5 = make_int4(3, 3, 3, 3);
      __4.x = (v__4.x/v__5.x);
      __4.y = (v__4.y/v__5.y);
      __4.z = (v__4.z/v__5.z);
      __4.w = (v__4.w/v__5.w);
    int4 v__6 = make_int4(3, 3, 3, 3);
    __3.x = (__4.x*v__6.x);
    __3.y = (__4.y*v__6.y);
    __3.z = (__4.z*v__6.z);
    __3.w = (__4.w*v__6.w);
  int4 cse_v18 = __3;
  int4 __5;
    int4 v__7 = make_int4(((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72));
    int4 __6;
      int4 __7;
        int4 v__8 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
        int4 v__9 = make_int4(3, 3, 3, 3);
        __7.x = (v__8.x/v__9.x);
        __7.y = (v__8.y/v__9.y);
        __7.z = (v__8.z/v__9.z);
        __7.w = (v__8.w/v__9.w);
      int4 v__10 = make_int4(9, 9, 9, 9);
      __6.x = (__7.x*v__10.x);
      __6.y = (__7.y*v__10.y);
      __6.z = (__7.z*v__10.z);
      __6.w = (__7.w*v__10.w);
    __5.x = (v__7.x+__6.x);
    __5.y = (v__7.y+__6.y);
    __5.z = (v__7.z+__6.z);
    __5.w = (v__7.w+__6.w);
  int4 cse_v30 = __5;
  int4 __8;
    int4 __9;
      int4 v__11 = make_int4(((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24));
      int4 __10;
        int4 __11;
          int4 v__12 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
          int4 v__13 = make_int4(3, 3, 3, 3);
          __11.x = (v__12.x/v__13.x);
          __11.y = (v__12.y/v__13.y);
          __11.z = (v__12.z/v__13.z);
          __11.w = (v__12.w/v__13.w);
        int4 v__14 = make_int4(3, 3, 3, 3);
        __10.x = (__11.x*v__14.x);
        __10.y = (__11.y*v__14.y);
        __10.z = (__11.z*v__14.z);
        __10.w = (__11.w*v__14.w);
      __9.x = (v__11.x+__10.x);
      __9.y = (v__11.y+__10.y);
      __9.z = (v__11.z+__10.z);
      __9.w = (v__11.w+__10.w);
    int4 __12;
      int4 v__15 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
      int4 v__16 = make_int4(3, 3, 3, 3);
      __12.x = (v__15.x%v__16.x);
      __12.y = (v__15.y%v__16.y);
      __12.z = (v__15.z%v__16.z);
      __12.w = (v__15.w%v__16.w);
    __8.x = (__9.x+__12.x);
    __8.y = (__9.y+__12.y);
    __8.z = (__9.z+__12.z);
    __8.w = (__9.w+__12.w);
  int4 cse_v38 = __8;
  for (int ax0_ax1_ax2_ax3_fused_0 = 0; ax0_ax1_ax2_ax3_fused_0 < 5; ++ax0_ax1_ax2_ax3_fused_0) {
    if (((ax0_ax1_ax2_ax3_fused_0 * 7) + (((int)threadIdx.x) / 14)) < 32) {
      int cse_v13 = ((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1));
      int cse_v14 = ((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4));
      int cse_v25 = (((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) % 28);
      int cse_v26 = (((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) & 15);
      int cse_v36 = ((((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14);
      float condval;
      if ((2 <= (((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) % 28)) && (1 < (((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) & 15))) {
        condval = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + (((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) & 15)) - 15)];
      } else {
        condval = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4))] = condval;
      int cse_v27 = (((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 1);
      float condval_1;
      if (2 <= (((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) % 28)) {
        condval_1 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 1) & 15)) - 15)];
      } else {
        condval_1 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 1)] = condval_1;
      int cse_v28 = (((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 2);
      float condval_2;
      if (2 <= (((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) % 28)) {
        condval_2 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 2) & 15)) - 15)];
      } else {
        condval_2 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 2)] = condval_2;
      int cse_v29 = (((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 3);
      int cse_v37 = ((((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15);
      float condval_3;
      if ((2 <= (((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) % 28)) && (((((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15) < 15)) {
        condval_3 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15)) - 15)];
      } else {
        condval_3 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0 * 392) + (((int)threadIdx.x) * 4)) + 3)] = condval_3;
    }
  }
  if (((int)threadIdx.x) < 96) {
      int4 __13;
        int4 __14;
          int4 v__17 = make_int4(((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24));
          int4 __15;
            int4 __16;
              int4 v__18 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
              int4 v__19 = make_int4(3, 3, 3, 3);
              __16.x = (v__18.x/v__19.x);
              __16.y = (v__18.y/v__19.y);
              __16.z = (v__18.z/v__19.z);
              __16.w = (v__18.w/v__19.w);
            int4 v__20 = make_int4(3, 3, 3, 3);
            __15.x = (__16.x*v__20.x);
            __15.y = (__16.y*v__20.y);
            __15.z = (__16.z*v__20.z);
            __15.w = (__16.w*v__20.w);
          __14.x = (v__17.x+__15.x);
          __14.y = (v__17.y+__15.y);
          __14.z = (v__17.z+__15.z);
          __14.w = (v__17.w+__15.w);
        int4 __17;
          int4 v__21 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
          int4 v__22 = make_int4(3, 3, 3, 3);
          __17.x = (v__21.x%v__22.x);
          __17.y = (v__21.y%v__22.y);
          __17.z = (v__21.z%v__22.z);
          __17.w = (v__21.w%v__22.w);
        __13.x = (__14.x+__17.x);
        __13.y = (__14.y+__17.y);
        __13.z = (__14.z+__17.z);
        __13.w = (__14.w+__17.w);
      int4 __18;
        int4 __19;
          int4 __20;
            int4 v__23 = make_int4(((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72));
            int4 __21;
              int4 __22;
                int4 v__24 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
                int4 v__25 = make_int4(3, 3, 3, 3);
                __22.x = (v__24.x/v__25.x);
                __22.y = (v__24.y/v__25.y);
                __22.z = (v__24.z/v__25.z);
                __22.w = (v__24.w/v__25.w);
              int4 v__26 = make_int4(9, 9, 9, 9);
              __21.x = (__22.x*v__26.x);
              __21.y = (__22.y*v__26.y);
              __21.z = (__22.z*v__26.z);
              __21.w = (__22.w*v__26.w);
            __20.x = (v__23.x+__21.x);
            __20.y = (v__23.y+__21.y);
            __20.z = (v__23.z+__21.z);
            __20.w = (v__23.w+__21.w);
          int4 v__27 = make_int4(0, 0, 0, 0);
          __19.x = (__20.x+v__27.x);
          __19.y = (__20.y+v__27.y);
          __19.z = (__20.z+v__27.z);
          __19.w = (__20.w+v__27.w);
        int4 __23;
          int4 v__28 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
          int4 v__29 = make_int4(3, 3, 3, 3);
          __23.x = (v__28.x%v__29.x);
          __23.y = (v__28.y%v__29.y);
          __23.z = (v__28.z%v__29.z);
          __23.w = (v__28.w%v__29.w);
        __18.x = (__19.x+__23.x);
        __18.y = (__19.y+__23.y);
        __18.z = (__19.z+__23.z);
        __18.w = (__19.w+__23.w);
      float4 v__30 = make_float4(kernel_ptr[__18.x],kernel_ptr[__18.y],kernel_ptr[__18.z],kernel_ptr[__18.w]);
      kernel_shared_ptr[__13.x] = v__30.x;
      kernel_shared_ptr[__13.y] = v__30.y;
      kernel_shared_ptr[__13.z] = v__30.z;
      kernel_shared_ptr[__13.w] = v__30.w;
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_ax2_ax3_fused_0_1 = 0; ax0_ax1_ax2_ax3_fused_0_1 < 5; ++ax0_ax1_ax2_ax3_fused_0_1) {
    if (((ax0_ax1_ax2_ax3_fused_0_1 * 7) + (((int)threadIdx.x) / 14)) < 32) {
      int cse_v19 = ((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4));
      int cse_v31 = (((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) & 15);
      int cse_v39 = ((((ax0_ax1_ax2_ax3_fused_0_1 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14);
      float condval_4;
      if (1 < (((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) & 15)) {
        condval_4 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_1 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + (((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) & 15)) - 1)];
      } else {
        condval_4 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 1792)] = condval_4;
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 1793)] = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_1 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 1) & 15)) - 1)];
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 1794)] = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_1 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 2) & 15)) - 1)];
      int cse_v40 = ((((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15);
      float condval_5;
      if (((((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15) < 15) {
        condval_5 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_1 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15)) - 1)];
      } else {
        condval_5 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_1 * 392) + (((int)threadIdx.x) * 4)) + 1795)] = condval_5;
    }
  }
  if (((int)threadIdx.x) < 96) {
      int4 __24;
        int4 __25;
          int4 v__31 = make_int4((((((int)threadIdx.x) / 6) * 24) + 384), (((((int)threadIdx.x) / 6) * 24) + 384), (((((int)threadIdx.x) / 6) * 24) + 384), (((((int)threadIdx.x) / 6) * 24) + 384));
          int4 __26;
            int4 __27;
              int4 v__32 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
              int4 v__33 = make_int4(3, 3, 3, 3);
              __27.x = (v__32.x/v__33.x);
              __27.y = (v__32.y/v__33.y);
              __27.z = (v__32.z/v__33.z);
              __27.w = (v__32.w/v__33.w);
            int4 v__34 = make_int4(3, 3, 3, 3);
            __26.x = (__27.x*v__34.x);
            __26.y = (__27.y*v__34.y);
            __26.z = (__27.z*v__34.z);
            __26.w = (__27.w*v__34.w);
          __25.x = (v__31.x+__26.x);
          __25.y = (v__31.y+__26.y);
          __25.z = (v__31.z+__26.z);
          __25.w = (v__31.w+__26.w);
        int4 __28;
          int4 v__35 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
          int4 v__36 = make_int4(3, 3, 3, 3);
          __28.x = (v__35.x%v__36.x);
          __28.y = (v__35.y%v__36.y);
          __28.z = (v__35.z%v__36.z);
          __28.w = (v__35.w%v__36.w);
        __24.x = (__25.x+__28.x);
        __24.y = (__25.y+__28.y);
        __24.z = (__25.z+__28.z);
        __24.w = (__25.w+__28.w);
      int4 __29;
        int4 __30;
          int4 __31;
            int4 v__37 = make_int4(((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72));
            int4 __32;
              int4 __33;
                int4 v__38 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
                int4 v__39 = make_int4(3, 3, 3, 3);
                __33.x = (v__38.x/v__39.x);
                __33.y = (v__38.y/v__39.y);
                __33.z = (v__38.z/v__39.z);
                __33.w = (v__38.w/v__39.w);
              int4 v__40 = make_int4(9, 9, 9, 9);
              __32.x = (__33.x*v__40.x);
              __32.y = (__33.y*v__40.y);
              __32.z = (__33.z*v__40.z);
              __32.w = (__33.w*v__40.w);
            __31.x = (v__37.x+__32.x);
            __31.y = (v__37.y+__32.y);
            __31.z = (v__37.z+__32.z);
            __31.w = (v__37.w+__32.w);
          int4 v__41 = make_int4(3, 3, 3, 3);
          __30.x = (__31.x+v__41.x);
          __30.y = (__31.y+v__41.y);
          __30.z = (__31.z+v__41.z);
          __30.w = (__31.w+v__41.w);
        int4 __34;
          int4 v__42 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
          int4 v__43 = make_int4(3, 3, 3, 3);
          __34.x = (v__42.x%v__43.x);
          __34.y = (v__42.y%v__43.y);
          __34.z = (v__42.z%v__43.z);
          __34.w = (v__42.w%v__43.w);
        __29.x = (__30.x+__34.x);
        __29.y = (__30.y+__34.y);
        __29.z = (__30.z+__34.z);
        __29.w = (__30.w+__34.w);
      float4 v__44 = make_float4(kernel_ptr[__29.x],kernel_ptr[__29.y],kernel_ptr[__29.z],kernel_ptr[__29.w]);
      kernel_shared_ptr[__24.x] = v__44.x;
      kernel_shared_ptr[__24.y] = v__44.y;
      kernel_shared_ptr[__24.z] = v__44.z;
      kernel_shared_ptr[__24.w] = v__44.w;
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_ax2_ax3_fused_0_2 = 0; ax0_ax1_ax2_ax3_fused_0_2 < 5; ++ax0_ax1_ax2_ax3_fused_0_2) {
    if (((ax0_ax1_ax2_ax3_fused_0_2 * 7) + (((int)threadIdx.x) / 14)) < 32) {
      int cse_v20 = ((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4));
      int cse_v32 = (((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) & 15);
      int cse_v41 = ((((ax0_ax1_ax2_ax3_fused_0_2 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14);
      float condval_6;
      if (((((ax0_ax1_ax2_ax3_fused_0_2 * 98) + ((int)threadIdx.x)) % 56) < 52) && (1 < (((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) & 15))) {
        condval_6 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_2 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + (((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) & 15)) + 13)];
      } else {
        condval_6 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3584)] = condval_6;
      int cse_v33 = (((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 1);
      float condval_7;
      if (((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 1) % 224) < 208) {
        condval_7 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_2 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 1) & 15)) + 13)];
      } else {
        condval_7 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3585)] = condval_7;
      float condval_8;
      if (((((ax0_ax1_ax2_ax3_fused_0_2 * 196) + (((int)threadIdx.x) * 2)) + 1) % 112) < 104) {
        condval_8 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_2 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 2) & 15)) + 13)];
      } else {
        condval_8 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3586)] = condval_8;
      int cse_v34 = (((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3);
      int cse_v42 = ((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15);
      float condval_9;
      if ((((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3) % 224) < 208) && (((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15) < 15)) {
        condval_9 = data_ptr[((((((ax0_ax1_ax2_ax3_fused_0_2 * 49) + (((int)threadIdx.x) >> 1)) >> 1) * 14) + ((((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3) & 15)) + 13)];
      } else {
        condval_9 = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[(((ax0_ax1_ax2_ax3_fused_0_2 * 392) + (((int)threadIdx.x) * 4)) + 3587)] = condval_9;
    }
  }
  if (((int)threadIdx.x) < 96) {
      int4 __35;
        int4 __36;
          int4 __37;
            int4 v__45 = make_int4(((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24), ((((int)threadIdx.x) / 6) * 24));
            int4 __38;
              int4 __39;
                int4 v__46 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
                int4 v__47 = make_int4(3, 3, 3, 3);
                __39.x = (v__46.x/v__47.x);
                __39.y = (v__46.y/v__47.y);
                __39.z = (v__46.z/v__47.z);
                __39.w = (v__46.w/v__47.w);
              int4 v__48 = make_int4(3, 3, 3, 3);
              __38.x = (__39.x*v__48.x);
              __38.y = (__39.y*v__48.y);
              __38.z = (__39.z*v__48.z);
              __38.w = (__39.w*v__48.w);
            __37.x = (v__45.x+__38.x);
            __37.y = (v__45.y+__38.y);
            __37.z = (v__45.z+__38.z);
            __37.w = (v__45.w+__38.w);
          int4 __40;
            int4 v__49 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
            int4 v__50 = make_int4(3, 3, 3, 3);
            __40.x = (v__49.x%v__50.x);
            __40.y = (v__49.y%v__50.y);
            __40.z = (v__49.z%v__50.z);
            __40.w = (v__49.w%v__50.w);
          __36.x = (__37.x+__40.x);
          __36.y = (__37.y+__40.y);
          __36.z = (__37.z+__40.z);
          __36.w = (__37.w+__40.w);
        int4 v__51 = make_int4(768, 768, 768, 768);
        __35.x = (__36.x+v__51.x);
        __35.y = (__36.y+v__51.y);
        __35.z = (__36.z+v__51.z);
        __35.w = (__36.w+v__51.w);
      int4 __41;
        int4 __42;
          int4 __43;
            int4 v__52 = make_int4(((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72), ((((int)threadIdx.x) / 6) * 72));
            int4 __44;
              int4 __45;
                int4 v__53 = make_int4((((((int)threadIdx.x) % 6) * 4))+(1*0), (((((int)threadIdx.x) % 6) * 4))+(1*1), (((((int)threadIdx.x) % 6) * 4))+(1*2), (((((int)threadIdx.x) % 6) * 4))+(1*3));
                int4 v__54 = make_int4(3, 3, 3, 3);
                __45.x = (v__53.x/v__54.x);
                __45.y = (v__53.y/v__54.y);
                __45.z = (v__53.z/v__54.z);
                __45.w = (v__53.w/v__54.w);
              int4 v__55 = make_int4(9, 9, 9, 9);
              __44.x = (__45.x*v__55.x);
              __44.y = (__45.y*v__55.y);
              __44.z = (__45.z*v__55.z);
              __44.w = (__45.w*v__55.w);
            __43.x = (v__52.x+__44.x);
            __43.y = (v__52.y+__44.y);
            __43.z = (v__52.z+__44.z);
            __43.w = (v__52.w+__44.w);
          int4 __46;
            int4 v__56 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
            int4 v__57 = make_int4(3, 3, 3, 3);
            __46.x = (v__56.x%v__57.x);
            __46.y = (v__56.y%v__57.y);
            __46.z = (v__56.z%v__57.z);
            __46.w = (v__56.w%v__57.w);
          __42.x = (__43.x+__46.x);
          __42.y = (__43.y+__46.y);
          __42.z = (__43.z+__46.z);
          __42.w = (__43.w+__46.w);
        int4 v__58 = make_int4(6, 6, 6, 6);
        __41.x = (__42.x+v__58.x);
        __41.y = (__42.y+v__58.y);
        __41.z = (__42.z+v__58.z);
        __41.w = (__42.w+v__58.w);
      float4 v__59 = make_float4(kernel_ptr[__41.x],kernel_ptr[__41.y],kernel_ptr[__41.z],kernel_ptr[__41.w]);
      kernel_shared_ptr[__35.x] = v__59.x;
      kernel_shared_ptr[__35.y] = v__59.y;
      kernel_shared_ptr[__35.z] = v__59.z;
      kernel_shared_ptr[__35.w] = v__59.w;
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v9 = (((int)threadIdx.x) % 14);
  int cse_v21 = ((((int)threadIdx.x) / 14) * 32);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
  __syncthreads();
  for (int rc_1 = 0; rc_1 < 8; ++rc_1) {
    for (int rx_1 = 0; rx_1 < 3; ++rx_1) {
      for (int ff_4 = 0; ff_4 < 16; ++ff_4) {
        int cse_v8 = (ff_4 * 2);
        int cse_v35 = (((ff_4 * 24) + (rc_1 * 3)) + rx_1);
        int cse_v46 = ((((rc_1 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1) + (((int)threadIdx.x) % 14));
        conv2d_nchw_local_ptr[(ff_4 * 2)] = (conv2d_nchw_local_ptr[(ff_4 * 2)] + (pad_temp_shared_ptr[((((rc_1 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1) + (((int)threadIdx.x) % 14))] * kernel_shared_ptr[(((ff_4 * 24) + (rc_1 * 3)) + rx_1)]));
        int cse_v22 = ((ff_4 * 2) + 1);
        conv2d_nchw_local_ptr[((ff_4 * 2) + 1)] = (conv2d_nchw_local_ptr[((ff_4 * 2) + 1)] + (pad_temp_shared_ptr[(((((rc_1 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1) + (((int)threadIdx.x) % 14)) + 16)] * kernel_shared_ptr[(((ff_4 * 24) + (rc_1 * 3)) + rx_1)]));
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int rc_1_1 = 0; rc_1_1 < 8; ++rc_1_1) {
    for (int rx_1_1 = 0; rx_1_1 < 3; ++rx_1_1) {
      for (int ff_4_1 = 0; ff_4_1 < 16; ++ff_4_1) {
        int cse_v10 = (ff_4_1 * 2);
        int cse_v43 = ((((ff_4_1 * 24) + (rc_1_1 * 3)) + rx_1_1) + 384);
        int cse_v47 = ((((rc_1_1 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1_1) + (((int)threadIdx.x) % 14));
        conv2d_nchw_local_ptr[(ff_4_1 * 2)] = (conv2d_nchw_local_ptr[(ff_4_1 * 2)] + (pad_temp_shared_ptr[(((((rc_1_1 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1_1) + (((int)threadIdx.x) % 14)) + 1792)] * kernel_shared_ptr[((((ff_4_1 * 24) + (rc_1_1 * 3)) + rx_1_1) + 384)]));
        int cse_v23 = ((ff_4_1 * 2) + 1);
        conv2d_nchw_local_ptr[((ff_4_1 * 2) + 1)] = (conv2d_nchw_local_ptr[((ff_4_1 * 2) + 1)] + (pad_temp_shared_ptr[(((((rc_1_1 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1_1) + (((int)threadIdx.x) % 14)) + 1808)] * kernel_shared_ptr[((((ff_4_1 * 24) + (rc_1_1 * 3)) + rx_1_1) + 384)]));
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int rc_1_2 = 0; rc_1_2 < 8; ++rc_1_2) {
    for (int rx_1_2 = 0; rx_1_2 < 3; ++rx_1_2) {
      for (int ff_4_2 = 0; ff_4_2 < 16; ++ff_4_2) {
        int cse_v11 = (ff_4_2 * 2);
        int cse_v44 = ((((ff_4_2 * 24) + (rc_1_2 * 3)) + rx_1_2) + 768);
        int cse_v48 = ((((rc_1_2 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1_2) + (((int)threadIdx.x) % 14));
        conv2d_nchw_local_ptr[(ff_4_2 * 2)] = (conv2d_nchw_local_ptr[(ff_4_2 * 2)] + (pad_temp_shared_ptr[(((((rc_1_2 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1_2) + (((int)threadIdx.x) % 14)) + 3584)] * kernel_shared_ptr[((((ff_4_2 * 24) + (rc_1_2 * 3)) + rx_1_2) + 768)]));
        int cse_v24 = ((ff_4_2 * 2) + 1);
        conv2d_nchw_local_ptr[((ff_4_2 * 2) + 1)] = (conv2d_nchw_local_ptr[((ff_4_2 * 2) + 1)] + (pad_temp_shared_ptr[(((((rc_1_2 * 224) + ((((int)threadIdx.x) / 14) * 32)) + rx_1_2) + (((int)threadIdx.x) % 14)) + 3600)] * kernel_shared_ptr[((((ff_4_2 * 24) + (rc_1_2 * 3)) + rx_1_2) + 768)]));
      }
    }
  }
  for (int ax1 = 0; ax1 < 16; ++ax1) {
    int cse_v12 = (ax1 * 2);
    int cse_v45 = (((ax1 * 196) + ((((int)threadIdx.x) / 14) * 28)) + (((int)threadIdx.x) % 14));
    conv2d_nchw_ptr[(((ax1 * 196) + ((((int)threadIdx.x) / 14) * 28)) + (((int)threadIdx.x) % 14))] = conv2d_nchw_local_ptr[(ax1 * 2)];
    conv2d_nchw_ptr[((((ax1 * 196) + ((((int)threadIdx.x) / 14) * 28)) + (((int)threadIdx.x) % 14)) + 14)] = conv2d_nchw_local_ptr[((ax1 * 2) + 1)];
  }
}

