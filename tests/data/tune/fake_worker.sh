#!/bin/sh
# A stand-in GPU worker for tests (never part of the product): answers the
# worker protocol with a fixed time. FAKE_MS (default 1.0), FAKE_CORRECT
# (true/false), FAKE_STATE (a file counting run requests across restarts) and
# FAKE_RUNS_BEFORE_DYING (after that many runs, every worker exits unanswered,
# like a lost connection). FAKE_MS=threads: the time in ms is the kernel's
# threads per block (so candidates differ). FAKE_ARCH (sm_90): answers `arch`
# (the tuner then compiles for it, with TIRTUI_COMPILE_COMMAND); unset, the
# worker is one that does not know `arch`.
ms=${FAKE_MS:-1.0}
correct=${FAKE_CORRECT:-true}
while IFS= read -r line; do
    id=$(printf '%s\n' "$line" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
    case "$line" in
    *'"op":"device"'*)
        printf '{"id":%s,"reply":{"device":"Fake GPU"}}\n' "$id" ;;
    *'"op":"driver"'*)
        printf '{"id":%s,"reply":{"driver":"99.1"}}\n' "$id" ;;
    *'"op":"arch"'*)
        if [ -n "${FAKE_ARCH:-}" ]; then
            printf '{"id":%s,"reply":{"arch":"%s"}}\n' "$id" "$FAKE_ARCH"
        else
            printf '{"id":%s,"reply":{"error":{"Protocol":"the fake worker does not know this request"}}}\n' "$id"
        fi ;;
    *'"op":"run"'*)
        if [ "$ms" = threads ]; then
            dims=$(printf '%s\n' "$line" | grep -o '"block":\[[0-9]*,[0-9]*,[0-9]*\]' | head -n 1 | tr -dc '0-9,')
            x=${dims%%,*}; rest=${dims#*,}; y=${rest%%,*}; z=${rest#*,}
            t=$((x * y * z))
        else
            t=$ms
        fi
        if [ -n "${FAKE_STATE:-}" ]; then
            n=$(cat "$FAKE_STATE" 2>/dev/null || echo 0)
            n=$((n + 1))
            echo "$n" >"$FAKE_STATE"
            if [ -n "${FAKE_RUNS_BEFORE_DYING:-}" ] && [ "$n" -gt "$FAKE_RUNS_BEFORE_DYING" ]; then
                echo "connection reset by peer" >&2
                exit 255
            fi
        fi
        printf '{"id":%s,"reply":{"run":{"device":"Fake GPU","time_ms":%s,"gflops":100.0,"max_rel_err":0.0,"correct":%s,"cublas_ms":null,"pct_of_cublas":null,"registers":32,"static_shared_bytes":0,"dynamic_shared_bytes":0,"occupancy":1.0,"compile_ms":1.0,"warnings":[]}}}\n' "$id" "$t" "$correct" ;;
    *)
        printf '{"id":%s,"reply":{"error":{"Protocol":"the fake worker does not know this request"}}}\n' "$id" ;;
    esac
done
