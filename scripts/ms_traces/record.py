#!/usr/bin/env python3
"""Records MetaSchedule-written traces (facts from TVM 0.27, on the CPU) for
tirtui's replay tests: for each workload in tests/data/ms_traces/*.tir, TVM's
CUDA design space (`generate_design_space`), random decisions for each sketch,
then `enter_postproc` and MetaSchedule's CUDA postprocessors. Writes, per
sketch, the trace as TVM prints it (`NAME.py`), TVM's final program
(`NAME.expected.tir`) and its CUDA (`NAME.expected.cu`, codegen only), the
first draw VerifyGPUCode refused (`NAME.refused.py`), and `manifest.json` (workload, sketch, seed, each
postprocessor's verdict, the traces it tried and VerifyGPUCode refused).

Usage: python3 scripts/ms_traces/record.py [--out tests/data/ms_traces] [--sketches 3]
       python3 scripts/ms_traces/record.py --rules cuda-tensorcore --out tests/data/ms_traces_tc
       (MultiLevelTilingTensorCore's space and postprocessors, RewriteTensorize among them)
Deterministic: TVM's random state is seeded by the workload's sketch index and
a counter, so rerunning writes the same files.
"""

import argparse
import importlib
import json
import os
import re
import sys

import tvm
from tvm import s_tir
from tvm.s_tir import meta_schedule as ms

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# An sm_80 card with the limits VerifyGPUCode reads (H100 and A100 alike).
TARGET = {
    "kind": "cuda",
    "arch": "sm_80",
    "max_threads_per_block": 1024,
    "max_shared_memory_per_block": 49152,
    "thread_warp_size": 32,
}


def tvm_spelling(text):
    """tirtui's classic spelling to TVM 0.27's (`T.sblock`, `@T.prim_func(s_tir=True)`)."""
    text = text.replace("T.block(", "T.sblock(").replace("T.alloc_buffer(", "T.sblock_alloc_buffer(")
    text = re.sub(r"@T\.prim_func\s*$", "@T.prim_func(s_tir=True)", text, flags=re.M)
    # from_source parses the function alone: no imports or comments before it.
    return "\n".join(l for l in text.splitlines() if not l.startswith(("from ", "import ", "#")))


def load(path):
    with open(path) as f:
        func = tvm.script.from_source(tvm_spelling(f.read()))
    return tvm.IRModule({"main": func.with_attr("global_symbol", "main")})


def resample(space, mod, seed):
    """The sketch's instructions with fresh decisions drawn from `seed`."""
    sch = s_tir.Schedule(mod, seed=seed, debug_mask="all")
    space.trace.apply_to_schedule(sch, remove_postproc=True, decision_provider=lambda *_: None)
    return sch


def postprocess(sch, postprocs):
    """Applies the postprocessors in order, as the search does; their verdicts."""
    sch.enter_postproc()
    verdicts = {}
    for p in postprocs:
        name = type(p).__name__
        ok = bool(p.apply(sch))
        verdicts[name] = ok
        if not ok:
            break
    return verdicts


def cuda_kernels(mod, target):
    """TVM's CUDA for the program (codegen only, no GPU), from the first kernel
    definition on: the preamble of macros and includes is left out."""
    source = tvm.compile(mod, target=target).mod.imports[0].inspect_source()
    lines = source.splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith('extern "C" __global__') and l.rstrip().endswith("{")]
    return "\n".join(lines[starts[0]:] if starts else lines) + "\n"


def record(workload, out_dir, sketches, tries, rules="cuda"):
    mod = load(workload)
    target = tvm.target.Target(TARGET)
    ctx = ms.TuneContext(
        mod=mod,
        target=target,
        space_generator=ms.space_generator.PostOrderApply(
            sch_rules=rules, postprocs=rules, mutator_probs=rules
        ),
        task_name="main",
        rand_state=1,
        num_threads=1,
    )
    spaces = ctx.generate_design_space()
    postprocs = ctx.space_generator.postprocs
    stem = os.path.splitext(os.path.basename(workload))[0]
    entries = []
    for index, space in enumerate(spaces[:sketches]):
        refused = []
        for attempt in range(tries):
            seed = 1000 * (index + 1) + attempt
            sch = resample(space, mod, seed)
            verdicts = postprocess(sch, postprocs)
            if all(verdicts.values()) and len(verdicts) == len(postprocs):
                name = f"{stem}_s{index}"
                with open(os.path.join(out_dir, name + ".py"), "w") as f:
                    f.write(str(sch.trace) + "\n")
                with open(os.path.join(out_dir, name + ".expected.tir"), "w") as f:
                    f.write(sch.mod["main"].script() + "\n")
                try:
                    cuda = cuda_kernels(sch.mod, target)
                except Exception as e:  # noqa: BLE001 (tvm_ffi raises InternalError)
                    # TVM 0.27's own lowering refuses some tensor-core programs
                    # (tvm_access_ptr of an fp16 buffer as fp32): no CUDA to keep.
                    print(f"{name}: TVM cannot compile it: {str(e).splitlines()[-1]}", file=sys.stderr)
                    cuda = None
                if cuda is not None:
                    with open(os.path.join(out_dir, name + ".expected.cu"), "w") as f:
                        f.write(cuda)
                entries.append(
                    {
                        "trace": name + ".py",
                        "expected": name + ".expected.tir",
                        "expected_cuda": name + ".expected.cu" if cuda is not None else None,
                        "workload": os.path.basename(workload),
                        "sketch": index,
                        "sketches": len(spaces),
                        "seed": seed,
                        "verdicts": verdicts,
                        "refused": refused,
                    }
                )
                break
            failed = [k for k, v in verdicts.items() if not v]
            refused.append({"seed": seed, "postproc": failed[0] if failed else None})
            if failed == ["VerifyGPUCode"] and len(refused) == 1:
                # The first draw VerifyGPUCode refused, for tirtui's own check.
                with open(os.path.join(out_dir, f"{stem}_s{index}.refused.py"), "w") as f:
                    f.write(str(sch.trace) + "\n")
        else:
            print(f"{stem} sketch {index}: no passing decisions in {tries} tries", file=sys.stderr)
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "ms_traces"))
    ap.add_argument("--sketches", type=int, default=3)
    ap.add_argument("--tries", type=int, default=40)
    ap.add_argument("--rules", default="cuda", help="cuda or cuda-tensorcore")
    ap.add_argument("workloads", nargs="*")
    args = ap.parse_args()
    if args.rules == "cuda-tensorcore":
        # Registers the wmma / mma intrinsics the tensor-core rule names.
        # (importlib: an `import tvm.x` statement here would make `tvm` a
        # local name of main, unbound where the manifest is written.)
        importlib.import_module("tvm.s_tir.tensor_intrin.cuda")
    workloads = args.workloads or sorted(
        os.path.join(args.out, f) for f in os.listdir(args.out) if f.endswith(".tir") and ".expected" not in f
    )
    manifest = []
    for w in workloads:
        entries = record(w, args.out, args.sketches, args.tries, args.rules)
        print(f"{os.path.basename(w)}: {len(entries)} traces", file=sys.stderr)
        manifest.extend(entries)
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"tvm": tvm.__version__, "target": TARGET, "traces": manifest}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
