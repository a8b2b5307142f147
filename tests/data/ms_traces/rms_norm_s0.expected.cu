extern "C" __global__ void __launch_bounds__(32) main_kernel(float* __restrict__ X_ptr, float* __restrict__ sq_sum_ptr) {
  sq_sum_ptr[((int)threadIdx.x)] = 0x0p+0f/*0.000000e+00*/;
  for (int k = 0; k < 256; ++k) {
    int cse_v1 = ((((int)threadIdx.x) * 256) + k);
    sq_sum_ptr[((int)threadIdx.x)] = (sq_sum_ptr[((int)threadIdx.x)] + (X_ptr[((((int)threadIdx.x) * 256) + k)] * X_ptr[((((int)threadIdx.x) * 256) + k)]));
  }
}

extern "C" __global__ void __launch_bounds__(256) main_kernel_1(float* __restrict__ X_ptr, float* __restrict__ Y_ptr, float* __restrict__ sq_sum_ptr, float* __restrict__ weight_ptr) {
  int cse_v2 = ((((int)blockIdx.x) * 256) + ((int)threadIdx.x));
  Y_ptr[((((int)blockIdx.x) * 256) + ((int)threadIdx.x))] = ((X_ptr[((((int)blockIdx.x) * 256) + ((int)threadIdx.x))] * rsqrtf(((sq_sum_ptr[((int)blockIdx.x)] / 0x1p+8f/*2.560000e+02*/) + 0x1.4f8b588e368f1p-17f/*1.000000e-05*/))) * weight_ptr[((int)threadIdx.x)]);
}

