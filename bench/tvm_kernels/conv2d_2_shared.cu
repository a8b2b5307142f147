
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
extern "C" __global__ void __launch_bounds__(256) main_kernel(float* __restrict__ conv2d_nchw_ptr, float* __restrict__ data_ptr, float* __restrict__ kernel_ptr);
extern "C" __global__ void __launch_bounds__(256) main_kernel(float* __restrict__ conv2d_nchw_ptr, float* __restrict__ data_ptr, float* __restrict__ kernel_ptr) {
  alignas(64) float conv2d_nchw_local_ptr[4];
  __shared__ alignas(64) float pad_temp_shared_ptr[800];
  __shared__ alignas(64) float kernel_shared_ptr[1152];
  for (int ff_2_init = 0; ff_2_init < 4; ++ff_2_init) {
    conv2d_nchw_local_ptr[ff_2_init] = 0x0p+0f/*0.000000e+00*/;
  }
  int cse_v1 = (((int)blockIdx.y) % 7);
  int cse_v2 = (((int)blockIdx.x) * 8);
  int cse_v3 = (((int)blockIdx.y) / 7);
  int cse_v4 = (((int)threadIdx.x) & 7);
  int cse_v5 = (((int)threadIdx.x) >> 6);
  int cse_v9 = ((((int)blockIdx.y) % 7) * 448);
  int cse_v11 = ((((int)threadIdx.x) & 63) >> 3);
  for (int rc_0 = 0; rc_0 < 8; ++rc_0) {
    __syncthreads();
    for (int ax0_ax1_ax2_fused_0 = 0; ax0_ax1_ax2_fused_0 < 4; ++ax0_ax1_ax2_fused_0) {
      if (((ax0_ax1_ax2_fused_0 * 8) + (((int)threadIdx.x) >> 5)) < 25) {
        int cse_v8 = ((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x));
        int cse_v13 = (((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x)) % 10);
        int cse_v14 = ((((ax0_ax1_ax2_fused_0 * 128) + (((int)threadIdx.x) >> 1)) % 50) / 5);
        int cse_v15 = ((((int)blockIdx.x) * 8) + (((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x)) % 10));
        int cse_v16 = (((((int)blockIdx.y) % 7) * 8) + ((((ax0_ax1_ax2_fused_0 * 128) + (((int)threadIdx.x) >> 1)) % 50) / 5));
        float condval;
        if ((((1 <= (((((int)blockIdx.y) % 7) * 8) + ((((ax0_ax1_ax2_fused_0 * 128) + (((int)threadIdx.x) >> 1)) % 50) / 5))) && ((((((int)blockIdx.y) % 7) * 8) + ((((ax0_ax1_ax2_fused_0 * 128) + (((int)threadIdx.x) >> 1)) % 50) / 5)) < 57)) && (1 <= ((((int)blockIdx.x) * 8) + (((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x)) % 10)))) && (((((int)blockIdx.x) * 8) + (((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x)) % 10)) < 57)) {
          condval = data_ptr[(((((((rc_0 * 25088) + ((((ax0_ax1_ax2_fused_0 * 64) + (((int)threadIdx.x) >> 2)) / 25) * 3136)) + ((((int)blockIdx.y) % 7) * 448)) + (((((ax0_ax1_ax2_fused_0 * 128) + (((int)threadIdx.x) >> 1)) % 50) / 5) * 56)) + (((int)blockIdx.x) * 8)) + (((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x)) % 10)) - 57)];
        } else {
          condval = 0x0p+0f/*0.000000e+00*/;
        }
        pad_temp_shared_ptr[((ax0_ax1_ax2_fused_0 * 256) + ((int)threadIdx.x))] = condval;
      }
    }
    for (int ax0_ax1_ax2_ax3_fused_0 = 0; ax0_ax1_ax2_ax3_fused_0 < 5; ++ax0_ax1_ax2_ax3_fused_0) {
      if (((ax0_ax1_ax2_ax3_fused_0 * 2) + (((int)threadIdx.x) >> 7)) < 9) {
        int cse_v10 = ((ax0_ax1_ax2_ax3_fused_0 * 256) + ((int)threadIdx.x));
        kernel_shared_ptr[((ax0_ax1_ax2_ax3_fused_0 * 256) + ((int)threadIdx.x))] = kernel_ptr[(((((((int)blockIdx.y) / 7) * 9216) + ((((ax0_ax1_ax2_ax3_fused_0 * 32) + (((int)threadIdx.x) >> 3)) / 9) * 576)) + (rc_0 * 72)) + (((ax0_ax1_ax2_ax3_fused_0 * 256) + ((int)threadIdx.x)) % 72))];
      }
    }
    __syncthreads();
    for (int rc_1 = 0; rc_1 < 8; ++rc_1) {
      for (int ry = 0; ry < 3; ++ry) {
        int cse_v6 = (rc_1 * 9);
        int cse_v7 = (ry * 3);
        int cse_v12 = ((((int)threadIdx.x) >> 6) * 288);
        int cse_v17 = ((((rc_1 * 100) + (((((int)threadIdx.x) & 63) >> 3) * 10)) + (ry * 10)) + (((int)threadIdx.x) & 7));
        for (int ff_2 = 0; ff_2 < 4; ++ff_2) {
          conv2d_nchw_local_ptr[ff_2] = (conv2d_nchw_local_ptr[ff_2] + (pad_temp_shared_ptr[((((rc_1 * 100) + (((((int)threadIdx.x) & 63) >> 3) * 10)) + (ry * 10)) + (((int)threadIdx.x) & 7))] * kernel_shared_ptr[(((((((int)threadIdx.x) >> 6) * 288) + (ff_2 * 72)) + (rc_1 * 9)) + (ry * 3))]));
        }
        for (int ff_2_1 = 0; ff_2_1 < 4; ++ff_2_1) {
          conv2d_nchw_local_ptr[ff_2_1] = (conv2d_nchw_local_ptr[ff_2_1] + (pad_temp_shared_ptr[(((((rc_1 * 100) + (((((int)threadIdx.x) & 63) >> 3) * 10)) + (ry * 10)) + (((int)threadIdx.x) & 7)) + 1)] * kernel_shared_ptr[((((((((int)threadIdx.x) >> 6) * 288) + (ff_2_1 * 72)) + (rc_1 * 9)) + (ry * 3)) + 1)]));
        }
        for (int ff_2_2 = 0; ff_2_2 < 4; ++ff_2_2) {
          conv2d_nchw_local_ptr[ff_2_2] = (conv2d_nchw_local_ptr[ff_2_2] + (pad_temp_shared_ptr[(((((rc_1 * 100) + (((((int)threadIdx.x) & 63) >> 3) * 10)) + (ry * 10)) + (((int)threadIdx.x) & 7)) + 2)] * kernel_shared_ptr[((((((((int)threadIdx.x) >> 6) * 288) + (ff_2_2 * 72)) + (rc_1 * 9)) + (ry * 3)) + 2)]));
        }
      }
    }
  }
  for (int ax0 = 0; ax0 < 4; ++ax0) {
    conv2d_nchw_ptr[((((((((((int)blockIdx.y) / 7) * 50176) + ((((int)threadIdx.x) >> 6) * 12544)) + (ax0 * 3136)) + ((((int)blockIdx.y) % 7) * 448)) + (((((int)threadIdx.x) & 63) >> 3) * 56)) + (((int)blockIdx.x) * 8)) + (((int)threadIdx.x) & 7))] = conv2d_nchw_local_ptr[ax0];
  }
}

