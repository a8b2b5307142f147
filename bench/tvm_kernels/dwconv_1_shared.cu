
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
extern "C" __global__ void __launch_bounds__(392) main_kernel(float* __restrict__ data_ptr, float* __restrict__ kernel_ptr, float* __restrict__ out_ptr);
extern "C" __global__ void __launch_bounds__(392) main_kernel(float* __restrict__ data_ptr, float* __restrict__ kernel_ptr, float* __restrict__ out_ptr) {
  __shared__ alignas(64) float pad_temp_shared_ptr[928];
  alignas(64) float out_local_ptr[2];
  int cse_v1 = (((int)blockIdx.x) * 784);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 3; ++ax0_ax1_fused_0) {
    if (((ax0_ax1_fused_0 * 49) + (((int)threadIdx.x) >> 3)) < 116) {
      int cse_v2 = ((ax0_ax1_fused_0 * 392) + ((int)threadIdx.x));
      int cse_v3 = (((ax0_ax1_fused_0 * 196) + (((int)threadIdx.x) >> 1)) / 29);
      int cse_v4 = (((ax0_ax1_fused_0 * 392) + ((int)threadIdx.x)) % 58);
      int cse_v7 = (((((int)blockIdx.x) & 3) * 14) + (((ax0_ax1_fused_0 * 196) + (((int)threadIdx.x) >> 1)) / 29));
      float condval;
      if ((((1 <= (((((int)blockIdx.x) & 3) * 14) + (((ax0_ax1_fused_0 * 196) + (((int)threadIdx.x) >> 1)) / 29))) && ((((((int)blockIdx.x) & 3) * 14) + (((ax0_ax1_fused_0 * 196) + (((int)threadIdx.x) >> 1)) / 29)) < 57)) && (1 <= (((ax0_ax1_fused_0 * 392) + ((int)threadIdx.x)) % 58))) && ((((ax0_ax1_fused_0 * 392) + ((int)threadIdx.x)) % 58) < 57)) {
        condval = data_ptr[((((((int)blockIdx.x) * 784) + ((((ax0_ax1_fused_0 * 196) + (((int)threadIdx.x) >> 1)) / 29) * 56)) + (((ax0_ax1_fused_0 * 392) + ((int)threadIdx.x)) % 58)) - 57)];
      } else {
        condval = 0x0p+0f/*0.000000e+00*/;
      }
      pad_temp_shared_ptr[((ax0_ax1_fused_0 * 392) + ((int)threadIdx.x))] = condval;
    }
  }
  for (int j_1_init = 0; j_1_init < 2; ++j_1_init) {
    out_local_ptr[j_1_init] = 0x0p+0f/*0.000000e+00*/;
  }
  int cse_v5 = (((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2));
  int cse_v6 = (((((int)blockIdx.x) & 1023) >> 2) * 9);
  __syncthreads();
  for (int j_1 = 0; j_1 < 2; ++j_1) {
    out_local_ptr[j_1] = (out_local_ptr[j_1] + (pad_temp_shared_ptr[((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1)] * kernel_ptr[(((((int)blockIdx.x) & 1023) >> 2) * 9)]));
  }
  for (int j_1_1 = 0; j_1_1 < 2; ++j_1_1) {
    out_local_ptr[j_1_1] = (out_local_ptr[j_1_1] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_1) + 1)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 1)]));
  }
  for (int j_1_2 = 0; j_1_2 < 2; ++j_1_2) {
    out_local_ptr[j_1_2] = (out_local_ptr[j_1_2] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_2) + 2)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 2)]));
  }
  for (int j_1_3 = 0; j_1_3 < 2; ++j_1_3) {
    out_local_ptr[j_1_3] = (out_local_ptr[j_1_3] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_3) + 58)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 3)]));
  }
  for (int j_1_4 = 0; j_1_4 < 2; ++j_1_4) {
    out_local_ptr[j_1_4] = (out_local_ptr[j_1_4] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_4) + 59)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 4)]));
  }
  for (int j_1_5 = 0; j_1_5 < 2; ++j_1_5) {
    out_local_ptr[j_1_5] = (out_local_ptr[j_1_5] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_5) + 60)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 5)]));
  }
  for (int j_1_6 = 0; j_1_6 < 2; ++j_1_6) {
    out_local_ptr[j_1_6] = (out_local_ptr[j_1_6] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_6) + 116)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 6)]));
  }
  for (int j_1_7 = 0; j_1_7 < 2; ++j_1_7) {
    out_local_ptr[j_1_7] = (out_local_ptr[j_1_7] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_7) + 117)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 7)]));
  }
  for (int j_1_8 = 0; j_1_8 < 2; ++j_1_8) {
    out_local_ptr[j_1_8] = (out_local_ptr[j_1_8] + (pad_temp_shared_ptr[(((((((int)threadIdx.x) / 28) * 58) + ((((int)threadIdx.x) % 28) * 2)) + j_1_8) + 118)] * kernel_ptr[((((((int)blockIdx.x) & 1023) >> 2) * 9) + 8)]));
  }
  for (int ax0 = 0; ax0 < 2; ++ax0) {
    out_ptr[(((((int)blockIdx.x) * 784) + (((int)threadIdx.x) * 2)) + ax0)] = out_local_ptr[ax0];
  }
}

