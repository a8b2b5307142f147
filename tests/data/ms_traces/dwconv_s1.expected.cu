extern "C" __global__ void __launch_bounds__(98) main_kernel(float* __restrict__ data_ptr, float* __restrict__ kernel_ptr, float* __restrict__ out_ptr) {
  alignas(64) float out_local_ptr[32];
  __shared__ alignas(64) float pad_shared_ptr[10752];
  __shared__ alignas(64) float kernel_shared_ptr[144];
  out_local_ptr[0] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[1] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[2] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[3] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[4] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[5] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[6] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[7] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[8] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[9] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[10] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[11] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[12] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[13] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[14] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[15] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[16] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[17] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[18] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[19] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[20] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[21] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[22] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[23] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[24] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[25] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[26] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[27] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[28] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[29] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[30] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[31] = 0x0p+0f/*0.000000e+00*/;
  int cse_v1 = (((int)threadIdx.x) & 7);
  int cse_v2 = (((int)threadIdx.x) >> 3);
  int cse_v3 = (((int)threadIdx.x) * 2);
  int cse_v5 = (((int)threadIdx.x) + 98);
  int cse_v6 = (((int)threadIdx.x) * 4);
  int4 __1;
    int4 v_ = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
    int4 v__1 = make_int4(3, 3, 3, 3);
    __1.x = (v_.x%v__1.x);
    __1.y = (v_.y%v__1.y);
    __1.z = (v_.z%v__1.z);
    __1.w = (v_.w%v__1.w);
  int4 cse_v7 = __1;
  int cse_v10 = ((((int)threadIdx.x) * 2) + 197);
  int4 __2;
    int4 __3;
      int4 v__2 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
      int4 v__3 = make_int4(3, 3, 3, 3);
      __3.x = (v__2.x/v__3.x);
      __3.y = (v__2.y/v__3.y);
      __3.z = (v__2.z/v__3.z);
      __3.w = (v__2.w/v__3.w);
    int4 v__4 = make_int4(9, 9, 9, 9);
    __2.x = (__3.x*v__4.x);
    __2.y = (__3.y*v__4.y);
    __2.z = (__3.z*v__4.z);
    __2.w = (__3.w*v__4.w);
  int4 cse_v11 = __2;
  int cse_v18 = (((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2));
  int cse_v20 = (((((int)threadIdx.x) * 2) + 4) & 15);
  int cse_v21 = (((((int)threadIdx.x) + 98) >> 3) * 14);
  int cse_v22 = (((((int)threadIdx.x) * 2) + 5) & 15);
  int cse_v24 = (((((int)threadIdx.x) * 2) + 8) & 15);
  int cse_v25 = (((((int)threadIdx.x) + 196) >> 3) * 14);
  int cse_v26 = (((((int)threadIdx.x) * 2) + 9) & 15);
  int cse_v28 = (((((int)threadIdx.x) * 2) + 12) & 15);
  int cse_v29 = (((((int)threadIdx.x) + 294) >> 3) * 14);
  int cse_v30 = (((((int)threadIdx.x) * 2) + 13) & 15);
  int cse_v33 = (((((int)threadIdx.x) + 490) >> 3) * 14);
  int cse_v35 = (((((int)threadIdx.x) + 588) >> 3) * 14);
  int cse_v36 = (((((int)threadIdx.x) + 686) >> 3) * 14);
  int cse_v37 = (((((int)threadIdx.x) + 882) >> 3) * 14);
  int cse_v38 = (((((int)threadIdx.x) + 980) >> 3) * 14);
  int cse_v39 = (((((int)threadIdx.x) + 1078) >> 3) * 14);
  int cse_v40 = (((((int)threadIdx.x) + 1274) >> 3) * 14);
  int cse_v41 = (((((int)threadIdx.x) + 1372) >> 3) * 14);
  int cse_v42 = (((((int)threadIdx.x) + 1470) >> 3) * 14);
  int cse_v43 = (((((int)threadIdx.x) + 1666) >> 3) * 14);
  int cse_v44 = (((((int)threadIdx.x) + 1764) >> 3) * 14);
  int cse_v53 = ((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15));
  int cse_v54 = ((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15));
  int cse_v55 = ((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15));
  int cse_v56 = ((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15));
  int cse_v57 = ((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15));
  int cse_v58 = ((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15));
  int cse_v59 = ((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15));
  int cse_v60 = ((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15));
  int cse_v61 = ((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15));
  int cse_v62 = ((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15));
  int cse_v63 = ((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15));
  int cse_v64 = ((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15));
  int cse_v65 = ((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15));
  int cse_v66 = ((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15));
  int cse_v67 = ((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15));
  int cse_v68 = ((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15));
  int cse_v69 = ((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15));
  int cse_v70 = ((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15));
  int cse_v71 = ((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15));
  int cse_v72 = ((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15));
  int cse_v73 = ((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15));
  int cse_v74 = ((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15));
  int cse_v75 = ((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15));
  int cse_v76 = ((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15));
  int cse_v77 = ((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15));
  int cse_v78 = ((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15));
  int cse_v79 = ((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15));
  int cse_v80 = ((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15));
  float condval;
  if ((8 <= ((int)threadIdx.x)) && (1 <= (((int)threadIdx.x) & 7))) {
    condval = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) - 15)];
  } else {
    condval = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[(((int)threadIdx.x) * 2)] = condval;
  float condval_1;
  if ((8 <= ((int)threadIdx.x)) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_1 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) - 14)];
  } else {
    condval_1 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1)] = condval_1;
  int cse_v4 = (((int)threadIdx.x) >> 1);
  int cse_v19 = (((((int)threadIdx.x) >> 1) + 49) % 56);
  float condval_2;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 49) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_2 = data_ptr[(((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 15)];
  } else {
    condval_2 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 196)] = condval_2;
  float condval_3;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 49) % 56)) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_3 = data_ptr[(((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 15)];
  } else {
    condval_3 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 197)] = condval_3;
  int cse_v23 = (((((int)threadIdx.x) >> 1) + 42) % 56);
  float condval_4;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 42) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_4 = data_ptr[(((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 15)];
  } else {
    condval_4 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 392)] = condval_4;
  float condval_5;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 42) % 56)) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_5 = data_ptr[(((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 15)];
  } else {
    condval_5 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 393)] = condval_5;
  int cse_v27 = (((((int)threadIdx.x) >> 1) + 35) % 56);
  float condval_6;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 35) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 12) & 15))) {
    condval_6 = data_ptr[(((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 15)];
  } else {
    condval_6 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 588)] = condval_6;
  float condval_7;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 35) % 56)) && ((((((int)threadIdx.x) * 2) + 13) & 15) < 15)) {
    condval_7 = data_ptr[(((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 15)];
  } else {
    condval_7 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 589)] = condval_7;
  int cse_v31 = (((((int)threadIdx.x) >> 3) + 7) % 14);
  float condval_8;
  if ((1 <= (((((int)threadIdx.x) >> 3) + 7) % 14)) && (1 <= (((int)threadIdx.x) & 7))) {
    condval_8 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 671)];
  } else {
    condval_8 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 784)] = condval_8;
  float condval_9;
  if ((1 <= (((((int)threadIdx.x) >> 3) + 7) % 14)) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_9 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 672)];
  } else {
    condval_9 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 785)] = condval_9;
  int cse_v32 = (((((int)threadIdx.x) >> 1) + 21) % 56);
  float condval_10;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 21) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_10 = data_ptr[(((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 15)];
  } else {
    condval_10 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 980)] = condval_10;
  float condval_11;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 21) % 56)) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_11 = data_ptr[(((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 15)];
  } else {
    condval_11 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 981)] = condval_11;
  int cse_v34 = (((((int)threadIdx.x) >> 1) + 14) % 56);
  float condval_12;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 14) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_12 = data_ptr[(((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 15)];
  } else {
    condval_12 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1176)] = condval_12;
  float condval_13;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 14) % 56)) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_13 = data_ptr[(((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 15)];
  } else {
    condval_13 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1177)] = condval_13;
  float condval_14;
  if (1 < (((((int)threadIdx.x) * 2) + 12) & 15)) {
    condval_14 = data_ptr[(((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 15)];
  } else {
    condval_14 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1372)] = condval_14;
  float condval_15;
  if ((((((int)threadIdx.x) * 2) + 13) & 15) < 15) {
    condval_15 = data_ptr[(((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 15)];
  } else {
    condval_15 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1373)] = condval_15;
  float condval_16;
  if ((8 <= ((int)threadIdx.x)) && (1 <= (((int)threadIdx.x) & 7))) {
    condval_16 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 1357)];
  } else {
    condval_16 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1568)] = condval_16;
  float condval_17;
  if ((8 <= ((int)threadIdx.x)) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_17 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 1358)];
  } else {
    condval_17 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1569)] = condval_17;
  float condval_18;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 49) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_18 = data_ptr[(((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 15)];
  } else {
    condval_18 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1764)] = condval_18;
  float condval_19;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 49) % 56)) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_19 = data_ptr[(((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 15)];
  } else {
    condval_19 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1765)] = condval_19;
  float condval_20;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 42) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_20 = data_ptr[(((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 15)];
  } else {
    condval_20 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1960)] = condval_20;
  float condval_21;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 42) % 56)) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_21 = data_ptr[(((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 15)];
  } else {
    condval_21 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1961)] = condval_21;
  float condval_22;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 35) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 12) & 15))) {
    condval_22 = data_ptr[(((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 15)];
  } else {
    condval_22 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2156)] = condval_22;
  float condval_23;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 35) % 56)) && ((((((int)threadIdx.x) * 2) + 13) & 15) < 15)) {
    condval_23 = data_ptr[(((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 15)];
  } else {
    condval_23 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2157)] = condval_23;
  float condval_24;
  if ((1 <= (((((int)threadIdx.x) >> 3) + 7) % 14)) && (1 <= (((int)threadIdx.x) & 7))) {
    condval_24 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2043)];
  } else {
    condval_24 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2352)] = condval_24;
  float condval_25;
  if ((1 <= (((((int)threadIdx.x) >> 3) + 7) % 14)) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_25 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2044)];
  } else {
    condval_25 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2353)] = condval_25;
  float condval_26;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 21) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_26 = data_ptr[(((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 15)];
  } else {
    condval_26 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2548)] = condval_26;
  float condval_27;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 21) % 56)) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_27 = data_ptr[(((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 15)];
  } else {
    condval_27 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2549)] = condval_27;
  float condval_28;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 14) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_28 = data_ptr[(((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 15)];
  } else {
    condval_28 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2744)] = condval_28;
  float condval_29;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 14) % 56)) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_29 = data_ptr[(((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 15)];
  } else {
    condval_29 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2745)] = condval_29;
  float condval_30;
  if (1 < (((((int)threadIdx.x) * 2) + 12) & 15)) {
    condval_30 = data_ptr[(((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 15)];
  } else {
    condval_30 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2940)] = condval_30;
  float condval_31;
  if ((((((int)threadIdx.x) * 2) + 13) & 15) < 15) {
    condval_31 = data_ptr[(((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 15)];
  } else {
    condval_31 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 2941)] = condval_31;
  float condval_32;
  if ((8 <= ((int)threadIdx.x)) && (1 <= (((int)threadIdx.x) & 7))) {
    condval_32 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2729)];
  } else {
    condval_32 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3136)] = condval_32;
  float condval_33;
  if ((8 <= ((int)threadIdx.x)) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_33 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2730)];
  } else {
    condval_33 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3137)] = condval_33;
  float condval_34;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 49) % 56)) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_34 = data_ptr[(((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 15)];
  } else {
    condval_34 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3332)] = condval_34;
  float condval_35;
  if ((4 <= (((((int)threadIdx.x) >> 1) + 49) % 56)) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_35 = data_ptr[(((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 15)];
  } else {
    condval_35 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3333)] = condval_35;
  if (((int)threadIdx.x) < 28) {
    float condval_36;
    if (1 < (((((int)threadIdx.x) * 2) + 8) & 15)) {
      condval_36 = data_ptr[(((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 15)];
    } else {
      condval_36 = 0x0p+0f/*0.000000e+00*/;
    }
    pad_shared_ptr[((((int)threadIdx.x) * 2) + 3528)] = condval_36;
    float condval_37;
    if ((((((int)threadIdx.x) * 2) + 9) & 15) < 15) {
      condval_37 = data_ptr[(((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 15)];
    } else {
      condval_37 = 0x0p+0f/*0.000000e+00*/;
    }
    pad_shared_ptr[((((int)threadIdx.x) * 2) + 3529)] = condval_37;
  }
  if (((int)threadIdx.x) < 12) {
    int4 __4;
      int4 __5;
        int4 __6;
          int4 __7;
            int4 v__5 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
            int4 v__6 = make_int4(3, 3, 3, 3);
            __7.x = (v__5.x/v__6.x);
            __7.y = (v__5.y/v__6.y);
            __7.z = (v__5.z/v__6.z);
            __7.w = (v__5.w/v__6.w);
          int4 v__7 = make_int4(9, 9, 9, 9);
          __6.x = (__7.x*v__7.x);
          __6.y = (__7.y*v__7.y);
          __6.z = (__7.z*v__7.z);
          __6.w = (__7.w*v__7.w);
        int4 v__8 = make_int4(0, 0, 0, 0);
        __5.x = (__6.x+v__8.x);
        __5.y = (__6.y+v__8.y);
        __5.z = (__6.z+v__8.z);
        __5.w = (__6.w+v__8.w);
      int4 __8;
        int4 v__9 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
        int4 v__10 = make_int4(3, 3, 3, 3);
        __8.x = (v__9.x%v__10.x);
        __8.y = (v__9.y%v__10.y);
        __8.z = (v__9.z%v__10.z);
        __8.w = (v__9.w%v__10.w);
      __4.x = (__5.x+__8.x);
      __4.y = (__5.y+__8.y);
      __4.z = (__5.z+__8.z);
      __4.w = (__5.w+__8.w);
    *(float4*)(kernel_shared_ptr + (((int)threadIdx.x) * 4)) = make_float4(kernel_ptr[__4.x],kernel_ptr[__4.y],kernel_ptr[__4.z],kernel_ptr[__4.w]);
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  float condval_38;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_38 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) - 1)];
  } else {
    condval_38 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3584)] = condval_38;
  float condval_39;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_39 = data_ptr[(((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2))];
  } else {
    condval_39 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3585)] = condval_39;
  float condval_40;
  if (1 < (((((int)threadIdx.x) * 2) + 4) & 15)) {
    condval_40 = data_ptr[(((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 1)];
  } else {
    condval_40 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3780)] = condval_40;
  float condval_41;
  if ((((((int)threadIdx.x) * 2) + 5) & 15) < 15) {
    condval_41 = data_ptr[(((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 1)];
  } else {
    condval_41 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3781)] = condval_41;
  float condval_42;
  if (1 < (((((int)threadIdx.x) * 2) + 8) & 15)) {
    condval_42 = data_ptr[(((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 1)];
  } else {
    condval_42 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3976)] = condval_42;
  float condval_43;
  if ((((((int)threadIdx.x) * 2) + 9) & 15) < 15) {
    condval_43 = data_ptr[(((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 1)];
  } else {
    condval_43 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 3977)] = condval_43;
  float condval_44;
  if (1 < (((((int)threadIdx.x) * 2) + 12) & 15)) {
    condval_44 = data_ptr[(((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 1)];
  } else {
    condval_44 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4172)] = condval_44;
  float condval_45;
  if ((((((int)threadIdx.x) * 2) + 13) & 15) < 15) {
    condval_45 = data_ptr[(((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 1)];
  } else {
    condval_45 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4173)] = condval_45;
  float condval_46;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_46 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 685)];
  } else {
    condval_46 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4368)] = condval_46;
  float condval_47;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_47 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 686)];
  } else {
    condval_47 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4369)] = condval_47;
  float condval_48;
  if (1 < (((((int)threadIdx.x) * 2) + 4) & 15)) {
    condval_48 = data_ptr[(((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 1)];
  } else {
    condval_48 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4564)] = condval_48;
  float condval_49;
  if ((((((int)threadIdx.x) * 2) + 5) & 15) < 15) {
    condval_49 = data_ptr[(((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 1)];
  } else {
    condval_49 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4565)] = condval_49;
  float condval_50;
  if (1 < (((((int)threadIdx.x) * 2) + 8) & 15)) {
    condval_50 = data_ptr[(((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 1)];
  } else {
    condval_50 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4760)] = condval_50;
  float condval_51;
  if ((((((int)threadIdx.x) * 2) + 9) & 15) < 15) {
    condval_51 = data_ptr[(((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 1)];
  } else {
    condval_51 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4761)] = condval_51;
  float condval_52;
  if (1 < (((((int)threadIdx.x) * 2) + 12) & 15)) {
    condval_52 = data_ptr[(((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 1)];
  } else {
    condval_52 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4956)] = condval_52;
  float condval_53;
  if ((((((int)threadIdx.x) * 2) + 13) & 15) < 15) {
    condval_53 = data_ptr[(((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 1)];
  } else {
    condval_53 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 4957)] = condval_53;
  float condval_54;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_54 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 1371)];
  } else {
    condval_54 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5152)] = condval_54;
  float condval_55;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_55 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 1372)];
  } else {
    condval_55 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5153)] = condval_55;
  float condval_56;
  if (1 < (((((int)threadIdx.x) * 2) + 4) & 15)) {
    condval_56 = data_ptr[(((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 1)];
  } else {
    condval_56 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5348)] = condval_56;
  float condval_57;
  if ((((((int)threadIdx.x) * 2) + 5) & 15) < 15) {
    condval_57 = data_ptr[(((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 1)];
  } else {
    condval_57 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5349)] = condval_57;
  float condval_58;
  if (1 < (((((int)threadIdx.x) * 2) + 8) & 15)) {
    condval_58 = data_ptr[(((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 1)];
  } else {
    condval_58 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5544)] = condval_58;
  float condval_59;
  if ((((((int)threadIdx.x) * 2) + 9) & 15) < 15) {
    condval_59 = data_ptr[(((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 1)];
  } else {
    condval_59 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5545)] = condval_59;
  float condval_60;
  if (1 < (((((int)threadIdx.x) * 2) + 12) & 15)) {
    condval_60 = data_ptr[(((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 1)];
  } else {
    condval_60 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5740)] = condval_60;
  float condval_61;
  if ((((((int)threadIdx.x) * 2) + 13) & 15) < 15) {
    condval_61 = data_ptr[(((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 1)];
  } else {
    condval_61 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5741)] = condval_61;
  float condval_62;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_62 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2057)];
  } else {
    condval_62 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5936)] = condval_62;
  float condval_63;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_63 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2058)];
  } else {
    condval_63 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 5937)] = condval_63;
  float condval_64;
  if (1 < (((((int)threadIdx.x) * 2) + 4) & 15)) {
    condval_64 = data_ptr[(((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 1)];
  } else {
    condval_64 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6132)] = condval_64;
  float condval_65;
  if ((((((int)threadIdx.x) * 2) + 5) & 15) < 15) {
    condval_65 = data_ptr[(((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 1)];
  } else {
    condval_65 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6133)] = condval_65;
  float condval_66;
  if (1 < (((((int)threadIdx.x) * 2) + 8) & 15)) {
    condval_66 = data_ptr[(((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 1)];
  } else {
    condval_66 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6328)] = condval_66;
  float condval_67;
  if ((((((int)threadIdx.x) * 2) + 9) & 15) < 15) {
    condval_67 = data_ptr[(((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 1)];
  } else {
    condval_67 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6329)] = condval_67;
  float condval_68;
  if (1 < (((((int)threadIdx.x) * 2) + 12) & 15)) {
    condval_68 = data_ptr[(((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) - 1)];
  } else {
    condval_68 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6524)] = condval_68;
  float condval_69;
  if ((((((int)threadIdx.x) * 2) + 13) & 15) < 15) {
    condval_69 = data_ptr[(((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) - 1)];
  } else {
    condval_69 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6525)] = condval_69;
  float condval_70;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_70 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2743)];
  } else {
    condval_70 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6720)] = condval_70;
  float condval_71;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_71 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2744)];
  } else {
    condval_71 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6721)] = condval_71;
  float condval_72;
  if (1 < (((((int)threadIdx.x) * 2) + 4) & 15)) {
    condval_72 = data_ptr[(((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) - 1)];
  } else {
    condval_72 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6916)] = condval_72;
  float condval_73;
  if ((((((int)threadIdx.x) * 2) + 5) & 15) < 15) {
    condval_73 = data_ptr[(((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) - 1)];
  } else {
    condval_73 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 6917)] = condval_73;
  if (((int)threadIdx.x) < 28) {
    float condval_74;
    if (1 < (((((int)threadIdx.x) * 2) + 8) & 15)) {
      condval_74 = data_ptr[(((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) - 1)];
    } else {
      condval_74 = 0x0p+0f/*0.000000e+00*/;
    }
    pad_shared_ptr[((((int)threadIdx.x) * 2) + 7112)] = condval_74;
    float condval_75;
    if ((((((int)threadIdx.x) * 2) + 9) & 15) < 15) {
      condval_75 = data_ptr[(((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) - 1)];
    } else {
      condval_75 = 0x0p+0f/*0.000000e+00*/;
    }
    pad_shared_ptr[((((int)threadIdx.x) * 2) + 7113)] = condval_75;
  }
  if (((int)threadIdx.x) < 12) {
    int4 __9;
      int4 __10;
        int4 __11;
          int4 __12;
            int4 v__11 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
            int4 v__12 = make_int4(3, 3, 3, 3);
            __12.x = (v__11.x/v__12.x);
            __12.y = (v__11.y/v__12.y);
            __12.z = (v__11.z/v__12.z);
            __12.w = (v__11.w/v__12.w);
          int4 v__13 = make_int4(9, 9, 9, 9);
          __11.x = (__12.x*v__13.x);
          __11.y = (__12.y*v__13.y);
          __11.z = (__12.z*v__13.z);
          __11.w = (__12.w*v__13.w);
        int4 v__14 = make_int4(3, 3, 3, 3);
        __10.x = (__11.x+v__14.x);
        __10.y = (__11.y+v__14.y);
        __10.z = (__11.z+v__14.z);
        __10.w = (__11.w+v__14.w);
      int4 __13;
        int4 v__15 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
        int4 v__16 = make_int4(3, 3, 3, 3);
        __13.x = (v__15.x%v__16.x);
        __13.y = (v__15.y%v__16.y);
        __13.z = (v__15.z%v__16.z);
        __13.w = (v__15.w%v__16.w);
      __9.x = (__10.x+__13.x);
      __9.y = (__10.y+__13.y);
      __9.z = (__10.z+__13.z);
      __9.w = (__10.w+__13.w);
    *(float4*)(kernel_shared_ptr + ((((int)threadIdx.x) * 4) + 48)) = make_float4(kernel_ptr[__9.x],kernel_ptr[__9.y],kernel_ptr[__9.z],kernel_ptr[__9.w]);
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  float condval_76;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_76 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 13)];
  } else {
    condval_76 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7168)] = condval_76;
  float condval_77;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_77 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 14)];
  } else {
    condval_77 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7169)] = condval_77;
  int cse_v12 = ((((int)threadIdx.x) + 98) % 112);
  float condval_78;
  if ((((((int)threadIdx.x) + 98) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_78 = data_ptr[(((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) + 13)];
  } else {
    condval_78 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7364)] = condval_78;
  int cse_v45 = (((((int)threadIdx.x) * 2) + 197) % 224);
  float condval_79;
  if (((((((int)threadIdx.x) * 2) + 197) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_79 = data_ptr[(((((((int)threadIdx.x) + 98) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) + 13)];
  } else {
    condval_79 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7365)] = condval_79;
  int cse_v13 = ((((int)threadIdx.x) + 84) % 112);
  float condval_80;
  if ((((((int)threadIdx.x) + 84) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_80 = data_ptr[(((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) + 13)];
  } else {
    condval_80 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7560)] = condval_80;
  int cse_v46 = (((((int)threadIdx.x) * 2) + 169) % 224);
  float condval_81;
  if (((((((int)threadIdx.x) * 2) + 169) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_81 = data_ptr[(((((((int)threadIdx.x) + 196) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) + 13)];
  } else {
    condval_81 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7561)] = condval_81;
  int cse_v14 = ((((int)threadIdx.x) + 70) % 112);
  float condval_82;
  if ((((((int)threadIdx.x) + 70) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 12) & 15))) {
    condval_82 = data_ptr[(((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) + 13)];
  } else {
    condval_82 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7756)] = condval_82;
  int cse_v47 = (((((int)threadIdx.x) * 2) + 141) % 224);
  float condval_83;
  if (((((((int)threadIdx.x) * 2) + 141) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 13) & 15) < 15)) {
    condval_83 = data_ptr[(((((((int)threadIdx.x) + 294) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) + 13)];
  } else {
    condval_83 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7757)] = condval_83;
  int cse_v15 = ((((int)threadIdx.x) + 56) % 112);
  float condval_84;
  if ((((((int)threadIdx.x) + 56) % 112) < 104) && (1 <= (((int)threadIdx.x) & 7))) {
    condval_84 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 699)];
  } else {
    condval_84 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7952)] = condval_84;
  int cse_v48 = (((((int)threadIdx.x) * 2) + 113) % 224);
  float condval_85;
  if (((((((int)threadIdx.x) * 2) + 113) % 224) < 208) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_85 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 700)];
  } else {
    condval_85 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 7953)] = condval_85;
  int cse_v16 = ((((int)threadIdx.x) + 42) % 112);
  float condval_86;
  if ((((((int)threadIdx.x) + 42) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_86 = data_ptr[(((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) + 13)];
  } else {
    condval_86 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8148)] = condval_86;
  int cse_v49 = (((((int)threadIdx.x) * 2) + 85) % 224);
  float condval_87;
  if (((((((int)threadIdx.x) * 2) + 85) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_87 = data_ptr[(((((((int)threadIdx.x) + 490) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) + 13)];
  } else {
    condval_87 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8149)] = condval_87;
  int cse_v17 = ((((int)threadIdx.x) + 28) % 112);
  float condval_88;
  if ((((((int)threadIdx.x) + 28) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_88 = data_ptr[(((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) + 13)];
  } else {
    condval_88 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8344)] = condval_88;
  int cse_v50 = (((((int)threadIdx.x) * 2) + 57) % 224);
  float condval_89;
  if (((((((int)threadIdx.x) * 2) + 57) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_89 = data_ptr[(((((((int)threadIdx.x) + 588) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) + 13)];
  } else {
    condval_89 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8345)] = condval_89;
  float condval_90;
  if ((((int)threadIdx.x) < 90) && (1 < (((((int)threadIdx.x) * 2) + 12) & 15))) {
    condval_90 = data_ptr[(((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) + 13)];
  } else {
    condval_90 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8540)] = condval_90;
  float condval_91;
  if ((((int)threadIdx.x) < 90) && ((((((int)threadIdx.x) * 2) + 13) & 15) < 15)) {
    condval_91 = data_ptr[(((((((int)threadIdx.x) + 686) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) + 13)];
  } else {
    condval_91 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8541)] = condval_91;
  float condval_92;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_92 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 1385)];
  } else {
    condval_92 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8736)] = condval_92;
  float condval_93;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_93 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 1386)];
  } else {
    condval_93 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8737)] = condval_93;
  float condval_94;
  if ((((((int)threadIdx.x) + 98) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_94 = data_ptr[(((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) + 13)];
  } else {
    condval_94 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8932)] = condval_94;
  float condval_95;
  if (((((((int)threadIdx.x) * 2) + 197) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_95 = data_ptr[(((((((int)threadIdx.x) + 882) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) + 13)];
  } else {
    condval_95 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 8933)] = condval_95;
  float condval_96;
  if ((((((int)threadIdx.x) + 84) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_96 = data_ptr[(((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) + 13)];
  } else {
    condval_96 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9128)] = condval_96;
  float condval_97;
  if (((((((int)threadIdx.x) * 2) + 169) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_97 = data_ptr[(((((((int)threadIdx.x) + 980) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) + 13)];
  } else {
    condval_97 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9129)] = condval_97;
  float condval_98;
  if ((((((int)threadIdx.x) + 70) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 12) & 15))) {
    condval_98 = data_ptr[(((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) + 13)];
  } else {
    condval_98 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9324)] = condval_98;
  float condval_99;
  if (((((((int)threadIdx.x) * 2) + 141) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 13) & 15) < 15)) {
    condval_99 = data_ptr[(((((((int)threadIdx.x) + 1078) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) + 13)];
  } else {
    condval_99 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9325)] = condval_99;
  float condval_100;
  if ((((((int)threadIdx.x) + 56) % 112) < 104) && (1 <= (((int)threadIdx.x) & 7))) {
    condval_100 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2071)];
  } else {
    condval_100 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9520)] = condval_100;
  float condval_101;
  if (((((((int)threadIdx.x) * 2) + 113) % 224) < 208) && ((((int)threadIdx.x) & 7) < 7)) {
    condval_101 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2072)];
  } else {
    condval_101 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9521)] = condval_101;
  float condval_102;
  if ((((((int)threadIdx.x) + 42) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_102 = data_ptr[(((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) + 13)];
  } else {
    condval_102 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9716)] = condval_102;
  float condval_103;
  if (((((((int)threadIdx.x) * 2) + 85) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_103 = data_ptr[(((((((int)threadIdx.x) + 1274) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) + 13)];
  } else {
    condval_103 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9717)] = condval_103;
  float condval_104;
  if ((((((int)threadIdx.x) + 28) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
    condval_104 = data_ptr[(((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) + 13)];
  } else {
    condval_104 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9912)] = condval_104;
  float condval_105;
  if (((((((int)threadIdx.x) * 2) + 57) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
    condval_105 = data_ptr[(((((((int)threadIdx.x) + 1372) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) + 13)];
  } else {
    condval_105 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 9913)] = condval_105;
  float condval_106;
  if ((((int)threadIdx.x) < 90) && (1 < (((((int)threadIdx.x) * 2) + 12) & 15))) {
    condval_106 = data_ptr[(((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 12) & 15)) + 13)];
  } else {
    condval_106 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 10108)] = condval_106;
  float condval_107;
  if ((((int)threadIdx.x) < 90) && ((((((int)threadIdx.x) * 2) + 13) & 15) < 15)) {
    condval_107 = data_ptr[(((((((int)threadIdx.x) + 1470) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 13) & 15)) + 13)];
  } else {
    condval_107 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 10109)] = condval_107;
  float condval_108;
  if (1 <= (((int)threadIdx.x) & 7)) {
    condval_108 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2757)];
  } else {
    condval_108 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 10304)] = condval_108;
  float condval_109;
  if ((((int)threadIdx.x) & 7) < 7) {
    condval_109 = data_ptr[((((((int)threadIdx.x) >> 3) * 14) + ((((int)threadIdx.x) & 7) * 2)) + 2758)];
  } else {
    condval_109 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 10305)] = condval_109;
  float condval_110;
  if ((((((int)threadIdx.x) + 98) % 112) < 104) && (1 < (((((int)threadIdx.x) * 2) + 4) & 15))) {
    condval_110 = data_ptr[(((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 4) & 15)) + 13)];
  } else {
    condval_110 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 10500)] = condval_110;
  float condval_111;
  if (((((((int)threadIdx.x) * 2) + 197) % 224) < 208) && ((((((int)threadIdx.x) * 2) + 5) & 15) < 15)) {
    condval_111 = data_ptr[(((((((int)threadIdx.x) + 1666) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 5) & 15)) + 13)];
  } else {
    condval_111 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 10501)] = condval_111;
  if (((int)threadIdx.x) < 28) {
    float condval_112;
    if ((((int)threadIdx.x) < 20) && (1 < (((((int)threadIdx.x) * 2) + 8) & 15))) {
      condval_112 = data_ptr[(((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 8) & 15)) + 13)];
    } else {
      condval_112 = 0x0p+0f/*0.000000e+00*/;
    }
    pad_shared_ptr[((((int)threadIdx.x) * 2) + 10696)] = condval_112;
    float condval_113;
    if ((((int)threadIdx.x) < 20) && ((((((int)threadIdx.x) * 2) + 9) & 15) < 15)) {
      condval_113 = data_ptr[(((((((int)threadIdx.x) + 1764) >> 3) * 14) + (((((int)threadIdx.x) * 2) + 9) & 15)) + 13)];
    } else {
      condval_113 = 0x0p+0f/*0.000000e+00*/;
    }
    pad_shared_ptr[((((int)threadIdx.x) * 2) + 10697)] = condval_113;
  }
  if (((int)threadIdx.x) < 12) {
    int4 __14;
      int4 __15;
        int4 __16;
          int4 __17;
            int4 v__17 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
            int4 v__18 = make_int4(3, 3, 3, 3);
            __17.x = (v__17.x/v__18.x);
            __17.y = (v__17.y/v__18.y);
            __17.z = (v__17.z/v__18.z);
            __17.w = (v__17.w/v__18.w);
          int4 v__19 = make_int4(9, 9, 9, 9);
          __16.x = (__17.x*v__19.x);
          __16.y = (__17.y*v__19.y);
          __16.z = (__17.z*v__19.z);
          __16.w = (__17.w*v__19.w);
        int4 __18;
          int4 v__20 = make_int4(((((int)threadIdx.x) * 4))+(1*0), ((((int)threadIdx.x) * 4))+(1*1), ((((int)threadIdx.x) * 4))+(1*2), ((((int)threadIdx.x) * 4))+(1*3));
          int4 v__21 = make_int4(3, 3, 3, 3);
          __18.x = (v__20.x%v__21.x);
          __18.y = (v__20.y%v__21.y);
          __18.z = (v__20.z%v__21.z);
          __18.w = (v__20.w%v__21.w);
        __15.x = (__16.x+__18.x);
        __15.y = (__16.y+__18.y);
        __15.z = (__16.z+__18.z);
        __15.w = (__16.w+__18.w);
      int4 v__22 = make_int4(6, 6, 6, 6);
      __14.x = (__15.x+v__22.x);
      __14.y = (__15.y+v__22.y);
      __14.z = (__15.z+v__22.z);
      __14.w = (__15.w+v__22.w);
    *(float4*)(kernel_shared_ptr + ((((int)threadIdx.x) * 4) + 96)) = make_float4(kernel_ptr[__14.x],kernel_ptr[__14.y],kernel_ptr[__14.z],kernel_ptr[__14.w]);
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v8 = (((int)threadIdx.x) / 14);
  int cse_v9 = (((int)threadIdx.x) % 14);
  int cse_v51 = (((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14));
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[(((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14))] * kernel_shared_ptr[0]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 16)] * kernel_shared_ptr[0]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 224)] * kernel_shared_ptr[3]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 240)] * kernel_shared_ptr[3]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 448)] * kernel_shared_ptr[6]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 464)] * kernel_shared_ptr[6]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 672)] * kernel_shared_ptr[9]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 688)] * kernel_shared_ptr[9]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 896)] * kernel_shared_ptr[12]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 912)] * kernel_shared_ptr[12]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1120)] * kernel_shared_ptr[15]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1136)] * kernel_shared_ptr[15]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1344)] * kernel_shared_ptr[18]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1360)] * kernel_shared_ptr[18]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1568)] * kernel_shared_ptr[21]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1584)] * kernel_shared_ptr[21]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1792)] * kernel_shared_ptr[24]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1808)] * kernel_shared_ptr[24]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2016)] * kernel_shared_ptr[27]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2032)] * kernel_shared_ptr[27]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2240)] * kernel_shared_ptr[30]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2256)] * kernel_shared_ptr[30]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2464)] * kernel_shared_ptr[33]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2480)] * kernel_shared_ptr[33]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2688)] * kernel_shared_ptr[36]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2704)] * kernel_shared_ptr[36]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2912)] * kernel_shared_ptr[39]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2928)] * kernel_shared_ptr[39]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3136)] * kernel_shared_ptr[42]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3152)] * kernel_shared_ptr[42]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3360)] * kernel_shared_ptr[45]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3376)] * kernel_shared_ptr[45]));
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1)] * kernel_shared_ptr[1]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 17)] * kernel_shared_ptr[1]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 225)] * kernel_shared_ptr[4]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 241)] * kernel_shared_ptr[4]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 449)] * kernel_shared_ptr[7]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 465)] * kernel_shared_ptr[7]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 673)] * kernel_shared_ptr[10]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 689)] * kernel_shared_ptr[10]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 897)] * kernel_shared_ptr[13]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 913)] * kernel_shared_ptr[13]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1121)] * kernel_shared_ptr[16]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1137)] * kernel_shared_ptr[16]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1345)] * kernel_shared_ptr[19]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1361)] * kernel_shared_ptr[19]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1569)] * kernel_shared_ptr[22]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1585)] * kernel_shared_ptr[22]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1793)] * kernel_shared_ptr[25]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1809)] * kernel_shared_ptr[25]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2017)] * kernel_shared_ptr[28]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2033)] * kernel_shared_ptr[28]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2241)] * kernel_shared_ptr[31]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2257)] * kernel_shared_ptr[31]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2465)] * kernel_shared_ptr[34]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2481)] * kernel_shared_ptr[34]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2689)] * kernel_shared_ptr[37]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2705)] * kernel_shared_ptr[37]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2913)] * kernel_shared_ptr[40]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2929)] * kernel_shared_ptr[40]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3137)] * kernel_shared_ptr[43]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3153)] * kernel_shared_ptr[43]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3361)] * kernel_shared_ptr[46]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3377)] * kernel_shared_ptr[46]));
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2)] * kernel_shared_ptr[2]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 18)] * kernel_shared_ptr[2]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 226)] * kernel_shared_ptr[5]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 242)] * kernel_shared_ptr[5]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 450)] * kernel_shared_ptr[8]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 466)] * kernel_shared_ptr[8]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 674)] * kernel_shared_ptr[11]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 690)] * kernel_shared_ptr[11]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 898)] * kernel_shared_ptr[14]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 914)] * kernel_shared_ptr[14]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1122)] * kernel_shared_ptr[17]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1138)] * kernel_shared_ptr[17]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1346)] * kernel_shared_ptr[20]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1362)] * kernel_shared_ptr[20]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1570)] * kernel_shared_ptr[23]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1586)] * kernel_shared_ptr[23]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1794)] * kernel_shared_ptr[26]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 1810)] * kernel_shared_ptr[26]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2018)] * kernel_shared_ptr[29]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2034)] * kernel_shared_ptr[29]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2242)] * kernel_shared_ptr[32]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2258)] * kernel_shared_ptr[32]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2466)] * kernel_shared_ptr[35]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2482)] * kernel_shared_ptr[35]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2690)] * kernel_shared_ptr[38]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2706)] * kernel_shared_ptr[38]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2914)] * kernel_shared_ptr[41]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 2930)] * kernel_shared_ptr[41]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3138)] * kernel_shared_ptr[44]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3154)] * kernel_shared_ptr[44]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3362)] * kernel_shared_ptr[47]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3378)] * kernel_shared_ptr[47]));
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3584)] * kernel_shared_ptr[48]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3600)] * kernel_shared_ptr[48]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3808)] * kernel_shared_ptr[51]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3824)] * kernel_shared_ptr[51]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4032)] * kernel_shared_ptr[54]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4048)] * kernel_shared_ptr[54]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4256)] * kernel_shared_ptr[57]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4272)] * kernel_shared_ptr[57]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4480)] * kernel_shared_ptr[60]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4496)] * kernel_shared_ptr[60]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4704)] * kernel_shared_ptr[63]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4720)] * kernel_shared_ptr[63]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4928)] * kernel_shared_ptr[66]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4944)] * kernel_shared_ptr[66]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5152)] * kernel_shared_ptr[69]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5168)] * kernel_shared_ptr[69]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5376)] * kernel_shared_ptr[72]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5392)] * kernel_shared_ptr[72]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5600)] * kernel_shared_ptr[75]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5616)] * kernel_shared_ptr[75]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5824)] * kernel_shared_ptr[78]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5840)] * kernel_shared_ptr[78]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6048)] * kernel_shared_ptr[81]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6064)] * kernel_shared_ptr[81]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6272)] * kernel_shared_ptr[84]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6288)] * kernel_shared_ptr[84]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6496)] * kernel_shared_ptr[87]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6512)] * kernel_shared_ptr[87]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6720)] * kernel_shared_ptr[90]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6736)] * kernel_shared_ptr[90]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6944)] * kernel_shared_ptr[93]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6960)] * kernel_shared_ptr[93]));
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3585)] * kernel_shared_ptr[49]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3601)] * kernel_shared_ptr[49]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3809)] * kernel_shared_ptr[52]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3825)] * kernel_shared_ptr[52]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4033)] * kernel_shared_ptr[55]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4049)] * kernel_shared_ptr[55]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4257)] * kernel_shared_ptr[58]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4273)] * kernel_shared_ptr[58]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4481)] * kernel_shared_ptr[61]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4497)] * kernel_shared_ptr[61]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4705)] * kernel_shared_ptr[64]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4721)] * kernel_shared_ptr[64]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4929)] * kernel_shared_ptr[67]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4945)] * kernel_shared_ptr[67]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5153)] * kernel_shared_ptr[70]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5169)] * kernel_shared_ptr[70]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5377)] * kernel_shared_ptr[73]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5393)] * kernel_shared_ptr[73]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5601)] * kernel_shared_ptr[76]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5617)] * kernel_shared_ptr[76]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5825)] * kernel_shared_ptr[79]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5841)] * kernel_shared_ptr[79]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6049)] * kernel_shared_ptr[82]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6065)] * kernel_shared_ptr[82]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6273)] * kernel_shared_ptr[85]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6289)] * kernel_shared_ptr[85]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6497)] * kernel_shared_ptr[88]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6513)] * kernel_shared_ptr[88]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6721)] * kernel_shared_ptr[91]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6737)] * kernel_shared_ptr[91]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6945)] * kernel_shared_ptr[94]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6961)] * kernel_shared_ptr[94]));
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3586)] * kernel_shared_ptr[50]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3602)] * kernel_shared_ptr[50]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3810)] * kernel_shared_ptr[53]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 3826)] * kernel_shared_ptr[53]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4034)] * kernel_shared_ptr[56]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4050)] * kernel_shared_ptr[56]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4258)] * kernel_shared_ptr[59]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4274)] * kernel_shared_ptr[59]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4482)] * kernel_shared_ptr[62]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4498)] * kernel_shared_ptr[62]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4706)] * kernel_shared_ptr[65]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4722)] * kernel_shared_ptr[65]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4930)] * kernel_shared_ptr[68]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 4946)] * kernel_shared_ptr[68]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5154)] * kernel_shared_ptr[71]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5170)] * kernel_shared_ptr[71]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5378)] * kernel_shared_ptr[74]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5394)] * kernel_shared_ptr[74]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5602)] * kernel_shared_ptr[77]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5618)] * kernel_shared_ptr[77]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5826)] * kernel_shared_ptr[80]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 5842)] * kernel_shared_ptr[80]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6050)] * kernel_shared_ptr[83]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6066)] * kernel_shared_ptr[83]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6274)] * kernel_shared_ptr[86]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6290)] * kernel_shared_ptr[86]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6498)] * kernel_shared_ptr[89]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6514)] * kernel_shared_ptr[89]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6722)] * kernel_shared_ptr[92]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6738)] * kernel_shared_ptr[92]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6946)] * kernel_shared_ptr[95]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 6962)] * kernel_shared_ptr[95]));
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7168)] * kernel_shared_ptr[96]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7184)] * kernel_shared_ptr[96]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7392)] * kernel_shared_ptr[99]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7408)] * kernel_shared_ptr[99]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7616)] * kernel_shared_ptr[102]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7632)] * kernel_shared_ptr[102]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7840)] * kernel_shared_ptr[105]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7856)] * kernel_shared_ptr[105]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8064)] * kernel_shared_ptr[108]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8080)] * kernel_shared_ptr[108]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8288)] * kernel_shared_ptr[111]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8304)] * kernel_shared_ptr[111]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8512)] * kernel_shared_ptr[114]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8528)] * kernel_shared_ptr[114]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8736)] * kernel_shared_ptr[117]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8752)] * kernel_shared_ptr[117]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8960)] * kernel_shared_ptr[120]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8976)] * kernel_shared_ptr[120]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9184)] * kernel_shared_ptr[123]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9200)] * kernel_shared_ptr[123]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9408)] * kernel_shared_ptr[126]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9424)] * kernel_shared_ptr[126]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9632)] * kernel_shared_ptr[129]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9648)] * kernel_shared_ptr[129]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9856)] * kernel_shared_ptr[132]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9872)] * kernel_shared_ptr[132]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10080)] * kernel_shared_ptr[135]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10096)] * kernel_shared_ptr[135]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10304)] * kernel_shared_ptr[138]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10320)] * kernel_shared_ptr[138]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10528)] * kernel_shared_ptr[141]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10544)] * kernel_shared_ptr[141]));
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7169)] * kernel_shared_ptr[97]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7185)] * kernel_shared_ptr[97]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7393)] * kernel_shared_ptr[100]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7409)] * kernel_shared_ptr[100]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7617)] * kernel_shared_ptr[103]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7633)] * kernel_shared_ptr[103]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7841)] * kernel_shared_ptr[106]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7857)] * kernel_shared_ptr[106]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8065)] * kernel_shared_ptr[109]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8081)] * kernel_shared_ptr[109]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8289)] * kernel_shared_ptr[112]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8305)] * kernel_shared_ptr[112]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8513)] * kernel_shared_ptr[115]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8529)] * kernel_shared_ptr[115]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8737)] * kernel_shared_ptr[118]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8753)] * kernel_shared_ptr[118]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8961)] * kernel_shared_ptr[121]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8977)] * kernel_shared_ptr[121]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9185)] * kernel_shared_ptr[124]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9201)] * kernel_shared_ptr[124]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9409)] * kernel_shared_ptr[127]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9425)] * kernel_shared_ptr[127]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9633)] * kernel_shared_ptr[130]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9649)] * kernel_shared_ptr[130]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9857)] * kernel_shared_ptr[133]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9873)] * kernel_shared_ptr[133]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10081)] * kernel_shared_ptr[136]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10097)] * kernel_shared_ptr[136]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10305)] * kernel_shared_ptr[139]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10321)] * kernel_shared_ptr[139]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10529)] * kernel_shared_ptr[142]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10545)] * kernel_shared_ptr[142]));
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7170)] * kernel_shared_ptr[98]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7186)] * kernel_shared_ptr[98]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7394)] * kernel_shared_ptr[101]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7410)] * kernel_shared_ptr[101]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7618)] * kernel_shared_ptr[104]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7634)] * kernel_shared_ptr[104]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7842)] * kernel_shared_ptr[107]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 7858)] * kernel_shared_ptr[107]));
  out_local_ptr[8] = (out_local_ptr[8] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8066)] * kernel_shared_ptr[110]));
  out_local_ptr[9] = (out_local_ptr[9] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8082)] * kernel_shared_ptr[110]));
  out_local_ptr[10] = (out_local_ptr[10] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8290)] * kernel_shared_ptr[113]));
  out_local_ptr[11] = (out_local_ptr[11] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8306)] * kernel_shared_ptr[113]));
  out_local_ptr[12] = (out_local_ptr[12] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8514)] * kernel_shared_ptr[116]));
  out_local_ptr[13] = (out_local_ptr[13] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8530)] * kernel_shared_ptr[116]));
  out_local_ptr[14] = (out_local_ptr[14] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8738)] * kernel_shared_ptr[119]));
  out_local_ptr[15] = (out_local_ptr[15] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8754)] * kernel_shared_ptr[119]));
  out_local_ptr[16] = (out_local_ptr[16] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8962)] * kernel_shared_ptr[122]));
  out_local_ptr[17] = (out_local_ptr[17] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 8978)] * kernel_shared_ptr[122]));
  out_local_ptr[18] = (out_local_ptr[18] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9186)] * kernel_shared_ptr[125]));
  out_local_ptr[19] = (out_local_ptr[19] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9202)] * kernel_shared_ptr[125]));
  out_local_ptr[20] = (out_local_ptr[20] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9410)] * kernel_shared_ptr[128]));
  out_local_ptr[21] = (out_local_ptr[21] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9426)] * kernel_shared_ptr[128]));
  out_local_ptr[22] = (out_local_ptr[22] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9634)] * kernel_shared_ptr[131]));
  out_local_ptr[23] = (out_local_ptr[23] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9650)] * kernel_shared_ptr[131]));
  out_local_ptr[24] = (out_local_ptr[24] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9858)] * kernel_shared_ptr[134]));
  out_local_ptr[25] = (out_local_ptr[25] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 9874)] * kernel_shared_ptr[134]));
  out_local_ptr[26] = (out_local_ptr[26] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10082)] * kernel_shared_ptr[137]));
  out_local_ptr[27] = (out_local_ptr[27] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10098)] * kernel_shared_ptr[137]));
  out_local_ptr[28] = (out_local_ptr[28] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10306)] * kernel_shared_ptr[140]));
  out_local_ptr[29] = (out_local_ptr[29] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10322)] * kernel_shared_ptr[140]));
  out_local_ptr[30] = (out_local_ptr[30] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10530)] * kernel_shared_ptr[143]));
  out_local_ptr[31] = (out_local_ptr[31] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 32) + (((int)threadIdx.x) % 14)) + 10546)] * kernel_shared_ptr[143]));
  int cse_v52 = (((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14));
  out_ptr[(((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14))] = out_local_ptr[0];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 14)] = out_local_ptr[1];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 196)] = out_local_ptr[2];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 210)] = out_local_ptr[3];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 392)] = out_local_ptr[4];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 406)] = out_local_ptr[5];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 588)] = out_local_ptr[6];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 602)] = out_local_ptr[7];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 784)] = out_local_ptr[8];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 798)] = out_local_ptr[9];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 980)] = out_local_ptr[10];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 994)] = out_local_ptr[11];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1176)] = out_local_ptr[12];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1190)] = out_local_ptr[13];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1372)] = out_local_ptr[14];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1386)] = out_local_ptr[15];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1568)] = out_local_ptr[16];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1582)] = out_local_ptr[17];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1764)] = out_local_ptr[18];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1778)] = out_local_ptr[19];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1960)] = out_local_ptr[20];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 1974)] = out_local_ptr[21];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2156)] = out_local_ptr[22];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2170)] = out_local_ptr[23];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2352)] = out_local_ptr[24];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2366)] = out_local_ptr[25];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2548)] = out_local_ptr[26];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2562)] = out_local_ptr[27];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2744)] = out_local_ptr[28];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2758)] = out_local_ptr[29];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2940)] = out_local_ptr[30];
  out_ptr[((((((int)threadIdx.x) / 14) * 28) + (((int)threadIdx.x) % 14)) + 2954)] = out_local_ptr[31];
}

