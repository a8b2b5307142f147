
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
  alignas(64) float C_local_ptr[128];
  __shared__ alignas(64) float A_shared_ptr[16384];
  __shared__ alignas(64) float B_shared_ptr[8192];
  alignas(64) float A_shared_local_ptr[16];
  alignas(64) float B_shared_local_ptr[8];
  alignas(64) float A_shared_local_ptr_1[16];
  alignas(64) float B_shared_local_ptr_1[8];
  for (int i_1_2_init = 0; i_1_2_init < 8; ++i_1_2_init) {
    for (int j_1_2_init = 0; j_1_2_init < 4; ++j_1_2_init) {
      int cse_v137 = ((i_1_2_init * 4) + j_1_2_init);
      C_local_ptr[((i_1_2_init * 4) + j_1_2_init)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 64)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 32)] = 0x0p+0f/*0.000000e+00*/;
      C_local_ptr[(((i_1_2_init * 4) + j_1_2_init) + 96)] = 0x0p+0f/*0.000000e+00*/;
    }
  }
  int cse_v1 = (((int)blockIdx.y) * 1048576);
  int cse_v2 = (((int)threadIdx.y) * 8192);
  int cse_v3 = (((int)threadIdx.y) * 64);
  int cse_v4 = (((int)threadIdx.x) * 4);
  int cse_v5 = (((int)blockIdx.x) * 128);
  int cse_v138 = ((((int)threadIdx.x) >> 3) * 4096);
  int cse_v139 = ((((int)threadIdx.x) & 7) * 4);
  int cse_v140 = ((((int)threadIdx.y) >> 1) * 4096);
  int cse_v141 = ((((int)threadIdx.y) & 1) * 64);
  for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 8; ++ax0_ax1_fused_0) {
    *(float4*)(A_shared_ptr + (((ax0_ax1_fused_0 * 1024) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(A_ptr + (((((((int)blockIdx.y) * 1048576) + (ax0_ax1_fused_0 * 131072)) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 3) * 4096)) + ((((int)threadIdx.x) & 7) * 4)));
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 4; ++ax0_ax1_fused_0_1) {
    *(float4*)(B_shared_ptr + (((ax0_ax1_fused_0_1 * 1024) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(B_ptr + (((((ax0_ax1_fused_0_1 * 32768) + ((((int)threadIdx.y) >> 1) * 4096)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.y) & 1) * 64)) + (((int)threadIdx.x) * 4)));
  }
  tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
  int cse_v7 = (((int)threadIdx.y) * 256);
  for (int k_0 = 0; k_0 < 127; ++k_0) {
    int cse_v142 = ((k_0 + 1) & 1);
    __syncthreads();
    for (int ax0_ax1_fused_0_2 = 0; ax0_ax1_fused_0_2 < 8; ++ax0_ax1_fused_0_2) {
      *(float4*)(A_shared_ptr + ((((((k_0 + 1) & 1) * 8192) + (ax0_ax1_fused_0_2 * 1024)) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(A_ptr + (((((((((int)blockIdx.y) * 1048576) + (ax0_ax1_fused_0_2 * 131072)) + (((int)threadIdx.y) * 8192)) + ((((int)threadIdx.x) >> 3) * 4096)) + (k_0 * 32)) + ((((int)threadIdx.x) & 7) * 4)) + 32));
    }
    for (int ax0_ax1_fused_0_3 = 0; ax0_ax1_fused_0_3 < 4; ++ax0_ax1_fused_0_3) {
      *(float4*)(B_shared_ptr + ((((((k_0 + 1) & 1) * 4096) + (ax0_ax1_fused_0_3 * 1024)) + (((int)threadIdx.y) * 64)) + (((int)threadIdx.x) * 4))) = *(float4*)(B_ptr + (((((((k_0 * 131072) + (ax0_ax1_fused_0_3 * 32768)) + ((((int)threadIdx.y) >> 1) * 4096)) + (((int)blockIdx.x) * 128)) + ((((int)threadIdx.y) & 1) * 64)) + (((int)threadIdx.x) * 4)) + 131072));
    }
    tvm_builtin_ptx_cp_async_commit_group_async_commit_group();
    tvm_builtin_ptx_cp_async_wait_group_async_wait_group_1();
    __syncthreads();
    int cse_v6 = (k_0 & 1);
    int cse_v239 = (((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256));
    for (int ax0 = 0; ax0 < 8; ++ax0) {
      int cse_v433 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0 * 32));
      A_shared_local_ptr[ax0] = A_shared_ptr[((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0 * 32))];
      A_shared_local_ptr[(ax0 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0 * 32)) + 4096)];
    }
    int cse_v240 = (((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4));
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + (((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 64));
    for (int i_1_2 = 0; i_1_2 < 8; ++i_1_2) {
      for (int j_1_2 = 0; j_1_2 < 4; ++j_1_2) {
        int cse_v143 = ((i_1_2 * 4) + j_1_2);
        C_local_ptr[((i_1_2 * 4) + j_1_2)] = (C_local_ptr[((i_1_2 * 4) + j_1_2)] + (A_shared_local_ptr[i_1_2] * B_shared_local_ptr[j_1_2]));
        int cse_v8 = (i_1_2 + 8);
        int cse_v241 = (((i_1_2 * 4) + j_1_2) + 64);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 64)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 64)] + (A_shared_local_ptr[(i_1_2 + 8)] * B_shared_local_ptr[j_1_2]));
        int cse_v9 = (j_1_2 + 4);
        int cse_v242 = (((i_1_2 * 4) + j_1_2) + 32);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 32)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 32)] + (A_shared_local_ptr[i_1_2] * B_shared_local_ptr[(j_1_2 + 4)]));
        int cse_v243 = (((i_1_2 * 4) + j_1_2) + 96);
        C_local_ptr[(((i_1_2 * 4) + j_1_2) + 96)] = (C_local_ptr[(((i_1_2 * 4) + j_1_2) + 96)] + (A_shared_local_ptr[(i_1_2 + 8)] * B_shared_local_ptr[(j_1_2 + 4)]));
      }
    }
    for (int ax0_1 = 0; ax0_1 < 8; ++ax0_1) {
      int cse_v434 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_1 * 32));
      A_shared_local_ptr[ax0_1] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_1 * 32)) + 1)];
      A_shared_local_ptr[(ax0_1 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_1 * 32)) + 4097)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 128));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 192));
    for (int i_1_2_1 = 0; i_1_2_1 < 8; ++i_1_2_1) {
      for (int j_1_2_1 = 0; j_1_2_1 < 4; ++j_1_2_1) {
        int cse_v144 = ((i_1_2_1 * 4) + j_1_2_1);
        C_local_ptr[((i_1_2_1 * 4) + j_1_2_1)] = (C_local_ptr[((i_1_2_1 * 4) + j_1_2_1)] + (A_shared_local_ptr[i_1_2_1] * B_shared_local_ptr[j_1_2_1]));
        int cse_v10 = (i_1_2_1 + 8);
        int cse_v244 = (((i_1_2_1 * 4) + j_1_2_1) + 64);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 64)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 64)] + (A_shared_local_ptr[(i_1_2_1 + 8)] * B_shared_local_ptr[j_1_2_1]));
        int cse_v11 = (j_1_2_1 + 4);
        int cse_v245 = (((i_1_2_1 * 4) + j_1_2_1) + 32);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 32)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 32)] + (A_shared_local_ptr[i_1_2_1] * B_shared_local_ptr[(j_1_2_1 + 4)]));
        int cse_v246 = (((i_1_2_1 * 4) + j_1_2_1) + 96);
        C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 96)] = (C_local_ptr[(((i_1_2_1 * 4) + j_1_2_1) + 96)] + (A_shared_local_ptr[(i_1_2_1 + 8)] * B_shared_local_ptr[(j_1_2_1 + 4)]));
      }
    }
    for (int ax0_2 = 0; ax0_2 < 8; ++ax0_2) {
      int cse_v435 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_2 * 32));
      A_shared_local_ptr[ax0_2] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_2 * 32)) + 2)];
      A_shared_local_ptr[(ax0_2 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_2 * 32)) + 4098)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 256));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 320));
    for (int i_1_2_2 = 0; i_1_2_2 < 8; ++i_1_2_2) {
      for (int j_1_2_2 = 0; j_1_2_2 < 4; ++j_1_2_2) {
        int cse_v145 = ((i_1_2_2 * 4) + j_1_2_2);
        C_local_ptr[((i_1_2_2 * 4) + j_1_2_2)] = (C_local_ptr[((i_1_2_2 * 4) + j_1_2_2)] + (A_shared_local_ptr[i_1_2_2] * B_shared_local_ptr[j_1_2_2]));
        int cse_v12 = (i_1_2_2 + 8);
        int cse_v247 = (((i_1_2_2 * 4) + j_1_2_2) + 64);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 64)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 64)] + (A_shared_local_ptr[(i_1_2_2 + 8)] * B_shared_local_ptr[j_1_2_2]));
        int cse_v13 = (j_1_2_2 + 4);
        int cse_v248 = (((i_1_2_2 * 4) + j_1_2_2) + 32);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 32)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 32)] + (A_shared_local_ptr[i_1_2_2] * B_shared_local_ptr[(j_1_2_2 + 4)]));
        int cse_v249 = (((i_1_2_2 * 4) + j_1_2_2) + 96);
        C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 96)] = (C_local_ptr[(((i_1_2_2 * 4) + j_1_2_2) + 96)] + (A_shared_local_ptr[(i_1_2_2 + 8)] * B_shared_local_ptr[(j_1_2_2 + 4)]));
      }
    }
    for (int ax0_3 = 0; ax0_3 < 8; ++ax0_3) {
      int cse_v436 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_3 * 32));
      A_shared_local_ptr[ax0_3] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_3 * 32)) + 3)];
      A_shared_local_ptr[(ax0_3 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_3 * 32)) + 4099)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 384));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 448));
    for (int i_1_2_3 = 0; i_1_2_3 < 8; ++i_1_2_3) {
      for (int j_1_2_3 = 0; j_1_2_3 < 4; ++j_1_2_3) {
        int cse_v146 = ((i_1_2_3 * 4) + j_1_2_3);
        C_local_ptr[((i_1_2_3 * 4) + j_1_2_3)] = (C_local_ptr[((i_1_2_3 * 4) + j_1_2_3)] + (A_shared_local_ptr[i_1_2_3] * B_shared_local_ptr[j_1_2_3]));
        int cse_v14 = (i_1_2_3 + 8);
        int cse_v250 = (((i_1_2_3 * 4) + j_1_2_3) + 64);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 64)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 64)] + (A_shared_local_ptr[(i_1_2_3 + 8)] * B_shared_local_ptr[j_1_2_3]));
        int cse_v15 = (j_1_2_3 + 4);
        int cse_v251 = (((i_1_2_3 * 4) + j_1_2_3) + 32);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 32)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 32)] + (A_shared_local_ptr[i_1_2_3] * B_shared_local_ptr[(j_1_2_3 + 4)]));
        int cse_v252 = (((i_1_2_3 * 4) + j_1_2_3) + 96);
        C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 96)] = (C_local_ptr[(((i_1_2_3 * 4) + j_1_2_3) + 96)] + (A_shared_local_ptr[(i_1_2_3 + 8)] * B_shared_local_ptr[(j_1_2_3 + 4)]));
      }
    }
    for (int ax0_4 = 0; ax0_4 < 8; ++ax0_4) {
      int cse_v437 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_4 * 32));
      A_shared_local_ptr[ax0_4] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_4 * 32)) + 4)];
      A_shared_local_ptr[(ax0_4 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_4 * 32)) + 4100)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 512));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 576));
    for (int i_1_2_4 = 0; i_1_2_4 < 8; ++i_1_2_4) {
      for (int j_1_2_4 = 0; j_1_2_4 < 4; ++j_1_2_4) {
        int cse_v147 = ((i_1_2_4 * 4) + j_1_2_4);
        C_local_ptr[((i_1_2_4 * 4) + j_1_2_4)] = (C_local_ptr[((i_1_2_4 * 4) + j_1_2_4)] + (A_shared_local_ptr[i_1_2_4] * B_shared_local_ptr[j_1_2_4]));
        int cse_v16 = (i_1_2_4 + 8);
        int cse_v253 = (((i_1_2_4 * 4) + j_1_2_4) + 64);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 64)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 64)] + (A_shared_local_ptr[(i_1_2_4 + 8)] * B_shared_local_ptr[j_1_2_4]));
        int cse_v17 = (j_1_2_4 + 4);
        int cse_v254 = (((i_1_2_4 * 4) + j_1_2_4) + 32);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 32)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 32)] + (A_shared_local_ptr[i_1_2_4] * B_shared_local_ptr[(j_1_2_4 + 4)]));
        int cse_v255 = (((i_1_2_4 * 4) + j_1_2_4) + 96);
        C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 96)] = (C_local_ptr[(((i_1_2_4 * 4) + j_1_2_4) + 96)] + (A_shared_local_ptr[(i_1_2_4 + 8)] * B_shared_local_ptr[(j_1_2_4 + 4)]));
      }
    }
    for (int ax0_5 = 0; ax0_5 < 8; ++ax0_5) {
      int cse_v438 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_5 * 32));
      A_shared_local_ptr[ax0_5] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_5 * 32)) + 5)];
      A_shared_local_ptr[(ax0_5 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_5 * 32)) + 4101)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 640));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 704));
    for (int i_1_2_5 = 0; i_1_2_5 < 8; ++i_1_2_5) {
      for (int j_1_2_5 = 0; j_1_2_5 < 4; ++j_1_2_5) {
        int cse_v148 = ((i_1_2_5 * 4) + j_1_2_5);
        C_local_ptr[((i_1_2_5 * 4) + j_1_2_5)] = (C_local_ptr[((i_1_2_5 * 4) + j_1_2_5)] + (A_shared_local_ptr[i_1_2_5] * B_shared_local_ptr[j_1_2_5]));
        int cse_v18 = (i_1_2_5 + 8);
        int cse_v256 = (((i_1_2_5 * 4) + j_1_2_5) + 64);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 64)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 64)] + (A_shared_local_ptr[(i_1_2_5 + 8)] * B_shared_local_ptr[j_1_2_5]));
        int cse_v19 = (j_1_2_5 + 4);
        int cse_v257 = (((i_1_2_5 * 4) + j_1_2_5) + 32);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 32)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 32)] + (A_shared_local_ptr[i_1_2_5] * B_shared_local_ptr[(j_1_2_5 + 4)]));
        int cse_v258 = (((i_1_2_5 * 4) + j_1_2_5) + 96);
        C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 96)] = (C_local_ptr[(((i_1_2_5 * 4) + j_1_2_5) + 96)] + (A_shared_local_ptr[(i_1_2_5 + 8)] * B_shared_local_ptr[(j_1_2_5 + 4)]));
      }
    }
    for (int ax0_6 = 0; ax0_6 < 8; ++ax0_6) {
      int cse_v439 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_6 * 32));
      A_shared_local_ptr[ax0_6] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_6 * 32)) + 6)];
      A_shared_local_ptr[(ax0_6 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_6 * 32)) + 4102)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 768));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 832));
    for (int i_1_2_6 = 0; i_1_2_6 < 8; ++i_1_2_6) {
      for (int j_1_2_6 = 0; j_1_2_6 < 4; ++j_1_2_6) {
        int cse_v149 = ((i_1_2_6 * 4) + j_1_2_6);
        C_local_ptr[((i_1_2_6 * 4) + j_1_2_6)] = (C_local_ptr[((i_1_2_6 * 4) + j_1_2_6)] + (A_shared_local_ptr[i_1_2_6] * B_shared_local_ptr[j_1_2_6]));
        int cse_v20 = (i_1_2_6 + 8);
        int cse_v259 = (((i_1_2_6 * 4) + j_1_2_6) + 64);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 64)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 64)] + (A_shared_local_ptr[(i_1_2_6 + 8)] * B_shared_local_ptr[j_1_2_6]));
        int cse_v21 = (j_1_2_6 + 4);
        int cse_v260 = (((i_1_2_6 * 4) + j_1_2_6) + 32);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 32)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 32)] + (A_shared_local_ptr[i_1_2_6] * B_shared_local_ptr[(j_1_2_6 + 4)]));
        int cse_v261 = (((i_1_2_6 * 4) + j_1_2_6) + 96);
        C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 96)] = (C_local_ptr[(((i_1_2_6 * 4) + j_1_2_6) + 96)] + (A_shared_local_ptr[(i_1_2_6 + 8)] * B_shared_local_ptr[(j_1_2_6 + 4)]));
      }
    }
    for (int ax0_7 = 0; ax0_7 < 8; ++ax0_7) {
      int cse_v440 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_7 * 32));
      A_shared_local_ptr[ax0_7] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_7 * 32)) + 7)];
      A_shared_local_ptr[(ax0_7 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_7 * 32)) + 4103)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 896));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 960));
    for (int i_1_2_7 = 0; i_1_2_7 < 8; ++i_1_2_7) {
      for (int j_1_2_7 = 0; j_1_2_7 < 4; ++j_1_2_7) {
        int cse_v150 = ((i_1_2_7 * 4) + j_1_2_7);
        C_local_ptr[((i_1_2_7 * 4) + j_1_2_7)] = (C_local_ptr[((i_1_2_7 * 4) + j_1_2_7)] + (A_shared_local_ptr[i_1_2_7] * B_shared_local_ptr[j_1_2_7]));
        int cse_v22 = (i_1_2_7 + 8);
        int cse_v262 = (((i_1_2_7 * 4) + j_1_2_7) + 64);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 64)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 64)] + (A_shared_local_ptr[(i_1_2_7 + 8)] * B_shared_local_ptr[j_1_2_7]));
        int cse_v23 = (j_1_2_7 + 4);
        int cse_v263 = (((i_1_2_7 * 4) + j_1_2_7) + 32);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 32)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 32)] + (A_shared_local_ptr[i_1_2_7] * B_shared_local_ptr[(j_1_2_7 + 4)]));
        int cse_v264 = (((i_1_2_7 * 4) + j_1_2_7) + 96);
        C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 96)] = (C_local_ptr[(((i_1_2_7 * 4) + j_1_2_7) + 96)] + (A_shared_local_ptr[(i_1_2_7 + 8)] * B_shared_local_ptr[(j_1_2_7 + 4)]));
      }
    }
    for (int ax0_8 = 0; ax0_8 < 8; ++ax0_8) {
      int cse_v441 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_8 * 32));
      A_shared_local_ptr[ax0_8] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_8 * 32)) + 8)];
      A_shared_local_ptr[(ax0_8 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_8 * 32)) + 4104)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1024));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1088));
    for (int i_1_2_8 = 0; i_1_2_8 < 8; ++i_1_2_8) {
      for (int j_1_2_8 = 0; j_1_2_8 < 4; ++j_1_2_8) {
        int cse_v151 = ((i_1_2_8 * 4) + j_1_2_8);
        C_local_ptr[((i_1_2_8 * 4) + j_1_2_8)] = (C_local_ptr[((i_1_2_8 * 4) + j_1_2_8)] + (A_shared_local_ptr[i_1_2_8] * B_shared_local_ptr[j_1_2_8]));
        int cse_v24 = (i_1_2_8 + 8);
        int cse_v265 = (((i_1_2_8 * 4) + j_1_2_8) + 64);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 64)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 64)] + (A_shared_local_ptr[(i_1_2_8 + 8)] * B_shared_local_ptr[j_1_2_8]));
        int cse_v25 = (j_1_2_8 + 4);
        int cse_v266 = (((i_1_2_8 * 4) + j_1_2_8) + 32);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 32)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 32)] + (A_shared_local_ptr[i_1_2_8] * B_shared_local_ptr[(j_1_2_8 + 4)]));
        int cse_v267 = (((i_1_2_8 * 4) + j_1_2_8) + 96);
        C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 96)] = (C_local_ptr[(((i_1_2_8 * 4) + j_1_2_8) + 96)] + (A_shared_local_ptr[(i_1_2_8 + 8)] * B_shared_local_ptr[(j_1_2_8 + 4)]));
      }
    }
    for (int ax0_9 = 0; ax0_9 < 8; ++ax0_9) {
      int cse_v442 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_9 * 32));
      A_shared_local_ptr[ax0_9] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_9 * 32)) + 9)];
      A_shared_local_ptr[(ax0_9 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_9 * 32)) + 4105)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1152));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1216));
    for (int i_1_2_9 = 0; i_1_2_9 < 8; ++i_1_2_9) {
      for (int j_1_2_9 = 0; j_1_2_9 < 4; ++j_1_2_9) {
        int cse_v152 = ((i_1_2_9 * 4) + j_1_2_9);
        C_local_ptr[((i_1_2_9 * 4) + j_1_2_9)] = (C_local_ptr[((i_1_2_9 * 4) + j_1_2_9)] + (A_shared_local_ptr[i_1_2_9] * B_shared_local_ptr[j_1_2_9]));
        int cse_v26 = (i_1_2_9 + 8);
        int cse_v268 = (((i_1_2_9 * 4) + j_1_2_9) + 64);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 64)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 64)] + (A_shared_local_ptr[(i_1_2_9 + 8)] * B_shared_local_ptr[j_1_2_9]));
        int cse_v27 = (j_1_2_9 + 4);
        int cse_v269 = (((i_1_2_9 * 4) + j_1_2_9) + 32);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 32)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 32)] + (A_shared_local_ptr[i_1_2_9] * B_shared_local_ptr[(j_1_2_9 + 4)]));
        int cse_v270 = (((i_1_2_9 * 4) + j_1_2_9) + 96);
        C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 96)] = (C_local_ptr[(((i_1_2_9 * 4) + j_1_2_9) + 96)] + (A_shared_local_ptr[(i_1_2_9 + 8)] * B_shared_local_ptr[(j_1_2_9 + 4)]));
      }
    }
    for (int ax0_10 = 0; ax0_10 < 8; ++ax0_10) {
      int cse_v443 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_10 * 32));
      A_shared_local_ptr[ax0_10] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_10 * 32)) + 10)];
      A_shared_local_ptr[(ax0_10 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_10 * 32)) + 4106)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1280));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1344));
    for (int i_1_2_10 = 0; i_1_2_10 < 8; ++i_1_2_10) {
      for (int j_1_2_10 = 0; j_1_2_10 < 4; ++j_1_2_10) {
        int cse_v153 = ((i_1_2_10 * 4) + j_1_2_10);
        C_local_ptr[((i_1_2_10 * 4) + j_1_2_10)] = (C_local_ptr[((i_1_2_10 * 4) + j_1_2_10)] + (A_shared_local_ptr[i_1_2_10] * B_shared_local_ptr[j_1_2_10]));
        int cse_v28 = (i_1_2_10 + 8);
        int cse_v271 = (((i_1_2_10 * 4) + j_1_2_10) + 64);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 64)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 64)] + (A_shared_local_ptr[(i_1_2_10 + 8)] * B_shared_local_ptr[j_1_2_10]));
        int cse_v29 = (j_1_2_10 + 4);
        int cse_v272 = (((i_1_2_10 * 4) + j_1_2_10) + 32);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 32)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 32)] + (A_shared_local_ptr[i_1_2_10] * B_shared_local_ptr[(j_1_2_10 + 4)]));
        int cse_v273 = (((i_1_2_10 * 4) + j_1_2_10) + 96);
        C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 96)] = (C_local_ptr[(((i_1_2_10 * 4) + j_1_2_10) + 96)] + (A_shared_local_ptr[(i_1_2_10 + 8)] * B_shared_local_ptr[(j_1_2_10 + 4)]));
      }
    }
    for (int ax0_11 = 0; ax0_11 < 8; ++ax0_11) {
      int cse_v444 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_11 * 32));
      A_shared_local_ptr[ax0_11] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_11 * 32)) + 11)];
      A_shared_local_ptr[(ax0_11 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_11 * 32)) + 4107)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1408));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1472));
    for (int i_1_2_11 = 0; i_1_2_11 < 8; ++i_1_2_11) {
      for (int j_1_2_11 = 0; j_1_2_11 < 4; ++j_1_2_11) {
        int cse_v154 = ((i_1_2_11 * 4) + j_1_2_11);
        C_local_ptr[((i_1_2_11 * 4) + j_1_2_11)] = (C_local_ptr[((i_1_2_11 * 4) + j_1_2_11)] + (A_shared_local_ptr[i_1_2_11] * B_shared_local_ptr[j_1_2_11]));
        int cse_v30 = (i_1_2_11 + 8);
        int cse_v274 = (((i_1_2_11 * 4) + j_1_2_11) + 64);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 64)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 64)] + (A_shared_local_ptr[(i_1_2_11 + 8)] * B_shared_local_ptr[j_1_2_11]));
        int cse_v31 = (j_1_2_11 + 4);
        int cse_v275 = (((i_1_2_11 * 4) + j_1_2_11) + 32);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 32)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 32)] + (A_shared_local_ptr[i_1_2_11] * B_shared_local_ptr[(j_1_2_11 + 4)]));
        int cse_v276 = (((i_1_2_11 * 4) + j_1_2_11) + 96);
        C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 96)] = (C_local_ptr[(((i_1_2_11 * 4) + j_1_2_11) + 96)] + (A_shared_local_ptr[(i_1_2_11 + 8)] * B_shared_local_ptr[(j_1_2_11 + 4)]));
      }
    }
    for (int ax0_12 = 0; ax0_12 < 8; ++ax0_12) {
      int cse_v445 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_12 * 32));
      A_shared_local_ptr[ax0_12] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_12 * 32)) + 12)];
      A_shared_local_ptr[(ax0_12 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_12 * 32)) + 4108)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1536));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1600));
    for (int i_1_2_12 = 0; i_1_2_12 < 8; ++i_1_2_12) {
      for (int j_1_2_12 = 0; j_1_2_12 < 4; ++j_1_2_12) {
        int cse_v155 = ((i_1_2_12 * 4) + j_1_2_12);
        C_local_ptr[((i_1_2_12 * 4) + j_1_2_12)] = (C_local_ptr[((i_1_2_12 * 4) + j_1_2_12)] + (A_shared_local_ptr[i_1_2_12] * B_shared_local_ptr[j_1_2_12]));
        int cse_v32 = (i_1_2_12 + 8);
        int cse_v277 = (((i_1_2_12 * 4) + j_1_2_12) + 64);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 64)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 64)] + (A_shared_local_ptr[(i_1_2_12 + 8)] * B_shared_local_ptr[j_1_2_12]));
        int cse_v33 = (j_1_2_12 + 4);
        int cse_v278 = (((i_1_2_12 * 4) + j_1_2_12) + 32);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 32)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 32)] + (A_shared_local_ptr[i_1_2_12] * B_shared_local_ptr[(j_1_2_12 + 4)]));
        int cse_v279 = (((i_1_2_12 * 4) + j_1_2_12) + 96);
        C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 96)] = (C_local_ptr[(((i_1_2_12 * 4) + j_1_2_12) + 96)] + (A_shared_local_ptr[(i_1_2_12 + 8)] * B_shared_local_ptr[(j_1_2_12 + 4)]));
      }
    }
    for (int ax0_13 = 0; ax0_13 < 8; ++ax0_13) {
      int cse_v446 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_13 * 32));
      A_shared_local_ptr[ax0_13] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_13 * 32)) + 13)];
      A_shared_local_ptr[(ax0_13 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_13 * 32)) + 4109)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1664));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1728));
    for (int i_1_2_13 = 0; i_1_2_13 < 8; ++i_1_2_13) {
      for (int j_1_2_13 = 0; j_1_2_13 < 4; ++j_1_2_13) {
        int cse_v156 = ((i_1_2_13 * 4) + j_1_2_13);
        C_local_ptr[((i_1_2_13 * 4) + j_1_2_13)] = (C_local_ptr[((i_1_2_13 * 4) + j_1_2_13)] + (A_shared_local_ptr[i_1_2_13] * B_shared_local_ptr[j_1_2_13]));
        int cse_v34 = (i_1_2_13 + 8);
        int cse_v280 = (((i_1_2_13 * 4) + j_1_2_13) + 64);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 64)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 64)] + (A_shared_local_ptr[(i_1_2_13 + 8)] * B_shared_local_ptr[j_1_2_13]));
        int cse_v35 = (j_1_2_13 + 4);
        int cse_v281 = (((i_1_2_13 * 4) + j_1_2_13) + 32);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 32)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 32)] + (A_shared_local_ptr[i_1_2_13] * B_shared_local_ptr[(j_1_2_13 + 4)]));
        int cse_v282 = (((i_1_2_13 * 4) + j_1_2_13) + 96);
        C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 96)] = (C_local_ptr[(((i_1_2_13 * 4) + j_1_2_13) + 96)] + (A_shared_local_ptr[(i_1_2_13 + 8)] * B_shared_local_ptr[(j_1_2_13 + 4)]));
      }
    }
    for (int ax0_14 = 0; ax0_14 < 8; ++ax0_14) {
      int cse_v447 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_14 * 32));
      A_shared_local_ptr[ax0_14] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_14 * 32)) + 14)];
      A_shared_local_ptr[(ax0_14 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_14 * 32)) + 4110)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1792));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1856));
    for (int i_1_2_14 = 0; i_1_2_14 < 8; ++i_1_2_14) {
      for (int j_1_2_14 = 0; j_1_2_14 < 4; ++j_1_2_14) {
        int cse_v157 = ((i_1_2_14 * 4) + j_1_2_14);
        C_local_ptr[((i_1_2_14 * 4) + j_1_2_14)] = (C_local_ptr[((i_1_2_14 * 4) + j_1_2_14)] + (A_shared_local_ptr[i_1_2_14] * B_shared_local_ptr[j_1_2_14]));
        int cse_v36 = (i_1_2_14 + 8);
        int cse_v283 = (((i_1_2_14 * 4) + j_1_2_14) + 64);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 64)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 64)] + (A_shared_local_ptr[(i_1_2_14 + 8)] * B_shared_local_ptr[j_1_2_14]));
        int cse_v37 = (j_1_2_14 + 4);
        int cse_v284 = (((i_1_2_14 * 4) + j_1_2_14) + 32);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 32)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 32)] + (A_shared_local_ptr[i_1_2_14] * B_shared_local_ptr[(j_1_2_14 + 4)]));
        int cse_v285 = (((i_1_2_14 * 4) + j_1_2_14) + 96);
        C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 96)] = (C_local_ptr[(((i_1_2_14 * 4) + j_1_2_14) + 96)] + (A_shared_local_ptr[(i_1_2_14 + 8)] * B_shared_local_ptr[(j_1_2_14 + 4)]));
      }
    }
    for (int ax0_15 = 0; ax0_15 < 8; ++ax0_15) {
      int cse_v448 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_15 * 32));
      A_shared_local_ptr[ax0_15] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_15 * 32)) + 15)];
      A_shared_local_ptr[(ax0_15 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_15 * 32)) + 4111)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1920));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 1984));
    for (int i_1_2_15 = 0; i_1_2_15 < 8; ++i_1_2_15) {
      for (int j_1_2_15 = 0; j_1_2_15 < 4; ++j_1_2_15) {
        int cse_v158 = ((i_1_2_15 * 4) + j_1_2_15);
        C_local_ptr[((i_1_2_15 * 4) + j_1_2_15)] = (C_local_ptr[((i_1_2_15 * 4) + j_1_2_15)] + (A_shared_local_ptr[i_1_2_15] * B_shared_local_ptr[j_1_2_15]));
        int cse_v38 = (i_1_2_15 + 8);
        int cse_v286 = (((i_1_2_15 * 4) + j_1_2_15) + 64);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 64)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 64)] + (A_shared_local_ptr[(i_1_2_15 + 8)] * B_shared_local_ptr[j_1_2_15]));
        int cse_v39 = (j_1_2_15 + 4);
        int cse_v287 = (((i_1_2_15 * 4) + j_1_2_15) + 32);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 32)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 32)] + (A_shared_local_ptr[i_1_2_15] * B_shared_local_ptr[(j_1_2_15 + 4)]));
        int cse_v288 = (((i_1_2_15 * 4) + j_1_2_15) + 96);
        C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 96)] = (C_local_ptr[(((i_1_2_15 * 4) + j_1_2_15) + 96)] + (A_shared_local_ptr[(i_1_2_15 + 8)] * B_shared_local_ptr[(j_1_2_15 + 4)]));
      }
    }
    for (int ax0_16 = 0; ax0_16 < 8; ++ax0_16) {
      int cse_v449 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_16 * 32));
      A_shared_local_ptr[ax0_16] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_16 * 32)) + 16)];
      A_shared_local_ptr[(ax0_16 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_16 * 32)) + 4112)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2048));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2112));
    for (int i_1_2_16 = 0; i_1_2_16 < 8; ++i_1_2_16) {
      for (int j_1_2_16 = 0; j_1_2_16 < 4; ++j_1_2_16) {
        int cse_v159 = ((i_1_2_16 * 4) + j_1_2_16);
        C_local_ptr[((i_1_2_16 * 4) + j_1_2_16)] = (C_local_ptr[((i_1_2_16 * 4) + j_1_2_16)] + (A_shared_local_ptr[i_1_2_16] * B_shared_local_ptr[j_1_2_16]));
        int cse_v40 = (i_1_2_16 + 8);
        int cse_v289 = (((i_1_2_16 * 4) + j_1_2_16) + 64);
        C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 64)] = (C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 64)] + (A_shared_local_ptr[(i_1_2_16 + 8)] * B_shared_local_ptr[j_1_2_16]));
        int cse_v41 = (j_1_2_16 + 4);
        int cse_v290 = (((i_1_2_16 * 4) + j_1_2_16) + 32);
        C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 32)] = (C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 32)] + (A_shared_local_ptr[i_1_2_16] * B_shared_local_ptr[(j_1_2_16 + 4)]));
        int cse_v291 = (((i_1_2_16 * 4) + j_1_2_16) + 96);
        C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 96)] = (C_local_ptr[(((i_1_2_16 * 4) + j_1_2_16) + 96)] + (A_shared_local_ptr[(i_1_2_16 + 8)] * B_shared_local_ptr[(j_1_2_16 + 4)]));
      }
    }
    for (int ax0_17 = 0; ax0_17 < 8; ++ax0_17) {
      int cse_v450 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_17 * 32));
      A_shared_local_ptr[ax0_17] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_17 * 32)) + 17)];
      A_shared_local_ptr[(ax0_17 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_17 * 32)) + 4113)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2176));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2240));
    for (int i_1_2_17 = 0; i_1_2_17 < 8; ++i_1_2_17) {
      for (int j_1_2_17 = 0; j_1_2_17 < 4; ++j_1_2_17) {
        int cse_v160 = ((i_1_2_17 * 4) + j_1_2_17);
        C_local_ptr[((i_1_2_17 * 4) + j_1_2_17)] = (C_local_ptr[((i_1_2_17 * 4) + j_1_2_17)] + (A_shared_local_ptr[i_1_2_17] * B_shared_local_ptr[j_1_2_17]));
        int cse_v42 = (i_1_2_17 + 8);
        int cse_v292 = (((i_1_2_17 * 4) + j_1_2_17) + 64);
        C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 64)] = (C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 64)] + (A_shared_local_ptr[(i_1_2_17 + 8)] * B_shared_local_ptr[j_1_2_17]));
        int cse_v43 = (j_1_2_17 + 4);
        int cse_v293 = (((i_1_2_17 * 4) + j_1_2_17) + 32);
        C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 32)] = (C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 32)] + (A_shared_local_ptr[i_1_2_17] * B_shared_local_ptr[(j_1_2_17 + 4)]));
        int cse_v294 = (((i_1_2_17 * 4) + j_1_2_17) + 96);
        C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 96)] = (C_local_ptr[(((i_1_2_17 * 4) + j_1_2_17) + 96)] + (A_shared_local_ptr[(i_1_2_17 + 8)] * B_shared_local_ptr[(j_1_2_17 + 4)]));
      }
    }
    for (int ax0_18 = 0; ax0_18 < 8; ++ax0_18) {
      int cse_v451 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_18 * 32));
      A_shared_local_ptr[ax0_18] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_18 * 32)) + 18)];
      A_shared_local_ptr[(ax0_18 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_18 * 32)) + 4114)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2304));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2368));
    for (int i_1_2_18 = 0; i_1_2_18 < 8; ++i_1_2_18) {
      for (int j_1_2_18 = 0; j_1_2_18 < 4; ++j_1_2_18) {
        int cse_v161 = ((i_1_2_18 * 4) + j_1_2_18);
        C_local_ptr[((i_1_2_18 * 4) + j_1_2_18)] = (C_local_ptr[((i_1_2_18 * 4) + j_1_2_18)] + (A_shared_local_ptr[i_1_2_18] * B_shared_local_ptr[j_1_2_18]));
        int cse_v44 = (i_1_2_18 + 8);
        int cse_v295 = (((i_1_2_18 * 4) + j_1_2_18) + 64);
        C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 64)] = (C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 64)] + (A_shared_local_ptr[(i_1_2_18 + 8)] * B_shared_local_ptr[j_1_2_18]));
        int cse_v45 = (j_1_2_18 + 4);
        int cse_v296 = (((i_1_2_18 * 4) + j_1_2_18) + 32);
        C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 32)] = (C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 32)] + (A_shared_local_ptr[i_1_2_18] * B_shared_local_ptr[(j_1_2_18 + 4)]));
        int cse_v297 = (((i_1_2_18 * 4) + j_1_2_18) + 96);
        C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 96)] = (C_local_ptr[(((i_1_2_18 * 4) + j_1_2_18) + 96)] + (A_shared_local_ptr[(i_1_2_18 + 8)] * B_shared_local_ptr[(j_1_2_18 + 4)]));
      }
    }
    for (int ax0_19 = 0; ax0_19 < 8; ++ax0_19) {
      int cse_v452 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_19 * 32));
      A_shared_local_ptr[ax0_19] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_19 * 32)) + 19)];
      A_shared_local_ptr[(ax0_19 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_19 * 32)) + 4115)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2432));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2496));
    for (int i_1_2_19 = 0; i_1_2_19 < 8; ++i_1_2_19) {
      for (int j_1_2_19 = 0; j_1_2_19 < 4; ++j_1_2_19) {
        int cse_v162 = ((i_1_2_19 * 4) + j_1_2_19);
        C_local_ptr[((i_1_2_19 * 4) + j_1_2_19)] = (C_local_ptr[((i_1_2_19 * 4) + j_1_2_19)] + (A_shared_local_ptr[i_1_2_19] * B_shared_local_ptr[j_1_2_19]));
        int cse_v46 = (i_1_2_19 + 8);
        int cse_v298 = (((i_1_2_19 * 4) + j_1_2_19) + 64);
        C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 64)] = (C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 64)] + (A_shared_local_ptr[(i_1_2_19 + 8)] * B_shared_local_ptr[j_1_2_19]));
        int cse_v47 = (j_1_2_19 + 4);
        int cse_v299 = (((i_1_2_19 * 4) + j_1_2_19) + 32);
        C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 32)] = (C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 32)] + (A_shared_local_ptr[i_1_2_19] * B_shared_local_ptr[(j_1_2_19 + 4)]));
        int cse_v300 = (((i_1_2_19 * 4) + j_1_2_19) + 96);
        C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 96)] = (C_local_ptr[(((i_1_2_19 * 4) + j_1_2_19) + 96)] + (A_shared_local_ptr[(i_1_2_19 + 8)] * B_shared_local_ptr[(j_1_2_19 + 4)]));
      }
    }
    for (int ax0_20 = 0; ax0_20 < 8; ++ax0_20) {
      int cse_v453 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_20 * 32));
      A_shared_local_ptr[ax0_20] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_20 * 32)) + 20)];
      A_shared_local_ptr[(ax0_20 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_20 * 32)) + 4116)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2560));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2624));
    for (int i_1_2_20 = 0; i_1_2_20 < 8; ++i_1_2_20) {
      for (int j_1_2_20 = 0; j_1_2_20 < 4; ++j_1_2_20) {
        int cse_v163 = ((i_1_2_20 * 4) + j_1_2_20);
        C_local_ptr[((i_1_2_20 * 4) + j_1_2_20)] = (C_local_ptr[((i_1_2_20 * 4) + j_1_2_20)] + (A_shared_local_ptr[i_1_2_20] * B_shared_local_ptr[j_1_2_20]));
        int cse_v48 = (i_1_2_20 + 8);
        int cse_v301 = (((i_1_2_20 * 4) + j_1_2_20) + 64);
        C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 64)] = (C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 64)] + (A_shared_local_ptr[(i_1_2_20 + 8)] * B_shared_local_ptr[j_1_2_20]));
        int cse_v49 = (j_1_2_20 + 4);
        int cse_v302 = (((i_1_2_20 * 4) + j_1_2_20) + 32);
        C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 32)] = (C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 32)] + (A_shared_local_ptr[i_1_2_20] * B_shared_local_ptr[(j_1_2_20 + 4)]));
        int cse_v303 = (((i_1_2_20 * 4) + j_1_2_20) + 96);
        C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 96)] = (C_local_ptr[(((i_1_2_20 * 4) + j_1_2_20) + 96)] + (A_shared_local_ptr[(i_1_2_20 + 8)] * B_shared_local_ptr[(j_1_2_20 + 4)]));
      }
    }
    for (int ax0_21 = 0; ax0_21 < 8; ++ax0_21) {
      int cse_v454 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_21 * 32));
      A_shared_local_ptr[ax0_21] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_21 * 32)) + 21)];
      A_shared_local_ptr[(ax0_21 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_21 * 32)) + 4117)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2688));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2752));
    for (int i_1_2_21 = 0; i_1_2_21 < 8; ++i_1_2_21) {
      for (int j_1_2_21 = 0; j_1_2_21 < 4; ++j_1_2_21) {
        int cse_v164 = ((i_1_2_21 * 4) + j_1_2_21);
        C_local_ptr[((i_1_2_21 * 4) + j_1_2_21)] = (C_local_ptr[((i_1_2_21 * 4) + j_1_2_21)] + (A_shared_local_ptr[i_1_2_21] * B_shared_local_ptr[j_1_2_21]));
        int cse_v50 = (i_1_2_21 + 8);
        int cse_v304 = (((i_1_2_21 * 4) + j_1_2_21) + 64);
        C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 64)] = (C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 64)] + (A_shared_local_ptr[(i_1_2_21 + 8)] * B_shared_local_ptr[j_1_2_21]));
        int cse_v51 = (j_1_2_21 + 4);
        int cse_v305 = (((i_1_2_21 * 4) + j_1_2_21) + 32);
        C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 32)] = (C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 32)] + (A_shared_local_ptr[i_1_2_21] * B_shared_local_ptr[(j_1_2_21 + 4)]));
        int cse_v306 = (((i_1_2_21 * 4) + j_1_2_21) + 96);
        C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 96)] = (C_local_ptr[(((i_1_2_21 * 4) + j_1_2_21) + 96)] + (A_shared_local_ptr[(i_1_2_21 + 8)] * B_shared_local_ptr[(j_1_2_21 + 4)]));
      }
    }
    for (int ax0_22 = 0; ax0_22 < 8; ++ax0_22) {
      int cse_v455 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_22 * 32));
      A_shared_local_ptr[ax0_22] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_22 * 32)) + 22)];
      A_shared_local_ptr[(ax0_22 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_22 * 32)) + 4118)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2816));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2880));
    for (int i_1_2_22 = 0; i_1_2_22 < 8; ++i_1_2_22) {
      for (int j_1_2_22 = 0; j_1_2_22 < 4; ++j_1_2_22) {
        int cse_v165 = ((i_1_2_22 * 4) + j_1_2_22);
        C_local_ptr[((i_1_2_22 * 4) + j_1_2_22)] = (C_local_ptr[((i_1_2_22 * 4) + j_1_2_22)] + (A_shared_local_ptr[i_1_2_22] * B_shared_local_ptr[j_1_2_22]));
        int cse_v52 = (i_1_2_22 + 8);
        int cse_v307 = (((i_1_2_22 * 4) + j_1_2_22) + 64);
        C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 64)] = (C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 64)] + (A_shared_local_ptr[(i_1_2_22 + 8)] * B_shared_local_ptr[j_1_2_22]));
        int cse_v53 = (j_1_2_22 + 4);
        int cse_v308 = (((i_1_2_22 * 4) + j_1_2_22) + 32);
        C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 32)] = (C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 32)] + (A_shared_local_ptr[i_1_2_22] * B_shared_local_ptr[(j_1_2_22 + 4)]));
        int cse_v309 = (((i_1_2_22 * 4) + j_1_2_22) + 96);
        C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 96)] = (C_local_ptr[(((i_1_2_22 * 4) + j_1_2_22) + 96)] + (A_shared_local_ptr[(i_1_2_22 + 8)] * B_shared_local_ptr[(j_1_2_22 + 4)]));
      }
    }
    for (int ax0_23 = 0; ax0_23 < 8; ++ax0_23) {
      int cse_v456 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_23 * 32));
      A_shared_local_ptr[ax0_23] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_23 * 32)) + 23)];
      A_shared_local_ptr[(ax0_23 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_23 * 32)) + 4119)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 2944));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3008));
    for (int i_1_2_23 = 0; i_1_2_23 < 8; ++i_1_2_23) {
      for (int j_1_2_23 = 0; j_1_2_23 < 4; ++j_1_2_23) {
        int cse_v166 = ((i_1_2_23 * 4) + j_1_2_23);
        C_local_ptr[((i_1_2_23 * 4) + j_1_2_23)] = (C_local_ptr[((i_1_2_23 * 4) + j_1_2_23)] + (A_shared_local_ptr[i_1_2_23] * B_shared_local_ptr[j_1_2_23]));
        int cse_v54 = (i_1_2_23 + 8);
        int cse_v310 = (((i_1_2_23 * 4) + j_1_2_23) + 64);
        C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 64)] = (C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 64)] + (A_shared_local_ptr[(i_1_2_23 + 8)] * B_shared_local_ptr[j_1_2_23]));
        int cse_v55 = (j_1_2_23 + 4);
        int cse_v311 = (((i_1_2_23 * 4) + j_1_2_23) + 32);
        C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 32)] = (C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 32)] + (A_shared_local_ptr[i_1_2_23] * B_shared_local_ptr[(j_1_2_23 + 4)]));
        int cse_v312 = (((i_1_2_23 * 4) + j_1_2_23) + 96);
        C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 96)] = (C_local_ptr[(((i_1_2_23 * 4) + j_1_2_23) + 96)] + (A_shared_local_ptr[(i_1_2_23 + 8)] * B_shared_local_ptr[(j_1_2_23 + 4)]));
      }
    }
    for (int ax0_24 = 0; ax0_24 < 8; ++ax0_24) {
      int cse_v457 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_24 * 32));
      A_shared_local_ptr[ax0_24] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_24 * 32)) + 24)];
      A_shared_local_ptr[(ax0_24 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_24 * 32)) + 4120)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3072));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3136));
    for (int i_1_2_24 = 0; i_1_2_24 < 8; ++i_1_2_24) {
      for (int j_1_2_24 = 0; j_1_2_24 < 4; ++j_1_2_24) {
        int cse_v167 = ((i_1_2_24 * 4) + j_1_2_24);
        C_local_ptr[((i_1_2_24 * 4) + j_1_2_24)] = (C_local_ptr[((i_1_2_24 * 4) + j_1_2_24)] + (A_shared_local_ptr[i_1_2_24] * B_shared_local_ptr[j_1_2_24]));
        int cse_v56 = (i_1_2_24 + 8);
        int cse_v313 = (((i_1_2_24 * 4) + j_1_2_24) + 64);
        C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 64)] = (C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 64)] + (A_shared_local_ptr[(i_1_2_24 + 8)] * B_shared_local_ptr[j_1_2_24]));
        int cse_v57 = (j_1_2_24 + 4);
        int cse_v314 = (((i_1_2_24 * 4) + j_1_2_24) + 32);
        C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 32)] = (C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 32)] + (A_shared_local_ptr[i_1_2_24] * B_shared_local_ptr[(j_1_2_24 + 4)]));
        int cse_v315 = (((i_1_2_24 * 4) + j_1_2_24) + 96);
        C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 96)] = (C_local_ptr[(((i_1_2_24 * 4) + j_1_2_24) + 96)] + (A_shared_local_ptr[(i_1_2_24 + 8)] * B_shared_local_ptr[(j_1_2_24 + 4)]));
      }
    }
    for (int ax0_25 = 0; ax0_25 < 8; ++ax0_25) {
      int cse_v458 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_25 * 32));
      A_shared_local_ptr[ax0_25] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_25 * 32)) + 25)];
      A_shared_local_ptr[(ax0_25 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_25 * 32)) + 4121)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3200));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3264));
    for (int i_1_2_25 = 0; i_1_2_25 < 8; ++i_1_2_25) {
      for (int j_1_2_25 = 0; j_1_2_25 < 4; ++j_1_2_25) {
        int cse_v168 = ((i_1_2_25 * 4) + j_1_2_25);
        C_local_ptr[((i_1_2_25 * 4) + j_1_2_25)] = (C_local_ptr[((i_1_2_25 * 4) + j_1_2_25)] + (A_shared_local_ptr[i_1_2_25] * B_shared_local_ptr[j_1_2_25]));
        int cse_v58 = (i_1_2_25 + 8);
        int cse_v316 = (((i_1_2_25 * 4) + j_1_2_25) + 64);
        C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 64)] = (C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 64)] + (A_shared_local_ptr[(i_1_2_25 + 8)] * B_shared_local_ptr[j_1_2_25]));
        int cse_v59 = (j_1_2_25 + 4);
        int cse_v317 = (((i_1_2_25 * 4) + j_1_2_25) + 32);
        C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 32)] = (C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 32)] + (A_shared_local_ptr[i_1_2_25] * B_shared_local_ptr[(j_1_2_25 + 4)]));
        int cse_v318 = (((i_1_2_25 * 4) + j_1_2_25) + 96);
        C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 96)] = (C_local_ptr[(((i_1_2_25 * 4) + j_1_2_25) + 96)] + (A_shared_local_ptr[(i_1_2_25 + 8)] * B_shared_local_ptr[(j_1_2_25 + 4)]));
      }
    }
    for (int ax0_26 = 0; ax0_26 < 8; ++ax0_26) {
      int cse_v459 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_26 * 32));
      A_shared_local_ptr[ax0_26] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_26 * 32)) + 26)];
      A_shared_local_ptr[(ax0_26 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_26 * 32)) + 4122)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3328));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3392));
    for (int i_1_2_26 = 0; i_1_2_26 < 8; ++i_1_2_26) {
      for (int j_1_2_26 = 0; j_1_2_26 < 4; ++j_1_2_26) {
        int cse_v169 = ((i_1_2_26 * 4) + j_1_2_26);
        C_local_ptr[((i_1_2_26 * 4) + j_1_2_26)] = (C_local_ptr[((i_1_2_26 * 4) + j_1_2_26)] + (A_shared_local_ptr[i_1_2_26] * B_shared_local_ptr[j_1_2_26]));
        int cse_v60 = (i_1_2_26 + 8);
        int cse_v319 = (((i_1_2_26 * 4) + j_1_2_26) + 64);
        C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 64)] = (C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 64)] + (A_shared_local_ptr[(i_1_2_26 + 8)] * B_shared_local_ptr[j_1_2_26]));
        int cse_v61 = (j_1_2_26 + 4);
        int cse_v320 = (((i_1_2_26 * 4) + j_1_2_26) + 32);
        C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 32)] = (C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 32)] + (A_shared_local_ptr[i_1_2_26] * B_shared_local_ptr[(j_1_2_26 + 4)]));
        int cse_v321 = (((i_1_2_26 * 4) + j_1_2_26) + 96);
        C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 96)] = (C_local_ptr[(((i_1_2_26 * 4) + j_1_2_26) + 96)] + (A_shared_local_ptr[(i_1_2_26 + 8)] * B_shared_local_ptr[(j_1_2_26 + 4)]));
      }
    }
    for (int ax0_27 = 0; ax0_27 < 8; ++ax0_27) {
      int cse_v460 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_27 * 32));
      A_shared_local_ptr[ax0_27] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_27 * 32)) + 27)];
      A_shared_local_ptr[(ax0_27 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_27 * 32)) + 4123)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3456));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3520));
    for (int i_1_2_27 = 0; i_1_2_27 < 8; ++i_1_2_27) {
      for (int j_1_2_27 = 0; j_1_2_27 < 4; ++j_1_2_27) {
        int cse_v170 = ((i_1_2_27 * 4) + j_1_2_27);
        C_local_ptr[((i_1_2_27 * 4) + j_1_2_27)] = (C_local_ptr[((i_1_2_27 * 4) + j_1_2_27)] + (A_shared_local_ptr[i_1_2_27] * B_shared_local_ptr[j_1_2_27]));
        int cse_v62 = (i_1_2_27 + 8);
        int cse_v322 = (((i_1_2_27 * 4) + j_1_2_27) + 64);
        C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 64)] = (C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 64)] + (A_shared_local_ptr[(i_1_2_27 + 8)] * B_shared_local_ptr[j_1_2_27]));
        int cse_v63 = (j_1_2_27 + 4);
        int cse_v323 = (((i_1_2_27 * 4) + j_1_2_27) + 32);
        C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 32)] = (C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 32)] + (A_shared_local_ptr[i_1_2_27] * B_shared_local_ptr[(j_1_2_27 + 4)]));
        int cse_v324 = (((i_1_2_27 * 4) + j_1_2_27) + 96);
        C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 96)] = (C_local_ptr[(((i_1_2_27 * 4) + j_1_2_27) + 96)] + (A_shared_local_ptr[(i_1_2_27 + 8)] * B_shared_local_ptr[(j_1_2_27 + 4)]));
      }
    }
    for (int ax0_28 = 0; ax0_28 < 8; ++ax0_28) {
      int cse_v461 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_28 * 32));
      A_shared_local_ptr[ax0_28] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_28 * 32)) + 28)];
      A_shared_local_ptr[(ax0_28 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_28 * 32)) + 4124)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3584));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3648));
    for (int i_1_2_28 = 0; i_1_2_28 < 8; ++i_1_2_28) {
      for (int j_1_2_28 = 0; j_1_2_28 < 4; ++j_1_2_28) {
        int cse_v171 = ((i_1_2_28 * 4) + j_1_2_28);
        C_local_ptr[((i_1_2_28 * 4) + j_1_2_28)] = (C_local_ptr[((i_1_2_28 * 4) + j_1_2_28)] + (A_shared_local_ptr[i_1_2_28] * B_shared_local_ptr[j_1_2_28]));
        int cse_v64 = (i_1_2_28 + 8);
        int cse_v325 = (((i_1_2_28 * 4) + j_1_2_28) + 64);
        C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 64)] = (C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 64)] + (A_shared_local_ptr[(i_1_2_28 + 8)] * B_shared_local_ptr[j_1_2_28]));
        int cse_v65 = (j_1_2_28 + 4);
        int cse_v326 = (((i_1_2_28 * 4) + j_1_2_28) + 32);
        C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 32)] = (C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 32)] + (A_shared_local_ptr[i_1_2_28] * B_shared_local_ptr[(j_1_2_28 + 4)]));
        int cse_v327 = (((i_1_2_28 * 4) + j_1_2_28) + 96);
        C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 96)] = (C_local_ptr[(((i_1_2_28 * 4) + j_1_2_28) + 96)] + (A_shared_local_ptr[(i_1_2_28 + 8)] * B_shared_local_ptr[(j_1_2_28 + 4)]));
      }
    }
    for (int ax0_29 = 0; ax0_29 < 8; ++ax0_29) {
      int cse_v462 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_29 * 32));
      A_shared_local_ptr[ax0_29] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_29 * 32)) + 29)];
      A_shared_local_ptr[(ax0_29 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_29 * 32)) + 4125)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3712));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3776));
    for (int i_1_2_29 = 0; i_1_2_29 < 8; ++i_1_2_29) {
      for (int j_1_2_29 = 0; j_1_2_29 < 4; ++j_1_2_29) {
        int cse_v172 = ((i_1_2_29 * 4) + j_1_2_29);
        C_local_ptr[((i_1_2_29 * 4) + j_1_2_29)] = (C_local_ptr[((i_1_2_29 * 4) + j_1_2_29)] + (A_shared_local_ptr[i_1_2_29] * B_shared_local_ptr[j_1_2_29]));
        int cse_v66 = (i_1_2_29 + 8);
        int cse_v328 = (((i_1_2_29 * 4) + j_1_2_29) + 64);
        C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 64)] = (C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 64)] + (A_shared_local_ptr[(i_1_2_29 + 8)] * B_shared_local_ptr[j_1_2_29]));
        int cse_v67 = (j_1_2_29 + 4);
        int cse_v329 = (((i_1_2_29 * 4) + j_1_2_29) + 32);
        C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 32)] = (C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 32)] + (A_shared_local_ptr[i_1_2_29] * B_shared_local_ptr[(j_1_2_29 + 4)]));
        int cse_v330 = (((i_1_2_29 * 4) + j_1_2_29) + 96);
        C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 96)] = (C_local_ptr[(((i_1_2_29 * 4) + j_1_2_29) + 96)] + (A_shared_local_ptr[(i_1_2_29 + 8)] * B_shared_local_ptr[(j_1_2_29 + 4)]));
      }
    }
    for (int ax0_30 = 0; ax0_30 < 8; ++ax0_30) {
      int cse_v463 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_30 * 32));
      A_shared_local_ptr[ax0_30] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_30 * 32)) + 30)];
      A_shared_local_ptr[(ax0_30 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_30 * 32)) + 4126)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3840));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3904));
    for (int i_1_2_30 = 0; i_1_2_30 < 8; ++i_1_2_30) {
      for (int j_1_2_30 = 0; j_1_2_30 < 4; ++j_1_2_30) {
        int cse_v173 = ((i_1_2_30 * 4) + j_1_2_30);
        C_local_ptr[((i_1_2_30 * 4) + j_1_2_30)] = (C_local_ptr[((i_1_2_30 * 4) + j_1_2_30)] + (A_shared_local_ptr[i_1_2_30] * B_shared_local_ptr[j_1_2_30]));
        int cse_v68 = (i_1_2_30 + 8);
        int cse_v331 = (((i_1_2_30 * 4) + j_1_2_30) + 64);
        C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 64)] = (C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 64)] + (A_shared_local_ptr[(i_1_2_30 + 8)] * B_shared_local_ptr[j_1_2_30]));
        int cse_v69 = (j_1_2_30 + 4);
        int cse_v332 = (((i_1_2_30 * 4) + j_1_2_30) + 32);
        C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 32)] = (C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 32)] + (A_shared_local_ptr[i_1_2_30] * B_shared_local_ptr[(j_1_2_30 + 4)]));
        int cse_v333 = (((i_1_2_30 * 4) + j_1_2_30) + 96);
        C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 96)] = (C_local_ptr[(((i_1_2_30 * 4) + j_1_2_30) + 96)] + (A_shared_local_ptr[(i_1_2_30 + 8)] * B_shared_local_ptr[(j_1_2_30 + 4)]));
      }
    }
    for (int ax0_31 = 0; ax0_31 < 8; ++ax0_31) {
      int cse_v464 = ((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_31 * 32));
      A_shared_local_ptr[ax0_31] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_31 * 32)) + 31)];
      A_shared_local_ptr[(ax0_31 + 8)] = A_shared_ptr[(((((k_0 & 1) * 8192) + (((int)threadIdx.y) * 256)) + (ax0_31 * 32)) + 4127)];
    }
    *(float4*)(B_shared_local_ptr + 0) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 3968));
    *(float4*)(B_shared_local_ptr + 4) = *(float4*)(B_shared_ptr + ((((k_0 & 1) * 4096) + (((int)threadIdx.x) * 4)) + 4032));
    for (int i_1_2_31 = 0; i_1_2_31 < 8; ++i_1_2_31) {
      for (int j_1_2_31 = 0; j_1_2_31 < 4; ++j_1_2_31) {
        int cse_v174 = ((i_1_2_31 * 4) + j_1_2_31);
        C_local_ptr[((i_1_2_31 * 4) + j_1_2_31)] = (C_local_ptr[((i_1_2_31 * 4) + j_1_2_31)] + (A_shared_local_ptr[i_1_2_31] * B_shared_local_ptr[j_1_2_31]));
        int cse_v70 = (i_1_2_31 + 8);
        int cse_v334 = (((i_1_2_31 * 4) + j_1_2_31) + 64);
        C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 64)] = (C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 64)] + (A_shared_local_ptr[(i_1_2_31 + 8)] * B_shared_local_ptr[j_1_2_31]));
        int cse_v71 = (j_1_2_31 + 4);
        int cse_v335 = (((i_1_2_31 * 4) + j_1_2_31) + 32);
        C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 32)] = (C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 32)] + (A_shared_local_ptr[i_1_2_31] * B_shared_local_ptr[(j_1_2_31 + 4)]));
        int cse_v336 = (((i_1_2_31 * 4) + j_1_2_31) + 96);
        C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 96)] = (C_local_ptr[(((i_1_2_31 * 4) + j_1_2_31) + 96)] + (A_shared_local_ptr[(i_1_2_31 + 8)] * B_shared_local_ptr[(j_1_2_31 + 4)]));
      }
    }
  }
  tvm_builtin_ptx_cp_async_wait_group_async_wait_group_0();
  __syncthreads();
  for (int ax0_32 = 0; ax0_32 < 8; ++ax0_32) {
    int cse_v175 = ((((int)threadIdx.y) * 256) + (ax0_32 * 32));
    A_shared_local_ptr_1[ax0_32] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_32 * 32)) + 8192)];
    A_shared_local_ptr_1[(ax0_32 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_32 * 32)) + 12288)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4096));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4160));
  for (int i_1_2_32 = 0; i_1_2_32 < 8; ++i_1_2_32) {
    for (int j_1_2_32 = 0; j_1_2_32 < 4; ++j_1_2_32) {
      int cse_v176 = ((i_1_2_32 * 4) + j_1_2_32);
      C_local_ptr[((i_1_2_32 * 4) + j_1_2_32)] = (C_local_ptr[((i_1_2_32 * 4) + j_1_2_32)] + (A_shared_local_ptr_1[i_1_2_32] * B_shared_local_ptr_1[j_1_2_32]));
      int cse_v72 = (i_1_2_32 + 8);
      int cse_v337 = (((i_1_2_32 * 4) + j_1_2_32) + 64);
      C_local_ptr[(((i_1_2_32 * 4) + j_1_2_32) + 64)] = (C_local_ptr[(((i_1_2_32 * 4) + j_1_2_32) + 64)] + (A_shared_local_ptr_1[(i_1_2_32 + 8)] * B_shared_local_ptr_1[j_1_2_32]));
      int cse_v73 = (j_1_2_32 + 4);
      int cse_v338 = (((i_1_2_32 * 4) + j_1_2_32) + 32);
      C_local_ptr[(((i_1_2_32 * 4) + j_1_2_32) + 32)] = (C_local_ptr[(((i_1_2_32 * 4) + j_1_2_32) + 32)] + (A_shared_local_ptr_1[i_1_2_32] * B_shared_local_ptr_1[(j_1_2_32 + 4)]));
      int cse_v339 = (((i_1_2_32 * 4) + j_1_2_32) + 96);
      C_local_ptr[(((i_1_2_32 * 4) + j_1_2_32) + 96)] = (C_local_ptr[(((i_1_2_32 * 4) + j_1_2_32) + 96)] + (A_shared_local_ptr_1[(i_1_2_32 + 8)] * B_shared_local_ptr_1[(j_1_2_32 + 4)]));
    }
  }
  for (int ax0_33 = 0; ax0_33 < 8; ++ax0_33) {
    int cse_v177 = ((((int)threadIdx.y) * 256) + (ax0_33 * 32));
    A_shared_local_ptr_1[ax0_33] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_33 * 32)) + 8193)];
    A_shared_local_ptr_1[(ax0_33 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_33 * 32)) + 12289)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4224));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4288));
  for (int i_1_2_33 = 0; i_1_2_33 < 8; ++i_1_2_33) {
    for (int j_1_2_33 = 0; j_1_2_33 < 4; ++j_1_2_33) {
      int cse_v178 = ((i_1_2_33 * 4) + j_1_2_33);
      C_local_ptr[((i_1_2_33 * 4) + j_1_2_33)] = (C_local_ptr[((i_1_2_33 * 4) + j_1_2_33)] + (A_shared_local_ptr_1[i_1_2_33] * B_shared_local_ptr_1[j_1_2_33]));
      int cse_v74 = (i_1_2_33 + 8);
      int cse_v340 = (((i_1_2_33 * 4) + j_1_2_33) + 64);
      C_local_ptr[(((i_1_2_33 * 4) + j_1_2_33) + 64)] = (C_local_ptr[(((i_1_2_33 * 4) + j_1_2_33) + 64)] + (A_shared_local_ptr_1[(i_1_2_33 + 8)] * B_shared_local_ptr_1[j_1_2_33]));
      int cse_v75 = (j_1_2_33 + 4);
      int cse_v341 = (((i_1_2_33 * 4) + j_1_2_33) + 32);
      C_local_ptr[(((i_1_2_33 * 4) + j_1_2_33) + 32)] = (C_local_ptr[(((i_1_2_33 * 4) + j_1_2_33) + 32)] + (A_shared_local_ptr_1[i_1_2_33] * B_shared_local_ptr_1[(j_1_2_33 + 4)]));
      int cse_v342 = (((i_1_2_33 * 4) + j_1_2_33) + 96);
      C_local_ptr[(((i_1_2_33 * 4) + j_1_2_33) + 96)] = (C_local_ptr[(((i_1_2_33 * 4) + j_1_2_33) + 96)] + (A_shared_local_ptr_1[(i_1_2_33 + 8)] * B_shared_local_ptr_1[(j_1_2_33 + 4)]));
    }
  }
  for (int ax0_34 = 0; ax0_34 < 8; ++ax0_34) {
    int cse_v179 = ((((int)threadIdx.y) * 256) + (ax0_34 * 32));
    A_shared_local_ptr_1[ax0_34] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_34 * 32)) + 8194)];
    A_shared_local_ptr_1[(ax0_34 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_34 * 32)) + 12290)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4352));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4416));
  for (int i_1_2_34 = 0; i_1_2_34 < 8; ++i_1_2_34) {
    for (int j_1_2_34 = 0; j_1_2_34 < 4; ++j_1_2_34) {
      int cse_v180 = ((i_1_2_34 * 4) + j_1_2_34);
      C_local_ptr[((i_1_2_34 * 4) + j_1_2_34)] = (C_local_ptr[((i_1_2_34 * 4) + j_1_2_34)] + (A_shared_local_ptr_1[i_1_2_34] * B_shared_local_ptr_1[j_1_2_34]));
      int cse_v76 = (i_1_2_34 + 8);
      int cse_v343 = (((i_1_2_34 * 4) + j_1_2_34) + 64);
      C_local_ptr[(((i_1_2_34 * 4) + j_1_2_34) + 64)] = (C_local_ptr[(((i_1_2_34 * 4) + j_1_2_34) + 64)] + (A_shared_local_ptr_1[(i_1_2_34 + 8)] * B_shared_local_ptr_1[j_1_2_34]));
      int cse_v77 = (j_1_2_34 + 4);
      int cse_v344 = (((i_1_2_34 * 4) + j_1_2_34) + 32);
      C_local_ptr[(((i_1_2_34 * 4) + j_1_2_34) + 32)] = (C_local_ptr[(((i_1_2_34 * 4) + j_1_2_34) + 32)] + (A_shared_local_ptr_1[i_1_2_34] * B_shared_local_ptr_1[(j_1_2_34 + 4)]));
      int cse_v345 = (((i_1_2_34 * 4) + j_1_2_34) + 96);
      C_local_ptr[(((i_1_2_34 * 4) + j_1_2_34) + 96)] = (C_local_ptr[(((i_1_2_34 * 4) + j_1_2_34) + 96)] + (A_shared_local_ptr_1[(i_1_2_34 + 8)] * B_shared_local_ptr_1[(j_1_2_34 + 4)]));
    }
  }
  for (int ax0_35 = 0; ax0_35 < 8; ++ax0_35) {
    int cse_v181 = ((((int)threadIdx.y) * 256) + (ax0_35 * 32));
    A_shared_local_ptr_1[ax0_35] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_35 * 32)) + 8195)];
    A_shared_local_ptr_1[(ax0_35 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_35 * 32)) + 12291)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4480));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4544));
  for (int i_1_2_35 = 0; i_1_2_35 < 8; ++i_1_2_35) {
    for (int j_1_2_35 = 0; j_1_2_35 < 4; ++j_1_2_35) {
      int cse_v182 = ((i_1_2_35 * 4) + j_1_2_35);
      C_local_ptr[((i_1_2_35 * 4) + j_1_2_35)] = (C_local_ptr[((i_1_2_35 * 4) + j_1_2_35)] + (A_shared_local_ptr_1[i_1_2_35] * B_shared_local_ptr_1[j_1_2_35]));
      int cse_v78 = (i_1_2_35 + 8);
      int cse_v346 = (((i_1_2_35 * 4) + j_1_2_35) + 64);
      C_local_ptr[(((i_1_2_35 * 4) + j_1_2_35) + 64)] = (C_local_ptr[(((i_1_2_35 * 4) + j_1_2_35) + 64)] + (A_shared_local_ptr_1[(i_1_2_35 + 8)] * B_shared_local_ptr_1[j_1_2_35]));
      int cse_v79 = (j_1_2_35 + 4);
      int cse_v347 = (((i_1_2_35 * 4) + j_1_2_35) + 32);
      C_local_ptr[(((i_1_2_35 * 4) + j_1_2_35) + 32)] = (C_local_ptr[(((i_1_2_35 * 4) + j_1_2_35) + 32)] + (A_shared_local_ptr_1[i_1_2_35] * B_shared_local_ptr_1[(j_1_2_35 + 4)]));
      int cse_v348 = (((i_1_2_35 * 4) + j_1_2_35) + 96);
      C_local_ptr[(((i_1_2_35 * 4) + j_1_2_35) + 96)] = (C_local_ptr[(((i_1_2_35 * 4) + j_1_2_35) + 96)] + (A_shared_local_ptr_1[(i_1_2_35 + 8)] * B_shared_local_ptr_1[(j_1_2_35 + 4)]));
    }
  }
  for (int ax0_36 = 0; ax0_36 < 8; ++ax0_36) {
    int cse_v183 = ((((int)threadIdx.y) * 256) + (ax0_36 * 32));
    A_shared_local_ptr_1[ax0_36] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_36 * 32)) + 8196)];
    A_shared_local_ptr_1[(ax0_36 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_36 * 32)) + 12292)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4608));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4672));
  for (int i_1_2_36 = 0; i_1_2_36 < 8; ++i_1_2_36) {
    for (int j_1_2_36 = 0; j_1_2_36 < 4; ++j_1_2_36) {
      int cse_v184 = ((i_1_2_36 * 4) + j_1_2_36);
      C_local_ptr[((i_1_2_36 * 4) + j_1_2_36)] = (C_local_ptr[((i_1_2_36 * 4) + j_1_2_36)] + (A_shared_local_ptr_1[i_1_2_36] * B_shared_local_ptr_1[j_1_2_36]));
      int cse_v80 = (i_1_2_36 + 8);
      int cse_v349 = (((i_1_2_36 * 4) + j_1_2_36) + 64);
      C_local_ptr[(((i_1_2_36 * 4) + j_1_2_36) + 64)] = (C_local_ptr[(((i_1_2_36 * 4) + j_1_2_36) + 64)] + (A_shared_local_ptr_1[(i_1_2_36 + 8)] * B_shared_local_ptr_1[j_1_2_36]));
      int cse_v81 = (j_1_2_36 + 4);
      int cse_v350 = (((i_1_2_36 * 4) + j_1_2_36) + 32);
      C_local_ptr[(((i_1_2_36 * 4) + j_1_2_36) + 32)] = (C_local_ptr[(((i_1_2_36 * 4) + j_1_2_36) + 32)] + (A_shared_local_ptr_1[i_1_2_36] * B_shared_local_ptr_1[(j_1_2_36 + 4)]));
      int cse_v351 = (((i_1_2_36 * 4) + j_1_2_36) + 96);
      C_local_ptr[(((i_1_2_36 * 4) + j_1_2_36) + 96)] = (C_local_ptr[(((i_1_2_36 * 4) + j_1_2_36) + 96)] + (A_shared_local_ptr_1[(i_1_2_36 + 8)] * B_shared_local_ptr_1[(j_1_2_36 + 4)]));
    }
  }
  for (int ax0_37 = 0; ax0_37 < 8; ++ax0_37) {
    int cse_v185 = ((((int)threadIdx.y) * 256) + (ax0_37 * 32));
    A_shared_local_ptr_1[ax0_37] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_37 * 32)) + 8197)];
    A_shared_local_ptr_1[(ax0_37 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_37 * 32)) + 12293)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4736));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4800));
  for (int i_1_2_37 = 0; i_1_2_37 < 8; ++i_1_2_37) {
    for (int j_1_2_37 = 0; j_1_2_37 < 4; ++j_1_2_37) {
      int cse_v186 = ((i_1_2_37 * 4) + j_1_2_37);
      C_local_ptr[((i_1_2_37 * 4) + j_1_2_37)] = (C_local_ptr[((i_1_2_37 * 4) + j_1_2_37)] + (A_shared_local_ptr_1[i_1_2_37] * B_shared_local_ptr_1[j_1_2_37]));
      int cse_v82 = (i_1_2_37 + 8);
      int cse_v352 = (((i_1_2_37 * 4) + j_1_2_37) + 64);
      C_local_ptr[(((i_1_2_37 * 4) + j_1_2_37) + 64)] = (C_local_ptr[(((i_1_2_37 * 4) + j_1_2_37) + 64)] + (A_shared_local_ptr_1[(i_1_2_37 + 8)] * B_shared_local_ptr_1[j_1_2_37]));
      int cse_v83 = (j_1_2_37 + 4);
      int cse_v353 = (((i_1_2_37 * 4) + j_1_2_37) + 32);
      C_local_ptr[(((i_1_2_37 * 4) + j_1_2_37) + 32)] = (C_local_ptr[(((i_1_2_37 * 4) + j_1_2_37) + 32)] + (A_shared_local_ptr_1[i_1_2_37] * B_shared_local_ptr_1[(j_1_2_37 + 4)]));
      int cse_v354 = (((i_1_2_37 * 4) + j_1_2_37) + 96);
      C_local_ptr[(((i_1_2_37 * 4) + j_1_2_37) + 96)] = (C_local_ptr[(((i_1_2_37 * 4) + j_1_2_37) + 96)] + (A_shared_local_ptr_1[(i_1_2_37 + 8)] * B_shared_local_ptr_1[(j_1_2_37 + 4)]));
    }
  }
  for (int ax0_38 = 0; ax0_38 < 8; ++ax0_38) {
    int cse_v187 = ((((int)threadIdx.y) * 256) + (ax0_38 * 32));
    A_shared_local_ptr_1[ax0_38] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_38 * 32)) + 8198)];
    A_shared_local_ptr_1[(ax0_38 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_38 * 32)) + 12294)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4864));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4928));
  for (int i_1_2_38 = 0; i_1_2_38 < 8; ++i_1_2_38) {
    for (int j_1_2_38 = 0; j_1_2_38 < 4; ++j_1_2_38) {
      int cse_v188 = ((i_1_2_38 * 4) + j_1_2_38);
      C_local_ptr[((i_1_2_38 * 4) + j_1_2_38)] = (C_local_ptr[((i_1_2_38 * 4) + j_1_2_38)] + (A_shared_local_ptr_1[i_1_2_38] * B_shared_local_ptr_1[j_1_2_38]));
      int cse_v84 = (i_1_2_38 + 8);
      int cse_v355 = (((i_1_2_38 * 4) + j_1_2_38) + 64);
      C_local_ptr[(((i_1_2_38 * 4) + j_1_2_38) + 64)] = (C_local_ptr[(((i_1_2_38 * 4) + j_1_2_38) + 64)] + (A_shared_local_ptr_1[(i_1_2_38 + 8)] * B_shared_local_ptr_1[j_1_2_38]));
      int cse_v85 = (j_1_2_38 + 4);
      int cse_v356 = (((i_1_2_38 * 4) + j_1_2_38) + 32);
      C_local_ptr[(((i_1_2_38 * 4) + j_1_2_38) + 32)] = (C_local_ptr[(((i_1_2_38 * 4) + j_1_2_38) + 32)] + (A_shared_local_ptr_1[i_1_2_38] * B_shared_local_ptr_1[(j_1_2_38 + 4)]));
      int cse_v357 = (((i_1_2_38 * 4) + j_1_2_38) + 96);
      C_local_ptr[(((i_1_2_38 * 4) + j_1_2_38) + 96)] = (C_local_ptr[(((i_1_2_38 * 4) + j_1_2_38) + 96)] + (A_shared_local_ptr_1[(i_1_2_38 + 8)] * B_shared_local_ptr_1[(j_1_2_38 + 4)]));
    }
  }
  for (int ax0_39 = 0; ax0_39 < 8; ++ax0_39) {
    int cse_v189 = ((((int)threadIdx.y) * 256) + (ax0_39 * 32));
    A_shared_local_ptr_1[ax0_39] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_39 * 32)) + 8199)];
    A_shared_local_ptr_1[(ax0_39 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_39 * 32)) + 12295)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 4992));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5056));
  for (int i_1_2_39 = 0; i_1_2_39 < 8; ++i_1_2_39) {
    for (int j_1_2_39 = 0; j_1_2_39 < 4; ++j_1_2_39) {
      int cse_v190 = ((i_1_2_39 * 4) + j_1_2_39);
      C_local_ptr[((i_1_2_39 * 4) + j_1_2_39)] = (C_local_ptr[((i_1_2_39 * 4) + j_1_2_39)] + (A_shared_local_ptr_1[i_1_2_39] * B_shared_local_ptr_1[j_1_2_39]));
      int cse_v86 = (i_1_2_39 + 8);
      int cse_v358 = (((i_1_2_39 * 4) + j_1_2_39) + 64);
      C_local_ptr[(((i_1_2_39 * 4) + j_1_2_39) + 64)] = (C_local_ptr[(((i_1_2_39 * 4) + j_1_2_39) + 64)] + (A_shared_local_ptr_1[(i_1_2_39 + 8)] * B_shared_local_ptr_1[j_1_2_39]));
      int cse_v87 = (j_1_2_39 + 4);
      int cse_v359 = (((i_1_2_39 * 4) + j_1_2_39) + 32);
      C_local_ptr[(((i_1_2_39 * 4) + j_1_2_39) + 32)] = (C_local_ptr[(((i_1_2_39 * 4) + j_1_2_39) + 32)] + (A_shared_local_ptr_1[i_1_2_39] * B_shared_local_ptr_1[(j_1_2_39 + 4)]));
      int cse_v360 = (((i_1_2_39 * 4) + j_1_2_39) + 96);
      C_local_ptr[(((i_1_2_39 * 4) + j_1_2_39) + 96)] = (C_local_ptr[(((i_1_2_39 * 4) + j_1_2_39) + 96)] + (A_shared_local_ptr_1[(i_1_2_39 + 8)] * B_shared_local_ptr_1[(j_1_2_39 + 4)]));
    }
  }
  for (int ax0_40 = 0; ax0_40 < 8; ++ax0_40) {
    int cse_v191 = ((((int)threadIdx.y) * 256) + (ax0_40 * 32));
    A_shared_local_ptr_1[ax0_40] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_40 * 32)) + 8200)];
    A_shared_local_ptr_1[(ax0_40 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_40 * 32)) + 12296)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5120));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5184));
  for (int i_1_2_40 = 0; i_1_2_40 < 8; ++i_1_2_40) {
    for (int j_1_2_40 = 0; j_1_2_40 < 4; ++j_1_2_40) {
      int cse_v192 = ((i_1_2_40 * 4) + j_1_2_40);
      C_local_ptr[((i_1_2_40 * 4) + j_1_2_40)] = (C_local_ptr[((i_1_2_40 * 4) + j_1_2_40)] + (A_shared_local_ptr_1[i_1_2_40] * B_shared_local_ptr_1[j_1_2_40]));
      int cse_v88 = (i_1_2_40 + 8);
      int cse_v361 = (((i_1_2_40 * 4) + j_1_2_40) + 64);
      C_local_ptr[(((i_1_2_40 * 4) + j_1_2_40) + 64)] = (C_local_ptr[(((i_1_2_40 * 4) + j_1_2_40) + 64)] + (A_shared_local_ptr_1[(i_1_2_40 + 8)] * B_shared_local_ptr_1[j_1_2_40]));
      int cse_v89 = (j_1_2_40 + 4);
      int cse_v362 = (((i_1_2_40 * 4) + j_1_2_40) + 32);
      C_local_ptr[(((i_1_2_40 * 4) + j_1_2_40) + 32)] = (C_local_ptr[(((i_1_2_40 * 4) + j_1_2_40) + 32)] + (A_shared_local_ptr_1[i_1_2_40] * B_shared_local_ptr_1[(j_1_2_40 + 4)]));
      int cse_v363 = (((i_1_2_40 * 4) + j_1_2_40) + 96);
      C_local_ptr[(((i_1_2_40 * 4) + j_1_2_40) + 96)] = (C_local_ptr[(((i_1_2_40 * 4) + j_1_2_40) + 96)] + (A_shared_local_ptr_1[(i_1_2_40 + 8)] * B_shared_local_ptr_1[(j_1_2_40 + 4)]));
    }
  }
  for (int ax0_41 = 0; ax0_41 < 8; ++ax0_41) {
    int cse_v193 = ((((int)threadIdx.y) * 256) + (ax0_41 * 32));
    A_shared_local_ptr_1[ax0_41] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_41 * 32)) + 8201)];
    A_shared_local_ptr_1[(ax0_41 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_41 * 32)) + 12297)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5248));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5312));
  for (int i_1_2_41 = 0; i_1_2_41 < 8; ++i_1_2_41) {
    for (int j_1_2_41 = 0; j_1_2_41 < 4; ++j_1_2_41) {
      int cse_v194 = ((i_1_2_41 * 4) + j_1_2_41);
      C_local_ptr[((i_1_2_41 * 4) + j_1_2_41)] = (C_local_ptr[((i_1_2_41 * 4) + j_1_2_41)] + (A_shared_local_ptr_1[i_1_2_41] * B_shared_local_ptr_1[j_1_2_41]));
      int cse_v90 = (i_1_2_41 + 8);
      int cse_v364 = (((i_1_2_41 * 4) + j_1_2_41) + 64);
      C_local_ptr[(((i_1_2_41 * 4) + j_1_2_41) + 64)] = (C_local_ptr[(((i_1_2_41 * 4) + j_1_2_41) + 64)] + (A_shared_local_ptr_1[(i_1_2_41 + 8)] * B_shared_local_ptr_1[j_1_2_41]));
      int cse_v91 = (j_1_2_41 + 4);
      int cse_v365 = (((i_1_2_41 * 4) + j_1_2_41) + 32);
      C_local_ptr[(((i_1_2_41 * 4) + j_1_2_41) + 32)] = (C_local_ptr[(((i_1_2_41 * 4) + j_1_2_41) + 32)] + (A_shared_local_ptr_1[i_1_2_41] * B_shared_local_ptr_1[(j_1_2_41 + 4)]));
      int cse_v366 = (((i_1_2_41 * 4) + j_1_2_41) + 96);
      C_local_ptr[(((i_1_2_41 * 4) + j_1_2_41) + 96)] = (C_local_ptr[(((i_1_2_41 * 4) + j_1_2_41) + 96)] + (A_shared_local_ptr_1[(i_1_2_41 + 8)] * B_shared_local_ptr_1[(j_1_2_41 + 4)]));
    }
  }
  for (int ax0_42 = 0; ax0_42 < 8; ++ax0_42) {
    int cse_v195 = ((((int)threadIdx.y) * 256) + (ax0_42 * 32));
    A_shared_local_ptr_1[ax0_42] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_42 * 32)) + 8202)];
    A_shared_local_ptr_1[(ax0_42 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_42 * 32)) + 12298)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5376));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5440));
  for (int i_1_2_42 = 0; i_1_2_42 < 8; ++i_1_2_42) {
    for (int j_1_2_42 = 0; j_1_2_42 < 4; ++j_1_2_42) {
      int cse_v196 = ((i_1_2_42 * 4) + j_1_2_42);
      C_local_ptr[((i_1_2_42 * 4) + j_1_2_42)] = (C_local_ptr[((i_1_2_42 * 4) + j_1_2_42)] + (A_shared_local_ptr_1[i_1_2_42] * B_shared_local_ptr_1[j_1_2_42]));
      int cse_v92 = (i_1_2_42 + 8);
      int cse_v367 = (((i_1_2_42 * 4) + j_1_2_42) + 64);
      C_local_ptr[(((i_1_2_42 * 4) + j_1_2_42) + 64)] = (C_local_ptr[(((i_1_2_42 * 4) + j_1_2_42) + 64)] + (A_shared_local_ptr_1[(i_1_2_42 + 8)] * B_shared_local_ptr_1[j_1_2_42]));
      int cse_v93 = (j_1_2_42 + 4);
      int cse_v368 = (((i_1_2_42 * 4) + j_1_2_42) + 32);
      C_local_ptr[(((i_1_2_42 * 4) + j_1_2_42) + 32)] = (C_local_ptr[(((i_1_2_42 * 4) + j_1_2_42) + 32)] + (A_shared_local_ptr_1[i_1_2_42] * B_shared_local_ptr_1[(j_1_2_42 + 4)]));
      int cse_v369 = (((i_1_2_42 * 4) + j_1_2_42) + 96);
      C_local_ptr[(((i_1_2_42 * 4) + j_1_2_42) + 96)] = (C_local_ptr[(((i_1_2_42 * 4) + j_1_2_42) + 96)] + (A_shared_local_ptr_1[(i_1_2_42 + 8)] * B_shared_local_ptr_1[(j_1_2_42 + 4)]));
    }
  }
  for (int ax0_43 = 0; ax0_43 < 8; ++ax0_43) {
    int cse_v197 = ((((int)threadIdx.y) * 256) + (ax0_43 * 32));
    A_shared_local_ptr_1[ax0_43] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_43 * 32)) + 8203)];
    A_shared_local_ptr_1[(ax0_43 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_43 * 32)) + 12299)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5504));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5568));
  for (int i_1_2_43 = 0; i_1_2_43 < 8; ++i_1_2_43) {
    for (int j_1_2_43 = 0; j_1_2_43 < 4; ++j_1_2_43) {
      int cse_v198 = ((i_1_2_43 * 4) + j_1_2_43);
      C_local_ptr[((i_1_2_43 * 4) + j_1_2_43)] = (C_local_ptr[((i_1_2_43 * 4) + j_1_2_43)] + (A_shared_local_ptr_1[i_1_2_43] * B_shared_local_ptr_1[j_1_2_43]));
      int cse_v94 = (i_1_2_43 + 8);
      int cse_v370 = (((i_1_2_43 * 4) + j_1_2_43) + 64);
      C_local_ptr[(((i_1_2_43 * 4) + j_1_2_43) + 64)] = (C_local_ptr[(((i_1_2_43 * 4) + j_1_2_43) + 64)] + (A_shared_local_ptr_1[(i_1_2_43 + 8)] * B_shared_local_ptr_1[j_1_2_43]));
      int cse_v95 = (j_1_2_43 + 4);
      int cse_v371 = (((i_1_2_43 * 4) + j_1_2_43) + 32);
      C_local_ptr[(((i_1_2_43 * 4) + j_1_2_43) + 32)] = (C_local_ptr[(((i_1_2_43 * 4) + j_1_2_43) + 32)] + (A_shared_local_ptr_1[i_1_2_43] * B_shared_local_ptr_1[(j_1_2_43 + 4)]));
      int cse_v372 = (((i_1_2_43 * 4) + j_1_2_43) + 96);
      C_local_ptr[(((i_1_2_43 * 4) + j_1_2_43) + 96)] = (C_local_ptr[(((i_1_2_43 * 4) + j_1_2_43) + 96)] + (A_shared_local_ptr_1[(i_1_2_43 + 8)] * B_shared_local_ptr_1[(j_1_2_43 + 4)]));
    }
  }
  for (int ax0_44 = 0; ax0_44 < 8; ++ax0_44) {
    int cse_v199 = ((((int)threadIdx.y) * 256) + (ax0_44 * 32));
    A_shared_local_ptr_1[ax0_44] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_44 * 32)) + 8204)];
    A_shared_local_ptr_1[(ax0_44 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_44 * 32)) + 12300)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5632));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5696));
  for (int i_1_2_44 = 0; i_1_2_44 < 8; ++i_1_2_44) {
    for (int j_1_2_44 = 0; j_1_2_44 < 4; ++j_1_2_44) {
      int cse_v200 = ((i_1_2_44 * 4) + j_1_2_44);
      C_local_ptr[((i_1_2_44 * 4) + j_1_2_44)] = (C_local_ptr[((i_1_2_44 * 4) + j_1_2_44)] + (A_shared_local_ptr_1[i_1_2_44] * B_shared_local_ptr_1[j_1_2_44]));
      int cse_v96 = (i_1_2_44 + 8);
      int cse_v373 = (((i_1_2_44 * 4) + j_1_2_44) + 64);
      C_local_ptr[(((i_1_2_44 * 4) + j_1_2_44) + 64)] = (C_local_ptr[(((i_1_2_44 * 4) + j_1_2_44) + 64)] + (A_shared_local_ptr_1[(i_1_2_44 + 8)] * B_shared_local_ptr_1[j_1_2_44]));
      int cse_v97 = (j_1_2_44 + 4);
      int cse_v374 = (((i_1_2_44 * 4) + j_1_2_44) + 32);
      C_local_ptr[(((i_1_2_44 * 4) + j_1_2_44) + 32)] = (C_local_ptr[(((i_1_2_44 * 4) + j_1_2_44) + 32)] + (A_shared_local_ptr_1[i_1_2_44] * B_shared_local_ptr_1[(j_1_2_44 + 4)]));
      int cse_v375 = (((i_1_2_44 * 4) + j_1_2_44) + 96);
      C_local_ptr[(((i_1_2_44 * 4) + j_1_2_44) + 96)] = (C_local_ptr[(((i_1_2_44 * 4) + j_1_2_44) + 96)] + (A_shared_local_ptr_1[(i_1_2_44 + 8)] * B_shared_local_ptr_1[(j_1_2_44 + 4)]));
    }
  }
  for (int ax0_45 = 0; ax0_45 < 8; ++ax0_45) {
    int cse_v201 = ((((int)threadIdx.y) * 256) + (ax0_45 * 32));
    A_shared_local_ptr_1[ax0_45] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_45 * 32)) + 8205)];
    A_shared_local_ptr_1[(ax0_45 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_45 * 32)) + 12301)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5760));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5824));
  for (int i_1_2_45 = 0; i_1_2_45 < 8; ++i_1_2_45) {
    for (int j_1_2_45 = 0; j_1_2_45 < 4; ++j_1_2_45) {
      int cse_v202 = ((i_1_2_45 * 4) + j_1_2_45);
      C_local_ptr[((i_1_2_45 * 4) + j_1_2_45)] = (C_local_ptr[((i_1_2_45 * 4) + j_1_2_45)] + (A_shared_local_ptr_1[i_1_2_45] * B_shared_local_ptr_1[j_1_2_45]));
      int cse_v98 = (i_1_2_45 + 8);
      int cse_v376 = (((i_1_2_45 * 4) + j_1_2_45) + 64);
      C_local_ptr[(((i_1_2_45 * 4) + j_1_2_45) + 64)] = (C_local_ptr[(((i_1_2_45 * 4) + j_1_2_45) + 64)] + (A_shared_local_ptr_1[(i_1_2_45 + 8)] * B_shared_local_ptr_1[j_1_2_45]));
      int cse_v99 = (j_1_2_45 + 4);
      int cse_v377 = (((i_1_2_45 * 4) + j_1_2_45) + 32);
      C_local_ptr[(((i_1_2_45 * 4) + j_1_2_45) + 32)] = (C_local_ptr[(((i_1_2_45 * 4) + j_1_2_45) + 32)] + (A_shared_local_ptr_1[i_1_2_45] * B_shared_local_ptr_1[(j_1_2_45 + 4)]));
      int cse_v378 = (((i_1_2_45 * 4) + j_1_2_45) + 96);
      C_local_ptr[(((i_1_2_45 * 4) + j_1_2_45) + 96)] = (C_local_ptr[(((i_1_2_45 * 4) + j_1_2_45) + 96)] + (A_shared_local_ptr_1[(i_1_2_45 + 8)] * B_shared_local_ptr_1[(j_1_2_45 + 4)]));
    }
  }
  for (int ax0_46 = 0; ax0_46 < 8; ++ax0_46) {
    int cse_v203 = ((((int)threadIdx.y) * 256) + (ax0_46 * 32));
    A_shared_local_ptr_1[ax0_46] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_46 * 32)) + 8206)];
    A_shared_local_ptr_1[(ax0_46 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_46 * 32)) + 12302)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5888));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 5952));
  for (int i_1_2_46 = 0; i_1_2_46 < 8; ++i_1_2_46) {
    for (int j_1_2_46 = 0; j_1_2_46 < 4; ++j_1_2_46) {
      int cse_v204 = ((i_1_2_46 * 4) + j_1_2_46);
      C_local_ptr[((i_1_2_46 * 4) + j_1_2_46)] = (C_local_ptr[((i_1_2_46 * 4) + j_1_2_46)] + (A_shared_local_ptr_1[i_1_2_46] * B_shared_local_ptr_1[j_1_2_46]));
      int cse_v100 = (i_1_2_46 + 8);
      int cse_v379 = (((i_1_2_46 * 4) + j_1_2_46) + 64);
      C_local_ptr[(((i_1_2_46 * 4) + j_1_2_46) + 64)] = (C_local_ptr[(((i_1_2_46 * 4) + j_1_2_46) + 64)] + (A_shared_local_ptr_1[(i_1_2_46 + 8)] * B_shared_local_ptr_1[j_1_2_46]));
      int cse_v101 = (j_1_2_46 + 4);
      int cse_v380 = (((i_1_2_46 * 4) + j_1_2_46) + 32);
      C_local_ptr[(((i_1_2_46 * 4) + j_1_2_46) + 32)] = (C_local_ptr[(((i_1_2_46 * 4) + j_1_2_46) + 32)] + (A_shared_local_ptr_1[i_1_2_46] * B_shared_local_ptr_1[(j_1_2_46 + 4)]));
      int cse_v381 = (((i_1_2_46 * 4) + j_1_2_46) + 96);
      C_local_ptr[(((i_1_2_46 * 4) + j_1_2_46) + 96)] = (C_local_ptr[(((i_1_2_46 * 4) + j_1_2_46) + 96)] + (A_shared_local_ptr_1[(i_1_2_46 + 8)] * B_shared_local_ptr_1[(j_1_2_46 + 4)]));
    }
  }
  for (int ax0_47 = 0; ax0_47 < 8; ++ax0_47) {
    int cse_v205 = ((((int)threadIdx.y) * 256) + (ax0_47 * 32));
    A_shared_local_ptr_1[ax0_47] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_47 * 32)) + 8207)];
    A_shared_local_ptr_1[(ax0_47 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_47 * 32)) + 12303)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6016));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6080));
  for (int i_1_2_47 = 0; i_1_2_47 < 8; ++i_1_2_47) {
    for (int j_1_2_47 = 0; j_1_2_47 < 4; ++j_1_2_47) {
      int cse_v206 = ((i_1_2_47 * 4) + j_1_2_47);
      C_local_ptr[((i_1_2_47 * 4) + j_1_2_47)] = (C_local_ptr[((i_1_2_47 * 4) + j_1_2_47)] + (A_shared_local_ptr_1[i_1_2_47] * B_shared_local_ptr_1[j_1_2_47]));
      int cse_v102 = (i_1_2_47 + 8);
      int cse_v382 = (((i_1_2_47 * 4) + j_1_2_47) + 64);
      C_local_ptr[(((i_1_2_47 * 4) + j_1_2_47) + 64)] = (C_local_ptr[(((i_1_2_47 * 4) + j_1_2_47) + 64)] + (A_shared_local_ptr_1[(i_1_2_47 + 8)] * B_shared_local_ptr_1[j_1_2_47]));
      int cse_v103 = (j_1_2_47 + 4);
      int cse_v383 = (((i_1_2_47 * 4) + j_1_2_47) + 32);
      C_local_ptr[(((i_1_2_47 * 4) + j_1_2_47) + 32)] = (C_local_ptr[(((i_1_2_47 * 4) + j_1_2_47) + 32)] + (A_shared_local_ptr_1[i_1_2_47] * B_shared_local_ptr_1[(j_1_2_47 + 4)]));
      int cse_v384 = (((i_1_2_47 * 4) + j_1_2_47) + 96);
      C_local_ptr[(((i_1_2_47 * 4) + j_1_2_47) + 96)] = (C_local_ptr[(((i_1_2_47 * 4) + j_1_2_47) + 96)] + (A_shared_local_ptr_1[(i_1_2_47 + 8)] * B_shared_local_ptr_1[(j_1_2_47 + 4)]));
    }
  }
  for (int ax0_48 = 0; ax0_48 < 8; ++ax0_48) {
    int cse_v207 = ((((int)threadIdx.y) * 256) + (ax0_48 * 32));
    A_shared_local_ptr_1[ax0_48] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_48 * 32)) + 8208)];
    A_shared_local_ptr_1[(ax0_48 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_48 * 32)) + 12304)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6144));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6208));
  for (int i_1_2_48 = 0; i_1_2_48 < 8; ++i_1_2_48) {
    for (int j_1_2_48 = 0; j_1_2_48 < 4; ++j_1_2_48) {
      int cse_v208 = ((i_1_2_48 * 4) + j_1_2_48);
      C_local_ptr[((i_1_2_48 * 4) + j_1_2_48)] = (C_local_ptr[((i_1_2_48 * 4) + j_1_2_48)] + (A_shared_local_ptr_1[i_1_2_48] * B_shared_local_ptr_1[j_1_2_48]));
      int cse_v104 = (i_1_2_48 + 8);
      int cse_v385 = (((i_1_2_48 * 4) + j_1_2_48) + 64);
      C_local_ptr[(((i_1_2_48 * 4) + j_1_2_48) + 64)] = (C_local_ptr[(((i_1_2_48 * 4) + j_1_2_48) + 64)] + (A_shared_local_ptr_1[(i_1_2_48 + 8)] * B_shared_local_ptr_1[j_1_2_48]));
      int cse_v105 = (j_1_2_48 + 4);
      int cse_v386 = (((i_1_2_48 * 4) + j_1_2_48) + 32);
      C_local_ptr[(((i_1_2_48 * 4) + j_1_2_48) + 32)] = (C_local_ptr[(((i_1_2_48 * 4) + j_1_2_48) + 32)] + (A_shared_local_ptr_1[i_1_2_48] * B_shared_local_ptr_1[(j_1_2_48 + 4)]));
      int cse_v387 = (((i_1_2_48 * 4) + j_1_2_48) + 96);
      C_local_ptr[(((i_1_2_48 * 4) + j_1_2_48) + 96)] = (C_local_ptr[(((i_1_2_48 * 4) + j_1_2_48) + 96)] + (A_shared_local_ptr_1[(i_1_2_48 + 8)] * B_shared_local_ptr_1[(j_1_2_48 + 4)]));
    }
  }
  for (int ax0_49 = 0; ax0_49 < 8; ++ax0_49) {
    int cse_v209 = ((((int)threadIdx.y) * 256) + (ax0_49 * 32));
    A_shared_local_ptr_1[ax0_49] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_49 * 32)) + 8209)];
    A_shared_local_ptr_1[(ax0_49 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_49 * 32)) + 12305)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6272));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6336));
  for (int i_1_2_49 = 0; i_1_2_49 < 8; ++i_1_2_49) {
    for (int j_1_2_49 = 0; j_1_2_49 < 4; ++j_1_2_49) {
      int cse_v210 = ((i_1_2_49 * 4) + j_1_2_49);
      C_local_ptr[((i_1_2_49 * 4) + j_1_2_49)] = (C_local_ptr[((i_1_2_49 * 4) + j_1_2_49)] + (A_shared_local_ptr_1[i_1_2_49] * B_shared_local_ptr_1[j_1_2_49]));
      int cse_v106 = (i_1_2_49 + 8);
      int cse_v388 = (((i_1_2_49 * 4) + j_1_2_49) + 64);
      C_local_ptr[(((i_1_2_49 * 4) + j_1_2_49) + 64)] = (C_local_ptr[(((i_1_2_49 * 4) + j_1_2_49) + 64)] + (A_shared_local_ptr_1[(i_1_2_49 + 8)] * B_shared_local_ptr_1[j_1_2_49]));
      int cse_v107 = (j_1_2_49 + 4);
      int cse_v389 = (((i_1_2_49 * 4) + j_1_2_49) + 32);
      C_local_ptr[(((i_1_2_49 * 4) + j_1_2_49) + 32)] = (C_local_ptr[(((i_1_2_49 * 4) + j_1_2_49) + 32)] + (A_shared_local_ptr_1[i_1_2_49] * B_shared_local_ptr_1[(j_1_2_49 + 4)]));
      int cse_v390 = (((i_1_2_49 * 4) + j_1_2_49) + 96);
      C_local_ptr[(((i_1_2_49 * 4) + j_1_2_49) + 96)] = (C_local_ptr[(((i_1_2_49 * 4) + j_1_2_49) + 96)] + (A_shared_local_ptr_1[(i_1_2_49 + 8)] * B_shared_local_ptr_1[(j_1_2_49 + 4)]));
    }
  }
  for (int ax0_50 = 0; ax0_50 < 8; ++ax0_50) {
    int cse_v211 = ((((int)threadIdx.y) * 256) + (ax0_50 * 32));
    A_shared_local_ptr_1[ax0_50] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_50 * 32)) + 8210)];
    A_shared_local_ptr_1[(ax0_50 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_50 * 32)) + 12306)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6400));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6464));
  for (int i_1_2_50 = 0; i_1_2_50 < 8; ++i_1_2_50) {
    for (int j_1_2_50 = 0; j_1_2_50 < 4; ++j_1_2_50) {
      int cse_v212 = ((i_1_2_50 * 4) + j_1_2_50);
      C_local_ptr[((i_1_2_50 * 4) + j_1_2_50)] = (C_local_ptr[((i_1_2_50 * 4) + j_1_2_50)] + (A_shared_local_ptr_1[i_1_2_50] * B_shared_local_ptr_1[j_1_2_50]));
      int cse_v108 = (i_1_2_50 + 8);
      int cse_v391 = (((i_1_2_50 * 4) + j_1_2_50) + 64);
      C_local_ptr[(((i_1_2_50 * 4) + j_1_2_50) + 64)] = (C_local_ptr[(((i_1_2_50 * 4) + j_1_2_50) + 64)] + (A_shared_local_ptr_1[(i_1_2_50 + 8)] * B_shared_local_ptr_1[j_1_2_50]));
      int cse_v109 = (j_1_2_50 + 4);
      int cse_v392 = (((i_1_2_50 * 4) + j_1_2_50) + 32);
      C_local_ptr[(((i_1_2_50 * 4) + j_1_2_50) + 32)] = (C_local_ptr[(((i_1_2_50 * 4) + j_1_2_50) + 32)] + (A_shared_local_ptr_1[i_1_2_50] * B_shared_local_ptr_1[(j_1_2_50 + 4)]));
      int cse_v393 = (((i_1_2_50 * 4) + j_1_2_50) + 96);
      C_local_ptr[(((i_1_2_50 * 4) + j_1_2_50) + 96)] = (C_local_ptr[(((i_1_2_50 * 4) + j_1_2_50) + 96)] + (A_shared_local_ptr_1[(i_1_2_50 + 8)] * B_shared_local_ptr_1[(j_1_2_50 + 4)]));
    }
  }
  for (int ax0_51 = 0; ax0_51 < 8; ++ax0_51) {
    int cse_v213 = ((((int)threadIdx.y) * 256) + (ax0_51 * 32));
    A_shared_local_ptr_1[ax0_51] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_51 * 32)) + 8211)];
    A_shared_local_ptr_1[(ax0_51 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_51 * 32)) + 12307)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6528));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6592));
  for (int i_1_2_51 = 0; i_1_2_51 < 8; ++i_1_2_51) {
    for (int j_1_2_51 = 0; j_1_2_51 < 4; ++j_1_2_51) {
      int cse_v214 = ((i_1_2_51 * 4) + j_1_2_51);
      C_local_ptr[((i_1_2_51 * 4) + j_1_2_51)] = (C_local_ptr[((i_1_2_51 * 4) + j_1_2_51)] + (A_shared_local_ptr_1[i_1_2_51] * B_shared_local_ptr_1[j_1_2_51]));
      int cse_v110 = (i_1_2_51 + 8);
      int cse_v394 = (((i_1_2_51 * 4) + j_1_2_51) + 64);
      C_local_ptr[(((i_1_2_51 * 4) + j_1_2_51) + 64)] = (C_local_ptr[(((i_1_2_51 * 4) + j_1_2_51) + 64)] + (A_shared_local_ptr_1[(i_1_2_51 + 8)] * B_shared_local_ptr_1[j_1_2_51]));
      int cse_v111 = (j_1_2_51 + 4);
      int cse_v395 = (((i_1_2_51 * 4) + j_1_2_51) + 32);
      C_local_ptr[(((i_1_2_51 * 4) + j_1_2_51) + 32)] = (C_local_ptr[(((i_1_2_51 * 4) + j_1_2_51) + 32)] + (A_shared_local_ptr_1[i_1_2_51] * B_shared_local_ptr_1[(j_1_2_51 + 4)]));
      int cse_v396 = (((i_1_2_51 * 4) + j_1_2_51) + 96);
      C_local_ptr[(((i_1_2_51 * 4) + j_1_2_51) + 96)] = (C_local_ptr[(((i_1_2_51 * 4) + j_1_2_51) + 96)] + (A_shared_local_ptr_1[(i_1_2_51 + 8)] * B_shared_local_ptr_1[(j_1_2_51 + 4)]));
    }
  }
  for (int ax0_52 = 0; ax0_52 < 8; ++ax0_52) {
    int cse_v215 = ((((int)threadIdx.y) * 256) + (ax0_52 * 32));
    A_shared_local_ptr_1[ax0_52] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_52 * 32)) + 8212)];
    A_shared_local_ptr_1[(ax0_52 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_52 * 32)) + 12308)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6656));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6720));
  for (int i_1_2_52 = 0; i_1_2_52 < 8; ++i_1_2_52) {
    for (int j_1_2_52 = 0; j_1_2_52 < 4; ++j_1_2_52) {
      int cse_v216 = ((i_1_2_52 * 4) + j_1_2_52);
      C_local_ptr[((i_1_2_52 * 4) + j_1_2_52)] = (C_local_ptr[((i_1_2_52 * 4) + j_1_2_52)] + (A_shared_local_ptr_1[i_1_2_52] * B_shared_local_ptr_1[j_1_2_52]));
      int cse_v112 = (i_1_2_52 + 8);
      int cse_v397 = (((i_1_2_52 * 4) + j_1_2_52) + 64);
      C_local_ptr[(((i_1_2_52 * 4) + j_1_2_52) + 64)] = (C_local_ptr[(((i_1_2_52 * 4) + j_1_2_52) + 64)] + (A_shared_local_ptr_1[(i_1_2_52 + 8)] * B_shared_local_ptr_1[j_1_2_52]));
      int cse_v113 = (j_1_2_52 + 4);
      int cse_v398 = (((i_1_2_52 * 4) + j_1_2_52) + 32);
      C_local_ptr[(((i_1_2_52 * 4) + j_1_2_52) + 32)] = (C_local_ptr[(((i_1_2_52 * 4) + j_1_2_52) + 32)] + (A_shared_local_ptr_1[i_1_2_52] * B_shared_local_ptr_1[(j_1_2_52 + 4)]));
      int cse_v399 = (((i_1_2_52 * 4) + j_1_2_52) + 96);
      C_local_ptr[(((i_1_2_52 * 4) + j_1_2_52) + 96)] = (C_local_ptr[(((i_1_2_52 * 4) + j_1_2_52) + 96)] + (A_shared_local_ptr_1[(i_1_2_52 + 8)] * B_shared_local_ptr_1[(j_1_2_52 + 4)]));
    }
  }
  for (int ax0_53 = 0; ax0_53 < 8; ++ax0_53) {
    int cse_v217 = ((((int)threadIdx.y) * 256) + (ax0_53 * 32));
    A_shared_local_ptr_1[ax0_53] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_53 * 32)) + 8213)];
    A_shared_local_ptr_1[(ax0_53 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_53 * 32)) + 12309)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6784));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6848));
  for (int i_1_2_53 = 0; i_1_2_53 < 8; ++i_1_2_53) {
    for (int j_1_2_53 = 0; j_1_2_53 < 4; ++j_1_2_53) {
      int cse_v218 = ((i_1_2_53 * 4) + j_1_2_53);
      C_local_ptr[((i_1_2_53 * 4) + j_1_2_53)] = (C_local_ptr[((i_1_2_53 * 4) + j_1_2_53)] + (A_shared_local_ptr_1[i_1_2_53] * B_shared_local_ptr_1[j_1_2_53]));
      int cse_v114 = (i_1_2_53 + 8);
      int cse_v400 = (((i_1_2_53 * 4) + j_1_2_53) + 64);
      C_local_ptr[(((i_1_2_53 * 4) + j_1_2_53) + 64)] = (C_local_ptr[(((i_1_2_53 * 4) + j_1_2_53) + 64)] + (A_shared_local_ptr_1[(i_1_2_53 + 8)] * B_shared_local_ptr_1[j_1_2_53]));
      int cse_v115 = (j_1_2_53 + 4);
      int cse_v401 = (((i_1_2_53 * 4) + j_1_2_53) + 32);
      C_local_ptr[(((i_1_2_53 * 4) + j_1_2_53) + 32)] = (C_local_ptr[(((i_1_2_53 * 4) + j_1_2_53) + 32)] + (A_shared_local_ptr_1[i_1_2_53] * B_shared_local_ptr_1[(j_1_2_53 + 4)]));
      int cse_v402 = (((i_1_2_53 * 4) + j_1_2_53) + 96);
      C_local_ptr[(((i_1_2_53 * 4) + j_1_2_53) + 96)] = (C_local_ptr[(((i_1_2_53 * 4) + j_1_2_53) + 96)] + (A_shared_local_ptr_1[(i_1_2_53 + 8)] * B_shared_local_ptr_1[(j_1_2_53 + 4)]));
    }
  }
  for (int ax0_54 = 0; ax0_54 < 8; ++ax0_54) {
    int cse_v219 = ((((int)threadIdx.y) * 256) + (ax0_54 * 32));
    A_shared_local_ptr_1[ax0_54] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_54 * 32)) + 8214)];
    A_shared_local_ptr_1[(ax0_54 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_54 * 32)) + 12310)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6912));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 6976));
  for (int i_1_2_54 = 0; i_1_2_54 < 8; ++i_1_2_54) {
    for (int j_1_2_54 = 0; j_1_2_54 < 4; ++j_1_2_54) {
      int cse_v220 = ((i_1_2_54 * 4) + j_1_2_54);
      C_local_ptr[((i_1_2_54 * 4) + j_1_2_54)] = (C_local_ptr[((i_1_2_54 * 4) + j_1_2_54)] + (A_shared_local_ptr_1[i_1_2_54] * B_shared_local_ptr_1[j_1_2_54]));
      int cse_v116 = (i_1_2_54 + 8);
      int cse_v403 = (((i_1_2_54 * 4) + j_1_2_54) + 64);
      C_local_ptr[(((i_1_2_54 * 4) + j_1_2_54) + 64)] = (C_local_ptr[(((i_1_2_54 * 4) + j_1_2_54) + 64)] + (A_shared_local_ptr_1[(i_1_2_54 + 8)] * B_shared_local_ptr_1[j_1_2_54]));
      int cse_v117 = (j_1_2_54 + 4);
      int cse_v404 = (((i_1_2_54 * 4) + j_1_2_54) + 32);
      C_local_ptr[(((i_1_2_54 * 4) + j_1_2_54) + 32)] = (C_local_ptr[(((i_1_2_54 * 4) + j_1_2_54) + 32)] + (A_shared_local_ptr_1[i_1_2_54] * B_shared_local_ptr_1[(j_1_2_54 + 4)]));
      int cse_v405 = (((i_1_2_54 * 4) + j_1_2_54) + 96);
      C_local_ptr[(((i_1_2_54 * 4) + j_1_2_54) + 96)] = (C_local_ptr[(((i_1_2_54 * 4) + j_1_2_54) + 96)] + (A_shared_local_ptr_1[(i_1_2_54 + 8)] * B_shared_local_ptr_1[(j_1_2_54 + 4)]));
    }
  }
  for (int ax0_55 = 0; ax0_55 < 8; ++ax0_55) {
    int cse_v221 = ((((int)threadIdx.y) * 256) + (ax0_55 * 32));
    A_shared_local_ptr_1[ax0_55] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_55 * 32)) + 8215)];
    A_shared_local_ptr_1[(ax0_55 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_55 * 32)) + 12311)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7040));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7104));
  for (int i_1_2_55 = 0; i_1_2_55 < 8; ++i_1_2_55) {
    for (int j_1_2_55 = 0; j_1_2_55 < 4; ++j_1_2_55) {
      int cse_v222 = ((i_1_2_55 * 4) + j_1_2_55);
      C_local_ptr[((i_1_2_55 * 4) + j_1_2_55)] = (C_local_ptr[((i_1_2_55 * 4) + j_1_2_55)] + (A_shared_local_ptr_1[i_1_2_55] * B_shared_local_ptr_1[j_1_2_55]));
      int cse_v118 = (i_1_2_55 + 8);
      int cse_v406 = (((i_1_2_55 * 4) + j_1_2_55) + 64);
      C_local_ptr[(((i_1_2_55 * 4) + j_1_2_55) + 64)] = (C_local_ptr[(((i_1_2_55 * 4) + j_1_2_55) + 64)] + (A_shared_local_ptr_1[(i_1_2_55 + 8)] * B_shared_local_ptr_1[j_1_2_55]));
      int cse_v119 = (j_1_2_55 + 4);
      int cse_v407 = (((i_1_2_55 * 4) + j_1_2_55) + 32);
      C_local_ptr[(((i_1_2_55 * 4) + j_1_2_55) + 32)] = (C_local_ptr[(((i_1_2_55 * 4) + j_1_2_55) + 32)] + (A_shared_local_ptr_1[i_1_2_55] * B_shared_local_ptr_1[(j_1_2_55 + 4)]));
      int cse_v408 = (((i_1_2_55 * 4) + j_1_2_55) + 96);
      C_local_ptr[(((i_1_2_55 * 4) + j_1_2_55) + 96)] = (C_local_ptr[(((i_1_2_55 * 4) + j_1_2_55) + 96)] + (A_shared_local_ptr_1[(i_1_2_55 + 8)] * B_shared_local_ptr_1[(j_1_2_55 + 4)]));
    }
  }
  for (int ax0_56 = 0; ax0_56 < 8; ++ax0_56) {
    int cse_v223 = ((((int)threadIdx.y) * 256) + (ax0_56 * 32));
    A_shared_local_ptr_1[ax0_56] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_56 * 32)) + 8216)];
    A_shared_local_ptr_1[(ax0_56 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_56 * 32)) + 12312)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7168));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7232));
  for (int i_1_2_56 = 0; i_1_2_56 < 8; ++i_1_2_56) {
    for (int j_1_2_56 = 0; j_1_2_56 < 4; ++j_1_2_56) {
      int cse_v224 = ((i_1_2_56 * 4) + j_1_2_56);
      C_local_ptr[((i_1_2_56 * 4) + j_1_2_56)] = (C_local_ptr[((i_1_2_56 * 4) + j_1_2_56)] + (A_shared_local_ptr_1[i_1_2_56] * B_shared_local_ptr_1[j_1_2_56]));
      int cse_v120 = (i_1_2_56 + 8);
      int cse_v409 = (((i_1_2_56 * 4) + j_1_2_56) + 64);
      C_local_ptr[(((i_1_2_56 * 4) + j_1_2_56) + 64)] = (C_local_ptr[(((i_1_2_56 * 4) + j_1_2_56) + 64)] + (A_shared_local_ptr_1[(i_1_2_56 + 8)] * B_shared_local_ptr_1[j_1_2_56]));
      int cse_v121 = (j_1_2_56 + 4);
      int cse_v410 = (((i_1_2_56 * 4) + j_1_2_56) + 32);
      C_local_ptr[(((i_1_2_56 * 4) + j_1_2_56) + 32)] = (C_local_ptr[(((i_1_2_56 * 4) + j_1_2_56) + 32)] + (A_shared_local_ptr_1[i_1_2_56] * B_shared_local_ptr_1[(j_1_2_56 + 4)]));
      int cse_v411 = (((i_1_2_56 * 4) + j_1_2_56) + 96);
      C_local_ptr[(((i_1_2_56 * 4) + j_1_2_56) + 96)] = (C_local_ptr[(((i_1_2_56 * 4) + j_1_2_56) + 96)] + (A_shared_local_ptr_1[(i_1_2_56 + 8)] * B_shared_local_ptr_1[(j_1_2_56 + 4)]));
    }
  }
  for (int ax0_57 = 0; ax0_57 < 8; ++ax0_57) {
    int cse_v225 = ((((int)threadIdx.y) * 256) + (ax0_57 * 32));
    A_shared_local_ptr_1[ax0_57] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_57 * 32)) + 8217)];
    A_shared_local_ptr_1[(ax0_57 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_57 * 32)) + 12313)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7296));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7360));
  for (int i_1_2_57 = 0; i_1_2_57 < 8; ++i_1_2_57) {
    for (int j_1_2_57 = 0; j_1_2_57 < 4; ++j_1_2_57) {
      int cse_v226 = ((i_1_2_57 * 4) + j_1_2_57);
      C_local_ptr[((i_1_2_57 * 4) + j_1_2_57)] = (C_local_ptr[((i_1_2_57 * 4) + j_1_2_57)] + (A_shared_local_ptr_1[i_1_2_57] * B_shared_local_ptr_1[j_1_2_57]));
      int cse_v122 = (i_1_2_57 + 8);
      int cse_v412 = (((i_1_2_57 * 4) + j_1_2_57) + 64);
      C_local_ptr[(((i_1_2_57 * 4) + j_1_2_57) + 64)] = (C_local_ptr[(((i_1_2_57 * 4) + j_1_2_57) + 64)] + (A_shared_local_ptr_1[(i_1_2_57 + 8)] * B_shared_local_ptr_1[j_1_2_57]));
      int cse_v123 = (j_1_2_57 + 4);
      int cse_v413 = (((i_1_2_57 * 4) + j_1_2_57) + 32);
      C_local_ptr[(((i_1_2_57 * 4) + j_1_2_57) + 32)] = (C_local_ptr[(((i_1_2_57 * 4) + j_1_2_57) + 32)] + (A_shared_local_ptr_1[i_1_2_57] * B_shared_local_ptr_1[(j_1_2_57 + 4)]));
      int cse_v414 = (((i_1_2_57 * 4) + j_1_2_57) + 96);
      C_local_ptr[(((i_1_2_57 * 4) + j_1_2_57) + 96)] = (C_local_ptr[(((i_1_2_57 * 4) + j_1_2_57) + 96)] + (A_shared_local_ptr_1[(i_1_2_57 + 8)] * B_shared_local_ptr_1[(j_1_2_57 + 4)]));
    }
  }
  for (int ax0_58 = 0; ax0_58 < 8; ++ax0_58) {
    int cse_v227 = ((((int)threadIdx.y) * 256) + (ax0_58 * 32));
    A_shared_local_ptr_1[ax0_58] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_58 * 32)) + 8218)];
    A_shared_local_ptr_1[(ax0_58 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_58 * 32)) + 12314)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7424));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7488));
  for (int i_1_2_58 = 0; i_1_2_58 < 8; ++i_1_2_58) {
    for (int j_1_2_58 = 0; j_1_2_58 < 4; ++j_1_2_58) {
      int cse_v228 = ((i_1_2_58 * 4) + j_1_2_58);
      C_local_ptr[((i_1_2_58 * 4) + j_1_2_58)] = (C_local_ptr[((i_1_2_58 * 4) + j_1_2_58)] + (A_shared_local_ptr_1[i_1_2_58] * B_shared_local_ptr_1[j_1_2_58]));
      int cse_v124 = (i_1_2_58 + 8);
      int cse_v415 = (((i_1_2_58 * 4) + j_1_2_58) + 64);
      C_local_ptr[(((i_1_2_58 * 4) + j_1_2_58) + 64)] = (C_local_ptr[(((i_1_2_58 * 4) + j_1_2_58) + 64)] + (A_shared_local_ptr_1[(i_1_2_58 + 8)] * B_shared_local_ptr_1[j_1_2_58]));
      int cse_v125 = (j_1_2_58 + 4);
      int cse_v416 = (((i_1_2_58 * 4) + j_1_2_58) + 32);
      C_local_ptr[(((i_1_2_58 * 4) + j_1_2_58) + 32)] = (C_local_ptr[(((i_1_2_58 * 4) + j_1_2_58) + 32)] + (A_shared_local_ptr_1[i_1_2_58] * B_shared_local_ptr_1[(j_1_2_58 + 4)]));
      int cse_v417 = (((i_1_2_58 * 4) + j_1_2_58) + 96);
      C_local_ptr[(((i_1_2_58 * 4) + j_1_2_58) + 96)] = (C_local_ptr[(((i_1_2_58 * 4) + j_1_2_58) + 96)] + (A_shared_local_ptr_1[(i_1_2_58 + 8)] * B_shared_local_ptr_1[(j_1_2_58 + 4)]));
    }
  }
  for (int ax0_59 = 0; ax0_59 < 8; ++ax0_59) {
    int cse_v229 = ((((int)threadIdx.y) * 256) + (ax0_59 * 32));
    A_shared_local_ptr_1[ax0_59] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_59 * 32)) + 8219)];
    A_shared_local_ptr_1[(ax0_59 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_59 * 32)) + 12315)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7552));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7616));
  for (int i_1_2_59 = 0; i_1_2_59 < 8; ++i_1_2_59) {
    for (int j_1_2_59 = 0; j_1_2_59 < 4; ++j_1_2_59) {
      int cse_v230 = ((i_1_2_59 * 4) + j_1_2_59);
      C_local_ptr[((i_1_2_59 * 4) + j_1_2_59)] = (C_local_ptr[((i_1_2_59 * 4) + j_1_2_59)] + (A_shared_local_ptr_1[i_1_2_59] * B_shared_local_ptr_1[j_1_2_59]));
      int cse_v126 = (i_1_2_59 + 8);
      int cse_v418 = (((i_1_2_59 * 4) + j_1_2_59) + 64);
      C_local_ptr[(((i_1_2_59 * 4) + j_1_2_59) + 64)] = (C_local_ptr[(((i_1_2_59 * 4) + j_1_2_59) + 64)] + (A_shared_local_ptr_1[(i_1_2_59 + 8)] * B_shared_local_ptr_1[j_1_2_59]));
      int cse_v127 = (j_1_2_59 + 4);
      int cse_v419 = (((i_1_2_59 * 4) + j_1_2_59) + 32);
      C_local_ptr[(((i_1_2_59 * 4) + j_1_2_59) + 32)] = (C_local_ptr[(((i_1_2_59 * 4) + j_1_2_59) + 32)] + (A_shared_local_ptr_1[i_1_2_59] * B_shared_local_ptr_1[(j_1_2_59 + 4)]));
      int cse_v420 = (((i_1_2_59 * 4) + j_1_2_59) + 96);
      C_local_ptr[(((i_1_2_59 * 4) + j_1_2_59) + 96)] = (C_local_ptr[(((i_1_2_59 * 4) + j_1_2_59) + 96)] + (A_shared_local_ptr_1[(i_1_2_59 + 8)] * B_shared_local_ptr_1[(j_1_2_59 + 4)]));
    }
  }
  for (int ax0_60 = 0; ax0_60 < 8; ++ax0_60) {
    int cse_v231 = ((((int)threadIdx.y) * 256) + (ax0_60 * 32));
    A_shared_local_ptr_1[ax0_60] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_60 * 32)) + 8220)];
    A_shared_local_ptr_1[(ax0_60 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_60 * 32)) + 12316)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7680));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7744));
  for (int i_1_2_60 = 0; i_1_2_60 < 8; ++i_1_2_60) {
    for (int j_1_2_60 = 0; j_1_2_60 < 4; ++j_1_2_60) {
      int cse_v232 = ((i_1_2_60 * 4) + j_1_2_60);
      C_local_ptr[((i_1_2_60 * 4) + j_1_2_60)] = (C_local_ptr[((i_1_2_60 * 4) + j_1_2_60)] + (A_shared_local_ptr_1[i_1_2_60] * B_shared_local_ptr_1[j_1_2_60]));
      int cse_v128 = (i_1_2_60 + 8);
      int cse_v421 = (((i_1_2_60 * 4) + j_1_2_60) + 64);
      C_local_ptr[(((i_1_2_60 * 4) + j_1_2_60) + 64)] = (C_local_ptr[(((i_1_2_60 * 4) + j_1_2_60) + 64)] + (A_shared_local_ptr_1[(i_1_2_60 + 8)] * B_shared_local_ptr_1[j_1_2_60]));
      int cse_v129 = (j_1_2_60 + 4);
      int cse_v422 = (((i_1_2_60 * 4) + j_1_2_60) + 32);
      C_local_ptr[(((i_1_2_60 * 4) + j_1_2_60) + 32)] = (C_local_ptr[(((i_1_2_60 * 4) + j_1_2_60) + 32)] + (A_shared_local_ptr_1[i_1_2_60] * B_shared_local_ptr_1[(j_1_2_60 + 4)]));
      int cse_v423 = (((i_1_2_60 * 4) + j_1_2_60) + 96);
      C_local_ptr[(((i_1_2_60 * 4) + j_1_2_60) + 96)] = (C_local_ptr[(((i_1_2_60 * 4) + j_1_2_60) + 96)] + (A_shared_local_ptr_1[(i_1_2_60 + 8)] * B_shared_local_ptr_1[(j_1_2_60 + 4)]));
    }
  }
  for (int ax0_61 = 0; ax0_61 < 8; ++ax0_61) {
    int cse_v233 = ((((int)threadIdx.y) * 256) + (ax0_61 * 32));
    A_shared_local_ptr_1[ax0_61] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_61 * 32)) + 8221)];
    A_shared_local_ptr_1[(ax0_61 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_61 * 32)) + 12317)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7808));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7872));
  for (int i_1_2_61 = 0; i_1_2_61 < 8; ++i_1_2_61) {
    for (int j_1_2_61 = 0; j_1_2_61 < 4; ++j_1_2_61) {
      int cse_v234 = ((i_1_2_61 * 4) + j_1_2_61);
      C_local_ptr[((i_1_2_61 * 4) + j_1_2_61)] = (C_local_ptr[((i_1_2_61 * 4) + j_1_2_61)] + (A_shared_local_ptr_1[i_1_2_61] * B_shared_local_ptr_1[j_1_2_61]));
      int cse_v130 = (i_1_2_61 + 8);
      int cse_v424 = (((i_1_2_61 * 4) + j_1_2_61) + 64);
      C_local_ptr[(((i_1_2_61 * 4) + j_1_2_61) + 64)] = (C_local_ptr[(((i_1_2_61 * 4) + j_1_2_61) + 64)] + (A_shared_local_ptr_1[(i_1_2_61 + 8)] * B_shared_local_ptr_1[j_1_2_61]));
      int cse_v131 = (j_1_2_61 + 4);
      int cse_v425 = (((i_1_2_61 * 4) + j_1_2_61) + 32);
      C_local_ptr[(((i_1_2_61 * 4) + j_1_2_61) + 32)] = (C_local_ptr[(((i_1_2_61 * 4) + j_1_2_61) + 32)] + (A_shared_local_ptr_1[i_1_2_61] * B_shared_local_ptr_1[(j_1_2_61 + 4)]));
      int cse_v426 = (((i_1_2_61 * 4) + j_1_2_61) + 96);
      C_local_ptr[(((i_1_2_61 * 4) + j_1_2_61) + 96)] = (C_local_ptr[(((i_1_2_61 * 4) + j_1_2_61) + 96)] + (A_shared_local_ptr_1[(i_1_2_61 + 8)] * B_shared_local_ptr_1[(j_1_2_61 + 4)]));
    }
  }
  for (int ax0_62 = 0; ax0_62 < 8; ++ax0_62) {
    int cse_v235 = ((((int)threadIdx.y) * 256) + (ax0_62 * 32));
    A_shared_local_ptr_1[ax0_62] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_62 * 32)) + 8222)];
    A_shared_local_ptr_1[(ax0_62 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_62 * 32)) + 12318)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 7936));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 8000));
  for (int i_1_2_62 = 0; i_1_2_62 < 8; ++i_1_2_62) {
    for (int j_1_2_62 = 0; j_1_2_62 < 4; ++j_1_2_62) {
      int cse_v236 = ((i_1_2_62 * 4) + j_1_2_62);
      C_local_ptr[((i_1_2_62 * 4) + j_1_2_62)] = (C_local_ptr[((i_1_2_62 * 4) + j_1_2_62)] + (A_shared_local_ptr_1[i_1_2_62] * B_shared_local_ptr_1[j_1_2_62]));
      int cse_v132 = (i_1_2_62 + 8);
      int cse_v427 = (((i_1_2_62 * 4) + j_1_2_62) + 64);
      C_local_ptr[(((i_1_2_62 * 4) + j_1_2_62) + 64)] = (C_local_ptr[(((i_1_2_62 * 4) + j_1_2_62) + 64)] + (A_shared_local_ptr_1[(i_1_2_62 + 8)] * B_shared_local_ptr_1[j_1_2_62]));
      int cse_v133 = (j_1_2_62 + 4);
      int cse_v428 = (((i_1_2_62 * 4) + j_1_2_62) + 32);
      C_local_ptr[(((i_1_2_62 * 4) + j_1_2_62) + 32)] = (C_local_ptr[(((i_1_2_62 * 4) + j_1_2_62) + 32)] + (A_shared_local_ptr_1[i_1_2_62] * B_shared_local_ptr_1[(j_1_2_62 + 4)]));
      int cse_v429 = (((i_1_2_62 * 4) + j_1_2_62) + 96);
      C_local_ptr[(((i_1_2_62 * 4) + j_1_2_62) + 96)] = (C_local_ptr[(((i_1_2_62 * 4) + j_1_2_62) + 96)] + (A_shared_local_ptr_1[(i_1_2_62 + 8)] * B_shared_local_ptr_1[(j_1_2_62 + 4)]));
    }
  }
  for (int ax0_63 = 0; ax0_63 < 8; ++ax0_63) {
    int cse_v237 = ((((int)threadIdx.y) * 256) + (ax0_63 * 32));
    A_shared_local_ptr_1[ax0_63] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_63 * 32)) + 8223)];
    A_shared_local_ptr_1[(ax0_63 + 8)] = A_shared_ptr[(((((int)threadIdx.y) * 256) + (ax0_63 * 32)) + 12319)];
  }
  *(float4*)(B_shared_local_ptr_1 + 0) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 8064));
  *(float4*)(B_shared_local_ptr_1 + 4) = *(float4*)(B_shared_ptr + ((((int)threadIdx.x) * 4) + 8128));
  for (int i_1_2_63 = 0; i_1_2_63 < 8; ++i_1_2_63) {
    for (int j_1_2_63 = 0; j_1_2_63 < 4; ++j_1_2_63) {
      int cse_v238 = ((i_1_2_63 * 4) + j_1_2_63);
      C_local_ptr[((i_1_2_63 * 4) + j_1_2_63)] = (C_local_ptr[((i_1_2_63 * 4) + j_1_2_63)] + (A_shared_local_ptr_1[i_1_2_63] * B_shared_local_ptr_1[j_1_2_63]));
      int cse_v134 = (i_1_2_63 + 8);
      int cse_v430 = (((i_1_2_63 * 4) + j_1_2_63) + 64);
      C_local_ptr[(((i_1_2_63 * 4) + j_1_2_63) + 64)] = (C_local_ptr[(((i_1_2_63 * 4) + j_1_2_63) + 64)] + (A_shared_local_ptr_1[(i_1_2_63 + 8)] * B_shared_local_ptr_1[j_1_2_63]));
      int cse_v135 = (j_1_2_63 + 4);
      int cse_v431 = (((i_1_2_63 * 4) + j_1_2_63) + 32);
      C_local_ptr[(((i_1_2_63 * 4) + j_1_2_63) + 32)] = (C_local_ptr[(((i_1_2_63 * 4) + j_1_2_63) + 32)] + (A_shared_local_ptr_1[i_1_2_63] * B_shared_local_ptr_1[(j_1_2_63 + 4)]));
      int cse_v432 = (((i_1_2_63 * 4) + j_1_2_63) + 96);
      C_local_ptr[(((i_1_2_63 * 4) + j_1_2_63) + 96)] = (C_local_ptr[(((i_1_2_63 * 4) + j_1_2_63) + 96)] + (A_shared_local_ptr_1[(i_1_2_63 + 8)] * B_shared_local_ptr_1[(j_1_2_63 + 4)]));
    }
  }
  for (int ax0_64 = 0; ax0_64 < 8; ++ax0_64) {
    int cse_v136 = (ax0_64 * 4);
    int cse_v465 = (((((((int)blockIdx.y) * 1048576) + (((int)threadIdx.y) * 32768)) + (ax0_64 * 4096)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4));
    *(float4*)(C_ptr + (((((((int)blockIdx.y) * 1048576) + (((int)threadIdx.y) * 32768)) + (ax0_64 * 4096)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4))) = *(float4*)(C_local_ptr + (ax0_64 * 4));
    *(float4*)(C_ptr + ((((((((int)blockIdx.y) * 1048576) + (((int)threadIdx.y) * 32768)) + (ax0_64 * 4096)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + 524288)) = *(float4*)(C_local_ptr + ((ax0_64 * 4) + 64));
    *(float4*)(C_ptr + ((((((((int)blockIdx.y) * 1048576) + (((int)threadIdx.y) * 32768)) + (ax0_64 * 4096)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + 64)) = *(float4*)(C_local_ptr + ((ax0_64 * 4) + 32));
    *(float4*)(C_ptr + ((((((((int)blockIdx.y) * 1048576) + (((int)threadIdx.y) * 32768)) + (ax0_64 * 4096)) + (((int)blockIdx.x) * 128)) + (((int)threadIdx.x) * 4)) + 524352)) = *(float4*)(C_local_ptr + ((ax0_64 * 4) + 96));
  }
}

