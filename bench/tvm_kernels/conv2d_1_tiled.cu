
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
  for (int ff_2_init = 0; ff_2_init < 4; ++ff_2_init) {
    conv2d_nchw_local_ptr[ff_2_init] = 0x0p+0f/*0.000000e+00*/;
  }
  int cse_v1 = (((int)blockIdx.y) % 7);
  int cse_v2 = (((int)blockIdx.x) * 8);
  int cse_v3 = (((int)threadIdx.x) & 7);
  int cse_v4 = (((int)blockIdx.y) / 7);
  int cse_v5 = (((int)threadIdx.x) >> 6);
  int cse_v8 = ((((int)threadIdx.x) & 63) >> 3);
  int cse_v10 = ((((int)blockIdx.y) % 7) * 448);
  int cse_v11 = (((((int)threadIdx.x) & 63) >> 3) * 56);
  for (int rc = 0; rc < 64; ++rc) {
    for (int ry = 0; ry < 3; ++ry) {
      int cse_v6 = (rc * 9);
      int cse_v7 = (ry * 3);
      int cse_v9 = ((((int)blockIdx.x) * 8) + (((int)threadIdx.x) & 7));
      int cse_v12 = (((((int)blockIdx.y) / 7) * 9216) + ((((int)threadIdx.x) >> 6) * 2304));
      int cse_v13 = ((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry);
      int cse_v14 = ((((((rc * 3136) + ((((int)blockIdx.y) % 7) * 448)) + (((((int)threadIdx.x) & 63) >> 3) * 56)) + (ry * 56)) + (((int)blockIdx.x) * 8)) + (((int)threadIdx.x) & 7));
      for (int ff_2 = 0; ff_2 < 4; ++ff_2) {
        float condval;
        if (((1 <= ((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry)) && (((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry) < 57)) && (1 <= ((((int)blockIdx.x) * 8) + (((int)threadIdx.x) & 7)))) {
          condval = data_ptr[(((((((rc * 3136) + ((((int)blockIdx.y) % 7) * 448)) + (((((int)threadIdx.x) & 63) >> 3) * 56)) + (ry * 56)) + (((int)blockIdx.x) * 8)) + (((int)threadIdx.x) & 7)) - 57)];
        } else {
          condval = 0x0p+0f/*0.000000e+00*/;
        }
        conv2d_nchw_local_ptr[ff_2] = (conv2d_nchw_local_ptr[ff_2] + (condval * kernel_ptr[((((((((int)blockIdx.y) / 7) * 9216) + ((((int)threadIdx.x) >> 6) * 2304)) + (ff_2 * 576)) + (rc * 9)) + (ry * 3))]));
      }
      for (int ff_2_1 = 0; ff_2_1 < 4; ++ff_2_1) {
        float condval_1;
        if ((1 <= ((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry)) && (((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry) < 57)) {
          condval_1 = data_ptr[(((((((rc * 3136) + ((((int)blockIdx.y) % 7) * 448)) + (((((int)threadIdx.x) & 63) >> 3) * 56)) + (ry * 56)) + (((int)blockIdx.x) * 8)) + (((int)threadIdx.x) & 7)) - 56)];
        } else {
          condval_1 = 0x0p+0f/*0.000000e+00*/;
        }
        conv2d_nchw_local_ptr[ff_2_1] = (conv2d_nchw_local_ptr[ff_2_1] + (condval_1 * kernel_ptr[(((((((((int)blockIdx.y) / 7) * 9216) + ((((int)threadIdx.x) >> 6) * 2304)) + (ff_2_1 * 576)) + (rc * 9)) + (ry * 3)) + 1)]));
      }
      for (int ff_2_2 = 0; ff_2_2 < 4; ++ff_2_2) {
        float condval_2;
        if (((1 <= ((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry)) && (((((((int)blockIdx.y) % 7) * 8) + ((((int)threadIdx.x) & 63) >> 3)) + ry) < 57)) && (((((int)blockIdx.x) * 8) + (((int)threadIdx.x) & 7)) < 55)) {
          condval_2 = data_ptr[(((((((rc * 3136) + ((((int)blockIdx.y) % 7) * 448)) + (((((int)threadIdx.x) & 63) >> 3) * 56)) + (ry * 56)) + (((int)blockIdx.x) * 8)) + (((int)threadIdx.x) & 7)) - 55)];
        } else {
          condval_2 = 0x0p+0f/*0.000000e+00*/;
        }
        conv2d_nchw_local_ptr[ff_2_2] = (conv2d_nchw_local_ptr[ff_2_2] + (condval_2 * kernel_ptr[(((((((((int)blockIdx.y) / 7) * 9216) + ((((int)threadIdx.x) >> 6) * 2304)) + (ff_2_2 * 576)) + (rc * 9)) + (ry * 3)) + 2)]));
      }
    }
  }
  for (int ax0 = 0; ax0 < 4; ++ax0) {
    conv2d_nchw_ptr[((((((((((int)blockIdx.y) / 7) * 50176) + ((((int)threadIdx.x) >> 6) * 12544)) + (ax0 * 3136)) + ((((int)blockIdx.y) % 7) * 448)) + (((((int)threadIdx.x) & 63) >> 3) * 56)) + (((int)blockIdx.x) * 8)) + (((int)threadIdx.x) & 7))] = conv2d_nchw_local_ptr[ax0];
  }
}

