#!/usr/bin/env python3
"""Has TVM 0.27 build CUDA for sessions' traces, so that its kernels can be timed
on the GPU next to tirtui's (run.py does that on the device).

Usage (on a machine with `pip install apache-tvm`; no GPU needed):
    python3 bench/tvm_kernels/build.py [TIRTUI_BINARY] [SESSION.yaml ...]

For each session: `tirtui replay S --emit python` gives apply_trace(sch); TVM applies
it to the same workload, builds it with tvm.compile(..., target="cuda") and the CUDA
source is saved as bench/tvm_kernels/<session>.cu. <session>.json records what a
launch needs: each kernel (launch order) with grid, block, dynamic shared bytes and
its parameters by name, and every buffer with shape, dtype and role (input, output,
temporary). Default sessions: every shipped session but the unscheduled ones (`*_0_*`,
too slow to be worth timing) and the tuner's search spaces (`*_tune.yaml`).
Tensorized sessions (tests/data/wmma/gemm_f16_4096_1_wmma.yaml) need
`pip install apache-tvm-ffi==0.1.14.post1` (later ffi releases crash in tensorize)
and are named explicitly.
"""
import glob
import re
import json
import os
import subprocess
import sys

import tvm
import tvm.s_tir.tensor_intrin  # noqa: F401  registers the WMMA/MMA intrinsics tensorize names
from tvm.s_tir import Schedule

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from compare_tvm import load, tvm_spelling, workload_text  # noqa: E402


# TVM 0.27's Python API has no statement visitor; its printed TVMScript is read instead.
LAUNCH = re.compile(r'T\.launch_thread\("((?:blockIdx|threadIdx)\.[xyz])", (\d+)\)')
DYN_ALLOC = re.compile(r'T\.allocate\(\[(\d+)\], "(\w+)", "shared\.dyn"\)')
PARAM = re.compile(r'(\w+): T\.Buffer\(\(([^)]*)\), "(\w+)"\)')
ALLOC = re.compile(r'^\s*(\w+) = T\.(?:sblock_)?alloc_buffer\(\(([^)]*)\),?\s*(?:"(\w+)")?([^)]*)\)', re.M)


def thread_extents(text):
    """(tag, extent) of every launch_thread in a device function's text, first use wins."""
    found = {}
    for tag, ext in LAUNCH.findall(text):
        found.setdefault(tag, int(ext))
    return found


def dyn_shared_bytes(text):
    return sum(int(n) * tvm.DataType(t).bits // 8 for n, t in DYN_ALLOC.findall(text))


def launch_plan(mod):
    """Kernels of the built module, in launch order, from TVM's own device functions."""
    target = tvm.target.Target("cuda", host="llvm")
    mod = tvm.tirx.transform.BindTarget(target)(mod)
    pipeline, _, _ = tvm.tirx.get_default_tir_pipeline(target)
    mod = pipeline(mod)
    kernels = []
    for gv, func in mod.functions.items():
        attrs = func.attrs
        if attrs is None or "calling_conv" not in attrs or int(attrs["calling_conv"]) != 2:
            continue  # not a device kernel
        grid, block = [1, 1, 1], [1, 1, 1]
        text = func.script()
        for tag, ext in thread_extents(text).items():
            axis = "xyz".index(tag[-1])
            if tag.startswith("blockIdx"):
                grid[axis] = ext
            elif tag.startswith("threadIdx"):
                block[axis] = ext
        kernels.append(
            {
                "name": gv.name_hint,
                "grid": grid,
                "block": block,
                "dynamic_shared_bytes": dyn_shared_bytes(text),
                "params": [p.name[: -len("_ptr")] if p.name.endswith("_ptr") else p.name for p in func.params],
            }
        )

    def order(k):
        tail = k["name"].rsplit("_kernel", 1)[-1].lstrip("_")
        return int(tail) if tail.isdigit() else 0

    kernels.sort(key=order)
    return kernels


def buffers_of(func):
    """Every buffer the kernels may take, by its data variable's name (what TVM's
    kernels name their parameters): parameters and global intermediates."""
    text = func.script()
    out = {}
    header = text[text.index("def main(") : text.index("):", text.index("def main("))]
    for name, shape, dtype in PARAM.findall(header):
        stored = re.search(r"^\s*" + re.escape(name) + r"\[[^\n]*\] = ", text, re.M)
        # A tensorized store (wmma store_matrix_sync, mma_store) writes through
        # a pointer: its block's T.writes names the buffer.
        stored = stored or re.search(r"T\.writes\([^\n]*\b" + re.escape(name) + r"\[", text)
        out[name] = {
            "name": name,
            "shape": [int(x) for x in shape.split(",") if x.strip()],
            "dtype": dtype,
            "role": "output" if stored else "input",
        }
    for name, shape, dtype, rest in ALLOC.findall(text):
        if "scope=" in rest and 'scope="global"' not in rest:
            continue
        out[name] = {
            "name": name,
            "shape": [int(x) for x in shape.split(",") if x.strip()],
            "dtype": dtype or "float32",
            "role": "temporary",
        }
    return out


def build(binary, path):
    name = os.path.splitext(os.path.basename(path))[0]
    py = subprocess.run([binary, "replay", path, "--emit", "python"], capture_output=True, text=True)
    if py.returncode:
        return f"{name}: tirtui failed: {py.stderr.strip()}"
    sch = Schedule(load(tvm_spelling(workload_text(binary, path))))
    env = {}
    exec(py.stdout, env)
    try:
        env["apply_trace"](sch)
    except Exception as e:  # TVM rejected a step
        return f"{name}: TVM rejected the trace: {str(e).splitlines()[-1]}"
    mod = sch.mod
    buffers = buffers_of(mod["main"])
    kernels = launch_plan(mod)
    ex = tvm.compile(mod, target="cuda")
    source = ex.mod.imports[0].inspect_source()
    with open(os.path.join(HERE, name + ".cu"), "w") as f:
        f.write(source)
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        import yaml

        workload = yaml.safe_load(open(path)).get("workload", "")
        plan = {"session": path, "workload": workload, "kernels": kernels, "buffers": buffers}
        json.dump(plan, f, indent=1)
        f.write("\n")
    return f"{name}: {len(kernels)} kernel(s) -> bench/tvm_kernels/{name}.cu"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/tirtui"
    sessions = sys.argv[2:] or sorted(
        p
        for p in glob.glob("sessions/*.yaml")
        if not re.search(r"_0_|_tune\.yaml$", os.path.basename(p))
    )
    failures = 0
    for path in sessions:
        line = build(binary, path)
        print(line)
        failures += "failed" in line or "rejected" in line
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
