#!/usr/bin/env python3
"""Writes a MetaSchedule database with TVM 0.27 on the CPU, for
`tirtui db import`'s tests: for each workload (default: the GEMM and the
softmax of tests/data/ms_traces/), TVM's CUDA design space
(`generate_design_space`), random decisions per sketch until MetaSchedule's
CUDA postprocessors accept them, each committed as a tuning record with a
made-up run time (the candidate's seed picks it), plus one record whose run
failed (`run_secs=None`). TVM's JSONDatabase writes the two files into OUT;
`manifest.json` lists each record line: its workload, run_secs and TVM's
program after the trace (`.script()`), which the tests compare with
tirtui's replay of the imported session.

Usage: python3 scripts/ms_database/make_db.py [--out tests/data/ms_database] [--per-sketch 2] [W.tir ...]
Deterministic: every seed is fixed, so a rerun writes the same files.
"""

import argparse
import json
import os
import sys

import tvm
from tvm.s_tir import meta_schedule as ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "ms_traces"))
import record as ms_record  # noqa: E402  (load, resample, postprocess, TARGET)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "ms_database"))
    ap.add_argument("--per-sketch", type=int, default=2)
    ap.add_argument("--tries", type=int, default=40)
    ap.add_argument("workloads", nargs="*")
    args = ap.parse_args()
    workloads = args.workloads or [
        os.path.join(ROOT, "tests", "data", "ms_traces", "gemm_f32.tir"),
        os.path.join(ROOT, "tests", "data", "ms_traces", "softmax.tir"),
    ]
    os.makedirs(args.out, exist_ok=True)
    paths = [os.path.join(args.out, f) for f in ("database_workload.json", "database_tuning_record.json")]
    for p in paths:
        if os.path.exists(p):
            os.remove(p)
    db = ms.database.JSONDatabase(path_workload=paths[0], path_tuning_record=paths[1])
    target = tvm.target.Target(ms_record.TARGET)
    manifest = []
    for w in workloads:
        mod = ms_record.load(w)
        ctx = ms.TuneContext(
            mod=mod,
            target=target,
            space_generator=ms.space_generator.PostOrderApply(
                sch_rules="cuda", postprocs="cuda", mutator_probs="cuda"
            ),
            task_name="main",
            rand_state=1,
            num_threads=1,
        )
        spaces = ctx.generate_design_space()
        workload = db.commit_workload(mod)
        args_info = ms.arg_info.ArgInfo.from_prim_func(mod["main"])
        stem = os.path.splitext(os.path.basename(w))[0]
        for index, space in enumerate(spaces):
            kept = 0
            for attempt in range(args.tries):
                if kept == args.per_sketch:
                    break
                seed = 5000 + 100 * index + attempt
                sch = ms_record.resample(space, mod, seed)
                try:
                    verdicts = ms_record.postprocess(sch, ctx.space_generator.postprocs)
                except tvm.error.InternalError:
                    # The schedule's debug verification refused the draw: not a candidate.
                    continue
                if not all(verdicts.values()) or len(verdicts) != len(ctx.space_generator.postprocs):
                    continue
                # A made-up time per run: 20 to 120 microseconds, from the seed.
                base = 2e-5 + (seed * 7919 % 1000) * 1e-7
                run_secs = [base, base * 1.01, base * 0.99]
                db.commit_tuning_record(
                    ms.database.TuningRecord(sch.trace, workload, run_secs=run_secs, target=target, args_info=args_info)
                )
                manifest.append(
                    {"workload": stem + ".tir", "sketch": index, "seed": seed, "run_secs": run_secs,
                     "program": sch.mod["main"].script()}
                )
                kept += 1
        # A candidate that failed to build or run: MetaSchedule stores no time.
        sch = ms_record.resample(spaces[0], mod, 9999)
        db.commit_tuning_record(
            ms.database.TuningRecord(sch.trace, workload, run_secs=None, target=target, args_info=args_info)
        )
        manifest.append({"workload": stem + ".tir", "sketch": 0, "seed": 9999, "run_secs": None, "program": None})
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"tvm": tvm.__version__, "target": ms_record.TARGET, "records": manifest}, f, indent=1)
        f.write("\n")
    print(f"{len(manifest)} records of {len(workloads)} workloads in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
