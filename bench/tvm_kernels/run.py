#!/usr/bin/env python3
"""Times TVM's CUDA kernels (built by build.py) on the GPU and checks their result.

Usage (on the GPU machine; needs CuPy and NumPy, nothing else):
    python3 bench/tvm_kernels/run.py [NAME ...]      (default: every *.json here)

For each <name>.json: compiles <name>.cu with NVRTC (CuPy), fills the inputs with
uniform random numbers in [-1, 1) (integers: over the dtype's range), allocates the temporaries, launches every
kernel in order and checks the outputs against a NumPy reference of the workload.
Time is the median over 50 runs (after 5 warm-ups) of all kernels of one call,
measured with CUDA events, as tirtui's --run measures its own. Prints a markdown
table: session, kernels, time_ms, max_rel_err, correct.
"""
import glob
import json
import os
import re
import sys

import cupy as cp
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def reference(workload, args):
    """The workload's outputs, computed by NumPy in float64."""
    a = {k: v.astype(np.float64) for k, v in args.items()}
    if workload == "softmax.tir":
        x = a["A"]
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return {"T_softmax_norm": e / e.sum(axis=1, keepdims=True)}
    if workload == "layer_norm.tir":
        x = a["X"]
        mean = x.mean(axis=1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
        return {"T_layer_norm": (x - mean) / np.sqrt(var + 1e-5) * a["gamma"] + a["beta"]}
    if workload in ("gemm.tir", "gemm_1024x512x2048.tir", "gemm_4096.tir", "gemm_f16_4096.tir"):
        return {"C": a["A"] @ a["B"]}
    if workload == "bmm_f16.tir":
        return {"C": np.matmul(a["A"], a["B"])}
    if workload == "gemm_i8_4096.tir":
        # B is stored (n, k); int8 products summed exactly (|C| < 2^27).
        return {"C": a["A"] @ a["B"].T}
    if workload == "gemv.tir":
        return {"y": a["A"] @ a["x"]}
    if workload == "gemm_bias_relu.tir":
        return {"E": np.maximum(a["A"] @ a["B"] + a["bias"], 0.0)}
    if workload == "conv2d.tir":
        d = np.pad(a["data"], ((0, 0), (0, 0), (1, 1), (1, 1)))
        w = a["kernel"]
        n, c, h, wd = a["data"].shape
        out = np.zeros((n, w.shape[0], h, wd))
        for ry in range(3):
            for rx in range(3):
                patch = d[:, :, ry : ry + h, rx : rx + wd]
                out += np.einsum("nchw,fc->nfhw", patch, w[:, :, ry, rx])
        return {"conv2d_nchw": out}
    if workload == "dwconv.tir":
        d = np.pad(a["data"], ((0, 0), (0, 0), (1, 1), (1, 1)))
        w = a["kernel"]
        n, c, h, wd = a["data"].shape
        out = np.zeros((n, c, h, wd))
        for ry in range(3):
            for rx in range(3):
                out += d[:, :, ry : ry + h, rx : rx + wd] * w[None, :, 0, ry, rx, None, None]
        return {"out": out}
    if workload == "pool2x2.tir":
        x = a["data"]
        n, c, h, w = x.shape
        return {"pool_max": x.reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))}
    return None


STATIC_SHARED = re.compile(r"__shared__\s+(?:alignas\((\d+)\)\s+)?([\w ]+?)\s+(\w+)\[(\d+)\];")
ELEMENT_BYTES = {"half": 2, "__half": 2, "float": 4, "int": 4, "double": 8, "signed char": 1,
                 "char": 1, "int8_t": 1, "uint8_t": 1, "unsigned char": 1}


def dynamic_shared(source):
    """TVM declares its shared stages as static arrays, which CUDA caps at 48 KB per
    block. Past that cap, the same arrays as slices of one dynamic shared pool (the one
    change that lets the kernel launch; its code is untouched). Returns the source and
    the pool's size, or (source, 0) when it fits as written."""
    arrays = [(m, ELEMENT_BYTES[m.group(2).strip()]) for m in STATIC_SHARED.finditer(source)
              if m.group(2).strip() in ELEMENT_BYTES]
    total = sum(int(m.group(4)) * b for m, b in arrays)
    if total <= 48 * 1024 or len(arrays) != len(STATIC_SHARED.findall(source)):
        return source, 0
    offset, out = 0, source
    for i, (m, b) in enumerate(arrays):
        align = int(m.group(1) or 16)
        offset = (offset + align - 1) // align * align
        pool = "extern __shared__ __align__(128) unsigned char tvm_dyn_pool[];\n  " if i == 0 else ""
        ty, var = m.group(2).strip(), m.group(3)
        out = out.replace(m.group(0), f"{pool}{ty}* {var} = ({ty}*)(tvm_dyn_pool + {offset});", 1)
        offset += int(m.group(4)) * b
    return out, offset


def run(name, runs=50, warmup=5, dynamic=False):
    plan = json.load(open(os.path.join(HERE, name + ".json")))
    source = open(os.path.join(HERE, name + ".cu")).read()
    pool = 0
    if dynamic:
        source, pool = dynamic_shared(source)
        if not pool:
            raise ValueError("its shared arrays fit in 48 KB as written")
    # WMMA kernels include <mma.h>, whose crt/mma.h CuPy's bundled headers may
    # lack: the CUDA toolkit's include folder (or $CUDA_INCLUDE) has it.
    options = ["--std=c++17"]
    for inc in (os.environ.get("CUDA_INCLUDE"), "/usr/local/cuda/include"):
        if inc and os.path.isfile(os.path.join(inc, "crt", "mma.h")):
            options.append("-I" + inc)
            break
    module = cp.RawModule(code=source, options=tuple(options), backend="nvrtc")
    rng = np.random.default_rng(0)
    host, dev = {}, {}
    for key, b in plan["buffers"].items():
        shape = tuple(b["shape"])
        integer = np.issubdtype(np.dtype(b["dtype"]), np.integer)
        if b["role"] == "input" and integer:
            info = np.iinfo(b["dtype"])
            host[b["name"]] = rng.integers(info.min, info.max, shape, endpoint=True).astype(b["dtype"])
            dev[key] = cp.asarray(host[b["name"]])
        elif b["role"] == "input":
            host[b["name"]] = rng.uniform(-1, 1, shape).astype(b["dtype"])
            dev[key] = cp.asarray(host[b["name"]])
        elif integer:
            # No NaN for integers: a value no int8 GEMM of this size produces.
            dev[key] = cp.full(shape, np.iinfo(b["dtype"]).min, dtype=b["dtype"])
        else:
            dev[key] = cp.full(shape, np.nan, dtype=b["dtype"])
    kernels = []
    for k in plan["kernels"]:
        fn = module.get_function(k["name"])
        smem = k["dynamic_shared_bytes"] + (pool if len(plan["kernels"]) == 1 else 0)
        if smem > 48 * 1024:
            fn.max_dynamic_shared_size_bytes = smem
        args = tuple(dev[p] for p in k["params"])
        kernels.append((fn, tuple(k["grid"]), tuple(k["block"]), args, smem))

    def call():
        for fn, grid, block, args, smem in kernels:
            fn(grid, block, args, shared_mem=smem)

    call()
    cp.cuda.Device().synchronize()
    expected = reference(plan.get("workload", ""), host)
    worst, correct = None, None
    if expected is not None:
        worst = 0.0
        for out_name, want in expected.items():
            got = cp.asnumpy(dev[out_name]).astype(np.float64)
            scale = max(np.abs(want).max(), 1e-30)
            err = np.abs(got - want).max() / scale if np.isfinite(got).all() else float("inf")
            worst = max(worst, err)
        correct = worst < 1e-3
    for _ in range(warmup):
        call()
    times = []
    for _ in range(runs):
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        call()
        end.record()
        end.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, end))
    return len(kernels), float(np.median(times)), worst, correct


def main():
    names = sys.argv[1:] or sorted(
        os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(HERE, "*.json"))
    )
    print("| session (TVM 0.27 kernels) | kernels | time_ms | max_rel_err | correct |")
    print("|---|---:|---:|---:|---|")
    failed = 0
    for name in names:
        try:
            n, ms, err, ok = run(name)
        except Exception as e:  # a compile or launch failure gets a row too
            print(f"| {name} | error: {str(e).splitlines()[0][:120]} | | | |")
            failed += 1
            # Over CUDA's 48 KB of static shared memory: timed again with the
            # arrays in the dynamic pool, on a row of its own.
            try:
                n, ms, err, ok = run(name, dynamic=True)
            except Exception:
                continue
            name += " (static shared arrays moved to the dynamic pool)"
        failed += ok is False
        failed += ok is False
        err_text = "-" if err is None else f"{err:.2e}"
        ok_text = "-" if ok is None else ("yes" if ok else "NO")
        print(f"| {name} | {n} | {ms:.4f} | {err_text} | {ok_text} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
