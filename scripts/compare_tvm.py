#!/usr/bin/env python3
"""Compare tirtui's scheduled TIR with real TVM's for shipped sessions.

Usage: python3 scripts/compare_tvm.py [TIRTUI_BINARY] [SESSION.yaml ...]

For each session: `tirtui replay S --emit python` gives apply_trace(sch);
TVM (pip install apache-tvm) runs it on the same workload, and both programs
are compared structurally after TVM parses ours (tvm.ir.assert_structural_equal).
Needs TVM; it is a development check, not part of the build or CI.
"""
import glob
import subprocess
import sys

import tvm

try:  # TVM 0.25+ moved the schedule to tvm.s_tir
    from tvm.s_tir import Schedule
    import tvm.s_tir.tensor_intrin  # noqa: F401  registers the WMMA/MMA intrinsics tensorize names
except ImportError:
    from tvm.tir import Schedule


def load(text):
    mod = tvm.script.from_source(text)
    if isinstance(mod, tvm.IRModule):
        return mod
    return tvm.IRModule({"main": mod})


def tvm_spelling(text):
    # tirtui prints the classic spelling; TVM 0.27 parses the current one.
    text = text.replace("T.block(", "T.sblock(").replace("T.alloc_buffer(", "T.sblock_alloc_buffer(")
    text = text.replace("T.block_attr(", "T.sblock_attr(")
    text = text.replace("from tvm.script import tir as T", "from tvm.script import tirx as T")
    text = text.replace("@T.prim_func", "@T.prim_func(s_tir=True)")
    return text


def workload_text(binary, path):
    import yaml

    sess = yaml.safe_load(open(path))
    if "source" in sess:
        src = "/tmp/_tirtui_workload.tir"
        open(src, "w").write(sess["source"])
    else:
        src = path.rsplit("/", 1)[0] + "/" + sess["workload"]
    return subprocess.run([binary, "print", src], capture_output=True, text=True, check=True).stdout


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/tirtui"
    sessions = sys.argv[2:] or sorted(glob.glob("sessions/*.yaml"))
    failures = 0
    for path in sessions:
        py = subprocess.run([binary, "replay", path, "--emit", "python"], capture_output=True, text=True)
        ours = subprocess.run([binary, "replay", path, "--emit", "tir"], capture_output=True, text=True)
        if py.returncode or ours.returncode:
            print(f"{path}: tirtui failed: {py.stderr}{ours.stderr}")
            failures += 1
            continue
        # The workload as tirtui prints it (module constants resolved), so TVM parses it alone.
        wl = workload_text(binary, path)
        sch = Schedule(load(tvm_spelling(wl)))
        env = {}
        exec(py.stdout, env)
        try:
            env["apply_trace"](sch)
        except Exception as e:  # TVM rejected a step
            print(f"{path}: TVM rejected the trace: {str(e).splitlines()[-1]}")
            failures += 1
            continue
        theirs = sch.mod["main"]
        mine = load(tvm_spelling(ours.stdout))["main"]
        try:
            tvm.ir.assert_structural_equal(mine.body, theirs.body, map_free_vars=True)
            print(f"{path}: same program as TVM")
        except ValueError as e:
            print(f"{path}: DIFFERENT from TVM: {str(e).splitlines()[0][:300]}")
            failures += 1
    print(f"{len(sessions) - failures} of {len(sessions)} sessions match TVM")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
