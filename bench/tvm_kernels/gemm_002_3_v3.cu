
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
extern "C" __global__ void __launch_bounds__(256) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(256) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  __shared__ alignas(64) float A_shared_ptr[128];
  __shared__ alignas(64) float B_shared_ptr[128];
  for (int k_0 = 0; k_0 < 256; ++k_0) {
    int cse_v1 = (k_0 * 8);
    int cse_v2 = (((int)threadIdx.x) * 8);
    __syncthreads();
    if (((int)threadIdx.y) < 8) {
      A_shared_ptr[((((int)threadIdx.x) * 8) + ((int)threadIdx.y))] = A_ptr[((((((int)blockIdx.x) * 32768) + (((int)threadIdx.x) * 2048)) + (k_0 * 8)) + ((int)threadIdx.y))];
    }
    int cse_v3 = (((int)threadIdx.x) * 512);
    int cse_v4 = (((int)blockIdx.y) * 16);
    if (((int)threadIdx.x) < 8) {
      B_shared_ptr[((((int)threadIdx.x) * 16) + ((int)threadIdx.y))] = B_ptr[((((k_0 * 4096) + (((int)threadIdx.x) * 512)) + (((int)blockIdx.y) * 16)) + ((int)threadIdx.y))];
    }
    __syncthreads();
    for (int k_1 = 0; k_1 < 8; ++k_1) {
      int cse_v5 = ((((((int)blockIdx.x) * 8192) + (((int)threadIdx.x) * 512)) + (((int)blockIdx.y) * 16)) + ((int)threadIdx.y));
      if (((k_0 * 8) + k_1) == 0) {
        C_ptr[((((((int)blockIdx.x) * 8192) + (((int)threadIdx.x) * 512)) + (((int)blockIdx.y) * 16)) + ((int)threadIdx.y))] = 0x0p+0f/*0.000000e+00*/;
      }
      C_ptr[((((((int)blockIdx.x) * 8192) + (((int)threadIdx.x) * 512)) + (((int)blockIdx.y) * 16)) + ((int)threadIdx.y))] = (C_ptr[((((((int)blockIdx.x) * 8192) + (((int)threadIdx.x) * 512)) + (((int)blockIdx.y) * 16)) + ((int)threadIdx.y))] + (A_shared_ptr[((((int)threadIdx.x) * 8) + k_1)] * B_shared_ptr[((k_1 * 16) + ((int)threadIdx.y))]));
    }
  }
}

