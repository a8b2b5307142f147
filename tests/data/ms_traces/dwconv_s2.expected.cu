extern "C" __global__ void __launch_bounds__(56) main_kernel(float* __restrict__ data_ptr, float* __restrict__ kernel_ptr, float* __restrict__ out_ptr) {
  alignas(64) float out_local_ptr[8];
  __shared__ alignas(64) float pad_shared_ptr[1792];
  __shared__ alignas(64) float kernel_shared_ptr[64];
  out_local_ptr[0] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[4] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[1] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[5] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[2] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[6] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[3] = 0x0p+0f/*0.000000e+00*/;
  out_local_ptr[7] = 0x0p+0f/*0.000000e+00*/;
  int cse_v1 = (((int)threadIdx.x) % 14);
  int cse_v2 = (((int)blockIdx.x) * 2);
  int cse_v3 = (((int)threadIdx.x) * 2);
  int cse_v4 = (((int)threadIdx.x) * 9);
  int cse_v9 = ((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2));
  int cse_v10 = ((((int)threadIdx.x) * 2) + 1);
  int cse_v11 = ((((int)threadIdx.x) * 2) + 112);
  int cse_v12 = ((((int)threadIdx.x) * 2) + 113);
  int cse_v13 = ((((int)threadIdx.x) * 2) + 224);
  int cse_v14 = ((((int)threadIdx.x) * 2) + 225);
  int cse_v15 = ((((int)threadIdx.x) * 2) + 336);
  int cse_v16 = ((((int)threadIdx.x) * 2) + 337);
  int cse_v42 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 14);
  int cse_v43 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 770);
  int cse_v44 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1554);
  int cse_v45 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2338);
  float condval;
  if ((1 <= (((int)threadIdx.x) % 14)) && (1 <= ((int)blockIdx.x))) {
    condval = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 15)];
  } else {
    condval = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[(((int)threadIdx.x) * 2)] = condval;
  float condval_1;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_1 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 14)];
  } else {
    condval_1 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1)] = condval_1;
  float condval_2;
  if ((1 <= (((int)threadIdx.x) % 14)) && (1 <= ((int)blockIdx.x))) {
    condval_2 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 769)];
  } else {
    condval_2 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 112)] = condval_2;
  float condval_3;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_3 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 770)];
  } else {
    condval_3 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 113)] = condval_3;
  float condval_4;
  if ((1 <= (((int)threadIdx.x) % 14)) && (1 <= ((int)blockIdx.x))) {
    condval_4 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1553)];
  } else {
    condval_4 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 224)] = condval_4;
  float condval_5;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_5 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1554)];
  } else {
    condval_5 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 225)] = condval_5;
  float condval_6;
  if ((1 <= (((int)threadIdx.x) % 14)) && (1 <= ((int)blockIdx.x))) {
    condval_6 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2337)];
  } else {
    condval_6 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 336)] = condval_6;
  float condval_7;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_7 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2338)];
  } else {
    condval_7 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 337)] = condval_7;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[((int)threadIdx.x)] = kernel_ptr[(((int)threadIdx.x) * 9)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v5 = (((int)threadIdx.x) + 16);
  int cse_v17 = ((((int)threadIdx.x) * 2) + 448);
  int cse_v18 = ((((int)threadIdx.x) * 2) + 449);
  int cse_v19 = ((((int)threadIdx.x) * 2) + 560);
  int cse_v20 = ((((int)threadIdx.x) * 2) + 561);
  int cse_v21 = ((((int)threadIdx.x) * 2) + 672);
  int cse_v22 = ((((int)threadIdx.x) * 2) + 673);
  int cse_v23 = ((((int)threadIdx.x) * 2) + 784);
  int cse_v24 = ((((int)threadIdx.x) * 2) + 785);
  int cse_v46 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 13);
  int cse_v47 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 771);
  int cse_v48 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1555);
  int cse_v49 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2339);
  float condval_8;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_8 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 14)];
  } else {
    condval_8 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 448)] = condval_8;
  float condval_9;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_9 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 13)];
  } else {
    condval_9 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 449)] = condval_9;
  float condval_10;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_10 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 770)];
  } else {
    condval_10 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 560)] = condval_10;
  float condval_11;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_11 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 771)];
  } else {
    condval_11 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 561)] = condval_11;
  float condval_12;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_12 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1554)];
  } else {
    condval_12 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 672)] = condval_12;
  float condval_13;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_13 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1555)];
  } else {
    condval_13 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 673)] = condval_13;
  float condval_14;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_14 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2338)];
  } else {
    condval_14 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 784)] = condval_14;
  float condval_15;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_15 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2339)];
  } else {
    condval_15 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 785)] = condval_15;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[(((int)threadIdx.x) + 16)] = kernel_ptr[((((int)threadIdx.x) * 9) + 1)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v6 = (((int)threadIdx.x) + 32);
  int cse_v25 = ((((int)threadIdx.x) * 2) + 896);
  int cse_v26 = ((((int)threadIdx.x) * 2) + 897);
  int cse_v27 = ((((int)threadIdx.x) * 2) + 1008);
  int cse_v28 = ((((int)threadIdx.x) * 2) + 1009);
  int cse_v29 = ((((int)threadIdx.x) * 2) + 1120);
  int cse_v30 = ((((int)threadIdx.x) * 2) + 1121);
  int cse_v31 = ((((int)threadIdx.x) * 2) + 1232);
  int cse_v32 = ((((int)threadIdx.x) * 2) + 1233);
  float condval_16;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_16 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 13)];
  } else {
    condval_16 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 896)] = condval_16;
  float condval_17;
  if ((1 <= (((int)threadIdx.x) % 14)) && (((int)blockIdx.x) < 6)) {
    condval_17 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 12)];
  } else {
    condval_17 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 897)] = condval_17;
  float condval_18;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_18 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 771)];
  } else {
    condval_18 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1008)] = condval_18;
  float condval_19;
  if ((1 <= (((int)threadIdx.x) % 14)) && (((int)blockIdx.x) < 6)) {
    condval_19 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 772)];
  } else {
    condval_19 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1009)] = condval_19;
  float condval_20;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_20 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1555)];
  } else {
    condval_20 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1120)] = condval_20;
  float condval_21;
  if ((1 <= (((int)threadIdx.x) % 14)) && (((int)blockIdx.x) < 6)) {
    condval_21 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1556)];
  } else {
    condval_21 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1121)] = condval_21;
  float condval_22;
  if (1 <= (((int)threadIdx.x) % 14)) {
    condval_22 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2339)];
  } else {
    condval_22 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1232)] = condval_22;
  float condval_23;
  if ((1 <= (((int)threadIdx.x) % 14)) && (((int)blockIdx.x) < 6)) {
    condval_23 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2340)];
  } else {
    condval_23 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1233)] = condval_23;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[(((int)threadIdx.x) + 32)] = kernel_ptr[((((int)threadIdx.x) * 9) + 2)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v7 = (((int)threadIdx.x) + 48);
  int cse_v33 = ((((int)threadIdx.x) * 2) + 1344);
  int cse_v34 = ((((int)threadIdx.x) * 2) + 1345);
  int cse_v35 = ((((int)threadIdx.x) * 2) + 1456);
  int cse_v36 = ((((int)threadIdx.x) * 2) + 1457);
  int cse_v37 = ((((int)threadIdx.x) * 2) + 1568);
  int cse_v38 = ((((int)threadIdx.x) * 2) + 1569);
  int cse_v39 = ((((int)threadIdx.x) * 2) + 1680);
  int cse_v40 = ((((int)threadIdx.x) * 2) + 1681);
  int cse_v50 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 784);
  int cse_v51 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1568);
  int cse_v52 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2352);
  float condval_24;
  if (1 <= ((int)blockIdx.x)) {
    condval_24 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) - 1)];
  } else {
    condval_24 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1344)] = condval_24;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1345)] = data_ptr[((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2))];
  float condval_25;
  if (1 <= ((int)blockIdx.x)) {
    condval_25 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 783)];
  } else {
    condval_25 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1456)] = condval_25;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1457)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 784)];
  float condval_26;
  if (1 <= ((int)blockIdx.x)) {
    condval_26 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1567)];
  } else {
    condval_26 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1568)] = condval_26;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1569)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1568)];
  float condval_27;
  if (1 <= ((int)blockIdx.x)) {
    condval_27 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2351)];
  } else {
    condval_27 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1680)] = condval_27;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1681)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2352)];
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[(((int)threadIdx.x) + 48)] = kernel_ptr[((((int)threadIdx.x) * 9) + 3)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v8 = (((int)threadIdx.x) / 14);
  int cse_v41 = ((((int)threadIdx.x) / 14) * 2);
  int cse_v53 = (((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2));
  int cse_v54 = (((((int)threadIdx.x) / 14) * 2) + 8);
  int cse_v55 = (((((int)threadIdx.x) / 14) * 2) + 1);
  int cse_v56 = (((((int)threadIdx.x) / 14) * 2) + 9);
  int cse_v81 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 224);
  int cse_v82 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1);
  int cse_v83 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 225);
  int cse_v84 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 28);
  int cse_v85 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 252);
  int cse_v86 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 29);
  int cse_v87 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 253);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_3();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[(((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2))] * kernel_shared_ptr[((((int)threadIdx.x) / 14) * 2)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 224)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 8)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1)] * kernel_shared_ptr[((((int)threadIdx.x) / 14) * 2)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 225)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 8)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 28)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 1)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 252)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 9)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 29)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 1)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 253)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 9)]));
  int cse_v57 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1);
  int cse_v58 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 785);
  int cse_v59 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1569);
  int cse_v60 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2353);
  __syncthreads();
  pad_shared_ptr[(((int)threadIdx.x) * 2)] = data_ptr[((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2))];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1)];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 112)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 784)];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 113)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 785)];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 224)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1568)];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 225)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1569)];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 336)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2352)];
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 337)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2353)];
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[((int)threadIdx.x)] = kernel_ptr[((((int)threadIdx.x) * 9) + 4)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v61 = (((((int)threadIdx.x) / 14) * 2) + 16);
  int cse_v62 = (((((int)threadIdx.x) / 14) * 2) + 24);
  int cse_v63 = (((((int)threadIdx.x) / 14) * 2) + 17);
  int cse_v64 = (((((int)threadIdx.x) / 14) * 2) + 25);
  int cse_v88 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 448);
  int cse_v89 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 672);
  int cse_v90 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 449);
  int cse_v91 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 673);
  int cse_v92 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 476);
  int cse_v93 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 700);
  int cse_v94 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 477);
  int cse_v95 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 701);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_3();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 448)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 16)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 672)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 24)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 449)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 16)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 673)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 24)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 476)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 17)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 700)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 25)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 477)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 17)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 701)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 25)]));
  __syncthreads();
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 448)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1)];
  float condval_28;
  if (((int)blockIdx.x) < 6) {
    condval_28 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2)];
  } else {
    condval_28 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 449)] = condval_28;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 560)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 785)];
  float condval_29;
  if (((int)blockIdx.x) < 6) {
    condval_29 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 786)];
  } else {
    condval_29 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 561)] = condval_29;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 672)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1569)];
  float condval_30;
  if (((int)blockIdx.x) < 6) {
    condval_30 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1570)];
  } else {
    condval_30 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 673)] = condval_30;
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 784)] = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2353)];
  float condval_31;
  if (((int)blockIdx.x) < 6) {
    condval_31 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2354)];
  } else {
    condval_31 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 785)] = condval_31;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[(((int)threadIdx.x) + 16)] = kernel_ptr[((((int)threadIdx.x) * 9) + 5)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v65 = (((((int)threadIdx.x) / 14) * 2) + 32);
  int cse_v66 = (((((int)threadIdx.x) / 14) * 2) + 40);
  int cse_v67 = (((((int)threadIdx.x) / 14) * 2) + 33);
  int cse_v68 = (((((int)threadIdx.x) / 14) * 2) + 41);
  int cse_v96 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 896);
  int cse_v97 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1120);
  int cse_v98 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 897);
  int cse_v99 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1121);
  int cse_v100 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 924);
  int cse_v101 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1148);
  int cse_v102 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 925);
  int cse_v103 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1149);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_3();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 896)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 32)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1120)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 40)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 897)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 32)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1121)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 40)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 924)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 33)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1148)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 41)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 925)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 33)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1149)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 41)]));
  int cse_v69 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 14);
  int cse_v70 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 798);
  int cse_v71 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1582);
  int cse_v72 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2366);
  __syncthreads();
  float condval_32;
  if (((((int)threadIdx.x) % 14) < 13) && (1 <= ((int)blockIdx.x))) {
    condval_32 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 13)];
  } else {
    condval_32 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 896)] = condval_32;
  float condval_33;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_33 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 14)];
  } else {
    condval_33 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 897)] = condval_33;
  float condval_34;
  if (((((int)threadIdx.x) % 14) < 13) && (1 <= ((int)blockIdx.x))) {
    condval_34 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 797)];
  } else {
    condval_34 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1008)] = condval_34;
  float condval_35;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_35 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 798)];
  } else {
    condval_35 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1009)] = condval_35;
  float condval_36;
  if (((((int)threadIdx.x) % 14) < 13) && (1 <= ((int)blockIdx.x))) {
    condval_36 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1581)];
  } else {
    condval_36 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1120)] = condval_36;
  float condval_37;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_37 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1582)];
  } else {
    condval_37 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1121)] = condval_37;
  float condval_38;
  if (((((int)threadIdx.x) % 14) < 13) && (1 <= ((int)blockIdx.x))) {
    condval_38 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2365)];
  } else {
    condval_38 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1232)] = condval_38;
  float condval_39;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_39 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2366)];
  } else {
    condval_39 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1233)] = condval_39;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[(((int)threadIdx.x) + 32)] = kernel_ptr[((((int)threadIdx.x) * 9) + 6)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v73 = (((((int)threadIdx.x) / 14) * 2) + 48);
  int cse_v74 = (((((int)threadIdx.x) / 14) * 2) + 56);
  int cse_v75 = (((((int)threadIdx.x) / 14) * 2) + 49);
  int cse_v76 = (((((int)threadIdx.x) / 14) * 2) + 57);
  int cse_v104 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1344);
  int cse_v105 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1568);
  int cse_v106 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1345);
  int cse_v107 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1569);
  int cse_v108 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1372);
  int cse_v109 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1596);
  int cse_v110 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1373);
  int cse_v111 = ((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1597);
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_3();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1344)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 48)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1568)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 56)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1345)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 48)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1569)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 56)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1372)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 49)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1596)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 57)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1373)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 49)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1597)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 57)]));
  int cse_v77 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 15);
  int cse_v78 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 799);
  int cse_v79 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1583);
  int cse_v80 = (((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2367);
  __syncthreads();
  float condval_40;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_40 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 14)];
  } else {
    condval_40 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1344)] = condval_40;
  float condval_41;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_41 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 15)];
  } else {
    condval_41 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1345)] = condval_41;
  float condval_42;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_42 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 798)];
  } else {
    condval_42 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1456)] = condval_42;
  float condval_43;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_43 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 799)];
  } else {
    condval_43 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1457)] = condval_43;
  float condval_44;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_44 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1582)];
  } else {
    condval_44 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1568)] = condval_44;
  float condval_45;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_45 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1583)];
  } else {
    condval_45 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1569)] = condval_45;
  float condval_46;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_46 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2366)];
  } else {
    condval_46 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1680)] = condval_46;
  float condval_47;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_47 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2367)];
  } else {
    condval_47 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1681)] = condval_47;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[(((int)threadIdx.x) + 48)] = kernel_ptr[((((int)threadIdx.x) * 9) + 7)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_3();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[(((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2))] * kernel_shared_ptr[((((int)threadIdx.x) / 14) * 2)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 224)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 8)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1)] * kernel_shared_ptr[((((int)threadIdx.x) / 14) * 2)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 225)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 8)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 28)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 1)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 252)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 9)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 29)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 1)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 253)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 9)]));
  __syncthreads();
  float condval_48;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_48 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 15)];
  } else {
    condval_48 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[(((int)threadIdx.x) * 2)] = condval_48;
  float condval_49;
  if (((((int)threadIdx.x) % 14) < 13) && (((int)blockIdx.x) < 6)) {
    condval_49 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 16)];
  } else {
    condval_49 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 1)] = condval_49;
  float condval_50;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_50 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 799)];
  } else {
    condval_50 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 112)] = condval_50;
  float condval_51;
  if (((((int)threadIdx.x) % 14) < 13) && (((int)blockIdx.x) < 6)) {
    condval_51 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 800)];
  } else {
    condval_51 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 113)] = condval_51;
  float condval_52;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_52 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1583)];
  } else {
    condval_52 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 224)] = condval_52;
  float condval_53;
  if (((((int)threadIdx.x) % 14) < 13) && (((int)blockIdx.x) < 6)) {
    condval_53 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 1584)];
  } else {
    condval_53 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 225)] = condval_53;
  float condval_54;
  if ((((int)threadIdx.x) % 14) < 13) {
    condval_54 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2367)];
  } else {
    condval_54 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 336)] = condval_54;
  float condval_55;
  if (((((int)threadIdx.x) % 14) < 13) && (((int)blockIdx.x) < 6)) {
    condval_55 = data_ptr[(((((int)threadIdx.x) * 14) + (((int)blockIdx.x) * 2)) + 2368)];
  } else {
    condval_55 = 0x0p+0f/*0.000000e+00*/;
  }
  pad_shared_ptr[((((int)threadIdx.x) * 2) + 337)] = condval_55;
  if (((int)threadIdx.x) < 16) {
    kernel_shared_ptr[((int)threadIdx.x)] = kernel_ptr[((((int)threadIdx.x) * 9) + 8)];
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_3();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 448)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 16)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 672)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 24)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 449)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 16)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 673)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 24)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 476)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 17)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 700)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 25)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 477)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 17)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 701)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 25)]));
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 896)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 32)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1120)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 40)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 897)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 32)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1121)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 40)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 924)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 33)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1148)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 41)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 925)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 33)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1149)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 41)]));
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1344)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 48)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1568)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 56)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1345)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 48)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1569)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 56)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1372)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 49)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1596)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 57)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1373)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 49)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1597)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 57)]));
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  out_local_ptr[0] = (out_local_ptr[0] + (pad_shared_ptr[(((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2))] * kernel_shared_ptr[((((int)threadIdx.x) / 14) * 2)]));
  out_local_ptr[4] = (out_local_ptr[4] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 224)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 8)]));
  out_local_ptr[1] = (out_local_ptr[1] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 1)] * kernel_shared_ptr[((((int)threadIdx.x) / 14) * 2)]));
  out_local_ptr[5] = (out_local_ptr[5] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 225)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 8)]));
  out_local_ptr[2] = (out_local_ptr[2] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 28)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 1)]));
  out_local_ptr[6] = (out_local_ptr[6] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 252)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 9)]));
  out_local_ptr[3] = (out_local_ptr[3] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 29)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 1)]));
  out_local_ptr[7] = (out_local_ptr[7] + (pad_shared_ptr[((((((int)threadIdx.x) / 14) * 56) + ((((int)threadIdx.x) % 14) * 2)) + 253)] * kernel_shared_ptr[(((((int)threadIdx.x) / 14) * 2) + 9)]));
  int cse_v112 = ((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2));
  out_ptr[((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2))] = out_local_ptr[0];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 1568)] = out_local_ptr[4];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 1)] = out_local_ptr[1];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 1569)] = out_local_ptr[5];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 196)] = out_local_ptr[2];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 1764)] = out_local_ptr[6];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 197)] = out_local_ptr[3];
  out_ptr[(((((((int)threadIdx.x) / 14) * 392) + ((((int)threadIdx.x) % 14) * 14)) + (((int)blockIdx.x) * 2)) + 1765)] = out_local_ptr[7];
}

