
#ifdef __CUDACC_RTC__
  #include <cuda/std/cstdint>
  using cuda::std::uint8_t;
  using cuda::std::uint16_t;
  using cuda::std::uint32_t;
  using cuda::std::uint64_t;
  using cuda::std::int8_t;
  using cuda::std::int16_t;
  using cuda::std::int32_t;
  using cuda::std::int64_t;

  #include <cuda/std/type_traits>
  namespace std {
    using cuda::std::is_same;
    using cuda::std::is_same_v;
    using cuda::std::is_integral;
    using cuda::std::is_signed;
    using cuda::std::is_unsigned;
    using cuda::std::is_floating_point;
    using cuda::std::enable_if;
    using cuda::std::conditional;
  }

  // NVRTC uses asm/volatile instead of __asm__/__volatile__ (gcc extension).
  #ifndef __asm__
  #define __asm__ asm
  #endif
  #ifndef __volatile__
  #define __volatile__ volatile
  #endif
#else
  #include <cstdint>
  #include <type_traits>
  #include <cuda.h>
#endif

#if (((__CUDACC_VER_MAJOR__ == 11) && (__CUDACC_VER_MINOR__ >= 4)) || \
     (__CUDACC_VER_MAJOR__ > 11))
#define TVM_ENABLE_L2_PREFETCH 1
#else
#define TVM_ENABLE_L2_PREFETCH 0
#endif

#ifdef _WIN32
  using uint = unsigned int;
  using uchar = unsigned char;
  using ushort = unsigned short;
  using int64_t = long long;
  using uint64_t = unsigned long long;
#else
  #define uint unsigned int
  #define uchar unsigned char
  #define ushort unsigned short
#endif
extern "C" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ X_ptr, float* __restrict__ X_sum_ptr);
extern "C" __global__ void __launch_bounds__(64) main_kernel_1(float* __restrict__ X_ptr, float* __restrict__ X_sum_ptr, float* __restrict__ X_var_sum_ptr);
extern "C" __global__ void __launch_bounds__(256) main_kernel_2(float* __restrict__ T_layer_norm_ptr, float* __restrict__ X_ptr, float* __restrict__ X_sum_ptr, float* __restrict__ X_var_sum_ptr, float* __restrict__ beta_ptr, float* __restrict__ gamma_ptr);
extern "C" __global__ void __launch_bounds__(64) main_kernel(float* __restrict__ X_ptr, float* __restrict__ X_sum_ptr) {
  for (int k1 = 0; k1 < 1024; ++k1) {
    int cse_v2 = ((((int)blockIdx.x) * 64) + ((int)threadIdx.x));
    if (k1 == 0) {
      X_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] = 0x0p+0f/*0.000000e+00*/;
    }
    X_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] = (X_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] + X_ptr[(((((int)blockIdx.x) * 65536) + (((int)threadIdx.x) * 1024)) + k1)]);
  }
}

extern "C" __global__ void __launch_bounds__(64) main_kernel_1(float* __restrict__ X_ptr, float* __restrict__ X_sum_ptr, float* __restrict__ X_var_sum_ptr) {
  for (int k1 = 0; k1 < 1024; ++k1) {
    int cse_v3 = ((((int)blockIdx.x) * 64) + ((int)threadIdx.x));
    if (k1 == 0) {
      X_var_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] = 0x0p+0f/*0.000000e+00*/;
    }
    int cse_v5 = (((((int)blockIdx.x) * 65536) + (((int)threadIdx.x) * 1024)) + k1);
    X_var_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] = (X_var_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] + ((X_ptr[(((((int)blockIdx.x) * 65536) + (((int)threadIdx.x) * 1024)) + k1)] - (X_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] / 0x1p+10f/*1.024000e+03*/)) * (X_ptr[(((((int)blockIdx.x) * 65536) + (((int)threadIdx.x) * 1024)) + k1)] - (X_sum_ptr[((((int)blockIdx.x) * 64) + ((int)threadIdx.x))] / 0x1p+10f/*1.024000e+03*/))));
  }
}

extern "C" __global__ void __launch_bounds__(256) main_kernel_2(float* __restrict__ T_layer_norm_ptr, float* __restrict__ X_ptr, float* __restrict__ X_sum_ptr, float* __restrict__ X_var_sum_ptr, float* __restrict__ beta_ptr, float* __restrict__ gamma_ptr) {
  int cse_v1 = (((int)blockIdx.x) >> 2);
  int cse_v4 = ((((int)blockIdx.x) * 256) + ((int)threadIdx.x));
  int cse_v6 = (((((int)blockIdx.x) & 3) * 256) + ((int)threadIdx.x));
  T_layer_norm_ptr[((((int)blockIdx.x) * 256) + ((int)threadIdx.x))] = ((((X_ptr[((((int)blockIdx.x) * 256) + ((int)threadIdx.x))] - (X_sum_ptr[(((int)blockIdx.x) >> 2)] / 0x1p+10f/*1.024000e+03*/)) * rsqrtf(((X_var_sum_ptr[(((int)blockIdx.x) >> 2)] / 0x1p+10f/*1.024000e+03*/) + 0x1.4f8b588e368f1p-17f/*1.000000e-05*/))) * gamma_ptr[(((((int)blockIdx.x) & 3) * 256) + ((int)threadIdx.x))]) + beta_ptr[(((((int)blockIdx.x) & 3) * 256) + ((int)threadIdx.x))]);
}

