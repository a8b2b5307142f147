#!/usr/bin/env python3
"""Record TVM MetaSchedule's per-store features of scheduled sessions, the
expected vectors tests/search_features.rs compares tirtui's with.

Usage: python3 scripts/search_features/record.py [TIRTUI_BINARY]

For each session below: `tirtui print` gives the workload, `tirtui replay S
--emit python` the trace; TVM applies the trace and runs
`ms.feature_extractor.PerStoreFeature()` (5 buffers per store, 10 curve
samples, 64-byte lines, no workload embedding: 164 features) with target
cuda, as MetaSchedule's cost model sees the candidate. Writes
tests/data/search_features/<session>.json: {"session", "features": [[164
floats] per stored buffer, in TVM's order]}. Needs TVM (0.27 checked); a
development tool, not part of the build.
"""
import json
import os
import subprocess
import sys

import tvm
from tvm.s_tir import Schedule
from tvm.s_tir import meta_schedule as ms

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from compare_tvm import load, tvm_spelling, workload_text  # noqa: E402

SESSIONS = [
    "sessions/gemm_000_5_unroll.yaml",  # shared + local caches, vthreads, vectorize, unroll
    "sessions/gemm_002_4_v4.yaml",
    "sessions/softmax_2_cross_thread.yaml",  # cross-thread reductions
    "sessions/softmax_1_rows.yaml",
    "sessions/conv2d_2_shared.yaml",
    "sessions/conv2d_1_tiled.yaml",
    "sessions/pool2x2_1_fused.yaml",
    "sessions/gemm_bias_relu_1_tiled.yaml",
    "sessions/layer_norm_2_cross_thread.yaml",
    "sessions/gemv_2_cross_thread.yaml",
    "sessions/dwconv_1_shared.yaml",
    "tests/data/search_features/elementwise_vec_unroll.yaml",  # vectorize + unroll + auto-unroll pragma
]
OUT = "tests/data/search_features"


def features(binary, path):
    py = subprocess.run([binary, "replay", path, "--emit", "python"], capture_output=True, text=True, check=True)
    sch = Schedule(load(tvm_spelling(workload_text(binary, path))))
    env = {}
    exec(py.stdout, env)
    env["apply_trace"](sch)
    target = tvm.target.Target("cuda")
    ctx = ms.TuneContext(mod=sch.mod, target=target, num_threads=1)
    cand = ms.MeasureCandidate(sch, ms.arg_info.ArgInfo.from_prim_func(sch.mod["main"]))
    (tensor,) = ms.feature_extractor.PerStoreFeature().extract_from(ctx, [cand])
    return tensor.numpy().tolist()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/tirtui"
    os.makedirs(OUT, exist_ok=True)
    for path in SESSIONS:
        rows = features(binary, path)
        name = os.path.basename(path).removesuffix(".yaml")
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump({"session": path, "features": rows}, f)
            f.write("\n")
        print(f"{path}: {len(rows)} rows of {len(rows[0]) if rows else 0}")


if __name__ == "__main__":
    main()
