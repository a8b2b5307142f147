
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
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0() {
  asm volatile("cp.async.wait_group 0;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1() {
  asm volatile("cp.async.wait_group 1;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_commit_group_async_commit_group() {
  asm volatile("cp.async.commit_group;" :  : );
}
extern "C" __global__ void __launch_bounds__(256) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(256) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr, float* __restrict__ C_ptr) {
  alignas(64) float C_local_ptr[64];
  __shared__ alignas(64) float A_shared_ptr[4096];
  __shared__ alignas(64) float B_shared_ptr[4096];
  alignas(64) float A_shared_local_ptr[8];
  alignas(64) float B_shared_local_ptr[8];
  alignas(64) float A_shared_local_ptr_1[8];
  alignas(64) float B_shared_local_ptr_1[8];
  for (int i_1_2_init = 0; i_1_2_init < 4; ++i_1_2_init) {
    for (int j_1_2_init = 0; j_1_2_init < 4; ++j_1_2_init) {
      int cse_v70 = ((i_1_2_init * 4) + j_1_2_init);
      C_local_ptr[((i_1_2_init * 4) + j_1_2_init)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 32)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 16)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 48)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  int cse_v1 = (((int)blockIdx.y) * 131072);
  int cse_v2 = (((int)threadIdx.y) * 4096);
  int cse_v3 = (((int)threadIdx.y) * 64);
  int cse_v4 = (((int)threadIdx.x) * 4);
  int cse_v5 = (((int)blockIdx.x) * 128);
  int cse_v71 = ((((int)threadIdx.x) >> 2) * 1024);
  int cse_v72 = ((((int)threadIdx.x) & 3) * 4);
  int cse_v73 = ((((int)threadIdx.y) >> 1) * 1024);
  int cse_v74 = ((((int)threadIdx.y) & 1) * 64);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 2; ++ax0_ax1_fused_0) {
    *(float4*)(A_shared_ptr + (((ax0_ax1_fused_0 * 1024) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(A_ptr + (((((((int)blockIdx.y) * 131072) + (ax0_ax1_fused_0 * 65536)) + (((int)threadIdx.y) * 4096)) + ((((int)threadIdx.x) >> 2) * 1024)) + ((((int)threadIdx.x) & 3) * 4)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 2; ++ax0_ax1_fused_0_1) {
    *(float4*)(B_shared_ptr + (((ax0_ax1_fused_0_1 * 1024) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(B_ptr + (((((ax0_ax1_fused_0_1 * 8192) + ((((int)threadIdx.y) >> 1) * 1024)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.y) & 1) * 64)) + (((int)threadIdx.x) * 4)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  for (int k_0 = 0; k_0 < 63; ++k_0) {
    int cse_v125 = (((k_0 + 1) & 1) * 2048);
    __syncthreads();
    for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 2; ++ax0_ax1_fused_0_2) {
      *(float4*)(A_shared_ptr + ((((((k_0 + 1) & 1) * 2048) + (ax0_ax1_fused_0_2 * 1024)) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(A_ptr + (((((((((int)blockIdx.y) * 131072) + (ax0_ax1_fused_0_2 * 65536)) + (((int)threadIdx.y) * 4096)) + ((((int)threadIdx.x) >> 2) * 1024)) + (k_0 * 16)) + ((((int)threadIdx.x) & 3) * 4)) + 16));
    }
    for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 2; ++ax0_ax1_fused_0_3) {
      *(float4*)(B_shared_ptr + ((((((k_0 + 1) & 1) * 2048) + (ax0_ax1_fused_0_3 * 1024)) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(B_ptr + (((((((k_0 * 16384) + (ax0_ax1_fused_0_3 * 8192)) + ((((int)threadIdx.y) >> 1) * 1024)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.y) & 1) * 64)) + (((int)threadIdx.x) * 4)) + 16384));
    }
    tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
    tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
    __syncthreads();
    int cse_v75 = ((k_0 & 1) * 2048);
    int cse_v126 = (((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64));
    for (int ax0 = 0; ax0 < 4; ++ax0) {
      int cse_v224 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0 * 16));
      A_shared_local_ptr[ax0] = A_shared_ptr[((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0 * 16))];
      A_shared_local_ptr[(ax0 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0 * 16)) + 1024)];
    }
    int cse_v127 = (((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4));
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + (((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 64));
    for (int i_1_2 = 0; i_1_2 < 4; ++i_1_2) {
      for (int j_1_2 = 0; j_1_2 < 4; ++j_1_2) {
        int cse_v76 = ((i_1_2 * 4) + j_1_2);
        C_local_ptr[((i_1_2 * 4) + j_1_2)] = (C_local_ptr[((i_1_2 * 4) + j_1_2)] + (A_shared_local_ptr[i_1_2] * B_shared_local_ptr[j_1_2]));
        int cse_v6 = (i_1_2 + 4);
        int cse_v128 = (((i_1_2 * 4) + j_1_2) + 32);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 32)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 32)] + (A_shared_local_ptr[(i_1_2 + 4)] * B_shared_local_ptr[j_1_2]));
        int cse_v7 = (j_1_2 + 4);
        int cse_v129 = (((i_1_2 * 4) + j_1_2) + 16);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 16)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 16)] + (A_shared_local_ptr[i_1_2] * B_shared_local_ptr[(j_1_2 + 4)]));
        int cse_v130 = (((i_1_2 * 4) + j_1_2) + 48);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 48)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 48)] + (A_shared_local_ptr[(i_1_2 + 4)] * B_shared_local_ptr[(j_1_2 + 4)]));
      }
    }
    for (int ax0_1 = 0; ax0_1 < 4; ++ax0_1) {
      int cse_v225 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_1 * 16));
      A_shared_local_ptr[ax0_1] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_1 * 16)) + 1)];
      A_shared_local_ptr[(ax0_1 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_1 * 16)) + 1025)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 128));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 192));
    for (int i_1_2_1 = 0; i_1_2_1 < 4; ++i_1_2_1) {
      for (int j_1_2_1 = 0; j_1_2_1 < 4; ++j_1_2_1) {
        int cse_v77 = ((i_1_2_1 * 4) + j_1_2_1);
        C_local_ptr[((i_1_2_1 * 4) + j_1_2_1)] = (C_local_ptr[((i_1_2_1 * 4) + j_1_2_1)] + (A_shared_local_ptr[i_1_2_1] * B_shared_local_ptr[j_1_2_1]));
        int cse_v8 = (i_1_2_1 + 4);
        int cse_v131 = (((i_1_2_1 * 4) + j_1_2_1) + 32);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 32)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 32)] + (A_shared_local_ptr[(i_1_2_1 + 4)] * B_shared_local_ptr[j_1_2_1]));
        int cse_v9 = (j_1_2_1 + 4);
        int cse_v132 = (((i_1_2_1 * 4) + j_1_2_1) + 16);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 16)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 16)] + (A_shared_local_ptr[i_1_2_1] * B_shared_local_ptr[(j_1_2_1 + 4)]));
        int cse_v133 = (((i_1_2_1 * 4) + j_1_2_1) + 48);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 48)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 48)] + (A_shared_local_ptr[(i_1_2_1 + 4)] * B_shared_local_ptr[(j_1_2_1 + 4)]));
      }
    }
    for (int ax0_2 = 0; ax0_2 < 4; ++ax0_2) {
      int cse_v226 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_2 * 16));
      A_shared_local_ptr[ax0_2] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_2 * 16)) + 2)];
      A_shared_local_ptr[(ax0_2 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_2 * 16)) + 1026)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 256));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 320));
    for (int i_1_2_2 = 0; i_1_2_2 < 4; ++i_1_2_2) {
      for (int j_1_2_2 = 0; j_1_2_2 < 4; ++j_1_2_2) {
        int cse_v78 = ((i_1_2_2 * 4) + j_1_2_2);
        C_local_ptr[((i_1_2_2 * 4) + j_1_2_2)] = (C_local_ptr[((i_1_2_2 * 4) + j_1_2_2)] + (A_shared_local_ptr[i_1_2_2] * B_shared_local_ptr[j_1_2_2]));
        int cse_v10 = (i_1_2_2 + 4);
        int cse_v134 = (((i_1_2_2 * 4) + j_1_2_2) + 32);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 32)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 32)] + (A_shared_local_ptr[(i_1_2_2 + 4)] * B_shared_local_ptr[j_1_2_2]));
        int cse_v11 = (j_1_2_2 + 4);
        int cse_v135 = (((i_1_2_2 * 4) + j_1_2_2) + 16);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 16)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 16)] + (A_shared_local_ptr[i_1_2_2] * B_shared_local_ptr[(j_1_2_2 + 4)]));
        int cse_v136 = (((i_1_2_2 * 4) + j_1_2_2) + 48);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 48)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 48)] + (A_shared_local_ptr[(i_1_2_2 + 4)] * B_shared_local_ptr[(j_1_2_2 + 4)]));
      }
    }
    for (int ax0_3 = 0; ax0_3 < 4; ++ax0_3) {
      int cse_v227 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_3 * 16));
      A_shared_local_ptr[ax0_3] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_3 * 16)) + 3)];
      A_shared_local_ptr[(ax0_3 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_3 * 16)) + 1027)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 384));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 448));
    for (int i_1_2_3 = 0; i_1_2_3 < 4; ++i_1_2_3) {
      for (int j_1_2_3 = 0; j_1_2_3 < 4; ++j_1_2_3) {
        int cse_v79 = ((i_1_2_3 * 4) + j_1_2_3);
        C_local_ptr[((i_1_2_3 * 4) + j_1_2_3)] = (C_local_ptr[((i_1_2_3 * 4) + j_1_2_3)] + (A_shared_local_ptr[i_1_2_3] * B_shared_local_ptr[j_1_2_3]));
        int cse_v12 = (i_1_2_3 + 4);
        int cse_v137 = (((i_1_2_3 * 4) + j_1_2_3) + 32);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 32)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 32)] + (A_shared_local_ptr[(i_1_2_3 + 4)] * B_shared_local_ptr[j_1_2_3]));
        int cse_v13 = (j_1_2_3 + 4);
        int cse_v138 = (((i_1_2_3 * 4) + j_1_2_3) + 16);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 16)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 16)] + (A_shared_local_ptr[i_1_2_3] * B_shared_local_ptr[(j_1_2_3 + 4)]));
        int cse_v139 = (((i_1_2_3 * 4) + j_1_2_3) + 48);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 48)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 48)] + (A_shared_local_ptr[(i_1_2_3 + 4)] * B_shared_local_ptr[(j_1_2_3 + 4)]));
      }
    }
    for (int ax0_4 = 0; ax0_4 < 4; ++ax0_4) {
      int cse_v228 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_4 * 16));
      A_shared_local_ptr[ax0_4] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_4 * 16)) + 4)];
      A_shared_local_ptr[(ax0_4 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_4 * 16)) + 1028)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 512));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 576));
    for (int i_1_2_4 = 0; i_1_2_4 < 4; ++i_1_2_4) {
      for (int j_1_2_4 = 0; j_1_2_4 < 4; ++j_1_2_4) {
        int cse_v80 = ((i_1_2_4 * 4) + j_1_2_4);
        C_local_ptr[((i_1_2_4 * 4) + j_1_2_4)] = (C_local_ptr[((i_1_2_4 * 4) + j_1_2_4)] + (A_shared_local_ptr[i_1_2_4] * B_shared_local_ptr[j_1_2_4]));
        int cse_v14 = (i_1_2_4 + 4);
        int cse_v140 = (((i_1_2_4 * 4) + j_1_2_4) + 32);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 32)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 32)] + (A_shared_local_ptr[(i_1_2_4 + 4)] * B_shared_local_ptr[j_1_2_4]));
        int cse_v15 = (j_1_2_4 + 4);
        int cse_v141 = (((i_1_2_4 * 4) + j_1_2_4) + 16);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 16)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 16)] + (A_shared_local_ptr[i_1_2_4] * B_shared_local_ptr[(j_1_2_4 + 4)]));
        int cse_v142 = (((i_1_2_4 * 4) + j_1_2_4) + 48);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 48)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 48)] + (A_shared_local_ptr[(i_1_2_4 + 4)] * B_shared_local_ptr[(j_1_2_4 + 4)]));
      }
    }
    for (int ax0_5 = 0; ax0_5 < 4; ++ax0_5) {
      int cse_v229 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_5 * 16));
      A_shared_local_ptr[ax0_5] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_5 * 16)) + 5)];
      A_shared_local_ptr[(ax0_5 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_5 * 16)) + 1029)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 640));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 704));
    for (int i_1_2_5 = 0; i_1_2_5 < 4; ++i_1_2_5) {
      for (int j_1_2_5 = 0; j_1_2_5 < 4; ++j_1_2_5) {
        int cse_v81 = ((i_1_2_5 * 4) + j_1_2_5);
        C_local_ptr[((i_1_2_5 * 4) + j_1_2_5)] = (C_local_ptr[((i_1_2_5 * 4) + j_1_2_5)] + (A_shared_local_ptr[i_1_2_5] * B_shared_local_ptr[j_1_2_5]));
        int cse_v16 = (i_1_2_5 + 4);
        int cse_v143 = (((i_1_2_5 * 4) + j_1_2_5) + 32);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 32)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 32)] + (A_shared_local_ptr[(i_1_2_5 + 4)] * B_shared_local_ptr[j_1_2_5]));
        int cse_v17 = (j_1_2_5 + 4);
        int cse_v144 = (((i_1_2_5 * 4) + j_1_2_5) + 16);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 16)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 16)] + (A_shared_local_ptr[i_1_2_5] * B_shared_local_ptr[(j_1_2_5 + 4)]));
        int cse_v145 = (((i_1_2_5 * 4) + j_1_2_5) + 48);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 48)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 48)] + (A_shared_local_ptr[(i_1_2_5 + 4)] * B_shared_local_ptr[(j_1_2_5 + 4)]));
      }
    }
    for (int ax0_6 = 0; ax0_6 < 4; ++ax0_6) {
      int cse_v230 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_6 * 16));
      A_shared_local_ptr[ax0_6] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_6 * 16)) + 6)];
      A_shared_local_ptr[(ax0_6 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_6 * 16)) + 1030)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 768));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 832));
    for (int i_1_2_6 = 0; i_1_2_6 < 4; ++i_1_2_6) {
      for (int j_1_2_6 = 0; j_1_2_6 < 4; ++j_1_2_6) {
        int cse_v82 = ((i_1_2_6 * 4) + j_1_2_6);
        C_local_ptr[((i_1_2_6 * 4) + j_1_2_6)] = (C_local_ptr[((i_1_2_6 * 4) + j_1_2_6)] + (A_shared_local_ptr[i_1_2_6] * B_shared_local_ptr[j_1_2_6]));
        int cse_v18 = (i_1_2_6 + 4);
        int cse_v146 = (((i_1_2_6 * 4) + j_1_2_6) + 32);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 32)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 32)] + (A_shared_local_ptr[(i_1_2_6 + 4)] * B_shared_local_ptr[j_1_2_6]));
        int cse_v19 = (j_1_2_6 + 4);
        int cse_v147 = (((i_1_2_6 * 4) + j_1_2_6) + 16);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 16)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 16)] + (A_shared_local_ptr[i_1_2_6] * B_shared_local_ptr[(j_1_2_6 + 4)]));
        int cse_v148 = (((i_1_2_6 * 4) + j_1_2_6) + 48);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 48)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 48)] + (A_shared_local_ptr[(i_1_2_6 + 4)] * B_shared_local_ptr[(j_1_2_6 + 4)]));
      }
    }
    for (int ax0_7 = 0; ax0_7 < 4; ++ax0_7) {
      int cse_v231 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_7 * 16));
      A_shared_local_ptr[ax0_7] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_7 * 16)) + 7)];
      A_shared_local_ptr[(ax0_7 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_7 * 16)) + 1031)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 896));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 960));
    for (int i_1_2_7 = 0; i_1_2_7 < 4; ++i_1_2_7) {
      for (int j_1_2_7 = 0; j_1_2_7 < 4; ++j_1_2_7) {
        int cse_v83 = ((i_1_2_7 * 4) + j_1_2_7);
        C_local_ptr[((i_1_2_7 * 4) + j_1_2_7)] = (C_local_ptr[((i_1_2_7 * 4) + j_1_2_7)] + (A_shared_local_ptr[i_1_2_7] * B_shared_local_ptr[j_1_2_7]));
        int cse_v20 = (i_1_2_7 + 4);
        int cse_v149 = (((i_1_2_7 * 4) + j_1_2_7) + 32);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 32)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 32)] + (A_shared_local_ptr[(i_1_2_7 + 4)] * B_shared_local_ptr[j_1_2_7]));
        int cse_v21 = (j_1_2_7 + 4);
        int cse_v150 = (((i_1_2_7 * 4) + j_1_2_7) + 16);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 16)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 16)] + (A_shared_local_ptr[i_1_2_7] * B_shared_local_ptr[(j_1_2_7 + 4)]));
        int cse_v151 = (((i_1_2_7 * 4) + j_1_2_7) + 48);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 48)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 48)] + (A_shared_local_ptr[(i_1_2_7 + 4)] * B_shared_local_ptr[(j_1_2_7 + 4)]));
      }
    }
    for (int ax0_8 = 0; ax0_8 < 4; ++ax0_8) {
      int cse_v232 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_8 * 16));
      A_shared_local_ptr[ax0_8] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_8 * 16)) + 8)];
      A_shared_local_ptr[(ax0_8 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_8 * 16)) + 1032)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1024));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1088));
    for (int i_1_2_8 = 0; i_1_2_8 < 4; ++i_1_2_8) {
      for (int j_1_2_8 = 0; j_1_2_8 < 4; ++j_1_2_8) {
        int cse_v84 = ((i_1_2_8 * 4) + j_1_2_8);
        C_local_ptr[((i_1_2_8 * 4) + j_1_2_8)] = (C_local_ptr[((i_1_2_8 * 4) + j_1_2_8)] + (A_shared_local_ptr[i_1_2_8] * B_shared_local_ptr[j_1_2_8]));
        int cse_v22 = (i_1_2_8 + 4);
        int cse_v152 = (((i_1_2_8 * 4) + j_1_2_8) + 32);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 32)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 32)] + (A_shared_local_ptr[(i_1_2_8 + 4)] * B_shared_local_ptr[j_1_2_8]));
        int cse_v23 = (j_1_2_8 + 4);
        int cse_v153 = (((i_1_2_8 * 4) + j_1_2_8) + 16);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 16)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 16)] + (A_shared_local_ptr[i_1_2_8] * B_shared_local_ptr[(j_1_2_8 + 4)]));
        int cse_v154 = (((i_1_2_8 * 4) + j_1_2_8) + 48);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 48)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 48)] + (A_shared_local_ptr[(i_1_2_8 + 4)] * B_shared_local_ptr[(j_1_2_8 + 4)]));
      }
    }
    for (int ax0_9 = 0; ax0_9 < 4; ++ax0_9) {
      int cse_v233 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_9 * 16));
      A_shared_local_ptr[ax0_9] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_9 * 16)) + 9)];
      A_shared_local_ptr[(ax0_9 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_9 * 16)) + 1033)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1152));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1216));
    for (int i_1_2_9 = 0; i_1_2_9 < 4; ++i_1_2_9) {
      for (int j_1_2_9 = 0; j_1_2_9 < 4; ++j_1_2_9) {
        int cse_v85 = ((i_1_2_9 * 4) + j_1_2_9);
        C_local_ptr[((i_1_2_9 * 4) + j_1_2_9)] = (C_local_ptr[((i_1_2_9 * 4) + j_1_2_9)] + (A_shared_local_ptr[i_1_2_9] * B_shared_local_ptr[j_1_2_9]));
        int cse_v24 = (i_1_2_9 + 4);
        int cse_v155 = (((i_1_2_9 * 4) + j_1_2_9) + 32);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 32)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 32)] + (A_shared_local_ptr[(i_1_2_9 + 4)] * B_shared_local_ptr[j_1_2_9]));
        int cse_v25 = (j_1_2_9 + 4);
        int cse_v156 = (((i_1_2_9 * 4) + j_1_2_9) + 16);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 16)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 16)] + (A_shared_local_ptr[i_1_2_9] * B_shared_local_ptr[(j_1_2_9 + 4)]));
        int cse_v157 = (((i_1_2_9 * 4) + j_1_2_9) + 48);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 48)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 48)] + (A_shared_local_ptr[(i_1_2_9 + 4)] * B_shared_local_ptr[(j_1_2_9 + 4)]));
      }
    }
    for (int ax0_10 = 0; ax0_10 < 4; ++ax0_10) {
      int cse_v234 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_10 * 16));
      A_shared_local_ptr[ax0_10] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_10 * 16)) + 10)];
      A_shared_local_ptr[(ax0_10 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_10 * 16)) + 1034)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1280));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1344));
    for (int i_1_2_10 = 0; i_1_2_10 < 4; ++i_1_2_10) {
      for (int j_1_2_10 = 0; j_1_2_10 < 4; ++j_1_2_10) {
        int cse_v86 = ((i_1_2_10 * 4) + j_1_2_10);
        C_local_ptr[((i_1_2_10 * 4) + j_1_2_10)] = (C_local_ptr[((i_1_2_10 * 4) + j_1_2_10)] + (A_shared_local_ptr[i_1_2_10] * B_shared_local_ptr[j_1_2_10]));
        int cse_v26 = (i_1_2_10 + 4);
        int cse_v158 = (((i_1_2_10 * 4) + j_1_2_10) + 32);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 32)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 32)] + (A_shared_local_ptr[(i_1_2_10 + 4)] * B_shared_local_ptr[j_1_2_10]));
        int cse_v27 = (j_1_2_10 + 4);
        int cse_v159 = (((i_1_2_10 * 4) + j_1_2_10) + 16);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 16)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 16)] + (A_shared_local_ptr[i_1_2_10] * B_shared_local_ptr[(j_1_2_10 + 4)]));
        int cse_v160 = (((i_1_2_10 * 4) + j_1_2_10) + 48);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 48)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 48)] + (A_shared_local_ptr[(i_1_2_10 + 4)] * B_shared_local_ptr[(j_1_2_10 + 4)]));
      }
    }
    for (int ax0_11 = 0; ax0_11 < 4; ++ax0_11) {
      int cse_v235 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_11 * 16));
      A_shared_local_ptr[ax0_11] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_11 * 16)) + 11)];
      A_shared_local_ptr[(ax0_11 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_11 * 16)) + 1035)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1408));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1472));
    for (int i_1_2_11 = 0; i_1_2_11 < 4; ++i_1_2_11) {
      for (int j_1_2_11 = 0; j_1_2_11 < 4; ++j_1_2_11) {
        int cse_v87 = ((i_1_2_11 * 4) + j_1_2_11);
        C_local_ptr[((i_1_2_11 * 4) + j_1_2_11)] = (C_local_ptr[((i_1_2_11 * 4) + j_1_2_11)] + (A_shared_local_ptr[i_1_2_11] * B_shared_local_ptr[j_1_2_11]));
        int cse_v28 = (i_1_2_11 + 4);
        int cse_v161 = (((i_1_2_11 * 4) + j_1_2_11) + 32);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 32)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 32)] + (A_shared_local_ptr[(i_1_2_11 + 4)] * B_shared_local_ptr[j_1_2_11]));
        int cse_v29 = (j_1_2_11 + 4);
        int cse_v162 = (((i_1_2_11 * 4) + j_1_2_11) + 16);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 16)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 16)] + (A_shared_local_ptr[i_1_2_11] * B_shared_local_ptr[(j_1_2_11 + 4)]));
        int cse_v163 = (((i_1_2_11 * 4) + j_1_2_11) + 48);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 48)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 48)] + (A_shared_local_ptr[(i_1_2_11 + 4)] * B_shared_local_ptr[(j_1_2_11 + 4)]));
      }
    }
    for (int ax0_12 = 0; ax0_12 < 4; ++ax0_12) {
      int cse_v236 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_12 * 16));
      A_shared_local_ptr[ax0_12] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_12 * 16)) + 12)];
      A_shared_local_ptr[(ax0_12 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_12 * 16)) + 1036)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1536));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1600));
    for (int i_1_2_12 = 0; i_1_2_12 < 4; ++i_1_2_12) {
      for (int j_1_2_12 = 0; j_1_2_12 < 4; ++j_1_2_12) {
        int cse_v88 = ((i_1_2_12 * 4) + j_1_2_12);
        C_local_ptr[((i_1_2_12 * 4) + j_1_2_12)] = (C_local_ptr[((i_1_2_12 * 4) + j_1_2_12)] + (A_shared_local_ptr[i_1_2_12] * B_shared_local_ptr[j_1_2_12]));
        int cse_v30 = (i_1_2_12 + 4);
        int cse_v164 = (((i_1_2_12 * 4) + j_1_2_12) + 32);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 32)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 32)] + (A_shared_local_ptr[(i_1_2_12 + 4)] * B_shared_local_ptr[j_1_2_12]));
        int cse_v31 = (j_1_2_12 + 4);
        int cse_v165 = (((i_1_2_12 * 4) + j_1_2_12) + 16);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 16)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 16)] + (A_shared_local_ptr[i_1_2_12] * B_shared_local_ptr[(j_1_2_12 + 4)]));
        int cse_v166 = (((i_1_2_12 * 4) + j_1_2_12) + 48);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 48)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 48)] + (A_shared_local_ptr[(i_1_2_12 + 4)] * B_shared_local_ptr[(j_1_2_12 + 4)]));
      }
    }
    for (int ax0_13 = 0; ax0_13 < 4; ++ax0_13) {
      int cse_v237 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_13 * 16));
      A_shared_local_ptr[ax0_13] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_13 * 16)) + 13)];
      A_shared_local_ptr[(ax0_13 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_13 * 16)) + 1037)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1664));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1728));
    for (int i_1_2_13 = 0; i_1_2_13 < 4; ++i_1_2_13) {
      for (int j_1_2_13 = 0; j_1_2_13 < 4; ++j_1_2_13) {
        int cse_v89 = ((i_1_2_13 * 4) + j_1_2_13);
        C_local_ptr[((i_1_2_13 * 4) + j_1_2_13)] = (C_local_ptr[((i_1_2_13 * 4) + j_1_2_13)] + (A_shared_local_ptr[i_1_2_13] * B_shared_local_ptr[j_1_2_13]));
        int cse_v32 = (i_1_2_13 + 4);
        int cse_v167 = (((i_1_2_13 * 4) + j_1_2_13) + 32);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 32)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 32)] + (A_shared_local_ptr[(i_1_2_13 + 4)] * B_shared_local_ptr[j_1_2_13]));
        int cse_v33 = (j_1_2_13 + 4);
        int cse_v168 = (((i_1_2_13 * 4) + j_1_2_13) + 16);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 16)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 16)] + (A_shared_local_ptr[i_1_2_13] * B_shared_local_ptr[(j_1_2_13 + 4)]));
        int cse_v169 = (((i_1_2_13 * 4) + j_1_2_13) + 48);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 48)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 48)] + (A_shared_local_ptr[(i_1_2_13 + 4)] * B_shared_local_ptr[(j_1_2_13 + 4)]));
      }
    }
    for (int ax0_14 = 0; ax0_14 < 4; ++ax0_14) {
      int cse_v238 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_14 * 16));
      A_shared_local_ptr[ax0_14] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_14 * 16)) + 14)];
      A_shared_local_ptr[(ax0_14 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_14 * 16)) + 1038)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1792));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1856));
    for (int i_1_2_14 = 0; i_1_2_14 < 4; ++i_1_2_14) {
      for (int j_1_2_14 = 0; j_1_2_14 < 4; ++j_1_2_14) {
        int cse_v90 = ((i_1_2_14 * 4) + j_1_2_14);
        C_local_ptr[((i_1_2_14 * 4) + j_1_2_14)] = (C_local_ptr[((i_1_2_14 * 4) + j_1_2_14)] + (A_shared_local_ptr[i_1_2_14] * B_shared_local_ptr[j_1_2_14]));
        int cse_v34 = (i_1_2_14 + 4);
        int cse_v170 = (((i_1_2_14 * 4) + j_1_2_14) + 32);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 32)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 32)] + (A_shared_local_ptr[(i_1_2_14 + 4)] * B_shared_local_ptr[j_1_2_14]));
        int cse_v35 = (j_1_2_14 + 4);
        int cse_v171 = (((i_1_2_14 * 4) + j_1_2_14) + 16);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 16)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 16)] + (A_shared_local_ptr[i_1_2_14] * B_shared_local_ptr[(j_1_2_14 + 4)]));
        int cse_v172 = (((i_1_2_14 * 4) + j_1_2_14) + 48);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 48)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 48)] + (A_shared_local_ptr[(i_1_2_14 + 4)] * B_shared_local_ptr[(j_1_2_14 + 4)]));
      }
    }
    for (int ax0_15 = 0; ax0_15 < 4; ++ax0_15) {
      int cse_v239 = ((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_15 * 16));
      A_shared_local_ptr[ax0_15] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_15 * 16)) + 15)];
      A_shared_local_ptr[(ax0_15 + 4)] = A_shared_ptr[(((((k_0 & 1) * 2048) + (((int)threadIdx.y) * 64)) + (ax0_15 * 16)) + 1039)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1920));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 2048) + (((int)threadIdx.x) * 4)) + 1984));
    for (int i_1_2_15 = 0; i_1_2_15 < 4; ++i_1_2_15) {
      for (int j_1_2_15 = 0; j_1_2_15 < 4; ++j_1_2_15) {
        int cse_v91 = ((i_1_2_15 * 4) + j_1_2_15);
        C_local_ptr[((i_1_2_15 * 4) + j_1_2_15)] = (C_local_ptr[((i_1_2_15 * 4) + j_1_2_15)] + (A_shared_local_ptr[i_1_2_15] * B_shared_local_ptr[j_1_2_15]));
        int cse_v36 = (i_1_2_15 + 4);
        int cse_v173 = (((i_1_2_15 * 4) + j_1_2_15) + 32);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 32)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 32)] + (A_shared_local_ptr[(i_1_2_15 + 4)] * B_shared_local_ptr[j_1_2_15]));
        int cse_v37 = (j_1_2_15 + 4);
        int cse_v174 = (((i_1_2_15 * 4) + j_1_2_15) + 16);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 16)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 16)] + (A_shared_local_ptr[i_1_2_15] * B_shared_local_ptr[(j_1_2_15 + 4)]));
        int cse_v175 = (((i_1_2_15 * 4) + j_1_2_15) + 48);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 48)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 48)] + (A_shared_local_ptr[(i_1_2_15 + 4)] * B_shared_local_ptr[(j_1_2_15 + 4)]));
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int ax0_16 = 0; ax0_16 < 4; ++ax0_16) {
    int cse_v92 = ((((int)threadIdx.y) * 64) + (ax0_16 * 16));
    A_shared_local_ptr_1[ax0_16] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_16 * 16)) + 2048)];
    A_shared_local_ptr_1[(ax0_16 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_16 * 16)) + 3072)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2048));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2112));
  for (int i_1_2_16 = 0; i_1_2_16 < 4; ++i_1_2_16) {
    for (int j_1_2_16 = 0; j_1_2_16 < 4; ++j_1_2_16) {
      int cse_v93 = ((i_1_2_16 * 4) + j_1_2_16);
      C_local_ptr[((i_1_2_16 * 4) + j_1_2_16)] = (C_local_ptr[((i_1_2_16 * 4) + j_1_2_16)] + (A_shared_local_ptr_1[i_1_2_16] * B_shared_local_ptr_1[j_1_2_16]));
      int cse_v38 = (i_1_2_16 + 4);
      int cse_v176 = (((i_1_2_16 * 4) + j_1_2_16) + 32);
      C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 32)] = (C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 32)] + (A_shared_local_ptr_1[(i_1_2_16 + 4)] * B_shared_local_ptr_1[j_1_2_16]));
      int cse_v39 = (j_1_2_16 + 4);
      int cse_v177 = (((i_1_2_16 * 4) + j_1_2_16) + 16);
      C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 16)] = (C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 16)] + (A_shared_local_ptr_1[i_1_2_16] * B_shared_local_ptr_1[(j_1_2_16 + 4)]));
      int cse_v178 = (((i_1_2_16 * 4) + j_1_2_16) + 48);
      C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 48)] = (C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 48)] + (A_shared_local_ptr_1[(i_1_2_16 + 4)] * B_shared_local_ptr_1[(j_1_2_16 + 4)]));
    }
  }
  for (int ax0_17 = 0; ax0_17 < 4; ++ax0_17) {
    int cse_v94 = ((((int)threadIdx.y) * 64) + (ax0_17 * 16));
    A_shared_local_ptr_1[ax0_17] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_17 * 16)) + 2049)];
    A_shared_local_ptr_1[(ax0_17 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_17 * 16)) + 3073)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2176));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2240));
  for (int i_1_2_17 = 0; i_1_2_17 < 4; ++i_1_2_17) {
    for (int j_1_2_17 = 0; j_1_2_17 < 4; ++j_1_2_17) {
      int cse_v95 = ((i_1_2_17 * 4) + j_1_2_17);
      C_local_ptr[((i_1_2_17 * 4) + j_1_2_17)] = (C_local_ptr[((i_1_2_17 * 4) + j_1_2_17)] + (A_shared_local_ptr_1[i_1_2_17] * B_shared_local_ptr_1[j_1_2_17]));
      int cse_v40 = (i_1_2_17 + 4);
      int cse_v179 = (((i_1_2_17 * 4) + j_1_2_17) + 32);
      C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 32)] = (C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 32)] + (A_shared_local_ptr_1[(i_1_2_17 + 4)] * B_shared_local_ptr_1[j_1_2_17]));
      int cse_v41 = (j_1_2_17 + 4);
      int cse_v180 = (((i_1_2_17 * 4) + j_1_2_17) + 16);
      C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 16)] = (C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 16)] + (A_shared_local_ptr_1[i_1_2_17] * B_shared_local_ptr_1[(j_1_2_17 + 4)]));
      int cse_v181 = (((i_1_2_17 * 4) + j_1_2_17) + 48);
      C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 48)] = (C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 48)] + (A_shared_local_ptr_1[(i_1_2_17 + 4)] * B_shared_local_ptr_1[(j_1_2_17 + 4)]));
    }
  }
  for (int ax0_18 = 0; ax0_18 < 4; ++ax0_18) {
    int cse_v96 = ((((int)threadIdx.y) * 64) + (ax0_18 * 16));
    A_shared_local_ptr_1[ax0_18] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_18 * 16)) + 2050)];
    A_shared_local_ptr_1[(ax0_18 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_18 * 16)) + 3074)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2304));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2368));
  for (int i_1_2_18 = 0; i_1_2_18 < 4; ++i_1_2_18) {
    for (int j_1_2_18 = 0; j_1_2_18 < 4; ++j_1_2_18) {
      int cse_v97 = ((i_1_2_18 * 4) + j_1_2_18);
      C_local_ptr[((i_1_2_18 * 4) + j_1_2_18)] = (C_local_ptr[((i_1_2_18 * 4) + j_1_2_18)] + (A_shared_local_ptr_1[i_1_2_18] * B_shared_local_ptr_1[j_1_2_18]));
      int cse_v42 = (i_1_2_18 + 4);
      int cse_v182 = (((i_1_2_18 * 4) + j_1_2_18) + 32);
      C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 32)] = (C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 32)] + (A_shared_local_ptr_1[(i_1_2_18 + 4)] * B_shared_local_ptr_1[j_1_2_18]));
      int cse_v43 = (j_1_2_18 + 4);
      int cse_v183 = (((i_1_2_18 * 4) + j_1_2_18) + 16);
      C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 16)] = (C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 16)] + (A_shared_local_ptr_1[i_1_2_18] * B_shared_local_ptr_1[(j_1_2_18 + 4)]));
      int cse_v184 = (((i_1_2_18 * 4) + j_1_2_18) + 48);
      C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 48)] = (C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 48)] + (A_shared_local_ptr_1[(i_1_2_18 + 4)] * B_shared_local_ptr_1[(j_1_2_18 + 4)]));
    }
  }
  for (int ax0_19 = 0; ax0_19 < 4; ++ax0_19) {
    int cse_v98 = ((((int)threadIdx.y) * 64) + (ax0_19 * 16));
    A_shared_local_ptr_1[ax0_19] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_19 * 16)) + 2051)];
    A_shared_local_ptr_1[(ax0_19 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_19 * 16)) + 3075)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2432));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2496));
  for (int i_1_2_19 = 0; i_1_2_19 < 4; ++i_1_2_19) {
    for (int j_1_2_19 = 0; j_1_2_19 < 4; ++j_1_2_19) {
      int cse_v99 = ((i_1_2_19 * 4) + j_1_2_19);
      C_local_ptr[((i_1_2_19 * 4) + j_1_2_19)] = (C_local_ptr[((i_1_2_19 * 4) + j_1_2_19)] + (A_shared_local_ptr_1[i_1_2_19] * B_shared_local_ptr_1[j_1_2_19]));
      int cse_v44 = (i_1_2_19 + 4);
      int cse_v185 = (((i_1_2_19 * 4) + j_1_2_19) + 32);
      C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 32)] = (C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 32)] + (A_shared_local_ptr_1[(i_1_2_19 + 4)] * B_shared_local_ptr_1[j_1_2_19]));
      int cse_v45 = (j_1_2_19 + 4);
      int cse_v186 = (((i_1_2_19 * 4) + j_1_2_19) + 16);
      C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 16)] = (C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 16)] + (A_shared_local_ptr_1[i_1_2_19] * B_shared_local_ptr_1[(j_1_2_19 + 4)]));
      int cse_v187 = (((i_1_2_19 * 4) + j_1_2_19) + 48);
      C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 48)] = (C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 48)] + (A_shared_local_ptr_1[(i_1_2_19 + 4)] * B_shared_local_ptr_1[(j_1_2_19 + 4)]));
    }
  }
  for (int ax0_20 = 0; ax0_20 < 4; ++ax0_20) {
    int cse_v100 = ((((int)threadIdx.y) * 64) + (ax0_20 * 16));
    A_shared_local_ptr_1[ax0_20] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_20 * 16)) + 2052)];
    A_shared_local_ptr_1[(ax0_20 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_20 * 16)) + 3076)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2560));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2624));
  for (int i_1_2_20 = 0; i_1_2_20 < 4; ++i_1_2_20) {
    for (int j_1_2_20 = 0; j_1_2_20 < 4; ++j_1_2_20) {
      int cse_v101 = ((i_1_2_20 * 4) + j_1_2_20);
      C_local_ptr[((i_1_2_20 * 4) + j_1_2_20)] = (C_local_ptr[((i_1_2_20 * 4) + j_1_2_20)] + (A_shared_local_ptr_1[i_1_2_20] * B_shared_local_ptr_1[j_1_2_20]));
      int cse_v46 = (i_1_2_20 + 4);
      int cse_v188 = (((i_1_2_20 * 4) + j_1_2_20) + 32);
      C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 32)] = (C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 32)] + (A_shared_local_ptr_1[(i_1_2_20 + 4)] * B_shared_local_ptr_1[j_1_2_20]));
      int cse_v47 = (j_1_2_20 + 4);
      int cse_v189 = (((i_1_2_20 * 4) + j_1_2_20) + 16);
      C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 16)] = (C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 16)] + (A_shared_local_ptr_1[i_1_2_20] * B_shared_local_ptr_1[(j_1_2_20 + 4)]));
      int cse_v190 = (((i_1_2_20 * 4) + j_1_2_20) + 48);
      C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 48)] = (C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 48)] + (A_shared_local_ptr_1[(i_1_2_20 + 4)] * B_shared_local_ptr_1[(j_1_2_20 + 4)]));
    }
  }
  for (int ax0_21 = 0; ax0_21 < 4; ++ax0_21) {
    int cse_v102 = ((((int)threadIdx.y) * 64) + (ax0_21 * 16));
    A_shared_local_ptr_1[ax0_21] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_21 * 16)) + 2053)];
    A_shared_local_ptr_1[(ax0_21 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_21 * 16)) + 3077)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2688));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2752));
  for (int i_1_2_21 = 0; i_1_2_21 < 4; ++i_1_2_21) {
    for (int j_1_2_21 = 0; j_1_2_21 < 4; ++j_1_2_21) {
      int cse_v103 = ((i_1_2_21 * 4) + j_1_2_21);
      C_local_ptr[((i_1_2_21 * 4) + j_1_2_21)] = (C_local_ptr[((i_1_2_21 * 4) + j_1_2_21)] + (A_shared_local_ptr_1[i_1_2_21] * B_shared_local_ptr_1[j_1_2_21]));
      int cse_v48 = (i_1_2_21 + 4);
      int cse_v191 = (((i_1_2_21 * 4) + j_1_2_21) + 32);
      C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 32)] = (C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 32)] + (A_shared_local_ptr_1[(i_1_2_21 + 4)] * B_shared_local_ptr_1[j_1_2_21]));
      int cse_v49 = (j_1_2_21 + 4);
      int cse_v192 = (((i_1_2_21 * 4) + j_1_2_21) + 16);
      C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 16)] = (C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 16)] + (A_shared_local_ptr_1[i_1_2_21] * B_shared_local_ptr_1[(j_1_2_21 + 4)]));
      int cse_v193 = (((i_1_2_21 * 4) + j_1_2_21) + 48);
      C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 48)] = (C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 48)] + (A_shared_local_ptr_1[(i_1_2_21 + 4)] * B_shared_local_ptr_1[(j_1_2_21 + 4)]));
    }
  }
  for (int ax0_22 = 0; ax0_22 < 4; ++ax0_22) {
    int cse_v104 = ((((int)threadIdx.y) * 64) + (ax0_22 * 16));
    A_shared_local_ptr_1[ax0_22] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_22 * 16)) + 2054)];
    A_shared_local_ptr_1[(ax0_22 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_22 * 16)) + 3078)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2816));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2880));
  for (int i_1_2_22 = 0; i_1_2_22 < 4; ++i_1_2_22) {
    for (int j_1_2_22 = 0; j_1_2_22 < 4; ++j_1_2_22) {
      int cse_v105 = ((i_1_2_22 * 4) + j_1_2_22);
      C_local_ptr[((i_1_2_22 * 4) + j_1_2_22)] = (C_local_ptr[((i_1_2_22 * 4) + j_1_2_22)] + (A_shared_local_ptr_1[i_1_2_22] * B_shared_local_ptr_1[j_1_2_22]));
      int cse_v50 = (i_1_2_22 + 4);
      int cse_v194 = (((i_1_2_22 * 4) + j_1_2_22) + 32);
      C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 32)] = (C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 32)] + (A_shared_local_ptr_1[(i_1_2_22 + 4)] * B_shared_local_ptr_1[j_1_2_22]));
      int cse_v51 = (j_1_2_22 + 4);
      int cse_v195 = (((i_1_2_22 * 4) + j_1_2_22) + 16);
      C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 16)] = (C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 16)] + (A_shared_local_ptr_1[i_1_2_22] * B_shared_local_ptr_1[(j_1_2_22 + 4)]));
      int cse_v196 = (((i_1_2_22 * 4) + j_1_2_22) + 48);
      C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 48)] = (C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 48)] + (A_shared_local_ptr_1[(i_1_2_22 + 4)] * B_shared_local_ptr_1[(j_1_2_22 + 4)]));
    }
  }
  for (int ax0_23 = 0; ax0_23 < 4; ++ax0_23) {
    int cse_v106 = ((((int)threadIdx.y) * 64) + (ax0_23 * 16));
    A_shared_local_ptr_1[ax0_23] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_23 * 16)) + 2055)];
    A_shared_local_ptr_1[(ax0_23 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_23 * 16)) + 3079)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 2944));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3008));
  for (int i_1_2_23 = 0; i_1_2_23 < 4; ++i_1_2_23) {
    for (int j_1_2_23 = 0; j_1_2_23 < 4; ++j_1_2_23) {
      int cse_v107 = ((i_1_2_23 * 4) + j_1_2_23);
      C_local_ptr[((i_1_2_23 * 4) + j_1_2_23)] = (C_local_ptr[((i_1_2_23 * 4) + j_1_2_23)] + (A_shared_local_ptr_1[i_1_2_23] * B_shared_local_ptr_1[j_1_2_23]));
      int cse_v52 = (i_1_2_23 + 4);
      int cse_v197 = (((i_1_2_23 * 4) + j_1_2_23) + 32);
      C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 32)] = (C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 32)] + (A_shared_local_ptr_1[(i_1_2_23 + 4)] * B_shared_local_ptr_1[j_1_2_23]));
      int cse_v53 = (j_1_2_23 + 4);
      int cse_v198 = (((i_1_2_23 * 4) + j_1_2_23) + 16);
      C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 16)] = (C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 16)] + (A_shared_local_ptr_1[i_1_2_23] * B_shared_local_ptr_1[(j_1_2_23 + 4)]));
      int cse_v199 = (((i_1_2_23 * 4) + j_1_2_23) + 48);
      C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 48)] = (C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 48)] + (A_shared_local_ptr_1[(i_1_2_23 + 4)] * B_shared_local_ptr_1[(j_1_2_23 + 4)]));
    }
  }
  for (int ax0_24 = 0; ax0_24 < 4; ++ax0_24) {
    int cse_v108 = ((((int)threadIdx.y) * 64) + (ax0_24 * 16));
    A_shared_local_ptr_1[ax0_24] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_24 * 16)) + 2056)];
    A_shared_local_ptr_1[(ax0_24 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_24 * 16)) + 3080)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3072));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3136));
  for (int i_1_2_24 = 0; i_1_2_24 < 4; ++i_1_2_24) {
    for (int j_1_2_24 = 0; j_1_2_24 < 4; ++j_1_2_24) {
      int cse_v109 = ((i_1_2_24 * 4) + j_1_2_24);
      C_local_ptr[((i_1_2_24 * 4) + j_1_2_24)] = (C_local_ptr[((i_1_2_24 * 4) + j_1_2_24)] + (A_shared_local_ptr_1[i_1_2_24] * B_shared_local_ptr_1[j_1_2_24]));
      int cse_v54 = (i_1_2_24 + 4);
      int cse_v200 = (((i_1_2_24 * 4) + j_1_2_24) + 32);
      C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 32)] = (C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 32)] + (A_shared_local_ptr_1[(i_1_2_24 + 4)] * B_shared_local_ptr_1[j_1_2_24]));
      int cse_v55 = (j_1_2_24 + 4);
      int cse_v201 = (((i_1_2_24 * 4) + j_1_2_24) + 16);
      C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 16)] = (C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 16)] + (A_shared_local_ptr_1[i_1_2_24] * B_shared_local_ptr_1[(j_1_2_24 + 4)]));
      int cse_v202 = (((i_1_2_24 * 4) + j_1_2_24) + 48);
      C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 48)] = (C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 48)] + (A_shared_local_ptr_1[(i_1_2_24 + 4)] * B_shared_local_ptr_1[(j_1_2_24 + 4)]));
    }
  }
  for (int ax0_25 = 0; ax0_25 < 4; ++ax0_25) {
    int cse_v110 = ((((int)threadIdx.y) * 64) + (ax0_25 * 16));
    A_shared_local_ptr_1[ax0_25] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_25 * 16)) + 2057)];
    A_shared_local_ptr_1[(ax0_25 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_25 * 16)) + 3081)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3200));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3264));
  for (int i_1_2_25 = 0; i_1_2_25 < 4; ++i_1_2_25) {
    for (int j_1_2_25 = 0; j_1_2_25 < 4; ++j_1_2_25) {
      int cse_v111 = ((i_1_2_25 * 4) + j_1_2_25);
      C_local_ptr[((i_1_2_25 * 4) + j_1_2_25)] = (C_local_ptr[((i_1_2_25 * 4) + j_1_2_25)] + (A_shared_local_ptr_1[i_1_2_25] * B_shared_local_ptr_1[j_1_2_25]));
      int cse_v56 = (i_1_2_25 + 4);
      int cse_v203 = (((i_1_2_25 * 4) + j_1_2_25) + 32);
      C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 32)] = (C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 32)] + (A_shared_local_ptr_1[(i_1_2_25 + 4)] * B_shared_local_ptr_1[j_1_2_25]));
      int cse_v57 = (j_1_2_25 + 4);
      int cse_v204 = (((i_1_2_25 * 4) + j_1_2_25) + 16);
      C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 16)] = (C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 16)] + (A_shared_local_ptr_1[i_1_2_25] * B_shared_local_ptr_1[(j_1_2_25 + 4)]));
      int cse_v205 = (((i_1_2_25 * 4) + j_1_2_25) + 48);
      C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 48)] = (C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 48)] + (A_shared_local_ptr_1[(i_1_2_25 + 4)] * B_shared_local_ptr_1[(j_1_2_25 + 4)]));
    }
  }
  for (int ax0_26 = 0; ax0_26 < 4; ++ax0_26) {
    int cse_v112 = ((((int)threadIdx.y) * 64) + (ax0_26 * 16));
    A_shared_local_ptr_1[ax0_26] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_26 * 16)) + 2058)];
    A_shared_local_ptr_1[(ax0_26 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_26 * 16)) + 3082)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3328));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3392));
  for (int i_1_2_26 = 0; i_1_2_26 < 4; ++i_1_2_26) {
    for (int j_1_2_26 = 0; j_1_2_26 < 4; ++j_1_2_26) {
      int cse_v113 = ((i_1_2_26 * 4) + j_1_2_26);
      C_local_ptr[((i_1_2_26 * 4) + j_1_2_26)] = (C_local_ptr[((i_1_2_26 * 4) + j_1_2_26)] + (A_shared_local_ptr_1[i_1_2_26] * B_shared_local_ptr_1[j_1_2_26]));
      int cse_v58 = (i_1_2_26 + 4);
      int cse_v206 = (((i_1_2_26 * 4) + j_1_2_26) + 32);
      C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 32)] = (C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 32)] + (A_shared_local_ptr_1[(i_1_2_26 + 4)] * B_shared_local_ptr_1[j_1_2_26]));
      int cse_v59 = (j_1_2_26 + 4);
      int cse_v207 = (((i_1_2_26 * 4) + j_1_2_26) + 16);
      C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 16)] = (C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 16)] + (A_shared_local_ptr_1[i_1_2_26] * B_shared_local_ptr_1[(j_1_2_26 + 4)]));
      int cse_v208 = (((i_1_2_26 * 4) + j_1_2_26) + 48);
      C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 48)] = (C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 48)] + (A_shared_local_ptr_1[(i_1_2_26 + 4)] * B_shared_local_ptr_1[(j_1_2_26 + 4)]));
    }
  }
  for (int ax0_27 = 0; ax0_27 < 4; ++ax0_27) {
    int cse_v114 = ((((int)threadIdx.y) * 64) + (ax0_27 * 16));
    A_shared_local_ptr_1[ax0_27] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_27 * 16)) + 2059)];
    A_shared_local_ptr_1[(ax0_27 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_27 * 16)) + 3083)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3456));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3520));
  for (int i_1_2_27 = 0; i_1_2_27 < 4; ++i_1_2_27) {
    for (int j_1_2_27 = 0; j_1_2_27 < 4; ++j_1_2_27) {
      int cse_v115 = ((i_1_2_27 * 4) + j_1_2_27);
      C_local_ptr[((i_1_2_27 * 4) + j_1_2_27)] = (C_local_ptr[((i_1_2_27 * 4) + j_1_2_27)] + (A_shared_local_ptr_1[i_1_2_27] * B_shared_local_ptr_1[j_1_2_27]));
      int cse_v60 = (i_1_2_27 + 4);
      int cse_v209 = (((i_1_2_27 * 4) + j_1_2_27) + 32);
      C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 32)] = (C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 32)] + (A_shared_local_ptr_1[(i_1_2_27 + 4)] * B_shared_local_ptr_1[j_1_2_27]));
      int cse_v61 = (j_1_2_27 + 4);
      int cse_v210 = (((i_1_2_27 * 4) + j_1_2_27) + 16);
      C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 16)] = (C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 16)] + (A_shared_local_ptr_1[i_1_2_27] * B_shared_local_ptr_1[(j_1_2_27 + 4)]));
      int cse_v211 = (((i_1_2_27 * 4) + j_1_2_27) + 48);
      C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 48)] = (C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 48)] + (A_shared_local_ptr_1[(i_1_2_27 + 4)] * B_shared_local_ptr_1[(j_1_2_27 + 4)]));
    }
  }
  for (int ax0_28 = 0; ax0_28 < 4; ++ax0_28) {
    int cse_v116 = ((((int)threadIdx.y) * 64) + (ax0_28 * 16));
    A_shared_local_ptr_1[ax0_28] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_28 * 16)) + 2060)];
    A_shared_local_ptr_1[(ax0_28 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_28 * 16)) + 3084)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3584));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3648));
  for (int i_1_2_28 = 0; i_1_2_28 < 4; ++i_1_2_28) {
    for (int j_1_2_28 = 0; j_1_2_28 < 4; ++j_1_2_28) {
      int cse_v117 = ((i_1_2_28 * 4) + j_1_2_28);
      C_local_ptr[((i_1_2_28 * 4) + j_1_2_28)] = (C_local_ptr[((i_1_2_28 * 4) + j_1_2_28)] + (A_shared_local_ptr_1[i_1_2_28] * B_shared_local_ptr_1[j_1_2_28]));
      int cse_v62 = (i_1_2_28 + 4);
      int cse_v212 = (((i_1_2_28 * 4) + j_1_2_28) + 32);
      C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 32)] = (C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 32)] + (A_shared_local_ptr_1[(i_1_2_28 + 4)] * B_shared_local_ptr_1[j_1_2_28]));
      int cse_v63 = (j_1_2_28 + 4);
      int cse_v213 = (((i_1_2_28 * 4) + j_1_2_28) + 16);
      C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 16)] = (C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 16)] + (A_shared_local_ptr_1[i_1_2_28] * B_shared_local_ptr_1[(j_1_2_28 + 4)]));
      int cse_v214 = (((i_1_2_28 * 4) + j_1_2_28) + 48);
      C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 48)] = (C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 48)] + (A_shared_local_ptr_1[(i_1_2_28 + 4)] * B_shared_local_ptr_1[(j_1_2_28 + 4)]));
    }
  }
  for (int ax0_29 = 0; ax0_29 < 4; ++ax0_29) {
    int cse_v118 = ((((int)threadIdx.y) * 64) + (ax0_29 * 16));
    A_shared_local_ptr_1[ax0_29] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_29 * 16)) + 2061)];
    A_shared_local_ptr_1[(ax0_29 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_29 * 16)) + 3085)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3712));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3776));
  for (int i_1_2_29 = 0; i_1_2_29 < 4; ++i_1_2_29) {
    for (int j_1_2_29 = 0; j_1_2_29 < 4; ++j_1_2_29) {
      int cse_v119 = ((i_1_2_29 * 4) + j_1_2_29);
      C_local_ptr[((i_1_2_29 * 4) + j_1_2_29)] = (C_local_ptr[((i_1_2_29 * 4) + j_1_2_29)] + (A_shared_local_ptr_1[i_1_2_29] * B_shared_local_ptr_1[j_1_2_29]));
      int cse_v64 = (i_1_2_29 + 4);
      int cse_v215 = (((i_1_2_29 * 4) + j_1_2_29) + 32);
      C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 32)] = (C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 32)] + (A_shared_local_ptr_1[(i_1_2_29 + 4)] * B_shared_local_ptr_1[j_1_2_29]));
      int cse_v65 = (j_1_2_29 + 4);
      int cse_v216 = (((i_1_2_29 * 4) + j_1_2_29) + 16);
      C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 16)] = (C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 16)] + (A_shared_local_ptr_1[i_1_2_29] * B_shared_local_ptr_1[(j_1_2_29 + 4)]));
      int cse_v217 = (((i_1_2_29 * 4) + j_1_2_29) + 48);
      C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 48)] = (C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 48)] + (A_shared_local_ptr_1[(i_1_2_29 + 4)] * B_shared_local_ptr_1[(j_1_2_29 + 4)]));
    }
  }
  for (int ax0_30 = 0; ax0_30 < 4; ++ax0_30) {
    int cse_v120 = ((((int)threadIdx.y) * 64) + (ax0_30 * 16));
    A_shared_local_ptr_1[ax0_30] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_30 * 16)) + 2062)];
    A_shared_local_ptr_1[(ax0_30 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_30 * 16)) + 3086)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3840));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3904));
  for (int i_1_2_30 = 0; i_1_2_30 < 4; ++i_1_2_30) {
    for (int j_1_2_30 = 0; j_1_2_30 < 4; ++j_1_2_30) {
      int cse_v121 = ((i_1_2_30 * 4) + j_1_2_30);
      C_local_ptr[((i_1_2_30 * 4) + j_1_2_30)] = (C_local_ptr[((i_1_2_30 * 4) + j_1_2_30)] + (A_shared_local_ptr_1[i_1_2_30] * B_shared_local_ptr_1[j_1_2_30]));
      int cse_v66 = (i_1_2_30 + 4);
      int cse_v218 = (((i_1_2_30 * 4) + j_1_2_30) + 32);
      C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 32)] = (C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 32)] + (A_shared_local_ptr_1[(i_1_2_30 + 4)] * B_shared_local_ptr_1[j_1_2_30]));
      int cse_v67 = (j_1_2_30 + 4);
      int cse_v219 = (((i_1_2_30 * 4) + j_1_2_30) + 16);
      C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 16)] = (C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 16)] + (A_shared_local_ptr_1[i_1_2_30] * B_shared_local_ptr_1[(j_1_2_30 + 4)]));
      int cse_v220 = (((i_1_2_30 * 4) + j_1_2_30) + 48);
      C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 48)] = (C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 48)] + (A_shared_local_ptr_1[(i_1_2_30 + 4)] * B_shared_local_ptr_1[(j_1_2_30 + 4)]));
    }
  }
  for (int ax0_31 = 0; ax0_31 < 4; ++ax0_31) {
    int cse_v122 = ((((int)threadIdx.y) * 64) + (ax0_31 * 16));
    A_shared_local_ptr_1[ax0_31] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_31 * 16)) + 2063)];
    A_shared_local_ptr_1[(ax0_31 + 4)] = A_shared_ptr[(((((int)threadIdx.y) * 64) + (ax0_31 * 16)) + 3087)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 3968));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4032));
  for (int i_1_2_31 = 0; i_1_2_31 < 4; ++i_1_2_31) {
    for (int j_1_2_31 = 0; j_1_2_31 < 4; ++j_1_2_31) {
      int cse_v123 = ((i_1_2_31 * 4) + j_1_2_31);
      C_local_ptr[((i_1_2_31 * 4) + j_1_2_31)] = (C_local_ptr[((i_1_2_31 * 4) + j_1_2_31)] + (A_shared_local_ptr_1[i_1_2_31] * B_shared_local_ptr_1[j_1_2_31]));
      int cse_v68 = (i_1_2_31 + 4);
      int cse_v221 = (((i_1_2_31 * 4) + j_1_2_31) + 32);
      C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 32)] = (C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 32)] + (A_shared_local_ptr_1[(i_1_2_31 + 4)] * B_shared_local_ptr_1[j_1_2_31]));
      int cse_v69 = (j_1_2_31 + 4);
      int cse_v222 = (((i_1_2_31 * 4) + j_1_2_31) + 16);
      C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 16)] = (C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 16)] + (A_shared_local_ptr_1[i_1_2_31] * B_shared_local_ptr_1[(j_1_2_31 + 4)]));
      int cse_v223 = (((i_1_2_31 * 4) + j_1_2_31) + 48);
      C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 48)] = (C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 48)] + (A_shared_local_ptr_1[(i_1_2_31 + 4)] * B_shared_local_ptr_1[(j_1_2_31 + 4)]));
    }
  }
  for (int ax0_32 = 0; ax0_32 < 4; ++ax0_32) {
    for (int ax1 = 0; ax1 < 4; ++ax1) {
      int cse_v124 = ((ax0_32 * 4) + ax1);
      int cse_v240 = ((((((((int)blockIdx.y) * 131072) + (((int)threadIdx.y) * 4096)) + (ax0_32 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1);
      C_ptr[((((((((int)blockIdx.y) * 131072) + (((int)threadIdx.y) * 4096)) + (ax0_32 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1)] = C_local_ptr[((ax0_32 * 4) + ax1)];
      C_ptr[(((((((((int)blockIdx.y) * 131072) + (((int)threadIdx.y) * 4096)) + (ax0_32 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1) + 65536)] = C_local_ptr[(((ax0_32 * 4) + ax1) + 32)];
      C_ptr[(((((((((int)blockIdx.y) * 131072) + (((int)threadIdx.y) * 4096)) + (ax0_32 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1) + 64)] = C_local_ptr[(((ax0_32 * 4) + ax1) + 16)];
      C_ptr[(((((((((int)blockIdx.y) * 131072) + (((int)threadIdx.y) * 4096)) + (ax0_32 * 1024)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + ax1) + 65600)] = C_local_ptr[(((ax0_32 * 4) + ax1) + 48)];
    }
  }
}

