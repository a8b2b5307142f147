#!/usr/bin/env bash
# Runs every session on the GPU and prints one markdown table.
#
#   bench/run_all.sh [SESSION.yaml ...]     (default: sessions/*.yaml)
#
# Each session goes through `tirtui replay S --run --json`; a session that fails
# (wrong result, compile error, no GPU) still gets a row saying why. time_ms covers
# every kernel of one call (several for multi-kernel programs).
# TVM's kernels for the same traces: python3 bench/tvm_kernels/run.py (see there).
# Hopper sessions (wgmma: sm_90a only; on another GPU their rows say why):
#   bench/run_all.sh sessions/gemm_{f16,bf16}_4096_{2_mma,4_wgmma,5_wgmma_swizzle,6_wgmma_overlap}.yaml
# times the wgmma kernels beside their mma.sync twins and cuBLAS (pct_of_cublas).
# Environment: TIRTUI (the binary, default target/release/tirtui, built if missing);
# BENCH_OUT (a folder: each session's JSON and stderr, and table.md, are kept there).
set -euo pipefail

cd "$(dirname "$0")/.."

tirtui=${TIRTUI:-target/release/tirtui}
if [ ! -x "${tirtui}" ]; then
    echo "== cargo build --release" >&2
    cargo build --release --locked >&2
fi

if [ $# -gt 0 ]; then
    sessions=("$@")
else
    shopt -s nullglob
    sessions=(sessions/*.yaml)
fi
if [ ${#sessions[@]} -eq 0 ]; then
    echo "no sessions to run" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
out=${BENCH_OUT:-${work}}
mkdir -p "${out}"

for session in "${sessions[@]}"; do
    name=$(basename "${session}" .yaml)
    echo "== ${session}" >&2
    set +e
    "${tirtui}" replay "${session}" --run --json >"${out}/${name}.json" 2>"${out}/${name}.stderr"
    echo $? >"${out}/${name}.status"
    set -e
done

python3 - "${out}" "${sessions[@]}" <<'PY' | tee "${out}/table.md"
import json
import os
import sys

out, sessions = sys.argv[1], sys.argv[2:]


def cell(value, fmt="{}"):
    return "-" if value is None else fmt.format(value)


def shared_bytes(obj):
    if obj.get("shared_bytes") is not None:
        return obj["shared_bytes"]
    parts = [obj.get("static_shared_bytes"), obj.get("dynamic_shared_bytes")]
    return None if all(p is None for p in parts) else sum(p or 0 for p in parts)


def load(name):
    """The session's JSON object, or None and the first stderr line that says why."""
    with open(os.path.join(out, name + ".status")) as f:
        status = f.read().strip()
    obj = None
    try:
        with open(os.path.join(out, name + ".json")) as f:
            lines = [l for l in f.read().splitlines() if l.strip().startswith("{")]
        obj = json.loads(lines[-1]) if lines else None
    except (OSError, ValueError):
        obj = None
    why = ""
    if obj is None or "time_ms" not in obj:
        try:
            with open(os.path.join(out, name + ".stderr")) as f:
                err = [l.strip() for l in f if l.strip()]
        except OSError:
            err = []
        first = err[0] if err else "no output"
        if first.startswith("error: "):
            first = first[len("error: "):]
        why = first + " (exit " + status + ")"
    return obj, why


print("| session | kernels | time_ms | GFLOP/s | % of cuBLAS | correct | registers | shared bytes |")
print("|---|---:|---:|---:|---:|---|---:|---:|")
for session in sessions:
    name = os.path.splitext(os.path.basename(session))[0]
    obj, why = load(name)
    if obj is None or "time_ms" not in obj:
        print(f"| {name} | | error: {why.replace('|', '/')} | | | | | |")
        continue
    correct = obj.get("correct")
    print(
        "| {} | {} | {} | {} | {} | {} | {} | {} |".format(
            name,
            len(obj.get("kernels") or [None]),
            cell(obj.get("time_ms"), "{:.4f}"),
            cell(obj.get("gflops"), "{:.1f}"),
            cell(obj.get("pct_of_cublas"), "{:.1f}%"),
            "-" if correct is None else ("yes" if correct else "NO"),
            cell(obj.get("registers")),
            cell(shared_bytes(obj)),
        )
    )
PY
