
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
  alignas(64) int C_warp_ptr[128];
  __shared__ alignas(64) signed char A_shared_ptr[30720];
  __shared__ alignas(64) signed char B_shared_ptr[30720];
  alignas(64) signed char A_shared_warp_ptr[4096];
  alignas(64) signed char B_shared_warp_ptr[4096];
  for (int i_0_3_init = 0; i_0_3_init < 4; ++i_0_3_init) {
    for (int j_0_3_init = 0; j_0_3_init < 4; ++j_0_3_init) {
      for (int i = 0; i < 8; ++i) {
C_warp_ptr[((i_0_3_init * 32) + (j_0_3_init * 8)) + i] = 0.0;}
;
    }
  }
  int cse_v1 = (((int)threadIdx.y) * 32768);
  int cse_v2 = (((int)threadIdx.x) >> 2);
  int cse_v3 = (((int)threadIdx.y) * 640);
  int cse_v4 = (((int)blockIdx.x) & 31);
  int cse_v12 = ((((int)blockIdx.x) >> 5) * 524288);
  int cse_v13 = ((((int)threadIdx.x) >> 2) * 4096);
  int cse_v14 = ((((int)threadIdx.x) & 3) * 16);
  int cse_v15 = ((((int)threadIdx.x) >> 2) * 80);
  int cse_v16 = ((((int)blockIdx.x) & 31) * 524288);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 4; ++ax0_ax1_fused_0) {
    *(int4*)(A_shared_ptr + ((((ax0_ax1_fused_0 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(A_ptr + ((((((((int)blockIdx.x) >> 5) * 524288) + (ax0_ax1_fused_0 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 4; ++ax0_ax1_fused_0_1) {
    *(int4*)(B_shared_ptr + ((((ax0_ax1_fused_0_1 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(B_ptr + ((((((((int)blockIdx.x) & 31) * 524288) + (ax0_ax1_fused_0_1 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 4; ++ax0_ax1_fused_0_2) {
    *(int4*)(A_shared_ptr + (((((ax0_ax1_fused_0_2 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16)) + 10240)) = *(int4*)(A_ptr + (((((((((int)blockIdx.x) >> 5) * 524288) + (ax0_ax1_fused_0_2 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)) + 64));
  }
  for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 4; ++ax0_ax1_fused_0_3) {
    *(int4*)(B_shared_ptr + (((((ax0_ax1_fused_0_3 * 2560) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16)) + 10240)) = *(int4*)(B_ptr + (((((((((int)blockIdx.x) & 31) * 524288) + (ax0_ax1_fused_0_3 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + ((((int)threadIdx.x) & 3) * 16)) + 64));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v6 = (((int)threadIdx.x) * 16);
  int cse_v7 = (((int)threadIdx.y) & 1);
  int cse_v8 = (((int)threadIdx.x) & 15);
  int cse_v9 = (((int)threadIdx.x) >> 4);
  int cse_v10 = (((int)threadIdx.y) >> 1);
  int cse_v11 = (((int)threadIdx.x) * 8);
  int cse_v18 = ((((int)threadIdx.y) & 1) * 5120);
  int cse_v19 = ((((int)threadIdx.y) >> 1) * 5120);
  int cse_v31 = (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16));
  int cse_v42 = ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16));
  for (int k_0_0 = 0; k_0_0 < 62; ++k_0_0) {
    int cse_v5 = (k_0_0 * 64);
    int cse_v29 = (((k_0_0 + 2) % 3) * 10240);
    __syncthreads();
    for (int ax0_ax1_fused_0_4 = 0; ax0_ax1_fused_0_4 < 4; ++ax0_ax1_fused_0_4) {
      *(int4*)(A_shared_ptr + (((((((k_0_0 + 2) % 3) * 10240) + (ax0_ax1_fused_0_4 * 2560)) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(A_ptr + ((((((((((int)blockIdx.x) >> 5) * 524288) + (ax0_ax1_fused_0_4 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + (k_0_0 * 64)) + ((((int)threadIdx.x) & 3) * 16)) + 128));
    }
    for (int ax0_ax1_fused_0_5 = 0; ax0_ax1_fused_0_5 < 4; ++ax0_ax1_fused_0_5) {
      *(int4*)(B_shared_ptr + (((((((k_0_0 + 2) % 3) * 10240) + (ax0_ax1_fused_0_5 * 2560)) + (((int)threadIdx.y) * 640)) + ((((int)threadIdx.x) >> 2) * 80)) + ((((int)threadIdx.x) & 3) * 16))) = *(int4*)(B_ptr + ((((((((((int)blockIdx.x) & 31) * 524288) + (ax0_ax1_fused_0_5 * 131072)) + (((int)threadIdx.y) * 32768)) + ((((int)threadIdx.x) >> 2) * 4096)) + (k_0_0 * 64)) + ((((int)threadIdx.x) & 3) * 16)) + 128));
    }
    tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
    int cse_v17 = ((k_0_0 % 3) * 10240);
    int cse_v30 = (((k_0_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120));
    int cse_v32 = (((k_0_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120));
    tvm_builtin_ptx_cp_async_wait_group_async_wait_group_2();
    __syncthreads();
    for (int ax0_0 = 0; ax0_0 < 4; ++ax0_0) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[((((k_0_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120)) + (ax0_0 * 1280))])) + (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 512) + (((int)threadIdx.x) * 16))))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 512) + (((int)threadIdx.x) * 16))))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 512) + (((int)threadIdx.x) * 16))))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0 * 512) + (((int)threadIdx.x) * 16))))[3])
      : "r"(addr)
    );
  }
    }
    for (int ax0_0_1 = 0; ax0_0_1 < 4; ++ax0_0_1) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[((((k_0_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120)) + (ax0_0_1 * 1280))])) + ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_1 * 512) + (((int)threadIdx.x) * 16))))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_1 * 512) + (((int)threadIdx.x) * 16))))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_1 * 512) + (((int)threadIdx.x) * 16))))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_1 * 512) + (((int)threadIdx.x) * 16))))[3])
      : "r"(addr)
    );
  }
    }
    for (int ax0_0_2 = 0; ax0_0_2 < 4; ++ax0_0_2) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[(((((k_0_0 % 3) * 10240) + ((((int)threadIdx.y) & 1) * 5120)) + (ax0_0_2 * 1280)) + 32)])) + (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_2 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_2 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_2 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_2 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3])
      : "r"(addr)
    );
  }
    }
    for (int ax0_0_3 = 0; ax0_0_3 < 4; ++ax0_0_3) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[(((((k_0_0 % 3) * 10240) + ((((int)threadIdx.y) >> 1) * 5120)) + (ax0_0_3 * 1280)) + 32)])) + ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3])
      : "r"(addr)
    );
  }
    }
    for (int i_0_3 = 0; i_0_3 < 4; ++i_0_3) {
      for (int j_0_3 = 0; j_0_3 < 4; ++j_0_3) {
        int cse_v20 = ((i_0_3 * 512) + (((int)threadIdx.x) * 16));
        int cse_v21 = ((j_0_3 * 512) + (((int)threadIdx.x) * 16));
        int cse_v33 = (((i_0_3 * 1024) + (j_0_3 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[0]), "=r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[1]), "=r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[2]), "=r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[0]), "r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[2]), "r"(((int *)(C_warp_ptr + ((i_0_3 * 32) + (j_0_3 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[0]), "=r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[1]), "=r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[2]), "=r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3 * 512) + (((int)threadIdx.x) * 16))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3 * 512) + (((int)threadIdx.x) * 16)) + 8)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3 * 512) + (((int)threadIdx.x) * 16)) + 8)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[0]), "r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[2]), "r"(((int *)(C_warp_ptr + (((i_0_3 * 32) + (j_0_3 * 8)) + 4)))[3]));
  }
      }
    }
    for (int i_0_3_1 = 0; i_0_3_1 < 4; ++i_0_3_1) {
      for (int j_0_3_1 = 0; j_0_3_1 < 4; ++j_0_3_1) {
        int cse_v22 = ((j_0_3_1 * 512) + (((int)threadIdx.x) * 16));
        int cse_v34 = (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048);
        int cse_v35 = (((i_0_3_1 * 1024) + (j_0_3_1 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[0]), "=r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[1]), "=r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[2]), "=r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[0]), "r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[2]), "r"(((int *)(C_warp_ptr + ((i_0_3_1 * 32) + (j_0_3_1 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[0]), "=r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[1]), "=r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[2]), "=r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2056)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_1 * 512) + (((int)threadIdx.x) * 16)) + 2056)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[0]), "r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[2]), "r"(((int *)(C_warp_ptr + (((i_0_3_1 * 32) + (j_0_3_1 * 8)) + 4)))[3]));
  }
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
  __syncthreads();
  for (int ax0_0_4 = 0; ax0_0_4 < 4; ++ax0_0_4) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_4 * 1280)) + 20480)])) + (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_4 * 512) + (((int)threadIdx.x) * 16))))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_4 * 512) + (((int)threadIdx.x) * 16))))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_4 * 512) + (((int)threadIdx.x) * 16))))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_4 * 512) + (((int)threadIdx.x) * 16))))[3])
      : "r"(addr)
    );
  }
  }
  for (int ax0_0_5 = 0; ax0_0_5 < 4; ++ax0_0_5) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_5 * 1280)) + 20480)])) + ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_5 * 512) + (((int)threadIdx.x) * 16))))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_5 * 512) + (((int)threadIdx.x) * 16))))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_5 * 512) + (((int)threadIdx.x) * 16))))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_5 * 512) + (((int)threadIdx.x) * 16))))[3])
      : "r"(addr)
    );
  }
  }
  for (int ax0_0_6 = 0; ax0_0_6 < 4; ++ax0_0_6) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_6 * 1280)) + 20512)])) + (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_6 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_6 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_6 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_6 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3])
      : "r"(addr)
    );
  }
  }
  for (int ax0_0_7 = 0; ax0_0_7 < 4; ++ax0_0_7) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_7 * 1280)) + 20512)])) + ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_7 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_7 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_7 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_7 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3])
      : "r"(addr)
    );
  }
  }
  for (int i_0_3_2 = 0; i_0_3_2 < 4; ++i_0_3_2) {
    for (int j_0_3_2 = 0; j_0_3_2 < 4; ++j_0_3_2) {
      int cse_v23 = ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16));
      int cse_v24 = ((j_0_3_2 * 512) + (((int)threadIdx.x) * 16));
      int cse_v36 = (((i_0_3_2 * 1024) + (j_0_3_2 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[0]), "=r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[1]), "=r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[2]), "=r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[0]), "r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[2]), "r"(((int *)(C_warp_ptr + ((i_0_3_2 * 32) + (j_0_3_2 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[0]), "=r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[1]), "=r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[2]), "=r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_2 * 512) + (((int)threadIdx.x) * 16))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_2 * 512) + (((int)threadIdx.x) * 16)) + 8)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_2 * 512) + (((int)threadIdx.x) * 16)) + 8)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[0]), "r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[2]), "r"(((int *)(C_warp_ptr + (((i_0_3_2 * 32) + (j_0_3_2 * 8)) + 4)))[3]));
  }
    }
  }
  for (int i_0_3_3 = 0; i_0_3_3 < 4; ++i_0_3_3) {
    for (int j_0_3_3 = 0; j_0_3_3 < 4; ++j_0_3_3) {
      int cse_v25 = ((j_0_3_3 * 512) + (((int)threadIdx.x) * 16));
      int cse_v37 = (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048);
      int cse_v38 = (((i_0_3_3 * 1024) + (j_0_3_3 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[0]), "=r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[1]), "=r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[2]), "=r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[0]), "r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[2]), "r"(((int *)(C_warp_ptr + ((i_0_3_3 * 32) + (j_0_3_3 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[0]), "=r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[1]), "=r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[2]), "=r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2056)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_3 * 512) + (((int)threadIdx.x) * 16)) + 2056)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[0]), "r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[2]), "r"(((int *)(C_warp_ptr + (((i_0_3_3 * 32) + (j_0_3_3 * 8)) + 4)))[3]));
  }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int ax0_0_8 = 0; ax0_0_8 < 4; ++ax0_0_8) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[(((((int)threadIdx.y) & 1) * 5120) + (ax0_0_8 * 1280))])) + (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_8 * 512) + (((int)threadIdx.x) * 16))))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_8 * 512) + (((int)threadIdx.x) * 16))))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_8 * 512) + (((int)threadIdx.x) * 16))))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + ((ax0_0_8 * 512) + (((int)threadIdx.x) * 16))))[3])
      : "r"(addr)
    );
  }
  }
  for (int ax0_0_9 = 0; ax0_0_9 < 4; ++ax0_0_9) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[(((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_9 * 1280))])) + ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_9 * 512) + (((int)threadIdx.x) * 16))))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_9 * 512) + (((int)threadIdx.x) * 16))))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_9 * 512) + (((int)threadIdx.x) * 16))))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + ((ax0_0_9 * 512) + (((int)threadIdx.x) * 16))))[3])
      : "r"(addr)
    );
  }
  }
  for (int ax0_0_10 = 0; ax0_0_10 < 4; ++ax0_0_10) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(A_shared_ptr[((((((int)threadIdx.y) & 1) * 5120) + (ax0_0_10 * 1280)) + 32)])) + (((((int)threadIdx.x) & 15) * 80) + ((((int)threadIdx.x) >> 4) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_10 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_10 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_10 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "=r"(((unsigned *)(A_shared_warp_ptr + (((ax0_0_10 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3])
      : "r"(addr)
    );
  }
  }
  for (int ax0_0_11 = 0; ax0_0_11 < 4; ++ax0_0_11) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(B_shared_ptr[((((((int)threadIdx.y) >> 1) * 5120) + (ax0_0_11 * 1280)) + 32)])) + ((((((int)threadIdx.x) >> 4) * 640) + ((((int)threadIdx.x) & 7) * 80)) + (((((int)threadIdx.x) & 15) >> 3) * 16)));
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_11 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_11 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_11 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "=r"(((unsigned *)(B_shared_warp_ptr + (((ax0_0_11 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3])
      : "r"(addr)
    );
  }
  }
  for (int i_0_3_4 = 0; i_0_3_4 < 4; ++i_0_3_4) {
    for (int j_0_3_4 = 0; j_0_3_4 < 4; ++j_0_3_4) {
      int cse_v26 = ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16));
      int cse_v27 = ((j_0_3_4 * 512) + (((int)threadIdx.x) * 16));
      int cse_v39 = (((i_0_3_4 * 1024) + (j_0_3_4 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[0]), "=r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[1]), "=r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[2]), "=r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(B_shared_warp_ptr + ((j_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[0]), "r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[2]), "r"(((int *)(C_warp_ptr + ((i_0_3_4 * 32) + (j_0_3_4 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[0]), "=r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[1]), "=r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[2]), "=r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[0]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[1]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[2]), "r"(((unsigned *)(A_shared_warp_ptr + ((i_0_3_4 * 512) + (((int)threadIdx.x) * 16))))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_4 * 512) + (((int)threadIdx.x) * 16)) + 8)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_4 * 512) + (((int)threadIdx.x) * 16)) + 8)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[0]), "r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[2]), "r"(((int *)(C_warp_ptr + (((i_0_3_4 * 32) + (j_0_3_4 * 8)) + 4)))[3]));
  }
    }
  }
  for (int i_0_3_5 = 0; i_0_3_5 < 4; ++i_0_3_5) {
    for (int j_0_3_5 = 0; j_0_3_5 < 4; ++j_0_3_5) {
      int cse_v28 = ((j_0_3_5 * 512) + (((int)threadIdx.x) * 16));
      int cse_v40 = (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048);
      int cse_v41 = (((i_0_3_5 * 1024) + (j_0_3_5 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[0]), "=r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[1]), "=r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[2]), "=r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[0]), "r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[1]), "r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[2]), "r"(((int *)(C_warp_ptr + ((i_0_3_5 * 32) + (j_0_3_5 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[0]), "=r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[1]), "=r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[2]), "=r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[0]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[1]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[2]), "r"(((unsigned *)(A_shared_warp_ptr + (((i_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2048)))[3]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2056)))[0]), "r"(((unsigned *)(B_shared_warp_ptr + (((j_0_3_5 * 512) + (((int)threadIdx.x) * 16)) + 2056)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[0]), "r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[1]), "r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[2]), "r"(((int *)(C_warp_ptr + (((i_0_3_5 * 32) + (j_0_3_5 * 8)) + 4)))[3]));
  }
    }
  }
  for (int ax0_0_12 = 0; ax0_0_12 < 4; ++ax0_0_12) {
    for (int ax1_0 = 0; ax1_0 < 4; ++ax1_0) {
      for (int local_id = 0; local_id < 8; ++local_id) {
(&(C_ptr[(((((((((int)blockIdx.x) >> 5) * 524288) + ((((int)threadIdx.y) & 1) * 262144)) + (ax0_0_12 * 65536)) + ((((int)blockIdx.x) & 31) * 128)) + ((((int)threadIdx.y) >> 1) * 64)) + (ax1_0 * 16))]))[((((((local_id % 4) / 2) * 8) + (threadIdx.x / 4)) * 4096) + ((((local_id / 4) * 8) + ((threadIdx.x % 4) * 2)) + (local_id % 2)))] = C_warp_ptr[((ax0_0_12 * 32) + (ax1_0 * 8)) + local_id];
}
;
    }
  }
}

