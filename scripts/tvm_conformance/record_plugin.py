"""pytest plugin: records every `tvm.s_tir.Schedule` a TVM test creates.

Loaded with `-p record_plugin` (this folder on PYTHONPATH) while pytest runs
TVM's own schedule tests under real TVM. For each schedule it records the
module it started from (as TVM prints it), every primitive called on it from
the test (name, the arguments the caller gave, what it returned or the error it
raised), the function worked on and the module at the end of the test. One JSON
object per test goes to the file named by $TIRTUI_CONF_RECORD as soon as the
test ends, so a test that crashes the process loses only itself.

Arguments are recorded the way `sch.<op>(**arguments)` would repeat them:
random variables (blocks, loops, sampled values) by the name the recorder gave
them when a primitive returned them; arguments equal to TVM's default are left
out (they say nothing, and tirtui need not know every TVM keyword); a Python
callable given as an index map is recorded as the lambda TVM makes of it.
"""

import inspect
import re
from collections import Counter
import json
import os
import signal

import pytest
import tvm

# Some of TVM's test files call `tvm.testing.parameter` without importing
# tvm.testing (in TVM's full suite another file has imported it by then).
import tvm.testing  # noqa: F401

# A name TVM 0.27 moved and the test snapshot still uses at its old place
# (the same class; no behaviour changes): `tirx.TensorIntrin` is
# `s_tir.TensorIntrin` in 0.27. Tests using other names 0.27 no longer has fail
# under TVM itself and are left out of the counts, listed.
if not hasattr(tvm.tirx, "TensorIntrin") and hasattr(tvm.s_tir, "TensorIntrin"):
    tvm.tirx.TensorIntrin = tvm.s_tir.TensorIntrin
from tvm.s_tir import Schedule
from tvm.s_tir.schedule import schedule as schedule_module
import tvm.s_tir.schedule.testing as schedule_testing

# Schedule methods that are not primitives: never recorded as steps.
NOT_PRIMITIVES = {
    "copy",
    "enter_postproc",
    "fork_seed",
    "get",
    "get_sref",
    "is_",
    "remove_rv",
    "same_as",
    "seed",
    "show",
}

# The current test's schedules, in creation order; None outside a test.
_current = None
# >0 while a recorded primitive runs (primitives call each other) or while
# TVM's own trace round-trip check replays a trace on a fresh schedule.
_quiet = 0


class Unconvertible(Exception):
    """An argument that a session file has no way to say."""


class ScheduleRecord:
    def __init__(self, sch):
        self.sch = sch
        self.mod = sch.mod
        self.funcs = [gv.name_hint for gv in sch.mod.functions]
        self.initial = _module_text(sch.mod)
        self.initial_funcs = {
            gv.name_hint: _func_text(f) for gv, f in sch.mod.functions.items()
        }
        self.steps = []
        # chandle -> (name, object): objects are kept so their addresses stay theirs.
        self.names = {}
        self.counter = 0

    def name_of(self, rv):
        key = rv.__chandle__()
        if key not in self.names:
            raise Unconvertible(
                f"a {type(rv).__name__} no recorded primitive returned (made by a non-primitive call)"
            )
        return self.names[key][0]

    def bind_output(self, rv):
        if not hasattr(rv, "__chandle__"):
            raise Unconvertible(f"an output of type {type(rv).__name__}")
        prefix = {"SBlockRV": "b", "LoopRV": "l"}.get(type(rv).__name__, "v")
        name = f"{prefix}{self.counter}"
        self.counter += 1
        self.names[rv.__chandle__()] = (name, rv)
        return name

    def value(self, v):
        """The argument as a JSON value; RVs as {"rv": name}."""
        if isinstance(v, lambda_text):
            return {"lambda": str(v)}
        if isinstance(v, bool) or v is None or isinstance(v, (int, float, str)):
            return v
        if isinstance(v, (schedule_module.SBlockRV, schedule_module.LoopRV)):
            return {"rv": self.name_of(v)}
        if isinstance(v, (list, tuple, tvm.ir.Array)):
            return [self.value(x) for x in v]
        if isinstance(v, tvm.tirx.IntImm):
            return int(v.value)
        if isinstance(v, tvm.tirx.FloatImm):
            return float(v.value)
        if isinstance(v, getattr(tvm.tirx, "StringImm", ())):
            return v.value
        if isinstance(v, tvm.tirx.Var) and v.__chandle__() in self.names:
            return {"rv": self.names[v.__chandle__()][0]}
        if isinstance(v, tvm.tirx.IndexMap):
            return {"lambda": _index_map_text(v)}
        if isinstance(v, tvm.ir.Expr) and "T.vscale()" in str(v):
            # A scalable-vector factor: written as its text, which tirtui
            # refuses by name (it has no scalable vectors).
            return str(v)
        if isinstance(v, tvm.ir.Expr):
            raise Unconvertible(f"the expression `{v}`")
        if isinstance(v, (dict, getattr(tvm.ir, "Map", dict))):
            # An annotation's dict (TVM's Map): string keys, in order, kept
            # apart from the {"rv"} / {"lambda"} forms above.
            pairs = []
            for k, x in v.items():
                key = k.value if isinstance(k, getattr(tvm.tirx, "StringImm", ())) else k
                if not isinstance(key, str):
                    raise Unconvertible(f"a dict with the non-string key `{k}`")
                pairs.append([key, self.value(x)])
            return {"dict": pairs}
        if callable(v):
            return {"lambda": _callable_text(v, self)}
        raise Unconvertible(f"an argument of type {type(v).__module__}.{type(v).__name__}")

    def outputs(self, result):
        if result is None:
            return None
        if isinstance(result, (list, tuple, tvm.ir.Array)):
            # TVM gives None for a factor it leaves to be inferred (the outer
            # factor of sample_perfect_tile on a loop of symbolic extent) and
            # names it `_` in its own trace: the same here.
            return ["_" if r is None else self.bind_output(r) for r in result]
        if isinstance(result, (schedule_module.SBlockRV, schedule_module.LoopRV, tvm.tirx.Var)):
            return self.bind_output(result)
        return None

    def to_json(self):
        final = _module_text(self.sch.mod)
        unrecorded = self.unrecorded()
        trace_json = None
        if unrecorded:
            # What TVM applied, whoever called it: the case replays this.
            try:
                trace_json = _trace_json(self.sch.trace)
            except Exception as e:  # a value the JSON form cannot hold
                trace_json = {"unconvertible": f"TVM's trace as JSON: {type(e).__name__}: {e}"}
        return {
            "funcs": self.funcs,
            "initial": self.initial,
            "initial_funcs": self.initial_funcs,
            "final": final,
            "final_funcs": {gv.name_hint: _func_text(f) for gv, f in self.sch.mod.functions.items()},
            "steps": self.steps,
            "unrecorded": unrecorded,
            "trace_json": trace_json,
        }

    def unrecorded(self):
        """Primitives in TVM's trace that no Python call made (TVM's C++
        helpers such as tile_with_tensor_intrin apply them directly): a case
        without them is not what TVM did."""
        try:
            kinds = [inst.kind.name for inst in self.sch.trace.insts]
        except Exception as e:
            return [f"(trace unreadable: {type(e).__name__})"]

        def key(name):  # "SetScope" and "set_scope" alike
            return name.replace("_", "").lower()

        # A block given by name is looked up with a GetSBlock the caller did
        # not write: lookups are left out of the comparison.
        left = Counter(key(k) for k in kinds if key(k) != "getsblock")
        left.subtract(key(st["op"]) for st in self.steps if "error" not in st)
        extra = [k for k in kinds if left.get(key(k), 0) > 0]
        return sorted(set(extra))


def _trace_json(trace):
    """TVM's `trace.as_json()` as plain JSON, the way a MetaSchedule database
    writes it: integer constants as numbers (T.bool as 1/0), float constants
    as numbers, strings and lists as they are."""

    def plain(v):
        if v is None or isinstance(v, (bool, int, float, str)):
            return v
        if isinstance(v, tvm.tirx.IntImm):
            return int(v.value)
        if isinstance(v, tvm.tirx.FloatImm):
            return float(v.value)
        if isinstance(v, getattr(tvm.tirx, "StringImm", ())):
            return v.value
        if isinstance(v, (list, tuple, tvm.ir.Array)):
            return [plain(x) for x in v]
        if isinstance(v, (dict, tvm.ir.Map)):
            return {str(k): plain(x) for k, x in v.items()}
        raise Unconvertible(f"a {type(v).__name__} in TVM's JSON trace")

    return plain(trace.as_json())


def _module_text(mod):
    return mod.script()


def _func_text(func):
    return func.script()


def _expr_text(e):
    return str(e)


def _index_map_text(m):
    args = ", ".join(str(v) for v in m.initial_indices)
    outs = [_expr_text(e) for e in m.final_indices]
    tail = "," if len(outs) == 1 else ""
    return f"lambda {args}: ({', '.join(outs)}{tail})"


class VarArgsMap(Unconvertible):
    """A lambda taking *args: only the call knows how many indices it takes."""


def _callable_text(fn, rec=None):
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError) as e:
        raise Unconvertible(f"an index map whose parameters cannot be read: {e}")
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        raise VarArgsMap("an index map taking *args")
    m = tvm.tirx.IndexMap.from_func(fn, index_dtype="int32")
    return _with_recorded_names(_index_map_text(m), rec)


def _with_recorded_names(text, rec):
    """Sampled values (ExprRVs) used in a lambda, under the names the session
    gives them rather than TVM's own var names (which may collide)."""
    if rec is None:
        return text
    ours = {}
    for name, obj in rec.names.values():
        if isinstance(obj, tvm.tirx.Var):
            ours[obj.name] = name
    if not ours:
        return text
    return re.sub(r"(?<![\w.])[A-Za-z_]\w*", lambda m: ours.get(m.group(0), m.group(0)), text)


def _map_from_trace(rec):
    """The index map TVM recorded for the call just made (a *args lambda expanded)."""
    for v in rec.sch.trace.insts[-1].inputs:
        if isinstance(v, tvm.tirx.IndexMap):
            return _with_recorded_names(_index_map_text(v), rec)
    raise Unconvertible("an index map taking *args that TVM's trace does not show")


def _record_call(rec, op, method, args, kwargs):
    """The step of one call, before it runs (arguments only)."""
    sig = inspect.signature(method)
    bound = sig.bind(rec.sch, *args, **kwargs)
    fields = {}
    for pname, val in list(bound.arguments.items())[1:]:
        param = sig.parameters[pname]
        if param.kind == param.VAR_POSITIONAL:
            val = list(val)
        elif param.default is not inspect.Parameter.empty and _same_plain(val, param.default):
            continue
        fields[pname] = val
    step = {"op": op, "fields": {}, "unconvertible": None}
    if op == "transform_layout" and isinstance(
        fields.get("pad_value"), (tvm.tirx.IntImm, tvm.tirx.FloatImm)
    ):
        # A typed constant keeps its type (a plain number would take the
        # buffer's): as the one-output lambda TVM makes of it.
        try:
            fields["pad_value"] = _typed_pad_lambda(fields["pad_value"], fields.get("index_map"))
        except Exception as e:  # the map's arity cannot be read
            step["unconvertible"] = f"{op}.pad_value: {type(e).__name__}: {e}"
    if op == "tensorize":
        _record_intrin(step, fields.get("tensor_intrin"))
    if op == "annotate_buffer_access" and callable(fields.get("gen_new_ranges")):
        try:
            fields["gen_new_ranges"] = _ranges_lambda(fields["gen_new_ranges"])
        except Exception as e:  # a lambda the recorder cannot call on variables
            step["unconvertible"] = f"{op}.gen_new_ranges: {type(e).__name__}: {e}"
    for k, v in fields.items():
        try:
            step["fields"][k] = rec.value(v)
        except VarArgsMap as e:
            step["unconvertible"] = f"{op}.{k}: {e}"
            step["var_args_field"] = k
        except Unconvertible as e:
            step["unconvertible"] = f"{op}.{k}: {e}"
        except Exception as e:  # a value the recorder does not know how to read
            step["unconvertible"] = f"{op}.{k}: {type(e).__name__}: {e}"
    return step


def _record_intrin(step, name):
    """The description and implementation TVM has registered under `name`
    (by the test or by TVM), as TVM prints them: convert.py declares those
    tirtui does not ship in the case's workload."""
    if not isinstance(name, str):
        return
    try:
        intrin = tvm.s_tir.TensorIntrin.get(name, allow_missing=True)
        if intrin is not None:
            step["intrin"] = {
                "name": name,
                "desc": _func_text(intrin.desc),
                "impl": _func_text(intrin.impl),
            }
    except Exception as e:  # an intrinsic TVM cannot print: the case says why
        step["intrin_error"] = f"{type(e).__name__}: {e}"


def _typed_pad_lambda(value, index_map):
    if isinstance(index_map, tvm.tirx.IndexMap):
        n = len(index_map.final_indices)
    elif callable(index_map):
        n = len(tvm.tirx.IndexMap.from_func(index_map, index_dtype="int32").final_indices)
    else:
        raise Unconvertible("a typed pad_value with an index map of unknown arity")
    params = ", ".join(f"indices_{i}" for i in range(n))
    lit = value.value if isinstance(value, tvm.tirx.IntImm) else float(value.value)
    dtype = str(getattr(value, "dtype", None) or value.ty)
    return lambda_text(f"lambda {params}: (T.{dtype}({lit}),)")


def _ranges_lambda(fn):
    """annotate_buffer_access's gen_new_ranges as text: one `(begin, end)` pair
    or one point per dimension (IndexMap.from_func refuses the pairs)."""
    params = list(inspect.signature(fn).parameters)
    spec = fn(*[tvm.tirx.Var(p, "int32") for p in params])
    items = []
    for r in spec:
        if isinstance(r, (tuple, list)):
            items.append("(" + ", ".join(_expr_text(e) for e in r) + ")")
        else:
            items.append(_expr_text(r))
    return lambda_text(f"lambda {', '.join(params)}: [{', '.join(items)}]")


class lambda_text(str):
    """Lambda text already written, passed through as it is."""


def _same_plain(val, default):
    plain = (bool, int, float, str, type(None))
    if isinstance(val, plain) and isinstance(default, plain):
        return type(val) is type(default) and val == default
    return False


def _wrap(op, method):
    def recorded(self, *args, **kwargs):
        global _quiet
        rec = _find(self)
        if rec is None or _quiet:
            return method(self, *args, **kwargs)
        step = _record_call(rec, op, method, args, kwargs)
        _quiet += 1
        try:
            result = method(self, *args, **kwargs)
        except BaseException as e:
            step.pop("var_args_field", None)
            step["error"] = {"type": type(e).__name__, "message": str(e)[-4000:]}
            rec.steps.append(step)
            raise
        finally:
            _quiet -= 1
        field = step.pop("var_args_field", None)
        if field is not None:
            try:
                step["fields"][field] = {"lambda": _map_from_trace(rec)}
                step["unconvertible"] = None
            except Exception as e:
                step["unconvertible"] = f"{op}.{field}: {type(e).__name__}: {e}"
        if op.startswith("sample_") and "decision" not in step["fields"]:
            _record_decision(rec, step)
        try:
            step["out"] = rec.outputs(result)
        except Exception as e:
            step["unconvertible"] = f"{op} output: {type(e).__name__}: {e}"
        rec.steps.append(step)
        return result

    recorded.__signature__ = inspect.signature(method)
    recorded.__name__ = method.__name__
    recorded.__doc__ = method.__doc__
    return recorded


def _record_decision(rec, step):
    """The value TVM sampled, so that tirtui replays the same choice."""
    try:
        trace = rec.sch.trace
        inst = trace.insts[-1]
        decision = trace.decisions.get(inst) if hasattr(trace.decisions, "get") else trace.decisions[inst]
        if decision is not None:
            step["fields"]["decision"] = rec.value(decision)
    except Exception as e:
        step["unconvertible"] = f"{step['op']}.decision: TVM's sampled value unreadable: {e}"


def _find(sch):
    if _current is None:
        return None
    for rec in _current:
        if rec.sch is sch:
            return rec
    return None


def _install():
    original_init = Schedule.__init__

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        if _current is not None and not _quiet:
            try:
                _current.append(ScheduleRecord(self))
            except Exception as e:  # printing failed: keep the test running, note why
                _current.append({"record_error": f"{type(e).__name__}: {e}"})

    Schedule.__init__ = init
    for name, member in list(vars(Schedule).items()):
        if name.startswith("_") or name in NOT_PRIMITIVES or not callable(member):
            continue
        setattr(Schedule, name, _wrap(name, member))

    # TVM's trace round-trip check replays the trace on fresh schedules:
    # those are TVM checking itself, not cases.
    original_roundtrip = schedule_testing.verify_trace_roundtrip

    def roundtrip(*args, **kwargs):
        global _quiet
        _quiet += 1
        try:
            return original_roundtrip(*args, **kwargs)
        finally:
            _quiet -= 1

    schedule_testing.verify_trace_roundtrip = roundtrip


_install()


def _timeout_handler(signum, frame):
    raise TimeoutError("test ran past its time limit (tvm_conformance)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    global _current
    _current = []
    outcome = {"setup": "passed", "call": None, "teardown": "passed", "longrepr": ""}
    item._conformance_outcome = outcome
    progress = os.environ.get("TIRTUI_CONF_PROGRESS")
    if progress:
        with open(progress, "a") as f:
            f.write(f"start {item.nodeid}\n")
    limit = int(os.environ.get("TIRTUI_CONF_TEST_TIMEOUT", "0"))
    if limit:
        signal.signal(signal.SIGALRM, _timeout_handler)
        signal.alarm(limit)
    try:
        yield
    finally:
        if limit:
            signal.alarm(0)
        _write(item, outcome)
        _current = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    outcome = getattr(item, "_conformance_outcome", None)
    if outcome is None:
        return
    state = "skipped" if report.skipped else ("passed" if report.passed else "failed")
    if call.when == "call":
        outcome["call"] = state
    elif state != "passed":
        outcome[call.when] = state
    if report.failed or report.skipped:
        outcome["longrepr"] = str(report.longrepr)[-1500:]


def _write(item, outcome):
    path = os.environ.get("TIRTUI_CONF_RECORD")
    if not path:
        return
    schedules = []
    for rec in _current or []:
        if isinstance(rec, dict):
            schedules.append(rec)
            continue
        try:
            schedules.append(rec.to_json())
        except Exception as e:
            schedules.append({"record_error": f"{type(e).__name__}: {e}"})
    if outcome["setup"] == "skipped" or outcome["call"] == "skipped":
        verdict = "skipped"
    elif outcome["setup"] == "passed" and outcome["call"] == "passed":
        verdict = "passed" if outcome["teardown"] == "passed" else "failed"
    else:
        verdict = "failed"
    entry = {
        "nodeid": item.nodeid,
        "outcome": verdict,
        "why": outcome["longrepr"] if verdict != "passed" else "",
        "schedules": schedules,
    }
    with open(path, "a") as f:
        f.write(json.dumps(entry) + "\n")
