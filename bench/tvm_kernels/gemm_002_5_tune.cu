
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
extern "C" __global__ void __launch_bounds__(1024) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(1024) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  alignas(64) float C_local_ptr[1];
  __shared__ alignas(64) float A_shared_ptr[128];
  __shared__ alignas(64) float B_shared_ptr[128];
  C_local_ptr[0] = 0x0p+0f/*0.000000e+00*/;
  int cse_v1 = (((int)threadIdx.y) * 512);
  int cse_v2 = (((int)blockIdx.x) * 32);
  for (int ax2_0 = 0; ax2_0 < 512; ++ax2_0) {
    int cse_v4 = ((((int)threadIdx.y) * 32) + ((int)threadIdx.x));
    __syncthreads();
    if (((int)threadIdx.y) < 4) {
      A_shared_ptr[((((int)threadIdx.y) * 32) + ((int)threadIdx.x))] = A_ptr[(((((((int)blockIdx.y) * 65536) + (((int)threadIdx.y) * 16384)) + ((((int)threadIdx.x) >> 2) * 2048)) + (ax2_0 * 4)) + (((int)threadIdx.x) & 3))];
    }
    if (((int)threadIdx.y) < 4) {
      B_shared_ptr[((((int)threadIdx.y) * 32) + ((int)threadIdx.x))] = B_ptr[((((ax2_0 * 2048) + (((int)threadIdx.y) * 512)) + (((int)blockIdx.x) * 32)) + ((int)threadIdx.x))];
    }
    int cse_v3 = (((int)threadIdx.y) * 4);
    __syncthreads();
    C_local_ptr[0] = (C_local_ptr[0] + (A_shared_ptr[(((int)threadIdx.y) * 4)] * B_shared_ptr[((int)threadIdx.x)]));
    C_local_ptr[0] = (C_local_ptr[0] + (A_shared_ptr[((((int)threadIdx.y) * 4) + 1)] * B_shared_ptr[(((int)threadIdx.x) + 32)]));
    C_local_ptr[0] = (C_local_ptr[0] + (A_shared_ptr[((((int)threadIdx.y) * 4) + 2)] * B_shared_ptr[(((int)threadIdx.x) + 64)]));
    C_local_ptr[0] = (C_local_ptr[0] + (A_shared_ptr[((((int)threadIdx.y) * 4) + 3)] * B_shared_ptr[(((int)threadIdx.x) + 96)]));
  }
  C_ptr[((((((int)blockIdx.y) * 16384) + (((int)threadIdx.y) * 512)) + (((int)blockIdx.x) * 32)) + ((int)threadIdx.x))] = C_local_ptr[0];
}

