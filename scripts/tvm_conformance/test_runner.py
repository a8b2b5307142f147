"""Self-test of the conformance runner (needs TVM and pytest; not part of `cargo test`).

    python3 -m pytest scripts/tvm_conformance/test_runner.py

Two synthetic TVM-style tests (written here, not TVM's), one positive and one
negative, go through the whole runner: with the real tirtui both pass; with
stand-in binaries that accept everything, the runner must report the accepted
negative, the wrong result and the equivalent-but-different program.
"""

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

import convert  # noqa: E402
import report  # noqa: E402

SYNTHETIC_TESTS = textwrap.dedent(
    '''
    import pytest
    import tvm
    from tvm.s_tir.schedule.testing import assert_structural_equal_ignore_global_symbol
    from tvm.script import tirx as T


    @T.prim_func(s_tir=True)
    def scale(A: T.Buffer((64, 32), "float32"), B: T.Buffer((64, 32), "float32")):
        for i, j in T.grid(64, 32):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)


    @T.prim_func(s_tir=True)
    def scale_split(A: T.Buffer((64, 32), "float32"), B: T.Buffer((64, 32), "float32")):
        for i_0, i_1, j in T.grid(4, 16, 32):
            with T.sblock("B"):
                vi = T.axis.spatial(64, i_0 * 16 + i_1)
                vj = T.axis.spatial(32, j)
                B[vi, vj] = A[vi, vj] * T.float32(2.0)


    def test_split_positive():
        sch = tvm.s_tir.Schedule(scale, debug_mask="all")
        i, j = sch.get_loops(sch.get_sblock("B"))
        sch.split(i, factors=[None, 16])
        assert_structural_equal_ignore_global_symbol(scale_split, sch.mod["main"])


    def test_trace_replayed_in_cpp():
        sch = tvm.s_tir.Schedule(scale)
        i, j = sch.get_loops(sch.get_sblock("B"))
        sch.split(i, factors=[None, 16])
        fresh = tvm.s_tir.Schedule(scale)
        sch.trace.apply_to_schedule(fresh, remove_postproc=False)
        assert_structural_equal_ignore_global_symbol(scale_split, fresh.mod["main"])


    def test_fuse_not_nested_negative():
        sch = tvm.s_tir.Schedule(scale_split, debug_mask="all")
        i_0, i_1, j = sch.get_loops(sch.get_sblock("B"))
        with pytest.raises(tvm.s_tir.ScheduleError):
            sch.fuse(i_0, j)
    '''
)

# Stand-ins for tirtui: print the workload (edited) whatever the steps say.
FAKE_TIRTUI = textwrap.dedent(
    """\
    #!{python}
    import re, sys
    from pathlib import Path
    session = Path(sys.argv[2])
    text = (session.parent / "workload.tir").read_text()
    print(text.replace("T.float32(2.0)", "T.float32({factor})"))
    """
)


def run_runner(tmp_path, tirtui):
    tests = tmp_path / "tests"
    tests.mkdir(exist_ok=True)
    (tests / "test_tir_schedule_synthetic.py").write_text(SYNTHETIC_TESTS)
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, str(HERE / "run.py"), "--tvm-tests", str(tests), "--tirtui", str(tirtui),
         "--jobs", "2", "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    cases = json.loads((out / "report.json").read_text())["cases"]
    return {c["case"].split("::")[1]: c for c in cases}, proc.stdout


def fake_tirtui(tmp_path, factor):
    path = tmp_path / f"fake_tirtui_{factor}"
    path.write_text(FAKE_TIRTUI.format(python=sys.executable, factor=factor))
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def real_tirtui():
    path = Path(os.environ.get("TIRTUI_BIN", REPO / "target" / "release" / "tirtui"))
    if not path.exists():
        pytest.skip(f"no tirtui binary at {path} (cargo build --release, or set TIRTUI_BIN)")
    return path


def test_real_tirtui_passes_both(tmp_path):
    cases, table = run_runner(tmp_path, real_tirtui())
    assert set(cases) == {"test_split_positive#s0", "test_fuse_not_nested_negative#s0!neg1",
                          "test_trace_replayed_in_cpp#s0", "test_trace_replayed_in_cpp#s1"}
    positive = cases["test_split_positive#s0"]
    assert positive["status"] == "pass", positive
    assert positive["compare"]["same_structure"]
    negative = cases["test_fuse_not_nested_negative#s0!neg1"]
    assert negative["failing_step"] == 3
    assert negative["status"] == "pass", negative
    # The schedule the trace was replayed on (in C++) holds a split no Python
    # call made: the case is TVM's own trace of it, as JSON, replayed by
    # tirtui's JSON trace reader (never dropped, never the Python calls alone).
    assert cases["test_trace_replayed_in_cpp#s0"]["status"] == "pass"
    replayed = cases["test_trace_replayed_in_cpp#s1"]
    assert replayed["status"] == "pass", replayed
    assert replayed["trace"] == "trace.json"
    trace = json.loads((Path(replayed["dir"]) / "trace.json").read_text())
    assert [inst[0] for inst in trace[0]] == ["GetSBlock", "GetLoops", "Split"]
    assert "pass rate 4/4 = 100.0%" in table


def test_stand_in_that_accepts_everything(tmp_path):
    # It prints the unscheduled workload: the same results, another program,
    # and the negative case accepted.
    cases, table = run_runner(tmp_path, fake_tirtui(tmp_path, "2.0"))
    assert cases["test_split_positive#s0"]["status"] == "equivalent"
    assert "i_0" in cases["test_split_positive#s0"]["detail"]
    assert cases["test_fuse_not_nested_negative#s0!neg1"]["status"] == "accepted_negative"
    assert "pass rate 0/4" in table


def test_stand_in_with_a_miscompile(tmp_path):
    cases, _ = run_runner(tmp_path, fake_tirtui(tmp_path, "3.0"))
    wrong = cases["test_split_positive#s0"]
    assert wrong["status"] == "wrong_result", wrong
    assert "`B` differs" in wrong["detail"]


def test_session_text_quotes_what_yaml_would_misread():
    assert convert.yaml_scalar(["l1", None, 16, True]) == "[l1, null, 16, true]"
    assert convert.yaml_scalar("shared.dyn") == "shared.dyn"
    assert convert.yaml_scalar("null") == '"null"'
    assert convert.yaml_scalar("lambda i: (i,)") == '"lambda i: (i,)"'


def test_module_without_main_converts_with_no_function_chosen():
    # TVM's Schedule over two functions, none `main`, chooses none: the
    # session names none either, so tirtui refuses the step TVM refuses.
    failing = {"op": "get_sblock", "fields": [["name", "init"]], "out": "b0",
               "error": {"type": "ValueError", "message": "does not know which function"}}
    record = {"funcs": ["f", "g"], "initial": "MODULE TEXT", "initial_funcs": {"f": "F", "g": "G"},
              "steps": [failing]}
    case = convert.Case("c!neg1", "t.py", "t.py::c", "negative", record, [failing], failing=failing)
    workload, session, func, failing_index = convert.convert(case)
    assert workload == "MODULE TEXT" and func is None and failing_index == 1
    assert "func:" not in session and "{op: get_block, name: init, out: b0}" in session


def test_exit_2_names_the_missing_piece():
    case = {"conversion": None, "kind": "positive", "dir": "/nonexistent",
            "replay": {"exit": 2, "stderr": "error: s.yaml: step 3: unknown op `reindex`; known ops: split"}}
    report.classify(case)
    assert (case["status"], case["detail"]) == ("missing_primitive", "reindex")
    case["replay"]["stderr"] = "error: s.yaml: step 3 (`split`): field `disable_predication`: unknown field"
    report.classify(case)
    assert (case["status"], case["detail"]) == ("missing_argument", "split.disable_predication")


def test_refusal_at_another_step_is_not_a_pass():
    case = {"conversion": None, "kind": "negative", "failing_step": 4, "dir": "/nonexistent",
            "replay": {"exit": 1, "stderr": "error: step 3 `fuse`: not nested"}}
    report.classify(case)
    assert case["status"] == "refused_other_step"
    case["replay"]["stderr"] = "error: step 4 `fuse`: not nested"
    report.classify(case)
    assert case["status"] == "pass"


def test_refusing_a_program_tvm_computes_wrong_has_its_own_status():
    case = {"conversion": None, "kind": "positive", "dir": "/nonexistent",
            "replay": {"exit": 1, "stderr": "error: step 1 `fuse_reduction_epilogue`: a max/min shell"},
            "tvm_check": {"tvm_own": "different", "tvm_own_detail": "`D` differs by up to 2"}}
    report.classify(case)
    assert case["status"] == "tvm_wrong_refused", case
    assert "`D` differs by up to 2" in case["detail"] and "max/min shell" in case["detail"]
    counts = report._counts([case])
    assert counts["tvm_wrong_refused"] == 1 and counts["pass"] == 0 and counts["refused"] == 0
    # TVM's program agrees with the workload (or was not run): still a gap.
    for check in ({"tvm_own": "same"}, {"tvm_own": "not run: a symbolic extent"}, None):
        case["tvm_check"] = check
        report.classify(case)
        assert case["status"] == "refused_valid", case


RELU = textwrap.dedent(
    '''
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
        for i, j in T.grid(8, 8):
            with T.sblock("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = T.max(A[vi, vj] * T.float32(2.0), T.float32(0.0))
    '''
)


def test_tvm_check_runs_both_programs_on_the_cpu():
    pytest.importorskip("tvm")
    import compare  # noqa: E402  (imports TVM)

    assert compare.tvm_check(RELU, RELU) == {"tvm_own": "same"}
    # A program that computes something else: told apart on the first draw.
    wrong = RELU.replace("T.max(A[vi, vj] * T.float32(2.0), T.float32(0.0))",
                         "T.max(A[vi, vj], T.float32(0.0)) * T.float32(2.0) + T.float32(0.5)")
    got = compare.tvm_check(RELU, wrong)
    assert got["tvm_own"] == "different", got
    assert "`B` differs" in got["tvm_own_detail"]


def test_same_text_passes_only_a_program_tvm_cannot_parse_and_identical_text():
    case = {"conversion": None, "kind": "positive", "dir": "/nonexistent",
            "replay": {"exit": 0, "stderr": ""},
            "compare": {"same_text": True, "same_structure": False,
                        "expected_parse_error": "DiagnosticError: no attribute 'Int32x2'"}}
    report.classify(case)
    assert case["status"] == "same_text", case
    counts = report._counts([case])
    assert counts["pass"] == 1 and counts["same_text_only"] == 1 and counts["other"] == 0
    # Any difference in the text: never a pass.
    case["compare"]["same_text"] = False
    report.classify(case)
    assert case["status"] == "compare_error", case
    assert report._counts([case])["pass"] == 0
    # A program TVM parses is judged by structure, never by this status.
    case["compare"] = {"same_text": True, "same_structure": False, "parsed": True,
                       "numeric": "different", "numeric_detail": "`B` differs"}
    report.classify(case)
    assert case["status"] == "wrong_result", case


VECTOR_LOCAL = textwrap.dedent(
    '''
    # from tvm.script import tirx as T

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
        with T.sblock("root"):
            T.reads(A[0:2])
            T.writes(B[0:2])
            v: T.int32x2 = A[T.Ramp(0, 1, 2)]
            B[T.Ramp(0, 1, 2)] = v
    '''
)


def test_compare_reports_tvm_own_unparsable_program_by_text():
    pytest.importorskip("tvm")
    import compare  # noqa: E402  (imports TVM)

    got = compare.compare(VECTOR_LOCAL, VECTOR_LOCAL)
    if "expected_parse_error" not in got:
        pytest.skip("this TVM parses T.int32x2")
    assert got["same_text"] is True and got["same_structure"] is False
    other = VECTOR_LOCAL.replace("B[T.Ramp(0, 1, 2)] = v", "B[T.Ramp(1, 1, 2)] = v")
    assert compare.compare(VECTOR_LOCAL, other)["same_text"] is False
