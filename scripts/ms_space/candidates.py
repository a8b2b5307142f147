#!/usr/bin/env python3
"""Random GEMM candidates of TVM's and of tirtui's CUDA design space, side by
side (issue 30 item 3: why tirtui's sampled GEMM candidates are slow).

  python3 scripts/ms_space/candidates.py tvm W.tir OUT_DIR [N]
      N candidates of TVM 0.27's space (generate_design_space, fresh random
      decisions, MetaSchedule's CUDA postprocessors; those VerifyGPUCode
      refuses are skipped), each as OUT_DIR/cNN_sK.py (trace) and .cu (TVM's
      CUDA, codegen only, no GPU).
  cargo run --release --example ms_candidates -- W.tir OUT_DIR [N]
      the same for tirtui's space, as the tuner draws and builds it.
  python3 scripts/ms_space/candidates.py same TIRTUI W.tir DIR
      each of TVM's candidates in DIR replayed by tirtui (`replay --emit
      cuda`): threads, shared arrays, vector accesses and loops of tirtui's
      CUDA against TVM's for the same trace.
  python3 scripts/ms_space/candidates.py kernels DIR [DIR ...]
      any workload: per directory, the kernels of tirtui's sketch
      candidates (cNN.cu), of the tuner's postprocessed ones (cNN.post.cu;
      cNN.post.refused counted) or of TVM's (cNN.cu of a `tvm` directory):
      threads per block, shared bytes, whether the shared fetches are spread
      over threadIdx and vectorized, `#pragma unroll` and loops left.
  python3 scripts/ms_space/candidates.py stats DIR [DIR ...]
      per directory: for each candidate of a GEMM-shaped sketch (two spatial
      tiles of 5, one reduction tile of 3), the thread blocks, virtual threads,
      threads, outputs per thread, shared memory, fetch vector lengths and
      unroll step, read from the trace; from the CUDA, whether the shared
      copies are spread over the threads (a fetch loop per thread is not) and
      vectorized; then the medians.
Needs TVM for `tvm` only; a development tool, not part of the build or CI.
"""
import glob
import os
import re
import statistics
import sys

TILE = re.compile(r"sample_perfect_tile\(loop=\w+, n=(\d+), max_innermost_factor=-?\d+, decision=\[([^\]]*)\]")
CATEGORICAL = re.compile(r"sample_categorical\(candidates=\[([^\]]*)\], probs=\[[^\]]*\], decision=(\d+)\)")


def prod(xs):
    out = 1
    for x in xs:
        out *= x
    return out


def trace_stats(text):
    """What a GEMM sketch's decisions make of the kernel; None for another shape."""
    tiles = [(int(n), [int(x) for x in d.split(",")]) for n, d in TILE.findall(text)]
    spatial = [d for n, d in tiles if n == 5]
    reduce = [d for n, d in tiles if n == 3]
    if len(spatial) != 2 or len(reduce) != 1:
        return None
    (i, j), k = spatial, reduce[0]
    fetch, unroll = [], None
    for cands, d in CATEGORICAL.findall(text):
        values = [int(x) for x in cands.split(",")]
        if values == [1, 2, 3, 4]:
            fetch.append(values[int(d)])
        else:
            unroll = values[int(d)]
    kt = k[1] * k[2]
    return {
        "blocks": i[0] * j[0],
        "vthreads": i[1] * j[1],
        "threads": i[2] * j[2],
        "outputs/thread": prod(i[1:2] + i[3:]) * prod(j[1:2] + j[3:]),
        "shared KiB": 4 * kt * (prod(i[1:]) + prod(j[1:])) / 1024,
        "k tile": kt,
        "fetch vec": "/".join(map(str, fetch)),
        "unroll": unroll,
        "decisions": f"i{i} j{j} k{k}",
    }


def cuda_stats(text):
    """Whether the shared-memory copies are spread over the threads and
    vectorized (plain stores, or cp.async copies into shared memory)."""
    lines = text.splitlines()
    copies = [l for l in lines if re.search(r"cp_async\w*\(\s*\w+_shared", l)]
    stores = [
        l.split("=")[0]
        for l in lines
        if "=" in l and re.search(r"\w+_shared(_ptr)?\[|\(\w+_shared(_ptr)? \+", l.split("=")[0])
    ]
    vector = any(re.search(r"\*\((float[234]|uint[234]|int[234])\*\)\(\w+_shared", l) for l in stores) or any(
        re.search(r"cp_async_(8|16)\b", l) for l in copies
    )
    by_thread = any("threadIdx" in l for l in stores + copies)
    return {"fetch by threadIdx": by_thread, "vector stores": vector}


def stats(dirs):
    for d in dirs:
        rows = []
        for py in sorted(glob.glob(os.path.join(d, "c*.py"))):
            if py.endswith(".post.py"):
                continue
            text = open(py).read()
            s = trace_stats(text)
            if s is None:
                continue
            stem = py[:-3]
            for cu in (stem + ".post.cu", stem + ".cu"):
                if os.path.exists(cu):
                    s.update(cuda_stats(open(cu).read()))
                    s["cuda"] = os.path.basename(cu)
                    break
            rows.append((os.path.basename(stem), s))
        print(f"== {d}: {len(rows)} GEMM candidates")
        for name, s in rows:
            print(f"{name}: " + ", ".join(f"{k}={v}" for k, v in s.items()))
        for key in ["blocks", "vthreads", "threads", "outputs/thread", "shared KiB", "k tile", "unroll"]:
            values = [s[key] for _, s in rows if s[key] is not None]
            if values:
                print(f"  median {key}: {statistics.median(values)} (min {min(values)}, max {max(values)})")
        for key in ["fetch by threadIdx", "vector stores"]:
            n = sum(1 for _, s in rows if s.get(key))
            print(f"  {key}: {n} of {len(rows)}")


DTYPE_BYTES = {"float": 4, "half": 2, "int": 4, "signed char": 1, "char": 1, "double": 8, "nv_bfloat16": 2, "int8_t": 1}


def kernel_summary(src):
    """Threads per block (largest kernel), shared bytes (largest kernel),
    fetches into shared memory by threadIdx / vectorized, unroll pragmas and
    loops left."""
    threads = max((int(x) for x in re.findall(r"__launch_bounds__\((\d+)", src)), default=0)
    shared = 0
    for kernel in re.split(r"__global__", src)[1:]:
        size = 0
        for ty, n in re.findall(r"__shared__[^;\[]*?(float|half|int|signed char|char|double|nv_bfloat16|int8_t) \w+\[(\d+)\]", kernel):
            size += DTYPE_BYTES[ty] * int(n)
        shared = max(shared, size)
    fetch = cuda_stats(src)
    return {
        "threads": threads,
        "shared B": shared,
        "fetch by threadIdx": fetch["fetch by threadIdx"],
        "vector stores": fetch["vector stores"],
        "pragma unroll": src.count("#pragma unroll"),
        "loops": len(re.findall(r"for \(", src)),
    }


def kernels(dirs):
    for d in dirs:
        for suffix, label in ((".cu", "sketch / TVM"), (".post.cu", "postprocessed")):
            rows = []
            for cu in sorted(glob.glob(os.path.join(d, "c*" + suffix))):
                if suffix == ".cu" and cu.endswith(".post.cu"):
                    continue
                rows.append(kernel_summary(open(cu).read()))
            refused = len(glob.glob(os.path.join(d, "c*.post.refused"))) if suffix == ".post.cu" else 0
            if not rows and not refused:
                continue
            print(f"== {d} {label}: {len(rows)} kernels" + (f", {refused} refused by postprocessing" if refused else ""))
            for key in ["threads", "shared B", "pragma unroll", "loops"]:
                values = [r[key] for r in rows]
                if values:
                    print(f"  {key}: median {statistics.median(values)} (min {min(values)}, max {max(values)})")
            for key in ["fetch by threadIdx", "vector stores"]:
                print(f"  {key}: {sum(1 for r in rows if r[key])} of {len(rows)}")


def kernel_features(src):
    """What the same trace should give in both CUDAs."""
    bounds = re.search(r"__launch_bounds__\((\d+)", src)
    return {
        "threads": bounds.group(1) if bounds else None,
        "shared": sorted(int(x) for x in re.findall(r"__shared__[^\[]*\[(\d+)\]", src)),
        "vector accesses": len(re.findall(r"\*\((?:float|uint|int)[234]\*\)", src)),
        "loops": len(re.findall(r"for \(", src)),
    }


def same(tirtui, workload, d):
    import subprocess

    alike = 0
    names = sorted(p for p in glob.glob(os.path.join(d, "c*.py")) if not p.endswith(".post.py"))
    for py in names:
        out = subprocess.run([tirtui, "replay", py, "--workload", workload, "--emit", "cuda"], capture_output=True, text=True)
        name = os.path.basename(py)
        if out.returncode != 0:
            print(f"{name}: tirtui refuses: {out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode}")
            continue
        mine, tvm = kernel_features(out.stdout), kernel_features(open(py[:-3] + ".cu").read())
        alike += mine == tvm
        print(f"{name}: " + ("alike" if mine == tvm else f"tirtui {mine}, TVM {tvm}"))
    print(f"{alike} of {len(names)} alike")


def tvm_candidates(workload, out, n):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ms_traces"))
    import record  # scripts/ms_traces/record.py: the workload loader, target and postprocessing
    import tvm
    from tvm.s_tir import meta_schedule as ms

    mod = record.load(workload)
    target = tvm.target.Target(record.TARGET)
    ctx = ms.TuneContext(
        mod=mod,
        target=target,
        space_generator=ms.space_generator.PostOrderApply(sch_rules="cuda", postprocs="cuda", mutator_probs="cuda"),
        task_name="main",
        rand_state=1,
        num_threads=1,
    )
    spaces = ctx.generate_design_space()
    postprocs = ctx.space_generator.postprocs
    os.makedirs(out, exist_ok=True)
    got = tries = 0
    while got < n and tries < 50 * n:
        tries += 1
        which = tries % len(spaces)
        # Seeds far apart: TVM's first draws from consecutive seeds are correlated.
        try:
            sch = record.resample(spaces[which], mod, (tries * 104729) % 2147483646 + 1)
            verdicts = record.postprocess(sch, postprocs)
        except Exception:  # noqa: BLE001 (a postprocessor's own refusal raises)
            continue
        if not all(verdicts.values()) or len(verdicts) != len(postprocs):
            continue
        name = f"c{got:02d}_s{which}"
        with open(os.path.join(out, name + ".py"), "w") as f:
            f.write(str(sch.trace) + "\n")
        with open(os.path.join(out, name + ".cu"), "w") as f:
            f.write(record.cuda_kernels(sch.mod, target))
        got += 1
    print(f"{got} candidates in {tries} draws", file=sys.stderr)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "stats":
        stats(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "kernels":
        kernels(sys.argv[2:])
    elif len(sys.argv) == 5 and sys.argv[1] == "same":
        same(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) >= 4 and sys.argv[1] == "tvm":
        tvm_candidates(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 30)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
