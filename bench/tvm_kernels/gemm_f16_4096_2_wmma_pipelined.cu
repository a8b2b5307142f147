
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
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0() {
  asm volatile("cp.async.wait_group 0;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1() {
  asm volatile("cp.async.wait_group 1;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2() {
  asm volatile("cp.async.wait_group 2;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_commit_group_async_commit_group() {
  asm volatile("cp.async.commit_group;" :  : );
}
extern "C" __global__ void __launch_bounds__(128) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> C_wmma_accumulator_ptr[16];
  __shared__ alignas(64) half A_shared_ptr[27648];
  __shared__ alignas(64) half B_shared_ptr[26112];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> A_shared_wmma_matrix_a_ptr[4];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::row_major> B_shared_wmma_matrix_b_ptr[4];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> A_shared_wmma_matrix_a_ptr_1[4];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::row_major> B_shared_wmma_matrix_b_ptr_1[4];
  for (int i_2_init = 0; i_2_init < 4; ++i_2_init) {
    for (int j_2_init = 0; j_2_init < 4; ++j_2_init) {
      nvcuda::wmma::fill_fragment(C_wmma_accumulator_ptr[((i_2_init * 4) + j_2_init)], 0x0p+0f/*0.000000e+00*/);
    }
  }
  int cse_v1 = (((int)blockIdx.y) * 524288);
  int cse_v2 = (((int)threadIdx.y) * 16384);
  int cse_v3 = (((int)threadIdx.x) >> 3);
  int cse_v4 = (((int)threadIdx.y) * 288);
  int cse_v5 = (((int)threadIdx.y) * 8192);
  int cse_v6 = (((int)threadIdx.x) >> 4);
  int cse_v7 = (((int)blockIdx.x) * 128);
  int cse_v8 = (((int)threadIdx.y) * 272);
  int cse_v11 = ((((int)threadIdx.x) >> 3) * 4096);
  int cse_v12 = ((((int)threadIdx.x) & 7) * 8);
  int cse_v13 = ((((int)threadIdx.x) >> 3) * 72);
  int cse_v14 = ((((int)threadIdx.x) >> 4) * 4096);
  int cse_v15 = ((((int)threadIdx.x) & 15) * 8);
  int cse_v16 = ((((int)threadIdx.x) >> 4) * 136);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 8; ++ax0_ax1_fused_0) {
    *(uint4*)(A_shared_ptr + ((((ax0_ax1_fused_0 * 1152) + (((int)threadIdx.y) * 288)) + ((((int)threadIdx.x) >> 3) * 72)) + ((((int)threadIdx.x) & 7) * 8))) = *(uint4*)(A_ptr + (((((((int)blockIdx.y) * 524288) + (ax0_ax1_fused_0 * 65536)) + (((int)threadIdx.y) * 16384)) + ((((int)threadIdx.x) >> 3) * 4096)) + ((((int)threadIdx.x) & 7) * 8)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 8; ++ax0_ax1_fused_0_1) {
    *(uint4*)(B_shared_ptr + ((((ax0_ax1_fused_0_1 * 1088) + (((int)threadIdx.y) * 272)) + ((((int)threadIdx.x) >> 4) * 136)) + ((((int)threadIdx.x) & 15) * 8))) = *(uint4*)(B_ptr + (((((ax0_ax1_fused_0_1 * 32768) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 4) * 4096)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.x) & 15) * 8)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 8; ++ax0_ax1_fused_0_2) {
    *(uint4*)(A_shared_ptr + (((((ax0_ax1_fused_0_2 * 1152) + (((int)threadIdx.y) * 288)) + ((((int)threadIdx.x) >> 3) * 72)) + ((((int)threadIdx.x) & 7) * 8)) + 9216)) = *(uint4*)(A_ptr + ((((((((int)blockIdx.y) * 524288) + (ax0_ax1_fused_0_2 * 65536)) + (((int)threadIdx.y) * 16384)) + ((((int)threadIdx.x) >> 3) * 4096)) + ((((int)threadIdx.x) & 7) * 8)) + 64));
  }
  for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 8; ++ax0_ax1_fused_0_3) {
    *(uint4*)(B_shared_ptr + (((((ax0_ax1_fused_0_3 * 1088) + (((int)threadIdx.y) * 272)) + ((((int)threadIdx.x) >> 4) * 136)) + ((((int)threadIdx.x) & 15) * 8)) + 8704)) = *(uint4*)(B_ptr + ((((((ax0_ax1_fused_0_3 * 32768) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 4) * 4096)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.x) & 15) * 8)) + 262144));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v10 = (((int)threadIdx.y) >> 1);
  int cse_v18 = ((((int)threadIdx.y) >> 1) * 4608);
  int cse_v19 = ((((int)threadIdx.y) & 1) * 64);
  for (int k_0 = 0; k_0 < 62; ++k_0) {
    int cse_v17 = ((k_0 + 2) % 3);
    __syncthreads();
    for (int ax0_ax1_fused_0_4 = 0; ax0_ax1_fused_0_4 < 8; ++ax0_ax1_fused_0_4) {
      *(uint4*)(A_shared_ptr + (((((((k_0 + 2) % 3) * 9216) + (ax0_ax1_fused_0_4 * 1152)) + (((int)threadIdx.y) * 288)) + ((((int)threadIdx.x) >> 3) * 72)) + ((((int)threadIdx.x) & 7) * 8))) = *(uint4*)(A_ptr + (((((((((int)blockIdx.y) * 524288) + (ax0_ax1_fused_0_4 * 65536)) + (((int)threadIdx.y) * 16384)) + ((((int)threadIdx.x) >> 3) * 4096)) + (k_0 * 64)) + ((((int)threadIdx.x) & 7) * 8)) + 128));
    }
    for (int ax0_ax1_fused_0_5 = 0; ax0_ax1_fused_0_5 < 8; ++ax0_ax1_fused_0_5) {
      *(uint4*)(B_shared_ptr + (((((((k_0 + 2) % 3) * 8704) + (ax0_ax1_fused_0_5 * 1088)) + (((int)threadIdx.y) * 272)) + ((((int)threadIdx.x) >> 4) * 136)) + ((((int)threadIdx.x) & 15) * 8))) = *(uint4*)(B_ptr + (((((((k_0 * 262144) + (ax0_ax1_fused_0_5 * 32768)) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 4) * 4096)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.x) & 15) * 8)) + 524288));
    }
    tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
    tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
    __syncthreads();
    int cse_v9 = (k_0 % 3);
    int cse_v32 = (((k_0 % 3) * 9216) + ((((int)threadIdx.y) >> 1) * 4608));
    for (int ax0_0 = 0; ax0_0 < 4; ++ax0_0) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0], (&(A_shared_ptr[((((k_0 % 3) * 9216) + ((((int)threadIdx.y) >> 1) * 4608)) + (ax0_0 * 1152))])), 72);
    }
    int cse_v33 = (((k_0 % 3) * 8704) + ((((int)threadIdx.y) & 1) * 64));
    for (int ax1_0 = 0; ax1_0 < 4; ++ax1_0) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax1_0], (&(B_shared_ptr[((((k_0 % 3) * 8704) + ((((int)threadIdx.y) & 1) * 64)) + (ax1_0 * 16))])), 136);
    }
    for (int i_2 = 0; i_2 < 4; ++i_2) {
      for (int j_2 = 0; j_2 < 4; ++j_2) {
        int cse_v20 = ((i_2 * 4) + j_2);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2 * 4) + j_2)], A_shared_wmma_matrix_a_ptr[i_2], B_shared_wmma_matrix_b_ptr[j_2], C_wmma_accumulator_ptr[((i_2 * 4) + j_2)]);
      }
    }
    for (int ax0_0_1 = 0; ax0_0_1 < 4; ++ax0_0_1) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0_1], (&(A_shared_ptr[(((((k_0 % 3) * 9216) + ((((int)threadIdx.y) >> 1) * 4608)) + (ax0_0_1 * 1152)) + 16)])), 72);
    }
    for (int ax1_0_1 = 0; ax1_0_1 < 4; ++ax1_0_1) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax1_0_1], (&(B_shared_ptr[(((((k_0 % 3) * 8704) + ((((int)threadIdx.y) & 1) * 64)) + (ax1_0_1 * 16)) + 2176)])), 136);
    }
    for (int i_2_1 = 0; i_2_1 < 4; ++i_2_1) {
      for (int j_2_1 = 0; j_2_1 < 4; ++j_2_1) {
        int cse_v21 = ((i_2_1 * 4) + j_2_1);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_1 * 4) + j_2_1)], A_shared_wmma_matrix_a_ptr[i_2_1], B_shared_wmma_matrix_b_ptr[j_2_1], C_wmma_accumulator_ptr[((i_2_1 * 4) + j_2_1)]);
      }
    }
    for (int ax0_0_2 = 0; ax0_0_2 < 4; ++ax0_0_2) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0_2], (&(A_shared_ptr[(((((k_0 % 3) * 9216) + ((((int)threadIdx.y) >> 1) * 4608)) + (ax0_0_2 * 1152)) + 32)])), 72);
    }
    for (int ax1_0_2 = 0; ax1_0_2 < 4; ++ax1_0_2) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax1_0_2], (&(B_shared_ptr[(((((k_0 % 3) * 8704) + ((((int)threadIdx.y) & 1) * 64)) + (ax1_0_2 * 16)) + 4352)])), 136);
    }
    for (int i_2_2 = 0; i_2_2 < 4; ++i_2_2) {
      for (int j_2_2 = 0; j_2_2 < 4; ++j_2_2) {
        int cse_v22 = ((i_2_2 * 4) + j_2_2);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_2 * 4) + j_2_2)], A_shared_wmma_matrix_a_ptr[i_2_2], B_shared_wmma_matrix_b_ptr[j_2_2], C_wmma_accumulator_ptr[((i_2_2 * 4) + j_2_2)]);
      }
    }
    for (int ax0_0_3 = 0; ax0_0_3 < 4; ++ax0_0_3) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0_3], (&(A_shared_ptr[(((((k_0 % 3) * 9216) + ((((int)threadIdx.y) >> 1) * 4608)) + (ax0_0_3 * 1152)) + 48)])), 72);
    }
    for (int ax1_0_3 = 0; ax1_0_3 < 4; ++ax1_0_3) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax1_0_3], (&(B_shared_ptr[(((((k_0 % 3) * 8704) + ((((int)threadIdx.y) & 1) * 64)) + (ax1_0_3 * 16)) + 6528)])), 136);
    }
    for (int i_2_3 = 0; i_2_3 < 4; ++i_2_3) {
      for (int j_2_3 = 0; j_2_3 < 4; ++j_2_3) {
        int cse_v23 = ((i_2_3 * 4) + j_2_3);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_3 * 4) + j_2_3)], A_shared_wmma_matrix_a_ptr[i_2_3], B_shared_wmma_matrix_b_ptr[j_2_3], C_wmma_accumulator_ptr[((i_2_3 * 4) + j_2_3)]);
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int ax0_0_4 = 0; ax0_0_4 < 4; ++ax0_0_4) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_4], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_4 * 1152)) + 18432)])), 72);
  }
  for (int ax1_0_4 = 0; ax1_0_4 < 4; ++ax1_0_4) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_4], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_4 * 16)) + 17408)])), 136);
  }
  for (int i_2_4 = 0; i_2_4 < 4; ++i_2_4) {
    for (int j_2_4 = 0; j_2_4 < 4; ++j_2_4) {
      int cse_v24 = ((i_2_4 * 4) + j_2_4);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_4 * 4) + j_2_4)], A_shared_wmma_matrix_a_ptr_1[i_2_4], B_shared_wmma_matrix_b_ptr_1[j_2_4], C_wmma_accumulator_ptr[((i_2_4 * 4) + j_2_4)]);
    }
  }
  for (int ax0_0_5 = 0; ax0_0_5 < 4; ++ax0_0_5) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_5], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_5 * 1152)) + 18448)])), 72);
  }
  for (int ax1_0_5 = 0; ax1_0_5 < 4; ++ax1_0_5) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_5], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_5 * 16)) + 19584)])), 136);
  }
  for (int i_2_5 = 0; i_2_5 < 4; ++i_2_5) {
    for (int j_2_5 = 0; j_2_5 < 4; ++j_2_5) {
      int cse_v25 = ((i_2_5 * 4) + j_2_5);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_5 * 4) + j_2_5)], A_shared_wmma_matrix_a_ptr_1[i_2_5], B_shared_wmma_matrix_b_ptr_1[j_2_5], C_wmma_accumulator_ptr[((i_2_5 * 4) + j_2_5)]);
    }
  }
  for (int ax0_0_6 = 0; ax0_0_6 < 4; ++ax0_0_6) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_6], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_6 * 1152)) + 18464)])), 72);
  }
  for (int ax1_0_6 = 0; ax1_0_6 < 4; ++ax1_0_6) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_6], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_6 * 16)) + 21760)])), 136);
  }
  for (int i_2_6 = 0; i_2_6 < 4; ++i_2_6) {
    for (int j_2_6 = 0; j_2_6 < 4; ++j_2_6) {
      int cse_v26 = ((i_2_6 * 4) + j_2_6);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_6 * 4) + j_2_6)], A_shared_wmma_matrix_a_ptr_1[i_2_6], B_shared_wmma_matrix_b_ptr_1[j_2_6], C_wmma_accumulator_ptr[((i_2_6 * 4) + j_2_6)]);
    }
  }
  for (int ax0_0_7 = 0; ax0_0_7 < 4; ++ax0_0_7) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_7], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_7 * 1152)) + 18480)])), 72);
  }
  for (int ax1_0_7 = 0; ax1_0_7 < 4; ++ax1_0_7) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_7], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_7 * 16)) + 23936)])), 136);
  }
  for (int i_2_7 = 0; i_2_7 < 4; ++i_2_7) {
    for (int j_2_7 = 0; j_2_7 < 4; ++j_2_7) {
      int cse_v27 = ((i_2_7 * 4) + j_2_7);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_7 * 4) + j_2_7)], A_shared_wmma_matrix_a_ptr_1[i_2_7], B_shared_wmma_matrix_b_ptr_1[j_2_7], C_wmma_accumulator_ptr[((i_2_7 * 4) + j_2_7)]);
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int ax0_0_8 = 0; ax0_0_8 < 4; ++ax0_0_8) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_8], (&(A_shared_ptr[(((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_8 * 1152))])), 72);
  }
  for (int ax1_0_8 = 0; ax1_0_8 < 4; ++ax1_0_8) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_8], (&(B_shared_ptr[(((((int)threadIdx.y) & 1) * 64) + (ax1_0_8 * 16))])), 136);
  }
  for (int i_2_8 = 0; i_2_8 < 4; ++i_2_8) {
    for (int j_2_8 = 0; j_2_8 < 4; ++j_2_8) {
      int cse_v28 = ((i_2_8 * 4) + j_2_8);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_8 * 4) + j_2_8)], A_shared_wmma_matrix_a_ptr_1[i_2_8], B_shared_wmma_matrix_b_ptr_1[j_2_8], C_wmma_accumulator_ptr[((i_2_8 * 4) + j_2_8)]);
    }
  }
  for (int ax0_0_9 = 0; ax0_0_9 < 4; ++ax0_0_9) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_9], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_9 * 1152)) + 16)])), 72);
  }
  for (int ax1_0_9 = 0; ax1_0_9 < 4; ++ax1_0_9) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_9], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_9 * 16)) + 2176)])), 136);
  }
  for (int i_2_9 = 0; i_2_9 < 4; ++i_2_9) {
    for (int j_2_9 = 0; j_2_9 < 4; ++j_2_9) {
      int cse_v29 = ((i_2_9 * 4) + j_2_9);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_9 * 4) + j_2_9)], A_shared_wmma_matrix_a_ptr_1[i_2_9], B_shared_wmma_matrix_b_ptr_1[j_2_9], C_wmma_accumulator_ptr[((i_2_9 * 4) + j_2_9)]);
    }
  }
  for (int ax0_0_10 = 0; ax0_0_10 < 4; ++ax0_0_10) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_10], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_10 * 1152)) + 32)])), 72);
  }
  for (int ax1_0_10 = 0; ax1_0_10 < 4; ++ax1_0_10) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_10], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_10 * 16)) + 4352)])), 136);
  }
  for (int i_2_10 = 0; i_2_10 < 4; ++i_2_10) {
    for (int j_2_10 = 0; j_2_10 < 4; ++j_2_10) {
      int cse_v30 = ((i_2_10 * 4) + j_2_10);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_10 * 4) + j_2_10)], A_shared_wmma_matrix_a_ptr_1[i_2_10], B_shared_wmma_matrix_b_ptr_1[j_2_10], C_wmma_accumulator_ptr[((i_2_10 * 4) + j_2_10)]);
    }
  }
  for (int ax0_0_11 = 0; ax0_0_11 < 4; ++ax0_0_11) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_11], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 4608) + (ax0_0_11 * 1152)) + 48)])), 72);
  }
  for (int ax1_0_11 = 0; ax1_0_11 < 4; ++ax1_0_11) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax1_0_11], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 64) + (ax1_0_11 * 16)) + 6528)])), 136);
  }
  for (int i_2_11 = 0; i_2_11 < 4; ++i_2_11) {
    for (int j_2_11 = 0; j_2_11 < 4; ++j_2_11) {
      int cse_v31 = ((i_2_11 * 4) + j_2_11);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_11 * 4) + j_2_11)], A_shared_wmma_matrix_a_ptr_1[i_2_11], B_shared_wmma_matrix_b_ptr_1[j_2_11], C_wmma_accumulator_ptr[((i_2_11 * 4) + j_2_11)]);
    }
  }
  for (int ax0_0_12 = 0; ax0_0_12 < 4; ++ax0_0_12) {
    for (int ax1_0_12 = 0; ax1_0_12 < 4; ++ax1_0_12) {
      nvcuda::wmma::store_matrix_sync((&(C_ptr[((((((((int)blockIdx.y) * 524288) + ((((int)threadIdx.y) >> 1) * 262144)) + (ax0_0_12 * 65536)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.y) & 1) * 64)) + (ax1_0_12 * 16))])), C_wmma_accumulator_ptr[((ax0_0_12 * 4) + ax1_0_12)], 4096, nvcuda::wmma::mem_row_major);
    }
  }
}

