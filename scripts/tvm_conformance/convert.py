"""Recorded TVM schedules -> conformance cases -> tirtui workloads and sessions.

A recorded schedule (see record_plugin.py) gives:
- one positive case, when at least one call that changes the program
  succeeded: every successful call in order; TVM's program is the module at
  the end of the test;
- one negative case per call that raised: the successful calls before it,
  then that call; tirtui must refuse it at that step (TVM leaves the schedule
  unchanged after an error, so later calls build on the calls before it).

A case converts to a `.tir` (TVM's printed text of the function worked on, or
the whole module when it has several functions) and a session in tirtui's
format (docs/session-format.md): TVM's keyword names, `get_sblock` written
`get_block`, random variables by the names the recorder gave them.
"""

import json
import re

# Calls that only look things up: a schedule of these alone changes nothing.
QUERIES = {
    "get_sblock",
    "get_loops",
    "get_child_blocks",
    "get_producers",
    "get_consumers",
    "get_output_blocks",
    "work_on",
}

# TVM's name -> the session format's.
OP_NAMES = {"get_sblock": "get_block"}

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\Z")
_YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


class Case:
    """One conformance case: a workload, steps, and what TVM did with them."""

    def __init__(self, case_id, test_file, nodeid, kind, record, steps, failing=None):
        self.case_id = case_id
        self.test_file = test_file
        self.nodeid = nodeid
        self.kind = kind  # "positive" or "negative"
        self.record = record
        self.steps = steps  # recorded steps, successful ones (plus the failing one)
        self.failing = failing  # the recorded failing step (negative cases)

    def summary(self):
        return {
            "case": self.case_id,
            "test_file": self.test_file,
            "nodeid": self.nodeid,
            "kind": self.kind,
            "tvm_error": (self.failing or {}).get("error"),
        }


def cases_of_test(entry, test_file):
    """The cases of one recorded test (a pytest item)."""
    cases = []
    for si, sched in enumerate(entry.get("schedules", [])):
        if "record_error" in sched:
            continue
        base = f"{entry['nodeid']}#s{si}"
        ok = []
        negatives = 0
        for step in sched["steps"]:
            if "error" in step:
                negatives += 1
                cases.append(
                    Case(f"{base}!neg{negatives}", test_file, entry["nodeid"], "negative",
                         sched, ok + [step], failing=step)
                )
            else:
                ok.append(step)
        if sched.get("unrecorded"):
            # The trace holds primitives no Python call made: the case is
            # counted (unconvertible, with them named), never silently dropped.
            cases.append(Case(base, test_file, entry["nodeid"], "positive", sched, ok))
        elif any(s["op"] not in QUERIES for s in ok):
            cases.append(Case(base, test_file, entry["nodeid"], "positive", sched, ok))
    return cases


def yaml_scalar(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return ".nan"
        if v in (float("inf"), float("-inf")):
            return ".inf" if v > 0 else "-.inf"
        return repr(v)
    if isinstance(v, str):
        if _PLAIN.match(v) and v.lower() not in _YAML_WORDS:
            return v
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(yaml_scalar(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{yaml_scalar(str(k))}: {yaml_scalar(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"no YAML form for {type(v).__name__}")


def _session_value(v):
    if isinstance(v, dict) and "rv" in v:
        return v["rv"]
    if isinstance(v, dict) and "lambda" in v:
        return v["lambda"]
    if isinstance(v, dict) and "dict" in v:
        return {k: _session_value(x) for k, x in v["dict"]}
    if isinstance(v, list):
        return [_session_value(x) for x in v]
    return v


class ConversionError(Exception):
    pass


def unknown_op(case, known_ops):
    """The first op of the case that tirtui does not have (in session terms), or None."""
    if not known_ops:
        return None
    for step in case.steps:
        op = OP_NAMES.get(step["op"], step["op"])
        if step["op"] != "work_on" and op not in known_ops:
            return op
    return None


def session_steps(case):
    """(func, list of (op, fields, out)) in session terms; ConversionError if not sayable."""
    func = None
    out_steps = []
    for step in case.steps:
        if step.get("unconvertible"):
            raise ConversionError(step["unconvertible"])
        fields = dict(step["fields"])
        if step["op"] == "work_on":
            name = fields.get("func_name")
            if func is not None and func != name:
                raise ConversionError("the case works on two functions (work_on)")
            func = name
            continue
        if step["op"] == "get_sblock" and fields.get("func_name") is not None:
            name = fields.pop("func_name")
            if func is not None and func != name:
                raise ConversionError("the case gets blocks of two functions (get_sblock func_name)")
            func = name
        op = OP_NAMES.get(step["op"], step["op"])
        out_steps.append((op, {k: _session_value(v) for k, v in fields.items()}, step.get("out")))
    return func, out_steps


def convert(case):
    """(workload text, session text with WORKLOAD placeholder, func, step index
    of the failing call or None); ConversionError when a session cannot say it."""
    rec = case.record
    if case.failing is not None and case.failing["op"] == "work_on":
        raise ConversionError("the failing call is work_on, which a session says with `func:`")
    if case.record.get("unrecorded") and case.kind == "positive":
        # Cases with TVM's trace recorded go through trace_case instead.
        names = ", ".join(sorted(set(case.record["unrecorded"])))
        raise ConversionError(f"TVM applied primitives no Python call made (a trace replayed, or a C++ helper such as tile_with_tensor_intrin): {names}")
    func, steps = session_steps(case)
    funcs = rec["funcs"]
    if func is None and "main" not in funcs and len(funcs) > 1:
        # TVM's Schedule works on no function (none is `main`, there are
        # several): nor does the session, so that its first step that needs
        # one is refused as TVM refuses it.
        lines = ["tirtui: 1", "workload: workload.tir"]
        lines += _step_lines(steps)
        failing_index = len(steps) if case.kind == "negative" else None
        return rec["initial"], "\n".join(lines) + "\n", None, failing_index
    if func is None:
        func = "main" if "main" in funcs else funcs[0]
    if func not in funcs:
        raise ConversionError(f"the function `{func}` is not in the module")
    if len(funcs) == 1:
        workload = rec["initial_funcs"][func]
        func_line = ""
    else:
        workload = rec["initial"]
        func_line = f"func: {yaml_scalar(func)}\n"
    declared = declared_intrins(case)
    if declared:
        session_func = func
        if not func_line:
            # One function, printed under its own name (not the module's `main`).
            m = _DEF.search(workload)
            session_func = m.group(0)[4:-1] if m else func
        workload = workload.rstrip("\n") + "\n\n" + declared
        func_line = f"func: {yaml_scalar(session_func)}\n"
    lines = ["tirtui: 1", "workload: workload.tir"]
    if func_line:
        lines.append(func_line.rstrip("\n"))
    lines += _step_lines(steps)
    failing_index = len(steps) if case.kind == "negative" else None
    return workload, "\n".join(lines) + "\n", func, failing_index


def _step_lines(steps):
    """The session's `steps:` lines."""
    lines = ["steps:" if steps else "steps: []"]
    for op, fields, out in steps:
        parts = [f"op: {op}"]
        for k, v in fields.items():
            parts.append(f"{k}: {yaml_scalar(v)}")
        if out is not None:
            parts.append(f"out: {yaml_scalar(out)}")
        lines.append("  - {" + ", ".join(parts) + "}")
    return lines


def trace_case(case):
    """(workload text, trace JSON text, func) for a positive case whose
    schedule holds primitives no Python call made (a trace applied in C++, a
    helper such as tile_with_tensor_intrin): TVM's own trace of the schedule,
    replayed with `tirtui replay trace.json --workload workload.tir`. None for
    other cases; ConversionError when the trace could not be written."""
    rec = case.record
    trace = rec.get("trace_json")
    if case.kind != "positive" or not rec.get("unrecorded") or trace is None:
        return None
    if isinstance(trace, dict):
        raise ConversionError(trace["unconvertible"])
    funcs = rec["funcs"]
    if len(funcs) != 1:
        raise ConversionError("a trace of a module with several functions")
    func = funcs[0]
    return rec["initial_funcs"][func], json.dumps(trace) + "\n", func


# The tensor intrinsics tirtui ships (run.py asks tirtui): a case that uses
# another declares it in its workload, as the test registered it.
SHIPPED_INTRINS = set()

_DEF = re.compile(r"^def [A-Za-z_][A-Za-z0-9_]*\(", re.M)


def declared_intrins(case):
    """TVMScript declaring the intrinsics the case's tensorize steps use that
    tirtui does not ship (docs/session-format.md, "Tensor intrinsics a
    workload declares"): their two functions, renamed apart, and a
    `TensorIntrin.register` line each; "" when there are none."""
    parts = []
    seen = set()
    for step in case.steps:
        intrin = step.get("intrin")
        if not intrin or intrin["name"] in SHIPPED_INTRINS or intrin["name"] in seen:
            continue
        k = len(seen)
        seen.add(intrin["name"])
        names = (f"tirtui_intrin_{k}_desc", f"tirtui_intrin_{k}_impl")
        for text, name in zip((intrin["desc"], intrin["impl"]), names):
            body = _DEF.sub(f"def {name}(", text, count=1)
            parts.append("\n".join(l for l in body.splitlines() if not l.startswith("# from ")))
        parts.append(f'T.TensorIntrin.register("{intrin["name"]}", {names[0]}, {names[1]})')
    return "\n\n".join(parts) + "\n" if parts else ""


def shipped_intrins(tirtui, work):
    """The intrinsic names tirtui ships, from the error a tensorize with an
    unknown name gets (`tirtui knows a, b (a workload ...`); empty if none."""
    import subprocess
    (work / "probe_intrin.tir").write_text(
        "@T.prim_func\ndef main(A: T.Buffer((4,), \"float32\")):\n"
        "    for i in range(4):\n        with T.block(\"B\"):\n"
        "            vi = T.axis.remap(\"S\", [i])\n            A[vi] = T.float32(0)\n")
    (work / "probe_intrin.yaml").write_text(
        "tirtui: 1\nworkload: probe_intrin.tir\nsteps:\n"
        "  - {op: tensorize, block_or_loop: B, tensor_intrin: no_such_intrin_probe}\n")
    try:
        proc = subprocess.run([str(tirtui), "replay", str(work / "probe_intrin.yaml")],
                              capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    m = re.search(r"tirtui knows ([^\n(]*)", proc.stderr)
    return {n.strip() for n in m.group(1).split(",") if n.strip()} if m else set()


def expected_text(case, func):
    """TVM's program for a positive case: the function at the end of the test."""
    return case.record["final_funcs"].get(func)


def original_text(case, func):
    """The function a positive case starts from, as TVM printed it (for the
    check that TVM's own program computes what it does)."""
    return case.record["initial_funcs"].get(func)
