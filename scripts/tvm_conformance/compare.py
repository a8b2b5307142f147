"""Compares tirtui's scheduled TIR with TVM's program, under real TVM.

Run as a worker: `python3 compare.py JOBS.json RESULTS.jsonl PROGRESS.txt`.
JOBS.json is a list of {"case", "expected", "mine"} (paths of TVMScript
files); for each job a line "start CASE" goes to PROGRESS first (so the runner
can tell which case hung or crashed the worker) and one JSON result line to
RESULTS after. Per job:

- `expected_parse_error`: set when TVM cannot parse its own printed program
  (then only `same_text` is known);
- `parsed`: whether TVM parses tirtui's text (after the spelling change below);
  if not, `parse_error` says why;
- `same_text`: tirtui's text equals TVM's printed program after whitespace and
  comment normalisation;
- `same_skeleton`: the loop nests and blocks agree (`skeleton`: loop kinds,
  extents and nesting, block names), whatever the expressions inside;
- `same_structure`: `tvm.ir.structural_equal` of the two function bodies,
  variables mapped (names do not matter; loop kinds, extents, bindings, block
  names, iterators, regions, annotations and every expression do);
- `diff`: when not the same structure, the first differing line of the two
  programs as TVM prints them (both printed by TVM, so only real differences
  show), else the structural_equal message;
- `numeric`: when not the same structure, both programs compiled for the CPU
  (`tvm.compile(..., target="llvm")`) and run on the same random inputs:
  "same" / "different" (with the buffer and the largest difference) /
  "not run: why".
"""

import difflib
import json
import multiprocessing
import re
import signal
import sys

import numpy as np
import tvm
import tvm_ffi

CASE_SECONDS = 60


def tvm_spelling(text):
    """tirtui prints the classic spelling; TVM 0.27 parses the current one."""
    text = text.replace("T.block(", "T.sblock(").replace("T.alloc_buffer(", "T.sblock_alloc_buffer(")
    text = text.replace("T.block_attr(", "T.sblock_attr(")
    text = text.replace("# with T.block(", "# with T.sblock(")
    text = text.replace("from tvm.script import tir as T", "from tvm.script import tirx as T")
    text = re.sub(r"@T\.prim_func\s*$", "@T.prim_func(s_tir=True)", text, flags=re.M)
    # Bindings need no change: tirtui prints TVM 0.27's `v: T.let[T.int32] = e`
    # for a binding and `v: T.int32 = e` for a local scalar, as TVM does.
    return text


def normalise_text(text):
    """Lines without comments, blank lines or runs of spaces; the function named main."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        stripped = re.sub(r"\s+", " ", stripped)
        stripped = re.sub(r"^def [A-Za-z_][A-Za-z0-9_]*\(", "def main(", stripped)
        lines.append(stripped)
    return lines


def skeleton(text):
    """The loop nest and block structure of a program as TVM prints it: each
    loop's kind and extents (`for 2 in T.grid(4, 16)`), each block's name,
    indented as nested; loop variable names left out."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^(\s*)for (.+?) in (.*):\s*$", line)
        if m:
            count = len(m.group(2).split(","))
            out.append(f"{m.group(1)}for {count} in {m.group(3)}")
            continue
        m = re.match(r'^(\s*)with T\.sblock\("([^"]*)"', line)
        if m:
            out.append(f"{m.group(1)}block {m.group(2)}")
    return out


def load_func(text):
    parsed = tvm.script.from_source(text)
    if isinstance(parsed, tvm.IRModule):
        funcs = list(parsed.functions.values())
        if len(funcs) != 1:
            raise ValueError(f"a module of {len(funcs)} functions")
        return funcs[0]
    return parsed


def first_difference(expected, mine):
    """The first differing line; function attributes last (the bodies matter more)."""
    a = [l for l in normalise_text(expected) if not l.startswith("T.func_attr(")]
    b = [l for l in normalise_text(mine) if not l.startswith("T.func_attr(")]
    if a == b:
        a, b = normalise_text(expected), normalise_text(mine)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag != "equal":
            tvm_line = a[i1] if i1 < i2 else "(nothing)"
            our_line = b[j1] if j1 < j2 else "(nothing)"
            return f"TVM: {tvm_line[:200]} | tirtui: {our_line[:200]}"
    return ""


def random_args(func, rng, scale=1.0):
    """Random inputs for every parameter: floats in [-scale, scale], integers
    in [0, 8); a scalar parameter gets one such value (a Python number)."""
    arrays = []
    for buf in func.params:
        if not _is_buffer(buf):
            dtype = str(buf.ty.dtype) if hasattr(buf.ty, "dtype") else str(getattr(buf, "dtype", ""))
            if dtype.startswith("float"):
                arrays.append(float(rng.uniform(-scale, scale)))
            elif dtype.startswith("int") or dtype.startswith("uint"):
                arrays.append(int(rng.integers(1, 8)))
            else:
                return None, f"parameter `{buf}` is not a buffer"
            continue
        shape = []
        for dim in buf.shape:
            if not isinstance(dim, tvm.tirx.IntImm):
                return None, f"buffer `{buf.name}` has the symbolic extent `{dim}`"
            shape.append(int(dim.value))
        dtype = str(buf.dtype)
        if dtype.startswith("float") or dtype.startswith("bfloat"):
            data = rng.uniform(-scale, scale, size=shape).astype("float32").astype(dtype)
        elif dtype == "bool":
            data = rng.integers(0, 2, size=shape).astype("bool")
        elif dtype.startswith("int") or dtype.startswith("uint"):
            data = rng.integers(0, 8, size=shape).astype(dtype)
        else:
            return None, f"buffer `{buf.name}` of dtype {dtype}"
        arrays.append(data)
    return arrays, ""


def run_on_cpu(func, arrays):
    lib = tvm.compile(tvm.IRModule({"main": func.with_attr("global_symbol", "main")}), target="llvm")
    tensors = [tvm.runtime.tensor(a.copy()) if isinstance(a, np.ndarray) else a for a in arrays]
    lib["main"](*tensors)
    return [t.numpy() if isinstance(a, np.ndarray) else a for t, a in zip(tensors, arrays)]


def run_isolated(func, arrays):
    """("ok", outputs) | ("failed to compile or run", why) | ("crashed", how):
    compiled and run in a forked child, so an out-of-bounds access that
    corrupts memory or kills the process costs only that child."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)

    def child():
        try:
            send.send(("ok", run_on_cpu(func, arrays)))
        except Exception as e:
            send.send(("failed to compile or run", _line(e)))
        send.close()

    proc = ctx.Process(target=child)
    proc.start()
    send.close()
    result = None
    if receive.poll(CASE_SECONDS / 3):
        try:
            result = receive.recv()
        except EOFError:
            result = None
    proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return "crashed", f"ran past {CASE_SECONDS / 3:.0f} s"
    if result is None:
        return "crashed", f"exit {proc.exitcode}, signal {-proc.exitcode}" if proc.exitcode and proc.exitcode < 0 else f"exit {proc.exitcode}"
    return result


def numeric_check(expected_func, mine_func, scale=1.0, seed=0):
    rng = np.random.default_rng(seed)
    arrays, why = random_args(expected_func, rng, scale)
    if arrays is None:
        return {"numeric": f"not run: {why}"}
    if len(mine_func.params) != len(expected_func.params):
        return {"numeric": "different", "numeric_detail": "the parameter lists differ"}
    state, want = run_isolated(expected_func, arrays)
    if state != "ok":
        return {"numeric": f"not run: TVM's own program {state}: {want}"}
    # Function attributes are compared with the text, not here: tirtui prints
    # `T.bool(True)` where TVM prints `True`, which TVM's compile then refuses.
    for key, val in (expected_func.attrs or {}).items():
        mine_func = mine_func.with_attr(key, val)
    state, got = run_isolated(mine_func, arrays)
    if state == "crashed":
        # TVM's program ran on the same inputs: tirtui's reads or writes out of bounds.
        return {"numeric": "different", "numeric_detail": f"tirtui's program crashed when run ({got})"}
    if state != "ok":
        return {"numeric": f"not run: tirtui's program {state}: {got}"}
    for i, (w, g) in enumerate(zip(want, got)):
        name = expected_func.params[i].name
        if not isinstance(w, np.ndarray):
            continue  # a scalar parameter: an input only
        if w.shape != g.shape:
            return {"numeric": "different", "numeric_detail": f"`{name}` shape {g.shape} vs {w.shape}"}
        if w.dtype.kind == "f":
            ok = np.allclose(g, w, rtol=1e-4, atol=1e-5, equal_nan=True)
        else:
            ok = np.array_equal(g, w)
        if not ok:
            err = float(np.max(np.abs(g.astype("float64") - w.astype("float64"))))
            return {"numeric": "different", "numeric_detail": f"`{name}` differs by up to {err:g}"}
    return {"numeric": "same"}


def _line(e):
    """One line for an exception; for a TVMScript diagnostic, its error and the source line."""
    text = str(e).strip().splitlines()
    errors = [t.strip() for t in text if t.strip().startswith("error:")]
    if errors:
        source = [t.split("|", 1)[1].strip() for t in text if re.match(r"^\s*\d+\s*\|", t)]
        where = f" at `{source[0][:160]}`" if source else ""
        return f"{type(e).__name__}: {errors[0][6:].strip()[:200]}{where}"
    last = [t for t in text if t.strip()]
    return (f"{type(e).__name__}: " + (last[-1] if last else ""))[:300]


def compare(expected_text, mine_text):
    result = {"same_text": normalise_text(tvm_spelling(mine_text)) == normalise_text(expected_text)}
    try:
        expected_func = load_func(expected_text)
    except Exception as e:
        # TVM 0.27 cannot read some programs it prints (`T.int32x2`,
        # `T.uint8x128`): only the text can be compared (report: same_text).
        result.update(expected_parse_error=_line(e), same_structure=False)
        return result
    try:
        mine_func = load_func(tvm_spelling(mine_text))
    except Exception as e:
        result.update(parsed=False, parse_error=_line(e), same_structure=False)
        return result
    result["parsed"] = True
    result["same_skeleton"] = skeleton(mine_func.script()) == skeleton(expected_func.script())
    same = tvm_ffi.structural_equal(mine_func.body, expected_func.body, map_free_vars=True)
    same = same and _same_params(mine_func, expected_func)
    result["same_structure"] = bool(same)
    if not same:
        diff = first_difference(expected_func.script(), mine_func.script())
        if not diff:
            try:
                tvm.ir.assert_structural_equal(mine_func.body, expected_func.body, map_free_vars=True)
                diff = "parameters differ"
            except ValueError as e:
                diff = _line(e)
        result["diff"] = diff
        result.update(numeric_check(expected_func, mine_func))
    return result


def tvm_check(original_text, expected_text):
    """Whether TVM's own program (`expected_text`) computes what the workload
    it was scheduled from (`original_text`) does, both compiled by TVM for the
    CPU and run on the same random inputs: {"tvm_own": "same" | "different" |
    "not run: why"}, with "tvm_own_detail" saying which buffer differs."""
    original, expected = load_func(original_text), load_func(expected_text)
    # Inputs in [-1, 1] first, then larger ones, which reach bounds (a clip
    # at +-5) that small partial sums never do, and other draws of scalar
    # parameters (clipping bounds drawn in the wrong order clip to a constant).
    for scale, seed in ((1.0, 0), (16.0, 0), (4.0, 1), (4.0, 2), (4.0, 3)):
        out = numeric_check(original, expected, scale=scale, seed=seed)
        if out.get("numeric") != "same":
            break
    verdict = out.get("numeric", "")
    result = {"tvm_own": verdict}
    if verdict == "different":
        # numeric_check names its second program tirtui's: here it is TVM's.
        result["tvm_own_detail"] = out.get("numeric_detail", "").replace("tirtui's", "TVM's")
    return result


def _same_params(a, b):
    if len(a.params) != len(b.params):
        return False
    for pa, pb in zip(a.params, b.params):
        if _is_buffer(pa) != _is_buffer(pb):
            return False
        if _is_buffer(pa) and (str(pa.dtype) != str(pb.dtype) or len(pa.shape) != len(pb.shape)):
            return False
    return True


def _is_buffer(param):
    """TVM 0.27's parameters are buffers themselves (a Var of BufferType) or scalars."""
    return isinstance(param.ty, tvm.tirx.buffer.BufferType)


def _timeout(signum, frame):
    raise TimeoutError(f"comparison ran past {CASE_SECONDS} s")


def main(jobs_path, results_path, progress_path):
    jobs = json.load(open(jobs_path))
    signal.signal(signal.SIGALRM, _timeout)
    with open(results_path, "a") as results, open(progress_path, "a") as progress:
        for job in jobs:
            progress.write(f"start {job['case']}\n")
            progress.flush()
            signal.alarm(CASE_SECONDS)
            mode = job.get("mode", "compare")
            try:
                if mode == "tvm_check":
                    out = tvm_check(open(job["original"]).read(), open(job["expected"]).read())
                else:
                    out = compare(open(job["expected"]).read(), open(job["mine"]).read())
            except Exception as e:
                out = {"error": _line(e)}
            finally:
                signal.alarm(0)
            out["case"] = job["case"]
            out["mode"] = mode
            results.write(json.dumps(out) + "\n")
            results.flush()


if __name__ == "__main__":
    main(*sys.argv[1:4])
