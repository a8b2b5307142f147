"""Classifies conformance cases and writes the tables and reports.

Each case gets one `status` (the worst thing that happened to it) and a
`detail` line saying what and where:

pass                 positive: tirtui's program is TVM's (structurally equal);
                     negative: tirtui refused at the step TVM refused
same_text            positive: TVM cannot parse the program it printed itself
                     (TVM 0.27 and `T.int32x2`), and tirtui's text is that
                     text, line for line after normalisation: counted as a pass
wrong_result         positive: a different program that computes something else
                     on random inputs (a miscompile: the worst class)
equivalent           positive: a different program, same results on random inputs
different_program    positive: a different program that could not be run (why)
unparsable_output    positive: TVM cannot parse tirtui's TIR
accepted_negative    negative: tirtui applied the step TVM refuses
refused_valid        positive: tirtui refused a step TVM applies
tvm_wrong_refused    positive: tirtui refused a step TVM applies, and TVM's own
                     program computes something else than the workload (run by
                     TVM on the CPU on random inputs): not a pass, not a gap
refused_other_step   negative: tirtui refused, but at another step than TVM
unreadable           tirtui cannot read TVM's workload (the construct named)
missing_primitive    the session names an op tirtui does not have
missing_argument     the session names an argument tirtui does not have
unreadable_session   tirtui refused the session for another reason
unconvertible        a call the session format has no way to say (why)
timeout, crash       tirtui ran past its time or died
compare_error        the comparison itself failed (why)
"""

import json
import re
from collections import Counter, defaultdict
from pathlib import Path

# A positive case whose program TVM cannot parse back passes on its text alone.
PASSING = ("pass", "same_text")

FAILING_ORDER = [
    "wrong_result",
    "accepted_negative",
    "unparsable_output",
    "different_program",
    "equivalent",
    "refused_valid",
    "tvm_wrong_refused",
    "refused_other_step",
    "crash",
    "timeout",
    "unreadable",
    "missing_primitive",
    "missing_argument",
    "unreadable_session",
    "unconvertible",
    "compare_error",
]


def _first_error_line(stderr):
    for line in stderr.splitlines():
        if line.startswith("error:"):
            return line[6:].strip()[:300]
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0][:300] if lines else "(no message)"


def _unreadable_detail(case, stderr):
    """The parse error and the source line it points at."""
    m = re.search(r"--> \S*workload\.tir:(\d+):(\d+)", stderr)
    what = _first_error_line(stderr)
    if not m:
        return what
    line_no = int(m.group(1))
    try:
        src = (Path(case["dir"]) / "workload.tir").read_text().splitlines()[line_no - 1].strip()
    except (OSError, IndexError):
        src = "?"
    return f"{what} at line {line_no}: `{src[:160]}`"


def _classify_exit2(case, stderr):
    m = re.search(r"unknown op `([^`]+)`", stderr)
    if m:
        return "missing_primitive", m.group(1)
    m = re.search(r"\(`([^`]+)`\): field `([^`]+)`: unknown field", stderr)
    if m:
        return "missing_argument", f"{m.group(1)}.{m.group(2)}"
    m = re.search(r"\(`([^`]+)`\): field `([^`]+)`: (expected [^\n]*)", stderr)
    if m:
        return "missing_argument", f"{m.group(1)}.{m.group(2)}: {m.group(3)[:120]}"
    if re.search(r"--> \S*workload\.tir:\d+:\d+", stderr):
        return "unreadable", _unreadable_detail(case, stderr)
    return "unreadable_session", _first_error_line(stderr)


def _classify_replayed(case):
    if case["kind"] == "negative":
        return "accepted_negative", f"step {case['failing_step']}: TVM: {_tvm_error(case)}"
    comp = case.get("compare")
    if comp is None or "error" in comp:
        return "compare_error", (comp or {}).get("error", "no comparison result")
    if "expected_parse_error" in comp:
        why = comp["expected_parse_error"]
        if comp.get("same_text") is True:
            return "same_text", f"TVM cannot parse its own printed program ({why}); tirtui's text is the same"
        return "compare_error", f"TVM cannot parse its own printed program ({why}), and tirtui's text differs"
    if comp["same_structure"]:
        return "pass", "same text" if comp["same_text"] else "same structure"
    if not comp["parsed"]:
        return "unparsable_output", comp.get("parse_error", "")
    numeric = comp.get("numeric", "")
    diff = comp.get("diff", "")
    if numeric == "different":
        return "wrong_result", f"{comp.get('numeric_detail', '')}; {diff}"
    if numeric == "same":
        return "equivalent", diff
    return "different_program", f"{numeric}; {diff}"


def _tvm_error(case):
    err = case.get("tvm_error") or {}
    message = err.get("message", "")
    # TVM's ScheduleError says its reason after "Error message:"; others end with it.
    if "Error message:" in message:
        reason = message.split("Error message:", 1)[1].strip().splitlines()[0]
    else:
        lines = [l.strip() for l in message.splitlines() if l.strip()]
        reason = next((l for l in reversed(lines) if not l.startswith("#") and "^" not in l), "")
    return f"{err.get('type', '?')}: {reason[:200]}"


def classify(case):
    if case["conversion"]:
        op = case.get("unknown_op")
        if op:
            case["status"], case["detail"] = "missing_primitive", op
        else:
            case["status"], case["detail"] = "unconvertible", case["conversion"]
        return
    rep = case.get("replay", {})
    code, stderr = rep.get("exit"), rep.get("stderr", "")
    if code is None:
        case["status"], case["detail"] = "timeout", stderr
    elif code == 0:
        case["status"], case["detail"] = _classify_replayed(case)
    elif code == 2:
        case["status"], case["detail"] = _classify_exit2(case, stderr)
    elif code == 1:
        m = re.search(r"error: step (\d+)", stderr)
        step = int(m.group(1)) if m else None
        why = _first_error_line(stderr)
        if case["kind"] == "positive":
            check = case.get("tvm_check") or {}
            if check.get("tvm_own") == "different":
                case["status"] = "tvm_wrong_refused"
                case["detail"] = (f"TVM's own program computes another result than the workload "
                                  f"({check.get('tvm_own_detail', '')}); tirtui: {why}")
            else:
                case["status"], case["detail"] = "refused_valid", why
        elif step == case["failing_step"]:
            case["status"], case["detail"] = "pass", why
        else:
            case["status"] = "refused_other_step"
            case["detail"] = f"TVM refused step {case['failing_step']}; tirtui: {why}"
    else:
        case["status"] = "crash"
        case["detail"] = f"exit {code}: {_first_error_line(stderr)}"


COLUMNS = [
    ("cases", "cases"),
    ("converted", "conv"),
    ("replayed", "replayed"),
    ("same_skeleton", "same loops/blocks"),
    ("same_structure", "same program"),
    ("same_text", "same text"),
    ("negatives", "neg"),
    ("neg_at_step", "neg at TVM's step"),
    ("accepted_negative", "accepted neg"),
    ("wrong_result", "wrong result"),
    ("equivalent", "equiv"),
    ("different_program", "diff (not run)"),
    ("refused", "refused valid"),
    ("tvm_wrong_refused", "TVM wrong, refused"),
    ("unreadable", "unreadable"),
    ("missing_primitive", "missing prim"),
    ("missing_argument", "missing arg"),
    ("unconvertible", "unconv"),
    ("same_text_only", "TVM unparsable, same text"),
    ("other", "other"),
    ("pass", "pass"),
]


def _counts(cases):
    n = Counter()
    for c in cases:
        n["cases"] += 1
        st = c["status"]
        n["converted"] += c["conversion"] is None
        n["negatives"] += c["kind"] == "negative"
        if c["kind"] == "positive" and c.get("replay", {}).get("exit") == 0:
            n["replayed"] += 1
            comp = c.get("compare") or {}
            n["same_structure"] += bool(comp.get("same_structure"))
            n["same_skeleton"] += bool(comp.get("same_skeleton"))
            n["same_text"] += bool(comp.get("same_text"))
        n["neg_at_step"] += c["kind"] == "negative" and st == "pass"
        n["pass"] += st in PASSING
        n["same_text_only"] += st == "same_text"
        if st in ("accepted_negative", "wrong_result", "equivalent", "unreadable", "missing_primitive",
                  "missing_argument", "unconvertible", "tvm_wrong_refused"):
            n[st] += 1
        elif st in ("different_program", "unparsable_output"):
            n["different_program"] += 1
        elif st in ("refused_valid", "refused_other_step"):
            n["refused"] += 1
        elif st not in PASSING:
            n["other"] += 1
    return n


def tables(cases, excluded, files):
    by_file = defaultdict(list)
    for c in cases:
        by_file[c["test_file"]].append(c)
    header = "| test file | " + " | ".join(h for _, h in COLUMNS) + " |"
    rows = [header, "| --- " * (len(COLUMNS) + 1) + "|"]
    for f in files:
        n = _counts(by_file.get(f, []))
        short = f.replace("test_tir_schedule_", "").replace(".py", "")
        rows.append(f"| {short} | " + " | ".join(str(n[k]) for k, _ in COLUMNS) + " |")
    total = _counts(cases)
    rows.append("| **total** | " + " | ".join(f"**{total[k]}**" for k, _ in COLUMNS) + " |")
    rate = 100.0 * total["pass"] / total["cases"] if total["cases"] else 0.0
    pos = [c for c in cases if c["kind"] == "positive"]
    neg = [c for c in cases if c["kind"] == "negative"]
    pos_pass = sum(c["status"] in PASSING for c in pos)
    neg_pass = sum(c["status"] == "pass" for c in neg)
    tvm_failed = sum(e["outcome"] == "failed" for e in excluded)
    skipped = sum(e["outcome"] == "skipped" for e in excluded)
    summary = (
        f"pass rate {total['pass']}/{total['cases']} = {rate:.1f}% "
        f"(positive: TVM's program {pos_pass}/{len(pos)}; negative: refused at TVM's step "
        f"{neg_pass}/{len(neg)}); tests left out: {tvm_failed} that TVM 0.27 itself fails, "
        f"{skipped} skipped"
    )
    return "\n".join(rows) + "\n\n" + summary + "\n"


def _grouped(cases):
    groups = defaultdict(list)
    for c in cases:
        if c["status"] not in PASSING:
            groups[c["status"]].append(c)
    return groups


def tallies(cases):
    """Lines naming the missing primitives and arguments and the unreadable
    constructs, each with how many cases it stopped."""
    groups = _grouped(cases)
    tally = {
        "missing_primitive": Counter(c["detail"] for c in groups.get("missing_primitive", [])),
        "missing_argument": Counter(c["detail"] for c in groups.get("missing_argument", [])),
        # The construct: the parse error without where it was found.
        "unreadable": Counter(c["detail"].split(" at line ")[0] for c in groups.get("unreadable", [])),
    }
    out = []
    for key, counter in tally.items():
        if counter:
            quote = "`" if key != "unreadable" else ""
            items = ", ".join(f"{quote}{k}{quote} ({v})" for k, v in counter.most_common())
            out.append(f"{key.replace('_', ' ')}: {items}")
            out.append("")
    return out


def markdown(cases, excluded, table_text, seconds):
    out = ["# TVM conformance of tirtui", "", f"Run time {seconds:.0f} s.", "", table_text, ""]
    groups = _grouped(cases)
    out += tallies(cases)
    for status in FAILING_ORDER:
        items = groups.get(status, [])
        if not items:
            continue
        out.append(f"## {status} ({len(items)})")
        out.append("")
        for c in items:
            out.append(f"- `{c['case']}`: {c['detail']}  \n  `{c['dir']}/{c.get('trace') or 'session.yaml'}`")
        out.append("")
    if excluded:
        out.append(f"## tests left out ({len(excluded)})")
        out.append("")
        for e in excluded:
            out.append(f"- `{e['nodeid']}` {e['outcome']}: {e['why']}")
        out.append("")
    return "\n".join(out)


def write(out_dir, cases, excluded, table_text, seconds):
    out_dir = Path(out_dir)
    (out_dir / "report.json").write_text(
        json.dumps({"cases": cases, "excluded": excluded, "seconds": seconds}, indent=1)
    )
    (out_dir / "report.md").write_text(markdown(cases, excluded, table_text, seconds))
