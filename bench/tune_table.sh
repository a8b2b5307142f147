#!/usr/bin/env bash
# Issue 30's tuning table ("Done when", item 2), one command on a GPU machine:
#
#   bench/tune_table.sh                     (TRIALS=1000 by default)
#
# Tunes each shipped bare workload from its generated design space
# (`tirtui tune W.tir --trials N`), replays the best session with --run (correct?
# time), runs the best hand-written session for the same workload, and times the
# library's kernel for it in the same run: cuBLAS (tirtui's own `cublas_ms`) for
# the GEMMs, PyTorch's kernels (bench/torch_ops.py, timed as tirtui times) for
# everything. Prints one markdown table: tuned ms, hand ms, tuned/hand, library
# ms, library/tuned, trials, minutes.
#
# Environment: TIRTUI (default target/release/tirtui, built if missing), TRIALS,
# SEED (default 7), TUNE_SECONDS (default 540: SIGINT then stops the tune as
# Ctrl-C does, keeping what was measured), WORKLOADS (names of sessions/*.tir),
# GPUS (e.g. "0 1 2 3": the workloads are dealt round-robin to these GPUs and each
# GPU's share runs one after another; default "0"), TABLE_OUT (a folder that
# keeps every JSON and log), PARSE_ONLY=DIR (print the table of an earlier run).
set -euo pipefail

cd "$(dirname "$0")/.."

trials=${TRIALS:-1000}
seed=${SEED:-7}
seconds=${TUNE_SECONDS:-540}
workloads=${WORKLOADS:-"gemm gemm_4096 gemm_f16_4096 conv2d softmax layer_norm gemv pool2x2 gemm_bias_relu bmm_f16"}
gpus=${GPUS:-0}

# The best hand-written session of each workload (bench/defaults.sh's list).
hand_of() {
    case "$1" in
        gemm) echo sessions/gemm_000_7_tuned.yaml ;;
        gemm_1024x512x2048) echo sessions/gemm_002_5_tune.yaml ;;
        gemm_4096) echo sessions/gemm_4096_2_wide.yaml ;;
        gemm_bias_relu) echo sessions/gemm_bias_relu_1_tiled.yaml ;;
        gemm_f16_4096) echo sessions/gemm_f16_4096_3_mma_wide.yaml ;;
        gemm_i8_4096) echo sessions/gemm_i8_4096_2_mma.yaml ;;
        gemm_bf16_4096) echo sessions/gemm_bf16_4096_2_mma.yaml ;;
        bmm_f16) echo sessions/bmm_f16_1_vec8.yaml ;;
        softmax) echo sessions/softmax_2_cross_thread.yaml ;;
        layer_norm) echo sessions/layer_norm_2_cross_thread.yaml ;;
        gemv) echo sessions/gemv_2_cross_thread.yaml ;;
        conv2d) echo sessions/conv2d_2_shared.yaml ;;
        dwconv) echo sessions/dwconv_1_shared.yaml ;;
        pool2x2) echo sessions/pool2x2_1_fused.yaml ;;
        *) echo "" ;;
    esac
}

run_one() { # GPU WORKLOAD
    local g=$1 w=$2 hand
    export CUDA_VISIBLE_DEVICES=$g
    rm -rf "${out}/db_${w}"
    local t0=$(date +%s.%N)
    set +e
    timeout -s INT -k 30 "${seconds}" "${tirtui}" tune "sessions/${w}.tir" --trials "${trials}" \
        --seed "${seed}" --json --db "${out}/db_${w}" --out "${out}/${w}_best.yaml" \
        >"${out}/${w}_tune.json" 2>"${out}/${w}_tune.stderr"
    echo $? >"${out}/${w}_tune.status"
    echo "$(date +%s.%N) ${t0}" | awk '{print ($1 - $2) / 60}' >"${out}/${w}_tune.minutes"
    "${tirtui}" replay "${out}/${w}_best.yaml" --run --json >"${out}/${w}_best.json" 2>"${out}/${w}_best.stderr"
    hand=$(hand_of "${w}")
    if [ -n "${hand}" ]; then
        "${tirtui}" replay "${hand}" --run --json >"${out}/${w}_hand.json" 2>"${out}/${w}_hand.stderr"
    fi
    python3 bench/torch_ops.py "${w}" >"${out}/${w}_torch.json" 2>"${out}/${w}_torch.stderr"
    set -e
    echo "== ${w} on GPU ${g}: $(tail -n 1 "${out}/${w}_tune.stderr")" >&2
}

if [ -n "${PARSE_ONLY:-}" ]; then
    out=${PARSE_ONLY}
else
    tirtui=${TIRTUI:-target/release/tirtui}
    if [ ! -x "${tirtui}" ]; then
        echo "== cargo build --release" >&2
        cargo build --release --locked >&2
    fi
    out=${TABLE_OUT:-$(mktemp -d)}
    mkdir -p "${out}"
    echo "== tune table: ${trials} trials, seed ${seed}, ${seconds} s at most per tune, GPUs ${gpus}; files in ${out}" >&2
    read -r -a gpu_list <<<"${gpus}"
    read -r -a work_list <<<"${workloads}"
    pids=()
    for i in "${!gpu_list[@]}"; do
        (
            for j in "${!work_list[@]}"; do
                if [ $((j % ${#gpu_list[@]})) -eq "${i}" ]; then
                    run_one "${gpu_list[$i]}" "${work_list[$j]}"
                fi
            done
        ) &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "${p}" || true; done
fi

python3 - "${out}" ${workloads} <<'PY'
import json, os, sys

out, workloads = sys.argv[1], sys.argv[2:]

def last_json(path):
    try:
        with open(path) as f:
            lines = [l for l in f.read().splitlines() if l.strip().startswith("{")]
        return json.loads(lines[-1]) if lines else None
    except (OSError, ValueError):
        return None

def ms(run):
    if not run or run.get("time_ms") is None:
        return None
    return run["time_ms"] if run.get("correct") else None

def fmt(x, f="{:.4f}"):
    return "-" if x is None else f.format(x)

print("| workload | tuned ms | correct | hand ms | tuned/hand | library | library ms | library/tuned | trials | minutes | device |")
print("|---|---:|---|---:|---:|---|---:|---:|---:|---:|---|")
for w in workloads:
    tune = last_json(os.path.join(out, f"{w}_tune.json")) or {}
    best = last_json(os.path.join(out, f"{w}_best.json"))
    hand = last_json(os.path.join(out, f"{w}_hand.json"))
    torch = last_json(os.path.join(out, f"{w}_torch.json")) or {}
    tuned, hand_ms = ms(best), ms(hand)
    lib_name, lib_ms = torch.get("op"), torch.get("ms")
    if best and best.get("cublas_ms") is not None and (lib_ms is None or best["cublas_ms"] < lib_ms):
        lib_name, lib_ms = "cuBLAS (tirtui's call)", best["cublas_ms"]
    try:
        minutes = float(open(os.path.join(out, f"{w}_tune.minutes")).read())
    except (OSError, ValueError):
        minutes = None
    correct = "-" if not best else ("yes" if best.get("correct") else "NO")
    print("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
        w, fmt(tuned), correct, fmt(hand_ms),
        fmt(tuned / hand_ms if tuned and hand_ms else None, "{:.3f}"),
        lib_name or "-", fmt(lib_ms),
        fmt(lib_ms / tuned if tuned and lib_ms else None, "{:.3f}"),
        tune.get("trials", "-"), fmt(minutes, "{:.1f}"),
        (best or {}).get("device", "-")))
PY
