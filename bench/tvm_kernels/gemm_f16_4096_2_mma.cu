
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

#include <mma.h>

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
extern "C" __global__ void __launch_bounds__(128) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  alignas(64) float C_warp_ptr[128];
  __shared__ alignas(64) half A_shared_ptr[5120];
  __shared__ alignas(64) half B_shared_ptr[4352];
  alignas(64) half A_shared_warp_ptr[1024];
  alignas(64) half B_shared_warp_ptr[1024];
  for (int i_0_3_init = 0; i_0_3_init < 4; ++i_0_3_init) {
    for (int j_0_3_init = 0; j_0_3_init < 4; ++j_0_3_init) {
      for (int i = 0; i < 8; ++i) {
C_warp_ptr[((i_0_3_init * 32) + (j_0_3_init * 8)) + i] = 0.0;}
;
    }
  }
  int cse_v5 = (((int)threadIdx.y) & 1);
  int cse_v8 = ((((int)blockIdx.x) & 7) * 512);
  int cse_v9 = ((((int)blockIdx.y) & 3) * 128);
  int cse_v12 = ((((int)threadIdx.y) >> 1) * 64);
  int cse_v15 = (((((int)blockIdx.x) >> 3) * 2097152) + ((((int)blockIdx.y) >> 2) * 524288));
  for (int k_0_0 = 0; k_0_0 < 128; ++k_0_0) {
    __syncthreads();
    for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 4; ++ax0_ax1_fused_0) {
      int cse_v1 = (((int)threadIdx.x) >> 2);
      int cse_v7 = ((((int)threadIdx.x) & 3) * 8);
      *(uint4*)(A_shared_ptr + ((((ax0_ax1_fused_0 * 1280) + (((int)threadIdx.y) * 320)) + ((((int)threadIdx.x) >> 2) * 40)) + ((((int)threadIdx.x) & 3) * 8))) = *(uint4*)(A_ptr + ((((((((((int)blockIdx.x) >> 3) * 2097152) + ((((int)blockIdx.y) >> 2) * 524288)) + (ax0_ax1_fused_0 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + (k_0_0 * 32)) + ((((int)threadIdx.x) & 3) * 8)));
    }
    int cse_v2 = (((int)threadIdx.x) >> 4);
    int cse_v3 = (((int)threadIdx.x) & 15);
    for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 4; ++ax0_ax1_fused_0_1) {
      int cse_v10 = ((((int)threadIdx.x) & 15) * 8);
      *(uint4*)(B_shared_ptr + ((((ax0_ax1_fused_0_1 * 1088) + (((int)threadIdx.y) * 272)) + ((((int)threadIdx.x) >> 4) * 136)) + ((((int)threadIdx.x) & 15) * 8))) = *(uint4*)(B_ptr + (((((((k_0_0 * 131072) + (ax0_ax1_fused_0_1 * 32768)) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 4) * 4096)) + ((((int)blockIdx.x) & 7) * 512)) + ((((int)blockIdx.y) & 3) * 128)) + ((((int)threadIdx.x) & 15) * 8)));
    }
    __syncthreads();
    for (int k_0_1 = 0; k_0_1 < 2; ++k_0_1) {
      int cse_v4 = (((int)threadIdx.x) * 8);
      int cse_v11 = ((((int)threadIdx.x) >> 4) * 8);
      for (int ax0_0 = 0; ax0_0 < 4; ++ax0_0) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[((((((int)threadIdx.y) & 1) * 2560) + (ax0_0 * 640)) + (k_0_1 * 16))])) + (((((int)threadIdx.x) & 15) * 40) + ((((int)threadIdx.x) >> 4) * 8)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
      }
      for (int ax1_0 = 0; ax1_0 < 4; ++ax1_0) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[(((k_0_1 * 2176) + ((((int)threadIdx.y) >> 1) * 64)) + (ax1_0 * 16))])) + (((((int)threadIdx.x) & 15) * 136) + ((((int)threadIdx.x) >> 4) * 8)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
      }
      for (int i_0_3 = 0; i_0_3 < 4; ++i_0_3) {
        for (int j_0_3 = 0; j_0_3 < 4; ++j_0_3) {
          int cse_v6 = (j_0_3 * 256);
          int cse_v13 = ((i_0_3 * 256) + (((int)threadIdx.x) * 8));
          int cse_v14 = ((j_0_3 * 256) + (((int)threadIdx.x) * 8));
          int cse_v16 = (((i_0_3 * 1024) + (j_0_3 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[0]), "=f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[1]), "=f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[2]), "=f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3 * 256) + (((int)threadIdx.x) * 8))))[1]), "f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[0]), "f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[1]), "f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[2]), "f"(((float *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[0]), "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[1]), "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[2]), "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 256) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3 * 256) + (((int)threadIdx.x) * 8)) + 4)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3 * 256) + (((int)threadIdx.x) * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[0]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[2]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[3]));
  }
        }
      }
    }
  }
  for (int ax0_0_1 = 0; ax0_0_1 < 4; ++ax0_0_1) {
    for (int ax1_0_1 = 0; ax1_0_1 < 4; ++ax1_0_1) {
      for (int local_id = 0; local_id < 8; ++local_id) {
(&(C_ptr[(((((((((((int)blockIdx.x) >> 3) * 2097152) + ((((int)blockIdx.y) >> 2) * 524288)) + ((((int)threadIdx.y) & 1) * 262144)) + (ax0_0_1 * 65536)) + ((((int)blockIdx.x) & 7) * 512)) + ((((int)blockIdx.y) & 3) * 128)) + ((((int)threadIdx.y) >> 1) * 64)) + (ax1_0_1 * 16))]))[((((((local_id % 4) / 2) * 8) + (threadIdx.x / 4)) * 4096) + ((((local_id / 4) * 8) + ((threadIdx.x % 4) * 2)) + (local_id % 2)))] = C_warp_ptr[((ax0_0_1 * 32) + (ax1_0_1 * 8)) + local_id];
}
;
    }
  }
}

