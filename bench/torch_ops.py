#!/usr/bin/env python3
"""PyTorch's kernels for the shipped workloads, timed the way tirtui times its own.

    python3 bench/torch_ops.py [WORKLOAD ...]      (default: every workload below)

tirtui times one launch between two CUDA events, L2 flushed before each run, three
warm-up runs, the median of the timed runs (src/runtime/timing.rs). This script does
the same for the PyTorch operator that computes each workload, and also reports the
GPU time of the kernels alone (CUDA graph replay of one call between events, no
host launch gap), so a library figure never carries Python overhead that tirtui's
launch does not. The reference figure is the smaller of the two.

Shapes are read from the workload's parameters (sessions/W.tir), never typed here.
Prints one JSON object per workload on stdout: {"workload", "op", "events_ms",
"graph_ms", "ms", "device"}; a workload without a GPU or torch gets "error".
"""
import json
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# workload -> (PyTorch operator in words, builder(params) -> zero-argument callable)
def _ops(torch):
    F = torch.nn.functional

    def softmax(p):
        (a, _) = p
        return lambda: torch.softmax(a, dim=-1)

    def layer_norm(p):
        (x, g, b, _) = p
        return lambda: F.layer_norm(x, (x.shape[-1],), g, b, 1e-5)

    def gemv(p):
        (a, x, _) = p
        return lambda: torch.mv(a, x)

    def pool(p):
        (d, _) = p
        return lambda: F.max_pool2d(d, 2, 2)

    def conv2d(p):
        (d, k, _) = p
        return lambda: F.conv2d(d, k, padding=1)

    def dwconv(p):
        (d, k, _) = p
        return lambda: F.conv2d(d, k, padding=1, groups=d.shape[1])

    def gemm(p):
        (a, b, _) = p
        return lambda: torch.mm(a, b)

    def gemm_bias_relu(p):
        (a, b, bias, _) = p
        return lambda: torch.relu(torch.addmm(bias, a, b))

    def bmm(p):
        (a, b, _) = p
        return lambda: torch.bmm(a, b)

    return {
        "softmax": ("torch.softmax", softmax),
        "layer_norm": ("F.layer_norm", layer_norm),
        "gemv": ("torch.mv (cuBLAS)", gemv),
        "pool2x2": ("F.max_pool2d(2, 2)", pool),
        "conv2d": ("F.conv2d (cuDNN)", conv2d),
        "dwconv": ("F.conv2d groups=C (cuDNN)", dwconv),
        "gemm": ("torch.mm (cuBLAS)", gemm),
        "gemm_4096": ("torch.mm (cuBLAS)", gemm),
        "gemm_f16_4096": ("torch.mm fp16 (cuBLAS)", gemm),
        "gemm_bias_relu": ("relu(addmm) (cuBLAS + eltwise)", gemm_bias_relu),
        "bmm_f16": ("torch.bmm fp16 (cuBLAS)", bmm),
    }


PARAM = re.compile(r'(\w+)\s*:\s*T\.Buffer\(\(([^)]*)\)\s*,\s*"(\w+)"\)')


def params(workload):
    text = (ROOT / "sessions" / f"{workload}.tir").read_text()
    header = text[text.index("def main(") : text.index("):", text.index("def main("))]
    out = []
    for name, dims, dtype in PARAM.findall(header):
        shape = tuple(int(d) for d in dims.replace(" ", "").split(",") if d)
        out.append((name, shape, dtype))
    return out


def time_events(torch, fn, flush, runs=100):
    for _ in range(3):
        fn()
    times = []
    for _ in range(runs):
        flush.zero_()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def time_graph(torch, fn, flush, runs=100):
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return time_events(torch, graph.replay, flush, runs)


def main(argv):
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": f"no torch: {e}"}))
        return 1
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA device"}))
        return 1
    ops = _ops(torch)
    workloads = argv or list(ops)
    device = torch.cuda.get_device_name(0)
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    flush = torch.empty(max(2 * l2, 1 << 20), dtype=torch.uint8, device="cuda")
    dtypes = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
    status = 0
    for w in workloads:
        row = {"workload": w, "device": device}
        try:
            op, build = ops[w]
            row["op"] = op
            tensors = [torch.randn(s, dtype=dtypes[t], device="cuda") for _, s, t in params(w)]
            fn = build(tensors)
            row["events_ms"] = time_events(torch, fn, flush)
            row["graph_ms"] = time_graph(torch, fn, flush)
            row["ms"] = min(row["events_ms"], row["graph_ms"])
        except Exception as e:  # one workload's failure is its row, not the run's
            row["error"] = f"{type(e).__name__}: {e}"
            status = 1
        print(json.dumps(row), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
