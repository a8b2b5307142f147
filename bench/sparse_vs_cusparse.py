#!/usr/bin/env python3
"""tirtui's SpMM sessions against cuSPARSE (torch.sparse.mm on a CSR tensor), on the
same matrices, in the same run (issue 33's README table).

    python3 bench/sparse_vs_cusparse.py [--session S.yaml ...] [--rows 4096] [--cols 4096]
        [--densities 0.001,0.004,0.016] [--dists uniform,power-law] [--features 32,64,128,256,512]
        [--seed 7] [--tirtui target/release/tirtui] [--sparse-csr target/release/examples/sparse_csr]

For each matrix (rows x cols, density, row-length distribution, seed) and feature
size F: `tirtui replay S --run --json --sparse M=..,N=..,F=..,density=..,dist=..,seed=..`
times the session's kernel (its runtime draws the CSR pattern from the seed and checks
the result against the reference), and `examples/sparse_csr` prints that same pattern,
from which a torch CSR tensor is built and `torch.sparse.mm(A, B)` timed the way tirtui
times its kernels (src/runtime/timing.rs: CUDA events around one launch, L2 flushed
before each run, 3 warm-ups, median of 100), also as a CUDA graph replay where capture
works; the library figure is the smaller. Prints one JSON object per row on stderr-free
stdout, then the markdown table (ratio = tirtui / cuSPARSE; below 1 is faster).

The default sessions are the CSR ones (`spmm_csr_1_rows`, `spmm_csr_2_split8`) and
the hybrid ELL + CSR ones (`spmm_hyb_1_rows`, `spmm_hyb_2_split8`). A hyb session's `sparse_format_decompose` step names the
matrix it decomposes (dist, alpha, seed), and `--sparse` may not ask for another:
each matrix runs a copy of the session whose step names it (its sizes follow
`--sparse`). Its host pre-processing (the format conversion) is reported apart
from the kernel time, in its own column.

Needs `cargo build --release` and `cargo build --release --example sparse_csr`
(done here when missing), a GPU, and torch with CUDA.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def floats(text):
    return [float(x) for x in text.split(",") if x]


def ints(text):
    return [int(x) for x in text.split(",") if x]


def ensure_built(tirtui, example):
    example = Path(example)
    if not Path(tirtui).exists():
        subprocess.run(["cargo", "build", "--release"], cwd=ROOT, check=True)
    if not example.exists():
        subprocess.run(["cargo", "build", "--release", "--example", "sparse_csr"], cwd=ROOT, check=True)
    return example


def pattern(example, rows, cols, density, dist, seed):
    out = subprocess.run(
        [str(example), str(rows), str(cols), repr(density), dist, str(seed)],
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


def for_matrix(session, dist, seed, tmp):
    """A hyb session decomposes the matrix its `sparse_format_decompose` step
    names (dist, alpha, seed): a copy whose step names this run's matrix (the
    workload path made absolute). Other sessions as they are."""
    text = session.read_text()
    if "sparse_format_decompose" not in text:
        return session
    alpha = "1.2"
    if ":" in dist:
        dist, alpha = dist.split(":", 1)
    step = re.compile(r"(op: sparse_format_decompose.*?)dist: [a-z-]+, alpha: [0-9.]+, seed: \d+")
    text, n = step.subn(lambda m: f"{m.group(1)}dist: {dist}, alpha: {alpha}, seed: {seed}", text)
    if n != 1:
        raise RuntimeError(f"{session}: no `dist: .., alpha: .., seed: ..` in its decompose step")
    text = re.sub(r"^workload: (.*)$", lambda m: f"workload: {(session.parent / m.group(1)).resolve()}", text, flags=re.M)
    copy = Path(tmp) / f"{session.stem}_{dist}_{seed}.yaml"
    copy.write_text(text)
    return copy


PREPROCESS = re.compile(r"hyb pre-processing .*?: ([0-9.]+) ms")


def tirtui_time(tirtui, session, rows, cols, feat, density, dist, seed, tmp):
    sparse = f"M={rows},N={cols},F={feat},density={density!r},dist={dist},seed={seed}"
    out = subprocess.run(
        [tirtui, "replay", str(for_matrix(session, dist, seed, tmp)), "--run", "--json", "--sparse", sparse],
        capture_output=True, text=True, cwd=ROOT,
    )
    try:
        obj = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"error": (out.stderr.strip().splitlines() or ["no output"])[0]}
    if "error" in obj:
        return {"error": obj["error"]}
    row = {"ms": obj.get("time_ms"), "correct": obj.get("correct"), "max_rel_err": obj.get("max_rel_err")}
    for w in obj.get("warnings", []):
        m = PREPROCESS.search(w)
        if m:
            row["preprocess_ms"] = float(m.group(1))
    return row


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


def time_graph(torch, fn, flush):
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return time_events(torch, graph.replay, flush)


def cusparse_time(torch, flush, csr, feat):
    dev = "cuda"
    indptr = torch.tensor(csr["indptr"], dtype=torch.int32, device=dev)
    indices = torch.tensor(csr["indices"], dtype=torch.int32, device=dev)
    values = torch.randn(csr["nnz"], dtype=torch.float32, device=dev)
    a = torch.sparse_csr_tensor(indptr, indices, values, (csr["rows"], csr["cols"]))
    b = torch.randn(csr["cols"], feat, dtype=torch.float32, device=dev)
    fn = lambda: torch.sparse.mm(a, b)
    # The product agrees with the dense one (the pattern is the one tirtui ran).
    dense = torch.mm(a.to_dense(), b)
    if not torch.allclose(fn(), dense, rtol=1e-3, atol=1e-3):
        raise RuntimeError("torch.sparse.mm disagrees with the dense product")
    row = {"events_ms": time_events(torch, fn, flush)}
    try:
        row["graph_ms"] = time_graph(torch, fn, flush)
    except Exception as e:  # capture of a cuSPARSE call can be refused; events stand
        row["graph_error"] = f"{type(e).__name__}: {e}"
    row["ms"] = min(v for k, v in row.items() if k.endswith("_ms"))
    return row


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--session", action="append", type=Path)
    p.add_argument("--rows", type=int, default=4096)
    p.add_argument("--cols", type=int, default=4096)
    p.add_argument("--densities", type=floats, default=[0.001, 0.004, 0.016])
    p.add_argument("--dists", default="uniform,power-law")
    p.add_argument("--features", type=ints, default=[32, 64, 128, 256, 512])
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--tirtui", default=str(ROOT / "target" / "release" / "tirtui"))
    p.add_argument("--sparse-csr", default=str(ROOT / "target" / "release" / "examples" / "sparse_csr"),
                   help="the built examples/sparse_csr")
    args = p.parse_args(argv)
    sessions = args.session or [
        ROOT / "sessions" / "sparse" / "spmm_csr_1_rows.yaml",
        ROOT / "sessions" / "sparse" / "spmm_csr_2_split8.yaml",
        ROOT / "sessions" / "sparse" / "spmm_hyb_1_rows.yaml",
        ROOT / "sessions" / "sparse" / "spmm_hyb_2_split8.yaml",
    ]
    tmp = tempfile.mkdtemp(prefix="sparse_bench_")
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": f"no torch: {e}"}))
        return 1
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA device"}))
        return 1
    example = ensure_built(args.tirtui, args.sparse_csr)
    device = torch.cuda.get_device_name(0)
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    flush = torch.empty(max(2 * l2, 1 << 20), dtype=torch.uint8, device="cuda")
    rows = []
    for dist in args.dists.split(","):
        for density in args.densities:
            csr = pattern(example, args.rows, args.cols, density, dist, args.seed)
            for feat in args.features:
                lib = {}
                try:
                    lib = cusparse_time(torch, flush, csr, feat)
                except Exception as e:  # one row's failure is its row, not the run's
                    lib = {"error": f"{type(e).__name__}: {e}"}
                for session in sessions:
                    mine = tirtui_time(args.tirtui, session, args.rows, args.cols, feat, density, dist, args.seed, tmp)
                    row = {
                        "device": device, "session": session.name, "rows": args.rows, "cols": args.cols,
                        "nnz": csr["nnz"], "density": density, "dist": dist, "seed": args.seed,
                        "features": feat, "tirtui": mine, "cusparse": lib,
                    }
                    print(json.dumps(row), flush=True)
                    rows.append(row)
    print(f"\n{device}, {args.rows} x {args.cols}, seed {args.seed}; ms (median), ratio = tirtui / cuSPARSE\n")
    print("| session | dist | density | nnz | F | tirtui ms | cuSPARSE ms | ratio | pre-processing ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        mine, lib = r["tirtui"], r["cusparse"]
        t = f"{mine['ms']:.4f}" + ("" if mine.get("correct", True) else " WRONG") if "ms" in mine else mine.get("error", "?")
        c = f"{lib['ms']:.4f}" if "ms" in lib else lib.get("error", "?")
        ratio = f"{mine['ms'] / lib['ms']:.2f}" if "ms" in mine and "ms" in lib and lib["ms"] else "-"
        pre = f"{mine['preprocess_ms']:.2f}" if "preprocess_ms" in mine else "-"
        print(f"| {r['session']} | {r['dist']} | {r['density']} | {r['nnz']} | {r['features']} | {t} | {c} | {ratio} | {pre} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
