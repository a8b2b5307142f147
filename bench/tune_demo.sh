#!/usr/bin/env bash
# Issue 12's GPU demonstration, one command:
#
#   bench/tune_demo.sh            (TRIALS=200 by default; at most 10 minutes in all)
#
# Measures the hand-tuned sessions (seed 002 v4, seed 000 stage 5), tunes their
# sampled versions (sessions/gemm_002_5_tune.yaml, sessions/gemm_000_6_tune.yaml)
# into a fresh results database, and prints for each: trials, invalid candidates by
# reason, candidates per second, best time vs trials, and best vs hand-tuned.
# Each tune is given at most TUNE_SECONDS (default 270 s): SIGINT then stops it the
# way Ctrl-C does, keeping what was measured.
# Environment: TIRTUI (default target/release/tirtui, built if missing), TRIALS,
# TUNE_SECONDS, DEMO_OUT (a folder that keeps the JSON, logs and best sessions).
set -euo pipefail

cd "$(dirname "$0")/.."

tirtui=${TIRTUI:-target/release/tirtui}
if [ ! -x "${tirtui}" ]; then
    echo "== cargo build --release" >&2
    cargo build --release --locked >&2
fi
trials=${TRIALS:-200}
seconds=${TUNE_SECONDS:-270}
out=${DEMO_OUT:-$(mktemp -d)}
mkdir -p "${out}"
db="${out}/db"
rm -rf "${db}"

echo "== tirtui tune demo: ${trials} trials per space, ${seconds} s at most each; files in ${out}" >&2
"${tirtui}" replay sessions/gemm_002_4_v4.yaml --run --json --db "${db}" >"${out}/hand_002.json" 2>"${out}/hand_002.stderr" || true
"${tirtui}" replay sessions/gemm_000_5_unroll.yaml --run --json --db "${db}" >"${out}/hand_000.json" 2>"${out}/hand_000.stderr" || true

for space in 002_5_tune 000_6_tune; do
    echo "== tune sessions/gemm_${space}.yaml" >&2
    set +e
    timeout -s INT -k 30 "${seconds}" "${tirtui}" tune "sessions/gemm_${space}.yaml" \
        --trials "${trials}" --db "${db}" --out "${out}/gemm_${space}_best.yaml" --json \
        >"${out}/tune_${space}.json" 2>"${out}/tune_${space}.stderr"
    echo $? >"${out}/tune_${space}.status"
    set -e
    tail -n 3 "${out}/tune_${space}.stderr" >&2
done

python3 - "${out}" <<'PY'
import json, os, sys

out = sys.argv[1]

def load(name):
    try:
        with open(os.path.join(out, name)) as f:
            return json.loads(f.read().strip().splitlines()[-1])
    except Exception as e:  # a run that printed no JSON
        return {"error": str(e)}

def tail(name):
    try:
        with open(os.path.join(out, name)) as f:
            return f.read().strip().splitlines()[-1:]
    except OSError:
        return []

rows = [("002 (1024x512x2048)", "hand_002.json", "tune_002_5_tune.json", "v4", 2.0),
        ("000 (1024^3)", "hand_000.json", "tune_000_6_tune.json", "stage 5", 1.0)]
ok = True
for title, hand_f, tune_f, hand_name, goal in rows:
    hand, tune = load(hand_f), load(tune_f)
    print(f"## seed {title}")
    hand_ms = hand.get("time_ms")
    if hand_ms is None:
        print(f"hand-tuned {hand_name}: no time ({' '.join(tail(hand_f.replace('.json', '.stderr')))})")
    else:
        print(f"hand-tuned {hand_name}: {hand_ms:.4f} ms, {hand.get('gflops', 0):.1f} GFLOP/s, correct={hand.get('correct')}")
    if "trials" not in tune:
        print(f"tune: no report ({' '.join(tail(tune_f.replace('.json', '.stderr')))})")
        ok = False
        continue
    print(f"device: {tune.get('device')} (driver {tune.get('driver')})")
    print(f"trials: {tune['trials']} in {tune['elapsed_s']:.1f} s ({tune['stop']}); "
          f"candidates/s: {tune['candidates_per_s']:.2f}; invalid (never run): {tune['invalid_total']}; "
          f"duplicates skipped: {tune['duplicates']}")
    for reason, t in sorted(tune["invalid"].items(), key=lambda kv: -kv[1]["count"]):
        print(f"  invalid {t['count']:>5}  {reason}")
    for reason, t in sorted(tune["failed"].items(), key=lambda kv: -kv[1]["count"]):
        print(f"  failed  {t['count']:>5}  {reason}: {t['example'].splitlines()[0][:100] if t['example'] else ''}")
    curve = tune["curve"]
    marks = [1, 5, 10, 20, 50, 100, 150, 200, tune["trials"]]
    pts = []
    for m in sorted(set(x for x in marks if x <= tune["trials"])):
        best = [t for i, t in curve if i <= m]
        if best:
            pts.append(f"{m}: {best[-1]:.4f}")
    print("best (ms) vs trials: " + ", ".join(pts))
    best = tune.get("best_ms")
    if best is None:
        print("best: none")
        ok = False
        continue
    print(f"best: {best:.4f} ms, {tune['best_gflops']:.1f} GFLOP/s at trial {tune['best_trial']} "
          f"(decisions {tune['best_decisions']}) -> {tune.get('out')}")
    if hand_ms:
        speedup = hand_ms / best
        met = speedup >= goal
        ok = ok and met
        print(f"best vs hand-tuned {hand_name}: {speedup:.2f}x faster (goal >= {goal:g}x: {'met' if met else 'NOT met'})")
    print()
sys.exit(0 if ok else 1)
PY
