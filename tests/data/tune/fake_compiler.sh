#!/bin/sh
# A stand-in for `tirtui compile-kernel` in tests (never part of the
# product; `TIRTUI_COMPILE_COMMAND="sh .../fake_compiler.sh"`): reads the
# compile job on stdin and answers a fake binary for FAKE_ARCH (sm_90).
# FAKE_COMPILE_SLOW_ONE_IN=N: a kernel whose job's checksum is a multiple of
# N first sleeps FAKE_COMPILE_SLEEP seconds (60), as NVRTC on a heavily
# unrolled candidate (the same kernel is slow every time).
job=$(cat)
one_in=${FAKE_COMPILE_SLOW_ONE_IN:-0}
if [ "$one_in" -gt 0 ]; then
    sum=$(printf '%s' "$job" | cksum | cut -d' ' -f1)
    if [ $((sum % one_in)) -eq 0 ]; then
        sleep "${FAKE_COMPILE_SLEEP:-60}"
    fi
fi
printf '{"ok":{"binary":{"arch":"%s","cubin_base64":"f0VMRg==","compile_ms":1.0,"warnings":[]},"cpu_ms":1.0}}\n' "${FAKE_ARCH:-sm_90}"
