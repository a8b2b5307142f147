// The ceiling of the MMA intrinsic family on this GPU (issue 11): mma.sync
// m16n8k16 (f16 inputs, f32 accumulators) issued from registers only, eight
// independent accumulators per warp, so nothing but the tensor pipe limits it.
// A GEMM built from these instructions cannot pass this figure; cuBLAS's HGEMM
// on Hopper uses wgmma instead and is not bound by it.
//
//   nvcc -arch=sm_90 -O3 bench/mma_sync_peak.cu -o /tmp/mma_sync_peak && /tmp/mma_sync_peak
#include <cstdio>
#include <cuda_fp16.h>

__global__ void mma_loop(float* out, int iters) {
  unsigned a0 = threadIdx.x, a1 = a0 * 3, a2 = a0 * 5, a3 = a0 * 7, b0 = a0 * 11, b1 = a0 * 13;
  float c[8][4] = {};
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int m = 0; m < 8; ++m)
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
          "{%8,%9}, {%0,%1,%2,%3};\n"
          : "+f"(c[m][0]), "+f"(c[m][1]), "+f"(c[m][2]), "+f"(c[m][3])
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  float s = 0;
  for (int m = 0; m < 8; ++m) s += c[m][0] + c[m][1] + c[m][2] + c[m][3];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;  // keeps the loop alive
}

int main() {
  int sms = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess) {
    fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  float* out = nullptr;
  cudaMalloc(&out, 1 << 26);
  const int iters = 4096;
  for (int warps : {4, 8, 16}) {
    int blocks = sms * 4, threads = warps * 32;
    mma_loop<<<blocks, threads>>>(out, 16);  // warm up
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    mma_loop<<<blocks, threads>>>(out, iters);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    double flops = 2.0 * 16 * 8 * 16 * 8 * (double)iters * blocks * warps;
    printf("mma.sync m16n8k16 f32: %d SMs, %d blocks x %d warps: %.1f TFLOP/s\n", sms, blocks, warps,
           flops / ms / 1e9);
  }
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
