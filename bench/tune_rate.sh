#!/usr/bin/env bash
# Candidates per second of `tirtui tune` on this machine (issue 31: a 2-GPU
# machine >= 1.8x a 1-GPU one; one GPU >= 3x the 3.77 cand/s of session 16).
#
#   bench/tune_rate.sh                 every GPU of this machine, streamed
#   GPUS=local:0 bench/tune_rate.sh    one GPU of it
#   COMPARE=1 bench/tune_rate.sh       also batch by batch (TIRTUI_STREAM=0), same GPUs
#   FAKE_GPU=1 bench/tune_rate.sh      no GPU: real NVRTC (this host's, in compile
#                                      children) and the tests' stand-in worker
#   TIRTUI_COMPILE_ORDER=submission    compiles in submission order (not slowest-first)
#
# Prints one JSON line per run: device, cores, gpus, mode, trials, elapsed_s,
# cand_per_s, and where the time went (measure/build/model seconds, GPU
# utilisation, the GPUs' wait for compiles and for the search, the compiles'
# CPU and their max/p50/p90 wall). Each run tunes into a fresh results
# database (a second run would read the first's candidates back).
# Environment: TIRTUI (default target/release/tirtui, built if missing),
# WORKLOAD (sessions/gemm.tir), TRIALS (256), SEED (7), GPUS (local),
# COMPILE_TIMEOUT (30: each candidate's compile limit in seconds, 0 none),
# COMPARE, RATE_OUT (a folder that keeps the JSON and logs).
set -euo pipefail

cd "$(dirname "$0")/.."

tirtui=${TIRTUI:-target/release/tirtui}
if [ ! -x "${tirtui}" ]; then
    echo "== cargo build --release" >&2
    cargo build --release --locked >&2
fi
workload=${WORKLOAD:-sessions/gemm.tir}
trials=${TRIALS:-256}
seed=${SEED:-7}
gpus=${GPUS:-local}
compile_timeout=${COMPILE_TIMEOUT:-30}
out=${RATE_OUT:-$(mktemp -d)}
mkdir -p "${out}"

device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || true)
gpu_count=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l || echo 0)
if [ -n "${FAKE_GPU:-}" ]; then
    # The stand-in worker answers `arch`, so the tuner compiles every
    # candidate itself with NVRTC (libnvrtc must load: LD_LIBRARY_PATH) in
    # `tirtui compile-kernel` children; its runs take no GPU time.
    gpus="cmd:sh $PWD/tests/data/tune/fake_worker.sh"
    export FAKE_ARCH=sm_90 FAKE_MS=threads TIRTUI_COMPILE_COMMAND="$(realpath "${tirtui}") compile-kernel"
    device="stand-in worker (no GPU), NVRTC on $(nproc) cores"
    gpu_count=1
elif [ "${gpus}" != "local" ]; then
    gpu_count=$(tr ',' '\n' <<<"${gpus}" | wc -l)
fi
cores=$(nproc)

modes=(stream)
if [ -n "${COMPARE:-}" ]; then
    modes+=(batch)
fi

for mode in "${modes[@]}"; do
    name="${mode}_$(tr -c 'a-zA-Z0-9' '_' <<<"${gpus}")"
    rm -rf "${out}/db_${name}"
    stream=1
    [ "${mode}" = batch ] && stream=0
    set +e
    TIRTUI_STREAM=${stream} "${tirtui}" tune "${workload}" --trials "${trials}" --seed "${seed}" \
        --gpu "${gpus}" --compile-timeout "${compile_timeout}" \
        --db "${out}/db_${name}" --out "${out}/best_${name}.yaml" --json \
        >"${out}/${name}.json" 2>"${out}/${name}.stderr"
    status=$?
    set -e
    python3 - "${out}/${name}.json" "${device}" "${cores}" "${gpu_count}" "${mode}" "${status}" <<'PY'
import json, sys
path, device, cores, gpus, mode, status = sys.argv[1:]
try:
    r = json.load(open(path))
except Exception as e:
    print(json.dumps({"device": device, "cores": int(cores), "gpus": int(gpus), "mode": mode,
                      "exit": int(status), "error": f"no JSON report: {e}"}))
    sys.exit(0)
s = r.get("search", {})
m = s.get("measure_breakdown", {})
t = m.get("total", {})
print(json.dumps({
    "device": device, "cores": int(cores), "gpus": int(gpus), "mode": mode, "exit": int(status),
    "trials": r.get("trials"),
    "elapsed_s": r.get("elapsed_s"), "cand_per_s": r.get("candidates_per_s"),
    "measure_s": s.get("measure_s"), "build_s": s.get("build_s"), "model_s": s.get("model_s"),
    "other_s": s.get("other_s"), "gpu_utilisation": m.get("gpu_utilisation"),
    "streamed": t.get("streamed"), "gpu_busy_s": t.get("gpu_busy_s"),
    "gpu_wait_compile_s": t.get("gpu_wait_compile_s"), "gpu_wait_search_s": t.get("gpu_wait_search_s"),
    "compile_cpu_s": t.get("compile_cpu_s"), "compiles": t.get("compiles"),
    "compile_timeouts": t.get("compile_timeouts"),
    "compile_utilisation": m.get("compile_utilisation"), "compile_idle_s": t.get("compile_idle_s"),
    "compile_threads": t.get("compile_threads"), "compiles_shared": t.get("compiles_shared"),
    "compile_max_s": t.get("compile_max_s"), "compile_p50_s": t.get("compile_p50_s"),
    "compile_p90_s": t.get("compile_p90_s"), "best_ms": r.get("best_ms"),
}))
PY
done
echo "== files in ${out}" >&2
