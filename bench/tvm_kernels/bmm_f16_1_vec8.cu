
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

#if !defined(__CUDA_ARCH__) || (__CUDA_ARCH__ >= 530)
#include <cuda_fp16.h>
__device__ half max(half a, half b)
{
  return __hgt(__half(a), __half(b)) ? a : b;
}
__device__ half min(half a, half b)
{
  return __hlt(__half(a), __half(b)) ? a : b;
}
#endif // __CUDA_ARCH__ >= 530

// Pack two half values.
static inline __device__ __host__ unsigned
__pack_half2(const half x, const half y) {
  unsigned v0 = *((unsigned short *)&x);
  unsigned v1 = *((unsigned short *)&y);
  return (v1 << 16) | v0;
}

#define CUDA_UNSUPPORTED_HALF_MATH_BINARY(HALF_MATH_NAME, FP32_MATH_NAME) \
static inline __device__ __host__ half HALF_MATH_NAME(half x, half y) {   \
  float tmp_x = __half2float(x);                                          \
  float tmp_y = __half2float(y);                                          \
  float result = FP32_MATH_NAME(tmp_x, tmp_y);                            \
  return __float2half(result);                                            \
}

#define CUDA_UNSUPPORTED_HALF_MATH_UNARY(HALF_MATH_NAME, FP32_MATH_NAME) \
static inline __device__ __host__ half HALF_MATH_NAME(half x) {          \
  float tmp_x = __half2float(x);                                         \
  float result = FP32_MATH_NAME(tmp_x);                                  \
  return __float2half(result);                                           \
}

// Some fp16 math functions are not supported in cuda_fp16.h,
// so we define them here to make sure the generated CUDA code
// is valid.
#if defined(__CUDA_ARCH__)
#if (__CUDA_ARCH__ >= 530)
CUDA_UNSUPPORTED_HALF_MATH_BINARY(hpow, powf)
#if ((__CUDACC_VER_MAJOR__ < 12) || ((__CUDACC_VER_MAJOR__ == 12) && (__CUDACC_VER_MINOR__ < 8)))
CUDA_UNSUPPORTED_HALF_MATH_UNARY(htanh, tanhf)
#endif
CUDA_UNSUPPORTED_HALF_MATH_UNARY(htan, tanf)
CUDA_UNSUPPORTED_HALF_MATH_UNARY(hatan, atanf)
CUDA_UNSUPPORTED_HALF_MATH_UNARY(herf, erf)
#else
CUDA_UNSUPPORTED_HALF_MATH_UNARY(hexp, exp)
#endif
#endif

#undef CUDA_UNSUPPORTED_HALF_MATH_BINARY
#undef CUDA_UNSUPPORTED_HALF_MATH_UNARY

template <typename T, typename TVec2>
struct __align__(8) half4_bfloat164 {
  T x, y, z, w;
  __host__ __device__ half4_bfloat164() : x(T(0)), y(T(0)), z(T(0)), w(T(0)) {}
  __host__ __device__ half4_bfloat164(T x, T y, T z, T w) : x(x), y(y), z(z), w(w) {}

};

using half4 = half4_bfloat164<__half, __half2>;
__host__ __device__ half4 make_half4(__half x, __half y, __half z, __half w) {
    return half4(x, y, z, w);
}

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
extern "C" __global__ void __launch_bounds__(256) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(256) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  alignas(64) float C_local_ptr[64];
  __shared__ alignas(64) half A_shared_ptr[2048];
  __shared__ alignas(64) half B_shared_ptr[2048];
  alignas(64) half A_shared_local_ptr[8];
  alignas(64) half B_shared_local_ptr[8];
  for (int i_1_2_init = 0; i_1_2_init < 4; ++i_1_2_init) {
    for (int j_1_2_init = 0; j_1_2_init < 4; ++j_1_2_init) {
      int cse_v38 = ((i_1_2_init * 4) + j_1_2_init);
      C_local_ptr[((i_1_2_init * 4) + j_1_2_init)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 32)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 16)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 48)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  int cse_v1 = (((int)blockIdx.z) * 1048576);
  int cse_v3 = (((int)blockIdx.x) * 128);
  int cse_v5 = (((int)threadIdx.x) * 4);
  int cse_v39 = ((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072));
  for (int k_0 = 0; k_0 < 64; ++k_0) {
    int cse_v2 = (((int)threadIdx.x) * 8);
    int cse_v40 = ((((int)threadIdx.y) * 128) + (((int)threadIdx.x) * 8));
    __syncthreads();
    *(uint4*)(A_shared_ptr + ((((int)threadIdx.y) * 128) + (((int)threadIdx.x) * 8))) = *(uint4*)(A_ptr + ((((((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072)) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 1) * 1024)) + (k_0 * 16)) + ((((int)threadIdx.x) & 1) * 8)));
    *(uint4*)(B_shared_ptr + ((((int)threadIdx.y) * 128) + (((int)threadIdx.x) * 8))) = *(uint4*)(B_ptr + (((((((int)blockIdx.z) * 1048576) + (k_0 * 16384)) + (((int)threadIdx.y) * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 8)));
    int cse_v4 = (((int)threadIdx.y) * 64);
    __syncthreads();
    for (int ax0 = 0; ax0 < 4; ++ax0) {
      int cse_v41 = ((((int)threadIdx.y) * 64) + (ax0 * 16));
      A_shared_local_ptr[ax0] = A_shared_ptr[((((int)threadIdx.y) * 64) + (ax0 * 16))];
      A_shared_local_ptr[(ax0 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0 * 16)) + 1024)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + (((int)threadIdx.x) * 4));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 64));
    for (int i_1_2 = 0; i_1_2 < 4; ++i_1_2) {
      for (int j_1_2 = 0; j_1_2 < 4; ++j_1_2) {
        int cse_v42 = ((i_1_2 * 4) + j_1_2);
        C_local_ptr[((i_1_2 * 4) + j_1_2)] = (C_local_ptr[((i_1_2 * 4) + j_1_2)] + (((float)A_shared_local_ptr[i_1_2]) * ((float)B_shared_local_ptr[j_1_2])));
        int cse_v6 = (i_1_2 + 4);
        int cse_v74 = (((i_1_2 * 4) + j_1_2) + 32);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 32)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 32)] + (((float)A_shared_local_ptr[(i_1_2 + 4)]) * ((float)B_shared_local_ptr[j_1_2])));
        int cse_v7 = (j_1_2 + 4);
        int cse_v75 = (((i_1_2 * 4) + j_1_2) + 16);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 16)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 16)] + (((float)A_shared_local_ptr[i_1_2]) * ((float)B_shared_local_ptr[(j_1_2 + 4)])));
        int cse_v76 = (((i_1_2 * 4) + j_1_2) + 48);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 48)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 48)] + (((float)A_shared_local_ptr[(i_1_2 + 4)]) * ((float)B_shared_local_ptr[(j_1_2 + 4)])));
      }
    }
    for (int ax0_1 = 0; ax0_1 < 4; ++ax0_1) {
      int cse_v43 = ((((int)threadIdx.y) * 64) + (ax0_1 * 16));
      A_shared_local_ptr[ax0_1] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_1 * 16)) + 1)];
      A_shared_local_ptr[(ax0_1 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_1 * 16)) + 1025)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 128));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 192));
    for (int i_1_2_1 = 0; i_1_2_1 < 4; ++i_1_2_1) {
      for (int j_1_2_1 = 0; j_1_2_1 < 4; ++j_1_2_1) {
        int cse_v44 = ((i_1_2_1 * 4) + j_1_2_1);
        C_local_ptr[((i_1_2_1 * 4) + j_1_2_1)] = (C_local_ptr[((i_1_2_1 * 4) + j_1_2_1)] + (((float)A_shared_local_ptr[i_1_2_1]) * ((float)B_shared_local_ptr[j_1_2_1])));
        int cse_v8 = (i_1_2_1 + 4);
        int cse_v77 = (((i_1_2_1 * 4) + j_1_2_1) + 32);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 32)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 32)] + (((float)A_shared_local_ptr[(i_1_2_1 + 4)]) * ((float)B_shared_local_ptr[j_1_2_1])));
        int cse_v9 = (j_1_2_1 + 4);
        int cse_v78 = (((i_1_2_1 * 4) + j_1_2_1) + 16);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 16)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 16)] + (((float)A_shared_local_ptr[i_1_2_1]) * ((float)B_shared_local_ptr[(j_1_2_1 + 4)])));
        int cse_v79 = (((i_1_2_1 * 4) + j_1_2_1) + 48);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 48)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 48)] + (((float)A_shared_local_ptr[(i_1_2_1 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_1 + 4)])));
      }
    }
    for (int ax0_2 = 0; ax0_2 < 4; ++ax0_2) {
      int cse_v45 = ((((int)threadIdx.y) * 64) + (ax0_2 * 16));
      A_shared_local_ptr[ax0_2] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_2 * 16)) + 2)];
      A_shared_local_ptr[(ax0_2 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_2 * 16)) + 1026)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 256));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 320));
    for (int i_1_2_2 = 0; i_1_2_2 < 4; ++i_1_2_2) {
      for (int j_1_2_2 = 0; j_1_2_2 < 4; ++j_1_2_2) {
        int cse_v46 = ((i_1_2_2 * 4) + j_1_2_2);
        C_local_ptr[((i_1_2_2 * 4) + j_1_2_2)] = (C_local_ptr[((i_1_2_2 * 4) + j_1_2_2)] + (((float)A_shared_local_ptr[i_1_2_2]) * ((float)B_shared_local_ptr[j_1_2_2])));
        int cse_v10 = (i_1_2_2 + 4);
        int cse_v80 = (((i_1_2_2 * 4) + j_1_2_2) + 32);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 32)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 32)] + (((float)A_shared_local_ptr[(i_1_2_2 + 4)]) * ((float)B_shared_local_ptr[j_1_2_2])));
        int cse_v11 = (j_1_2_2 + 4);
        int cse_v81 = (((i_1_2_2 * 4) + j_1_2_2) + 16);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 16)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 16)] + (((float)A_shared_local_ptr[i_1_2_2]) * ((float)B_shared_local_ptr[(j_1_2_2 + 4)])));
        int cse_v82 = (((i_1_2_2 * 4) + j_1_2_2) + 48);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 48)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 48)] + (((float)A_shared_local_ptr[(i_1_2_2 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_2 + 4)])));
      }
    }
    for (int ax0_3 = 0; ax0_3 < 4; ++ax0_3) {
      int cse_v47 = ((((int)threadIdx.y) * 64) + (ax0_3 * 16));
      A_shared_local_ptr[ax0_3] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_3 * 16)) + 3)];
      A_shared_local_ptr[(ax0_3 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_3 * 16)) + 1027)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 384));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 448));
    for (int i_1_2_3 = 0; i_1_2_3 < 4; ++i_1_2_3) {
      for (int j_1_2_3 = 0; j_1_2_3 < 4; ++j_1_2_3) {
        int cse_v48 = ((i_1_2_3 * 4) + j_1_2_3);
        C_local_ptr[((i_1_2_3 * 4) + j_1_2_3)] = (C_local_ptr[((i_1_2_3 * 4) + j_1_2_3)] + (((float)A_shared_local_ptr[i_1_2_3]) * ((float)B_shared_local_ptr[j_1_2_3])));
        int cse_v12 = (i_1_2_3 + 4);
        int cse_v83 = (((i_1_2_3 * 4) + j_1_2_3) + 32);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 32)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 32)] + (((float)A_shared_local_ptr[(i_1_2_3 + 4)]) * ((float)B_shared_local_ptr[j_1_2_3])));
        int cse_v13 = (j_1_2_3 + 4);
        int cse_v84 = (((i_1_2_3 * 4) + j_1_2_3) + 16);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 16)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 16)] + (((float)A_shared_local_ptr[i_1_2_3]) * ((float)B_shared_local_ptr[(j_1_2_3 + 4)])));
        int cse_v85 = (((i_1_2_3 * 4) + j_1_2_3) + 48);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 48)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 48)] + (((float)A_shared_local_ptr[(i_1_2_3 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_3 + 4)])));
      }
    }
    for (int ax0_4 = 0; ax0_4 < 4; ++ax0_4) {
      int cse_v49 = ((((int)threadIdx.y) * 64) + (ax0_4 * 16));
      A_shared_local_ptr[ax0_4] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_4 * 16)) + 4)];
      A_shared_local_ptr[(ax0_4 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_4 * 16)) + 1028)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 512));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 576));
    for (int i_1_2_4 = 0; i_1_2_4 < 4; ++i_1_2_4) {
      for (int j_1_2_4 = 0; j_1_2_4 < 4; ++j_1_2_4) {
        int cse_v50 = ((i_1_2_4 * 4) + j_1_2_4);
        C_local_ptr[((i_1_2_4 * 4) + j_1_2_4)] = (C_local_ptr[((i_1_2_4 * 4) + j_1_2_4)] + (((float)A_shared_local_ptr[i_1_2_4]) * ((float)B_shared_local_ptr[j_1_2_4])));
        int cse_v14 = (i_1_2_4 + 4);
        int cse_v86 = (((i_1_2_4 * 4) + j_1_2_4) + 32);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 32)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 32)] + (((float)A_shared_local_ptr[(i_1_2_4 + 4)]) * ((float)B_shared_local_ptr[j_1_2_4])));
        int cse_v15 = (j_1_2_4 + 4);
        int cse_v87 = (((i_1_2_4 * 4) + j_1_2_4) + 16);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 16)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 16)] + (((float)A_shared_local_ptr[i_1_2_4]) * ((float)B_shared_local_ptr[(j_1_2_4 + 4)])));
        int cse_v88 = (((i_1_2_4 * 4) + j_1_2_4) + 48);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 48)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 48)] + (((float)A_shared_local_ptr[(i_1_2_4 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_4 + 4)])));
      }
    }
    for (int ax0_5 = 0; ax0_5 < 4; ++ax0_5) {
      int cse_v51 = ((((int)threadIdx.y) * 64) + (ax0_5 * 16));
      A_shared_local_ptr[ax0_5] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_5 * 16)) + 5)];
      A_shared_local_ptr[(ax0_5 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_5 * 16)) + 1029)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 640));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 704));
    for (int i_1_2_5 = 0; i_1_2_5 < 4; ++i_1_2_5) {
      for (int j_1_2_5 = 0; j_1_2_5 < 4; ++j_1_2_5) {
        int cse_v52 = ((i_1_2_5 * 4) + j_1_2_5);
        C_local_ptr[((i_1_2_5 * 4) + j_1_2_5)] = (C_local_ptr[((i_1_2_5 * 4) + j_1_2_5)] + (((float)A_shared_local_ptr[i_1_2_5]) * ((float)B_shared_local_ptr[j_1_2_5])));
        int cse_v16 = (i_1_2_5 + 4);
        int cse_v89 = (((i_1_2_5 * 4) + j_1_2_5) + 32);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 32)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 32)] + (((float)A_shared_local_ptr[(i_1_2_5 + 4)]) * ((float)B_shared_local_ptr[j_1_2_5])));
        int cse_v17 = (j_1_2_5 + 4);
        int cse_v90 = (((i_1_2_5 * 4) + j_1_2_5) + 16);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 16)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 16)] + (((float)A_shared_local_ptr[i_1_2_5]) * ((float)B_shared_local_ptr[(j_1_2_5 + 4)])));
        int cse_v91 = (((i_1_2_5 * 4) + j_1_2_5) + 48);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 48)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 48)] + (((float)A_shared_local_ptr[(i_1_2_5 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_5 + 4)])));
      }
    }
    for (int ax0_6 = 0; ax0_6 < 4; ++ax0_6) {
      int cse_v53 = ((((int)threadIdx.y) * 64) + (ax0_6 * 16));
      A_shared_local_ptr[ax0_6] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_6 * 16)) + 6)];
      A_shared_local_ptr[(ax0_6 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_6 * 16)) + 1030)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 768));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 832));
    for (int i_1_2_6 = 0; i_1_2_6 < 4; ++i_1_2_6) {
      for (int j_1_2_6 = 0; j_1_2_6 < 4; ++j_1_2_6) {
        int cse_v54 = ((i_1_2_6 * 4) + j_1_2_6);
        C_local_ptr[((i_1_2_6 * 4) + j_1_2_6)] = (C_local_ptr[((i_1_2_6 * 4) + j_1_2_6)] + (((float)A_shared_local_ptr[i_1_2_6]) * ((float)B_shared_local_ptr[j_1_2_6])));
        int cse_v18 = (i_1_2_6 + 4);
        int cse_v92 = (((i_1_2_6 * 4) + j_1_2_6) + 32);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 32)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 32)] + (((float)A_shared_local_ptr[(i_1_2_6 + 4)]) * ((float)B_shared_local_ptr[j_1_2_6])));
        int cse_v19 = (j_1_2_6 + 4);
        int cse_v93 = (((i_1_2_6 * 4) + j_1_2_6) + 16);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 16)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 16)] + (((float)A_shared_local_ptr[i_1_2_6]) * ((float)B_shared_local_ptr[(j_1_2_6 + 4)])));
        int cse_v94 = (((i_1_2_6 * 4) + j_1_2_6) + 48);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 48)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 48)] + (((float)A_shared_local_ptr[(i_1_2_6 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_6 + 4)])));
      }
    }
    for (int ax0_7 = 0; ax0_7 < 4; ++ax0_7) {
      int cse_v55 = ((((int)threadIdx.y) * 64) + (ax0_7 * 16));
      A_shared_local_ptr[ax0_7] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_7 * 16)) + 7)];
      A_shared_local_ptr[(ax0_7 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_7 * 16)) + 1031)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 896));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 960));
    for (int i_1_2_7 = 0; i_1_2_7 < 4; ++i_1_2_7) {
      for (int j_1_2_7 = 0; j_1_2_7 < 4; ++j_1_2_7) {
        int cse_v56 = ((i_1_2_7 * 4) + j_1_2_7);
        C_local_ptr[((i_1_2_7 * 4) + j_1_2_7)] = (C_local_ptr[((i_1_2_7 * 4) + j_1_2_7)] + (((float)A_shared_local_ptr[i_1_2_7]) * ((float)B_shared_local_ptr[j_1_2_7])));
        int cse_v20 = (i_1_2_7 + 4);
        int cse_v95 = (((i_1_2_7 * 4) + j_1_2_7) + 32);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 32)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 32)] + (((float)A_shared_local_ptr[(i_1_2_7 + 4)]) * ((float)B_shared_local_ptr[j_1_2_7])));
        int cse_v21 = (j_1_2_7 + 4);
        int cse_v96 = (((i_1_2_7 * 4) + j_1_2_7) + 16);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 16)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 16)] + (((float)A_shared_local_ptr[i_1_2_7]) * ((float)B_shared_local_ptr[(j_1_2_7 + 4)])));
        int cse_v97 = (((i_1_2_7 * 4) + j_1_2_7) + 48);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 48)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 48)] + (((float)A_shared_local_ptr[(i_1_2_7 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_7 + 4)])));
      }
    }
    for (int ax0_8 = 0; ax0_8 < 4; ++ax0_8) {
      int cse_v57 = ((((int)threadIdx.y) * 64) + (ax0_8 * 16));
      A_shared_local_ptr[ax0_8] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_8 * 16)) + 8)];
      A_shared_local_ptr[(ax0_8 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_8 * 16)) + 1032)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1024));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1088));
    for (int i_1_2_8 = 0; i_1_2_8 < 4; ++i_1_2_8) {
      for (int j_1_2_8 = 0; j_1_2_8 < 4; ++j_1_2_8) {
        int cse_v58 = ((i_1_2_8 * 4) + j_1_2_8);
        C_local_ptr[((i_1_2_8 * 4) + j_1_2_8)] = (C_local_ptr[((i_1_2_8 * 4) + j_1_2_8)] + (((float)A_shared_local_ptr[i_1_2_8]) * ((float)B_shared_local_ptr[j_1_2_8])));
        int cse_v22 = (i_1_2_8 + 4);
        int cse_v98 = (((i_1_2_8 * 4) + j_1_2_8) + 32);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 32)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 32)] + (((float)A_shared_local_ptr[(i_1_2_8 + 4)]) * ((float)B_shared_local_ptr[j_1_2_8])));
        int cse_v23 = (j_1_2_8 + 4);
        int cse_v99 = (((i_1_2_8 * 4) + j_1_2_8) + 16);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 16)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 16)] + (((float)A_shared_local_ptr[i_1_2_8]) * ((float)B_shared_local_ptr[(j_1_2_8 + 4)])));
        int cse_v100 = (((i_1_2_8 * 4) + j_1_2_8) + 48);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 48)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 48)] + (((float)A_shared_local_ptr[(i_1_2_8 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_8 + 4)])));
      }
    }
    for (int ax0_9 = 0; ax0_9 < 4; ++ax0_9) {
      int cse_v59 = ((((int)threadIdx.y) * 64) + (ax0_9 * 16));
      A_shared_local_ptr[ax0_9] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_9 * 16)) + 9)];
      A_shared_local_ptr[(ax0_9 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_9 * 16)) + 1033)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1152));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1216));
    for (int i_1_2_9 = 0; i_1_2_9 < 4; ++i_1_2_9) {
      for (int j_1_2_9 = 0; j_1_2_9 < 4; ++j_1_2_9) {
        int cse_v60 = ((i_1_2_9 * 4) + j_1_2_9);
        C_local_ptr[((i_1_2_9 * 4) + j_1_2_9)] = (C_local_ptr[((i_1_2_9 * 4) + j_1_2_9)] + (((float)A_shared_local_ptr[i_1_2_9]) * ((float)B_shared_local_ptr[j_1_2_9])));
        int cse_v24 = (i_1_2_9 + 4);
        int cse_v101 = (((i_1_2_9 * 4) + j_1_2_9) + 32);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 32)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 32)] + (((float)A_shared_local_ptr[(i_1_2_9 + 4)]) * ((float)B_shared_local_ptr[j_1_2_9])));
        int cse_v25 = (j_1_2_9 + 4);
        int cse_v102 = (((i_1_2_9 * 4) + j_1_2_9) + 16);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 16)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 16)] + (((float)A_shared_local_ptr[i_1_2_9]) * ((float)B_shared_local_ptr[(j_1_2_9 + 4)])));
        int cse_v103 = (((i_1_2_9 * 4) + j_1_2_9) + 48);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 48)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 48)] + (((float)A_shared_local_ptr[(i_1_2_9 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_9 + 4)])));
      }
    }
    for (int ax0_10 = 0; ax0_10 < 4; ++ax0_10) {
      int cse_v61 = ((((int)threadIdx.y) * 64) + (ax0_10 * 16));
      A_shared_local_ptr[ax0_10] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_10 * 16)) + 10)];
      A_shared_local_ptr[(ax0_10 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_10 * 16)) + 1034)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1280));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1344));
    for (int i_1_2_10 = 0; i_1_2_10 < 4; ++i_1_2_10) {
      for (int j_1_2_10 = 0; j_1_2_10 < 4; ++j_1_2_10) {
        int cse_v62 = ((i_1_2_10 * 4) + j_1_2_10);
        C_local_ptr[((i_1_2_10 * 4) + j_1_2_10)] = (C_local_ptr[((i_1_2_10 * 4) + j_1_2_10)] + (((float)A_shared_local_ptr[i_1_2_10]) * ((float)B_shared_local_ptr[j_1_2_10])));
        int cse_v26 = (i_1_2_10 + 4);
        int cse_v104 = (((i_1_2_10 * 4) + j_1_2_10) + 32);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 32)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 32)] + (((float)A_shared_local_ptr[(i_1_2_10 + 4)]) * ((float)B_shared_local_ptr[j_1_2_10])));
        int cse_v27 = (j_1_2_10 + 4);
        int cse_v105 = (((i_1_2_10 * 4) + j_1_2_10) + 16);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 16)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 16)] + (((float)A_shared_local_ptr[i_1_2_10]) * ((float)B_shared_local_ptr[(j_1_2_10 + 4)])));
        int cse_v106 = (((i_1_2_10 * 4) + j_1_2_10) + 48);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 48)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 48)] + (((float)A_shared_local_ptr[(i_1_2_10 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_10 + 4)])));
      }
    }
    for (int ax0_11 = 0; ax0_11 < 4; ++ax0_11) {
      int cse_v63 = ((((int)threadIdx.y) * 64) + (ax0_11 * 16));
      A_shared_local_ptr[ax0_11] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_11 * 16)) + 11)];
      A_shared_local_ptr[(ax0_11 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_11 * 16)) + 1035)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1408));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1472));
    for (int i_1_2_11 = 0; i_1_2_11 < 4; ++i_1_2_11) {
      for (int j_1_2_11 = 0; j_1_2_11 < 4; ++j_1_2_11) {
        int cse_v64 = ((i_1_2_11 * 4) + j_1_2_11);
        C_local_ptr[((i_1_2_11 * 4) + j_1_2_11)] = (C_local_ptr[((i_1_2_11 * 4) + j_1_2_11)] + (((float)A_shared_local_ptr[i_1_2_11]) * ((float)B_shared_local_ptr[j_1_2_11])));
        int cse_v28 = (i_1_2_11 + 4);
        int cse_v107 = (((i_1_2_11 * 4) + j_1_2_11) + 32);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 32)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 32)] + (((float)A_shared_local_ptr[(i_1_2_11 + 4)]) * ((float)B_shared_local_ptr[j_1_2_11])));
        int cse_v29 = (j_1_2_11 + 4);
        int cse_v108 = (((i_1_2_11 * 4) + j_1_2_11) + 16);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 16)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 16)] + (((float)A_shared_local_ptr[i_1_2_11]) * ((float)B_shared_local_ptr[(j_1_2_11 + 4)])));
        int cse_v109 = (((i_1_2_11 * 4) + j_1_2_11) + 48);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 48)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 48)] + (((float)A_shared_local_ptr[(i_1_2_11 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_11 + 4)])));
      }
    }
    for (int ax0_12 = 0; ax0_12 < 4; ++ax0_12) {
      int cse_v65 = ((((int)threadIdx.y) * 64) + (ax0_12 * 16));
      A_shared_local_ptr[ax0_12] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_12 * 16)) + 12)];
      A_shared_local_ptr[(ax0_12 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_12 * 16)) + 1036)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1536));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1600));
    for (int i_1_2_12 = 0; i_1_2_12 < 4; ++i_1_2_12) {
      for (int j_1_2_12 = 0; j_1_2_12 < 4; ++j_1_2_12) {
        int cse_v66 = ((i_1_2_12 * 4) + j_1_2_12);
        C_local_ptr[((i_1_2_12 * 4) + j_1_2_12)] = (C_local_ptr[((i_1_2_12 * 4) + j_1_2_12)] + (((float)A_shared_local_ptr[i_1_2_12]) * ((float)B_shared_local_ptr[j_1_2_12])));
        int cse_v30 = (i_1_2_12 + 4);
        int cse_v110 = (((i_1_2_12 * 4) + j_1_2_12) + 32);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 32)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 32)] + (((float)A_shared_local_ptr[(i_1_2_12 + 4)]) * ((float)B_shared_local_ptr[j_1_2_12])));
        int cse_v31 = (j_1_2_12 + 4);
        int cse_v111 = (((i_1_2_12 * 4) + j_1_2_12) + 16);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 16)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 16)] + (((float)A_shared_local_ptr[i_1_2_12]) * ((float)B_shared_local_ptr[(j_1_2_12 + 4)])));
        int cse_v112 = (((i_1_2_12 * 4) + j_1_2_12) + 48);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 48)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 48)] + (((float)A_shared_local_ptr[(i_1_2_12 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_12 + 4)])));
      }
    }
    for (int ax0_13 = 0; ax0_13 < 4; ++ax0_13) {
      int cse_v67 = ((((int)threadIdx.y) * 64) + (ax0_13 * 16));
      A_shared_local_ptr[ax0_13] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_13 * 16)) + 13)];
      A_shared_local_ptr[(ax0_13 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_13 * 16)) + 1037)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1664));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1728));
    for (int i_1_2_13 = 0; i_1_2_13 < 4; ++i_1_2_13) {
      for (int j_1_2_13 = 0; j_1_2_13 < 4; ++j_1_2_13) {
        int cse_v68 = ((i_1_2_13 * 4) + j_1_2_13);
        C_local_ptr[((i_1_2_13 * 4) + j_1_2_13)] = (C_local_ptr[((i_1_2_13 * 4) + j_1_2_13)] + (((float)A_shared_local_ptr[i_1_2_13]) * ((float)B_shared_local_ptr[j_1_2_13])));
        int cse_v32 = (i_1_2_13 + 4);
        int cse_v113 = (((i_1_2_13 * 4) + j_1_2_13) + 32);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 32)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 32)] + (((float)A_shared_local_ptr[(i_1_2_13 + 4)]) * ((float)B_shared_local_ptr[j_1_2_13])));
        int cse_v33 = (j_1_2_13 + 4);
        int cse_v114 = (((i_1_2_13 * 4) + j_1_2_13) + 16);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 16)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 16)] + (((float)A_shared_local_ptr[i_1_2_13]) * ((float)B_shared_local_ptr[(j_1_2_13 + 4)])));
        int cse_v115 = (((i_1_2_13 * 4) + j_1_2_13) + 48);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 48)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 48)] + (((float)A_shared_local_ptr[(i_1_2_13 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_13 + 4)])));
      }
    }
    for (int ax0_14 = 0; ax0_14 < 4; ++ax0_14) {
      int cse_v69 = ((((int)threadIdx.y) * 64) + (ax0_14 * 16));
      A_shared_local_ptr[ax0_14] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_14 * 16)) + 14)];
      A_shared_local_ptr[(ax0_14 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_14 * 16)) + 1038)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1792));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1856));
    for (int i_1_2_14 = 0; i_1_2_14 < 4; ++i_1_2_14) {
      for (int j_1_2_14 = 0; j_1_2_14 < 4; ++j_1_2_14) {
        int cse_v70 = ((i_1_2_14 * 4) + j_1_2_14);
        C_local_ptr[((i_1_2_14 * 4) + j_1_2_14)] = (C_local_ptr[((i_1_2_14 * 4) + j_1_2_14)] + (((float)A_shared_local_ptr[i_1_2_14]) * ((float)B_shared_local_ptr[j_1_2_14])));
        int cse_v34 = (i_1_2_14 + 4);
        int cse_v116 = (((i_1_2_14 * 4) + j_1_2_14) + 32);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 32)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 32)] + (((float)A_shared_local_ptr[(i_1_2_14 + 4)]) * ((float)B_shared_local_ptr[j_1_2_14])));
        int cse_v35 = (j_1_2_14 + 4);
        int cse_v117 = (((i_1_2_14 * 4) + j_1_2_14) + 16);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 16)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 16)] + (((float)A_shared_local_ptr[i_1_2_14]) * ((float)B_shared_local_ptr[(j_1_2_14 + 4)])));
        int cse_v118 = (((i_1_2_14 * 4) + j_1_2_14) + 48);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 48)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 48)] + (((float)A_shared_local_ptr[(i_1_2_14 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_14 + 4)])));
      }
    }
    for (int ax0_15 = 0; ax0_15 < 4; ++ax0_15) {
      int cse_v71 = ((((int)threadIdx.y) * 64) + (ax0_15 * 16));
      A_shared_local_ptr[ax0_15] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_15 * 16)) + 15)];
      A_shared_local_ptr[(ax0_15 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_15 * 16)) + 1039)];
    }
    *(half4*)(B_shared_local_ptr + 0) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1920));
    *(half4*)(B_shared_local_ptr + 4) = *(half4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 1984));
    for (int i_1_2_15 = 0; i_1_2_15 < 4; ++i_1_2_15) {
      for (int j_1_2_15 = 0; j_1_2_15 < 4; ++j_1_2_15) {
        int cse_v72 = ((i_1_2_15 * 4) + j_1_2_15);
        C_local_ptr[((i_1_2_15 * 4) + j_1_2_15)] = (C_local_ptr[((i_1_2_15 * 4) + j_1_2_15)] + (((float)A_shared_local_ptr[i_1_2_15]) * ((float)B_shared_local_ptr[j_1_2_15])));
        int cse_v36 = (i_1_2_15 + 4);
        int cse_v119 = (((i_1_2_15 * 4) + j_1_2_15) + 32);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 32)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 32)] + (((float)A_shared_local_ptr[(i_1_2_15 + 4)]) * ((float)B_shared_local_ptr[j_1_2_15])));
        int cse_v37 = (j_1_2_15 + 4);
        int cse_v120 = (((i_1_2_15 * 4) + j_1_2_15) + 16);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 16)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 16)] + (((float)A_shared_local_ptr[i_1_2_15]) * ((float)B_shared_local_ptr[(j_1_2_15 + 4)])));
        int cse_v121 = (((i_1_2_15 * 4) + j_1_2_15) + 48);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 48)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 48)] + (((float)A_shared_local_ptr[(i_1_2_15 + 4)]) * ((float)B_shared_local_ptr[(j_1_2_15 + 4)])));
      }
    }
  }
  for (int ax0_16 = 0; ax0_16 < 4; ++ax0_16) {
    for (int ax1 = 0; ax1 < 4; ++ax1) {
      int cse_v73 = ((ax0_16 * 4) + ax1);
      int cse_v122 = (((((((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072)) + (((int)threadIdx.y) * 4096)) + (ax0_16 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1);
      C_ptr[(((((((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072)) + (((int)threadIdx.y) * 4096)) + (ax0_16 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1)] = C_local_ptr[((ax0_16 * 4) + ax1)];
      C_ptr[((((((((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072)) + (((int)threadIdx.y) * 4096)) + (ax0_16 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1) + 65536)] = C_local_ptr[(((ax0_16 * 4) + ax1) + 32)];
      C_ptr[((((((((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072)) + (((int)threadIdx.y) * 4096)) + (ax0_16 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1) + 64)] = C_local_ptr[(((ax0_16 * 4) + ax1) + 16)];
      C_ptr[((((((((((int)blockIdx.z) * 1048576) + (((int)blockIdx.y) * 131072)) + (((int)threadIdx.y) * 4096)) + (ax0_16 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1) + 65600)] = C_local_ptr[(((ax0_16 * 4) + ax1) + 48)];
    }
  }
}

