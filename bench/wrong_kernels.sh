#!/usr/bin/env bash
# Runs each formerly-wrong kernel of issue 15 / issue 9 on the GPU and prints
# one line per session: correct and max_rel_err, or the error it is refused with.
#
#   bench/wrong_kernels.sh [SESSION.yaml ...]   (default: tests/data/wrong_kernels/*.yaml)
#
# Expected: every session either `correct: true` or refused with a clear error
# (gemm_warp_tiling_shared_cache_write: 278 KB of shared memory, as TVM asks).
# Environment: TIRTUI (the binary, default target/release/tirtui, built if missing).
set -uo pipefail

cd "$(dirname "$0")/.."

tirtui=${TIRTUI:-target/release/tirtui}
if [ ! -x "${tirtui}" ]; then
    echo "== cargo build --release" >&2
    cargo build --release --locked >&2 || exit 1
fi

if [ $# -gt 0 ]; then
    sessions=("$@")
else
    sessions=(tests/data/wrong_kernels/*.yaml)
fi

for session in "${sessions[@]}"; do
    name=$(basename "${session}" .yaml)
    out=$("${tirtui}" replay "${session}" --run --json 2>/tmp/wrong_kernels_$$.err)
    status=$?
    line=$(printf '%s\n' "${out}" | grep '^{' | tail -n 1)
    if [ -n "${line}" ] && printf "%s" "${line}" | grep -q "\"time_ms\""; then
        printf '%s\n' "${line}" | python3 -c '
import json, sys
o = json.loads(sys.stdin.read())
print("{:<48} correct: {}  max_rel_err: {}  time_ms: {}".format(
    sys.argv[1], o.get("correct"), o.get("max_rel_err"), o.get("time_ms")))
' "${name}"
    else
        printf '%-48s refused (exit %s): %s\n' "${name}" "${status}" "$(grep -m1 . /tmp/wrong_kernels_$$.err)"
    fi
done
rm -f /tmp/wrong_kernels_$$.err
