#!/usr/bin/env python3
"""Record the sketches TVM's MetaSchedule generates for tirtui's design-space
workloads, as facts for tests/design_space.rs.

Usage: python3 scripts/ms_space/record.py [OUT.json]
       (default tests/data/design_space/ms_sketches.json)
       python3 scripts/ms_space/record.py --tensorcore [OUT.json]
       (TVM's `cuda-tensorcore` rules, MultiLevelTilingTensorCore with its WMMA
       intrinsics, for tests/data/design_space/tc/*.tir; default
       tests/data/design_space/tc/ms_sketches_tc.json)

For each workload in tests/data/design_space/*.tir, TVM 0.27 on the CPU runs
`generate_design_space` with its default CUDA rules (PostOrderApply over
`ScheduleRule.create("cuda")`, no postprocessors) for an sm_80 target, and
for every sketch records:
  - `trace`: the sketch's trace as TVM prints it (the instructions, their
    arguments and the decisions TVM sampled), and
  - `blocks`: the scheduled program's loop structure: for every block below
    the root, its name and the loops above it, outermost first, each as
    "<kind or thread tag>:<extent>".
Needs TVM (pip install apache-tvm 0.27); a development tool, not part of the
build or of CI. Rerun it when a workload changes, and review the JSON diff.
"""
import glob
import importlib
import json
import os
import sys

import tvm
import tvm.s_tir
from tvm.s_tir import meta_schedule as ms
from tvm.target import Target
from tvm.script import tirx as T

ARCH = "sm_80"
# A fixed seed, so that rerunning the script changes the JSON only when TVM or
# a workload changes.
RAND_STATE = 30


def tvm_source(path):
    """tirtui's workload text in TVM 0.27's spelling (imports dropped: the
    parser is given `T`)."""
    text = open(path).read()
    text = text.replace("T.block(", "T.sblock(").replace("T.alloc_buffer(", "T.sblock_alloc_buffer(")
    text = text.replace("@T.prim_func", "@T.prim_func(s_tir=True)")
    lines = [l for l in text.splitlines() if not l.startswith(("from ", "import ", "#"))]
    return "\n".join(lines)


def load(path):
    mod = tvm.script.from_source(tvm_source(path), extra_vars={"T": T})
    if not isinstance(mod, tvm.IRModule):
        mod = tvm.IRModule({"main": mod})
    return mod


def loop_text(loop):
    if loop.thread_binding is not None:
        kind = loop.thread_binding.thread_tag
    else:
        kind = {0: "serial", 1: "parallel", 2: "vectorized", 3: "unrolled"}.get(int(loop.kind), str(loop.kind))
    return f"{kind}:{loop.extent}"


def block_structure(func):
    """[[block name, [loop, ...]], ...] in program order, the root left out."""
    out = []

    def visit(stmt, loops):
        if isinstance(stmt, tvm.tirx.For):
            visit(stmt.body, loops + [loop_text(stmt)])
        elif isinstance(stmt, tvm.tirx.SeqStmt):
            for s in stmt.seq:
                visit(s, loops)
        elif isinstance(stmt, tvm.s_tir.SBlockRealize):
            block = stmt.block
            if block.name_hint != "root":
                out.append([block.name_hint, loops])
            visit(block.body, [])
        elif isinstance(stmt, (tvm.tirx.IfThenElse,)):
            visit(stmt.then_case, loops)
            if stmt.else_case is not None:
                visit(stmt.else_case, loops)
        elif hasattr(stmt, "body"):
            visit(stmt.body, loops)

    visit(func.body, [])
    return out


def main():
    args = sys.argv[1:]
    tensorcore = "--tensorcore" in args
    args = [a for a in args if a != "--tensorcore"]
    if tensorcore:
        # Registers the wmma / mma intrinsics the tensor-core rule names.
        importlib.import_module("tvm.s_tir.tensor_intrin.cuda")
        folder, rules = "tests/data/design_space/tc", "cuda-tensorcore"
        default_out = os.path.join(folder, "ms_sketches_tc.json")
    else:
        folder, rules = "tests/data/design_space", "cuda"
        default_out = os.path.join(folder, "ms_sketches.json")
    out_path = args[0] if args else default_out
    target = Target({"kind": "cuda", "arch": ARCH, "max_threads_per_block": 1024,
                     "max_shared_memory_per_block": 49152, "thread_warp_size": 32})
    facts = {"tvm": tvm.__version__, "target": ARCH, "rules": rules, "workloads": {}}
    for path in sorted(glob.glob(os.path.join(folder, "*.tir"))):
        mod = load(path)
        space = "post-order-apply" if not tensorcore else ms.space_generator.PostOrderApply(
            sch_rules=rules, postprocs=[], mutator_probs={})
        ctx = ms.TuneContext(mod=mod, target=target, space_generator=space,
                             task_name=os.path.basename(path), num_threads=1, rand_state=RAND_STATE)
        sketches = []
        for sch in ctx.generate_design_space():
            sketches.append({"trace": str(sch.trace), "blocks": block_structure(sch.mod["main"])})
        facts["workloads"][os.path.basename(path)] = sketches
        print(f"{path}: {len(sketches)} sketches", file=sys.stderr)
    with open(out_path, "w") as f:
        json.dump(facts, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
