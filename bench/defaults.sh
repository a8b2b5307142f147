#!/usr/bin/env bash
# The default schedule (`tirtui schedule`) of every shipped workload beside its
# best hand-written session, one table (bench/run_all.sh), on the GPU here.
# transpose.tir has no hand session yet: its default's row stands alone.
# spmm_csr / sddmm_csr: the SparseRows default (stage steps recorded) beside
# sessions/sparse/*_1_rows.yaml, on the runtime's uniform CSR pattern.
cd "$(dirname "$0")/.."
set -u
B=./target/release/tirtui
nvidia-smi --query-gpu=name --format=csv,noheader | head -1
d=$(mktemp -d)
list=""
for w in gemm gemm_1024x512x2048 gemm_4096 gemm_bias_relu gemm_f16_4096 gemm_i8_4096 gemm_bf16_4096 bmm_f16 softmax layer_norm gemv conv2d dwconv pool2x2 transpose spmm_csr sddmm_csr; do
  $B schedule sessions/$w.tir --out $d/def_$w.yaml >/dev/null 2>&1 && list="$list $d/def_$w.yaml"
done
hand="sessions/gemm_000_7_tuned.yaml sessions/gemm_002_5_tune.yaml sessions/gemm_4096_2_wide.yaml sessions/gemm_bias_relu_1_tiled.yaml sessions/gemm_f16_4096_3_mma_wide.yaml sessions/gemm_i8_4096_2_mma.yaml sessions/gemm_bf16_4096_2_mma.yaml sessions/bmm_f16_1_vec8.yaml sessions/softmax_2_cross_thread.yaml sessions/layer_norm_2_cross_thread.yaml sessions/gemv_2_cross_thread.yaml sessions/conv2d_2_shared.yaml sessions/dwconv_1_shared.yaml sessions/pool2x2_1_fused.yaml sessions/sparse/spmm_csr_1_rows.yaml sessions/sparse/sddmm_csr_1_rows.yaml"
TIRTUI=$B bench/run_all.sh $list $hand 2>/dev/null | grep "^|"
