#!/usr/bin/env python3
"""Checks a MetaSchedule database that `tirtui db export` wrote, with TVM 0.27
on the CPU: `ms.database.JSONDatabase` loads it, every workload is
structurally equal to TVM's parse of one of the given workload files,
`query_tuning_record` finds the fastest record of each, and every record's
trace applies to its workload (`trace.apply_to_schedule`). Prints one JSON
object (records, workloads, per record its mean run time and the program's
loop nest after the trace) and exits 1 on the first failure.

Usage: python3 scripts/ms_database/check_export.py DIR W.tir [W2.tir ...]
"""

import json
import os
import sys

import tvm
import tvm_ffi
from tvm import s_tir
from tvm.s_tir import meta_schedule as ms

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ms_traces"))
import record as ms_record  # noqa: E402  (tirtui's spelling to TVM's, and `load`)


def fail(message):
    print(json.dumps({"ok": False, "error": message}))
    sys.exit(1)


def main():
    if len(sys.argv) < 3:
        fail(__doc__.strip().splitlines()[-1])
    folder, paths = sys.argv[1], sys.argv[2:]
    db = ms.database.JSONDatabase(
        path_workload=os.path.join(folder, "database_workload.json"),
        path_tuning_record=os.path.join(folder, "database_tuning_record.json"),
        allow_missing=False,
    )
    mods = {p: ms_record.load(p) for p in paths}
    records = db.get_all_tuning_records()
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    out = {"ok": True, "records": [], "workloads": {}}
    for path, mod in mods.items():
        found = db.query_tuning_record(mod, target, "main")
        out["workloads"][path] = {
            "has_workload": bool(db.has_workload(mod)),
            "best_run_secs": None if found is None else [float(s) for s in found.run_secs],
        }
    for rec in records:
        mod = rec.workload.mod
        matches = [p for p, m in mods.items() if tvm_ffi.structural_equal(mod, m)]
        if not matches:
            fail("a workload in the database is none of " + ", ".join(paths) + ":\n" + mod.script())
        sch = s_tir.Schedule(mods[matches[0]])
        try:
            rec.trace.apply_to_schedule(sch, remove_postproc=False)
        except Exception as e:  # noqa: BLE001 (tvm_ffi raises its own errors)
            fail(f"a trace of {matches[0]} does not apply in TVM: {str(e).splitlines()[-1]}")
        out["records"].append(
            {
                "workload": matches[0],
                "run_secs": [float(s) for s in rec.run_secs],
                "instructions": len(rec.trace.insts),
                "program": sch.mod["main"].script(),
            }
        )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
