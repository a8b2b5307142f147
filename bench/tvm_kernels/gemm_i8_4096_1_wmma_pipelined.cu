
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

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 610)
#include <sm_61_intrinsics.h>

#if defined(__CUDACC_RTC__)
#define __SM_61_INTRINSICS_DECL__ __device__
#else /* !__CUDACC_RTC__ */
#define __SM_61_INTRINSICS_DECL__ static __device__ __inline__
#endif /* __CUDACC_RTC__ */

#ifndef __CUDA_ARCH__
#define __DEF_IF_HOST { }
#else  /* !__CUDA_ARCH__ */
#define __DEF_IF_HOST ;
#endif /* __CUDA_ARCH__ */

__SM_61_INTRINSICS_DECL__ int __dp4a(unsigned int srcA, int srcB, int c) __DEF_IF_HOST
__SM_61_INTRINSICS_DECL__ int __dp4a(int srcA, unsigned int srcB, int c) __DEF_IF_HOST

#undef __DEF_IF_HOST

#if !defined(__CUDACC_RTC__) && defined(__CUDA_ARCH__)
__SM_61_INTRINSICS_DECL__ int __dp4a(unsigned int srcA, int srcB, int c) {
    int ret;
    asm volatile ("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(ret) : "r"(srcA), "r"(srcB), "r"(c));
    return ret;
}

__SM_61_INTRINSICS_DECL__ int __dp4a(int srcA, unsigned int srcB, int c) {
    int ret;
    asm volatile ("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(ret) : "r"(srcA), "r"(srcB), "r"(c));
    return ret;
}
#endif /* !__CUDACC_RTC__ && defined(__CUDA_ARCH__) */

#undef __SM_61_INTRINSICS_DECL__

#endif // __CUDA_ARCH__ >= 610

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
extern "C" __global__ void __launch_bounds__(128) main_kernel(signed char* __restrict__ A_ptr, signed char* __restrict__ B_ptr, int* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(signed char* __restrict__ A_ptr, signed char* __restrict__ B_ptr, int* __restrict__ C_ptr) {
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, int> C_wmma_accumulator_ptr[16];
  __shared__ alignas(64) signed char A_shared_ptr[30720];
  __shared__ alignas(64) signed char B_shared_ptr[30720];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, signed char, nvcuda::wmma::row_major> A_shared_wmma_matrix_a_ptr[4];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, signed char, nvcuda::wmma::col_major> B_shared_wmma_matrix_b_ptr[4];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, signed char, nvcuda::wmma::row_major> A_shared_wmma_matrix_a_ptr_1[4];
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, signed char, nvcuda::wmma::col_major> B_shared_wmma_matrix_b_ptr_1[4];
  for (int i_2_init = 0; i_2_init < 4; ++i_2_init) {
    for (int j_2_init = 0; j_2_init < 4; ++j_2_init) {
      nvcuda::wmma::fill_fragment(C_wmma_accumulator_ptr[((i_2_init * 4) + j_2_init)], 0x0p+0f/*0.000000e+00*/);
    }
  }
  int cse_v1 = (((int)blockIdx.y) * 524288);
  int cse_v2 = (((int)threadIdx.y) * 32768);
  int cse_v3 = (((int)threadIdx.x) >> 2);
  int cse_v4 = (((int)threadIdx.y) * 640);
  int cse_v5 = (((int)blockIdx.x) * 524288);
  int cse_v9 = ((((int)threadIdx.x) >> 2) * 4096);
  int cse_v10 = ((((int)threadIdx.x) & 3) * 16);
  int cse_v11 = ((((int)threadIdx.x) >> 2) * 80);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 4; ++ax0_ax1_fused_0) {
    *(int4*)(A_shared_ptr + ((((ax0_ax1_fused_0 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(A_ptr + (((((((int)blockIdx.y) * 524288) + (ax0_ax1_fused_0 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 4; ++ax0_ax1_fused_0_1) {
    *(int4*)(B_shared_ptr + ((((ax0_ax1_fused_0_1 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(B_ptr + (((((((int)blockIdx.x) * 524288) + (ax0_ax1_fused_0_1 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 4; ++ax0_ax1_fused_0_2) {
    *(int4*)(A_shared_ptr + (((((ax0_ax1_fused_0_2 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16)) + 10240)) = *(int4*)(A_ptr + ((((((((int)blockIdx.y) * 524288) + (ax0_ax1_fused_0_2 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)) + 64));
  }
  for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 4; ++ax0_ax1_fused_0_3) {
    *(int4*)(B_shared_ptr + (((((ax0_ax1_fused_0_3 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16)) + 10240)) = *(int4*)(B_ptr + ((((((((int)blockIdx.x) * 524288) + (ax0_ax1_fused_0_3 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)) + 64));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v7 = (((int)threadIdx.y) >> 1);
  int cse_v8 = (((int)threadIdx.y) & 1);
  int cse_v13 = ((((int)threadIdx.y) >> 1) * 5120);
  int cse_v14 = ((((int)threadIdx.y) & 1) * 5120);
  for (int k_0 = 0; k_0 < 62; ++k_0) {
    int cse_v6 = (k_0 * 64);
    int cse_v27 = (((k_0 + 2) % 3) * 10240);
    __syncthreads();
    for (int ax0_ax1_fused_0_4 = 0; ax0_ax1_fused_0_4 < 4; ++ax0_ax1_fused_0_4) {
      *(int4*)(A_shared_ptr + (((((((k_0 + 2) % 3) * 10240) + (ax0_ax1_fused_0_4 * 2560)) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(A_ptr + (((((((((int)blockIdx.y) * 524288) + (ax0_ax1_fused_0_4 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + (k_0 * 64)) + ((((int)threadIdx.x) & 3) * 16)) + 128));
    }
    for (int ax0_ax1_fused_0_5 = 0; ax0_ax1_fused_0_5 < 4; ++ax0_ax1_fused_0_5) {
      *(int4*)(B_shared_ptr + (((((((k_0 + 2) % 3) * 10240) + (ax0_ax1_fused_0_5 * 2560)) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(B_ptr + (((((((((int)blockIdx.x) * 524288) + (ax0_ax1_fused_0_5 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + (k_0 * 64)) + ((((int)threadIdx.x) & 3) * 16)) + 128));
    }
    tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
    tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
    __syncthreads();
    int cse_v12 = ((k_0 % 3) * 10240);
    int cse_v28 = (((k_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120));
    for (int ax0_0 = 0; ax0_0 < 4; ++ax0_0) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0], (&(A_shared_ptr[((((k_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120)) + (ax0_0 * 1280))])), 80);
    }
    int cse_v29 = (((k_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120));
    for (int ax0_0_1 = 0; ax0_0_1 < 4; ++ax0_0_1) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax0_0_1], (&(B_shared_ptr[((((k_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120)) + (ax0_0_1 * 1280))])), 80);
    }
    for (int i_2 = 0; i_2 < 4; ++i_2) {
      for (int j_2 = 0; j_2 < 4; ++j_2) {
        int cse_v15 = ((i_2 * 4) + j_2);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2 * 4) + j_2)], A_shared_wmma_matrix_a_ptr[i_2], B_shared_wmma_matrix_b_ptr[j_2], C_wmma_accumulator_ptr[((i_2 * 4) + j_2)]);
      }
    }
    for (int ax0_0_2 = 0; ax0_0_2 < 4; ++ax0_0_2) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0_2], (&(A_shared_ptr[(((((k_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120)) + (ax0_0_2 * 1280)) + 16)])), 80);
    }
    for (int ax0_0_3 = 0; ax0_0_3 < 4; ++ax0_0_3) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax0_0_3], (&(B_shared_ptr[(((((k_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120)) + (ax0_0_3 * 1280)) + 16)])), 80);
    }
    for (int i_2_1 = 0; i_2_1 < 4; ++i_2_1) {
      for (int j_2_1 = 0; j_2_1 < 4; ++j_2_1) {
        int cse_v16 = ((i_2_1 * 4) + j_2_1);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_1 * 4) + j_2_1)], A_shared_wmma_matrix_a_ptr[i_2_1], B_shared_wmma_matrix_b_ptr[j_2_1], C_wmma_accumulator_ptr[((i_2_1 * 4) + j_2_1)]);
      }
    }
    for (int ax0_0_4 = 0; ax0_0_4 < 4; ++ax0_0_4) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0_4], (&(A_shared_ptr[(((((k_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120)) + (ax0_0_4 * 1280)) + 32)])), 80);
    }
    for (int ax0_0_5 = 0; ax0_0_5 < 4; ++ax0_0_5) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax0_0_5], (&(B_shared_ptr[(((((k_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120)) + (ax0_0_5 * 1280)) + 32)])), 80);
    }
    for (int i_2_2 = 0; i_2_2 < 4; ++i_2_2) {
      for (int j_2_2 = 0; j_2_2 < 4; ++j_2_2) {
        int cse_v17 = ((i_2_2 * 4) + j_2_2);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_2 * 4) + j_2_2)], A_shared_wmma_matrix_a_ptr[i_2_2], B_shared_wmma_matrix_b_ptr[j_2_2], C_wmma_accumulator_ptr[((i_2_2 * 4) + j_2_2)]);
      }
    }
    for (int ax0_0_6 = 0; ax0_0_6 < 4; ++ax0_0_6) {
      nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr[ax0_0_6], (&(A_shared_ptr[(((((k_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120)) + (ax0_0_6 * 1280)) + 48)])), 80);
    }
    for (int ax0_0_7 = 0; ax0_0_7 < 4; ++ax0_0_7) {
      nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr[ax0_0_7], (&(B_shared_ptr[(((((k_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120)) + (ax0_0_7 * 1280)) + 48)])), 80);
    }
    for (int i_2_3 = 0; i_2_3 < 4; ++i_2_3) {
      for (int j_2_3 = 0; j_2_3 < 4; ++j_2_3) {
        int cse_v18 = ((i_2_3 * 4) + j_2_3);
        nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_3 * 4) + j_2_3)], A_shared_wmma_matrix_a_ptr[i_2_3], B_shared_wmma_matrix_b_ptr[j_2_3], C_wmma_accumulator_ptr[((i_2_3 * 4) + j_2_3)]);
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int ax0_0_8 = 0; ax0_0_8 < 4; ++ax0_0_8) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_8], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_8 * 1280)) + 20480)])), 80);
  }
  for (int ax0_0_9 = 0; ax0_0_9 < 4; ++ax0_0_9) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_9], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_9 * 1280)) + 20480)])), 80);
  }
  for (int i_2_4 = 0; i_2_4 < 4; ++i_2_4) {
    for (int j_2_4 = 0; j_2_4 < 4; ++j_2_4) {
      int cse_v19 = ((i_2_4 * 4) + j_2_4);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_4 * 4) + j_2_4)], A_shared_wmma_matrix_a_ptr_1[i_2_4], B_shared_wmma_matrix_b_ptr_1[j_2_4], C_wmma_accumulator_ptr[((i_2_4 * 4) + j_2_4)]);
    }
  }
  for (int ax0_0_10 = 0; ax0_0_10 < 4; ++ax0_0_10) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_10], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_10 * 1280)) + 20496)])), 80);
  }
  for (int ax0_0_11 = 0; ax0_0_11 < 4; ++ax0_0_11) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_11], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_11 * 1280)) + 20496)])), 80);
  }
  for (int i_2_5 = 0; i_2_5 < 4; ++i_2_5) {
    for (int j_2_5 = 0; j_2_5 < 4; ++j_2_5) {
      int cse_v20 = ((i_2_5 * 4) + j_2_5);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_5 * 4) + j_2_5)], A_shared_wmma_matrix_a_ptr_1[i_2_5], B_shared_wmma_matrix_b_ptr_1[j_2_5], C_wmma_accumulator_ptr[((i_2_5 * 4) + j_2_5)]);
    }
  }
  for (int ax0_0_12 = 0; ax0_0_12 < 4; ++ax0_0_12) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_12], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_12 * 1280)) + 20512)])), 80);
  }
  for (int ax0_0_13 = 0; ax0_0_13 < 4; ++ax0_0_13) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_13], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_13 * 1280)) + 20512)])), 80);
  }
  for (int i_2_6 = 0; i_2_6 < 4; ++i_2_6) {
    for (int j_2_6 = 0; j_2_6 < 4; ++j_2_6) {
      int cse_v21 = ((i_2_6 * 4) + j_2_6);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_6 * 4) + j_2_6)], A_shared_wmma_matrix_a_ptr_1[i_2_6], B_shared_wmma_matrix_b_ptr_1[j_2_6], C_wmma_accumulator_ptr[((i_2_6 * 4) + j_2_6)]);
    }
  }
  for (int ax0_0_14 = 0; ax0_0_14 < 4; ++ax0_0_14) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_14], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_14 * 1280)) + 20528)])), 80);
  }
  for (int ax0_0_15 = 0; ax0_0_15 < 4; ++ax0_0_15) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_15], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_15 * 1280)) + 20528)])), 80);
  }
  for (int i_2_7 = 0; i_2_7 < 4; ++i_2_7) {
    for (int j_2_7 = 0; j_2_7 < 4; ++j_2_7) {
      int cse_v22 = ((i_2_7 * 4) + j_2_7);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_7 * 4) + j_2_7)], A_shared_wmma_matrix_a_ptr_1[i_2_7], B_shared_wmma_matrix_b_ptr_1[j_2_7], C_wmma_accumulator_ptr[((i_2_7 * 4) + j_2_7)]);
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int ax0_0_16 = 0; ax0_0_16 < 4; ++ax0_0_16) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_16], (&(A_shared_ptr[(((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_16 * 1280))])), 80);
  }
  for (int ax0_0_17 = 0; ax0_0_17 < 4; ++ax0_0_17) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_17], (&(B_shared_ptr[(((((int)threadIdx.y) & 1) * 5120) + (ax0_0_17 * 1280))])), 80);
  }
  for (int i_2_8 = 0; i_2_8 < 4; ++i_2_8) {
    for (int j_2_8 = 0; j_2_8 < 4; ++j_2_8) {
      int cse_v23 = ((i_2_8 * 4) + j_2_8);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_8 * 4) + j_2_8)], A_shared_wmma_matrix_a_ptr_1[i_2_8], B_shared_wmma_matrix_b_ptr_1[j_2_8], C_wmma_accumulator_ptr[((i_2_8 * 4) + j_2_8)]);
    }
  }
  for (int ax0_0_18 = 0; ax0_0_18 < 4; ++ax0_0_18) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_18], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_18 * 1280)) + 16)])), 80);
  }
  for (int ax0_0_19 = 0; ax0_0_19 < 4; ++ax0_0_19) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_19], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_19 * 1280)) + 16)])), 80);
  }
  for (int i_2_9 = 0; i_2_9 < 4; ++i_2_9) {
    for (int j_2_9 = 0; j_2_9 < 4; ++j_2_9) {
      int cse_v24 = ((i_2_9 * 4) + j_2_9);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_9 * 4) + j_2_9)], A_shared_wmma_matrix_a_ptr_1[i_2_9], B_shared_wmma_matrix_b_ptr_1[j_2_9], C_wmma_accumulator_ptr[((i_2_9 * 4) + j_2_9)]);
    }
  }
  for (int ax0_0_20 = 0; ax0_0_20 < 4; ++ax0_0_20) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_20], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_20 * 1280)) + 32)])), 80);
  }
  for (int ax0_0_21 = 0; ax0_0_21 < 4; ++ax0_0_21) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_21], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_21 * 1280)) + 32)])), 80);
  }
  for (int i_2_10 = 0; i_2_10 < 4; ++i_2_10) {
    for (int j_2_10 = 0; j_2_10 < 4; ++j_2_10) {
      int cse_v25 = ((i_2_10 * 4) + j_2_10);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_10 * 4) + j_2_10)], A_shared_wmma_matrix_a_ptr_1[i_2_10], B_shared_wmma_matrix_b_ptr_1[j_2_10], C_wmma_accumulator_ptr[((i_2_10 * 4) + j_2_10)]);
    }
  }
  for (int ax0_0_22 = 0; ax0_0_22 < 4; ++ax0_0_22) {
    nvcuda::wmma::load_matrix_sync(A_shared_wmma_matrix_a_ptr_1[ax0_0_22], (&(A_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_22 * 1280)) + 48)])), 80);
  }
  for (int ax0_0_23 = 0; ax0_0_23 < 4; ++ax0_0_23) {
    nvcuda::wmma::load_matrix_sync(B_shared_wmma_matrix_b_ptr_1[ax0_0_23], (&(B_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_23 * 1280)) + 48)])), 80);
  }
  for (int i_2_11 = 0; i_2_11 < 4; ++i_2_11) {
    for (int j_2_11 = 0; j_2_11 < 4; ++j_2_11) {
      int cse_v26 = ((i_2_11 * 4) + j_2_11);
      nvcuda::wmma::mma_sync(C_wmma_accumulator_ptr[((i_2_11 * 4) + j_2_11)], A_shared_wmma_matrix_a_ptr_1[i_2_11], B_shared_wmma_matrix_b_ptr_1[j_2_11], C_wmma_accumulator_ptr[((i_2_11 * 4) + j_2_11)]);
    }
  }
  for (int ax0_0_24 = 0; ax0_0_24 < 4; ++ax0_0_24) {
    for (int ax1_0 = 0; ax1_0 < 4; ++ax1_0) {
      nvcuda::wmma::store_matrix_sync((&(C_ptr[((((((((int)blockIdx.y) * 524288) + ((((int)threadIdx.y) >> 1) * 262144)) + (ax0_0_24 * 65536)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.y) & 1) * 64)) + (ax1_0 * 16))])), C_wmma_accumulator_ptr[((ax0_0_24 * 4) + ax1_0)], 4096, nvcuda::wmma::mem_row_major);
    }
  }
}

