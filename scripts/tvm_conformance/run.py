#!/usr/bin/env python3
"""TVM conformance runner: TVM's own schedule tests, replayed in tirtui.

    python3 scripts/tvm_conformance/run.py --tvm-tests DIR --tirtui target/release/tirtui \
        [-k FILTER] [--jobs N] [--out REPORTDIR]

1. Runs TVM's schedule tests (DIR/test_tir_schedule_*.py, from apache/tvm's
   tests/python/s_tir/schedule) under the installed TVM on the CPU, with
   record_plugin.py recording every schedule a test creates.
2. Turns each schedule into cases (convert.py) and writes, per case, the
   workload (`workload.tir`), the session (`session.yaml`) and TVM's program
   (`expected.tir`) under REPORTDIR/cases/.
3. Replays each session in tirtui (`replay --emit tir`, bounded time) and
   compares with TVM (compare.py, in worker processes); classifies each case
   (report.py) and prints the table per test file; writes REPORTDIR/report.json
   and REPORTDIR/report.md.

A hanging or crashing test or case costs only itself: tests and comparisons
run in worker processes with time limits, and a worker that dies is restarted
on the remaining work. Needs TVM (`pip install apache-tvm`) and pytest; TVM is
a developer's reference here, never a dependency of tirtui.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import convert  # noqa: E402
import report  # noqa: E402

TEST_SECONDS = 120  # one TVM test
REPLAY_SECONDS = 20  # one tirtui replay
COMPARE_SECONDS = 90  # one comparison (compare.py has its own, shorter, alarm)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tvm-tests", required=True, type=Path,
                   help="folder of TVM's test_tir_schedule_*.py (or one test file)")
    p.add_argument("--tirtui", required=True, type=Path, help="the tirtui binary")
    p.add_argument("-k", dest="filter", default=None, help="pytest -k expression")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", type=Path, default=Path("target/tvm_conformance"))
    p.add_argument("--pattern", default="test_tir_schedule_*.py",
                   help="test files to run in the folder")
    return p.parse_args(argv)


# ---- 1. TVM's tests, recorded ----------------------------------------------


def test_files(path, pattern):
    if path.is_file():
        return [path]
    return sorted(path.glob(pattern))


def _recorded(record_path):
    entries = []
    if record_path.exists():
        for line in record_path.read_text().splitlines():
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut short by a killed process
    return entries


def run_test_file(test_file, args, work):
    """Runs one TVM test file under the recorder; returns its recorded tests.
    A run that dies (crash, time limit) is started again without the tests
    already recorded and the one that was running, which is listed as crashed."""
    record = work / f"{test_file.stem}.jsonl"
    progress = work / f"{test_file.stem}.progress"
    for p in (record, progress):
        if p.exists():
            p.unlink()
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE) + os.pathsep + env.get("PYTHONPATH", "")
    env["TIRTUI_CONF_RECORD"] = str(record)
    env["TIRTUI_CONF_PROGRESS"] = str(progress)
    env["TIRTUI_CONF_TEST_TIMEOUT"] = str(TEST_SECONDS)
    dead = []
    for _attempt in range(20):
        done = {e["nodeid"] for e in _recorded(record)} | {d["nodeid"] for d in dead}
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "record_plugin", "-p", "no:cacheprovider",
               "--rootdir", str(test_file.parent), str(test_file)]
        if args.filter:
            cmd += ["-k", args.filter]
        for nodeid in sorted(done):
            cmd += ["--deselect", nodeid]
        log = work / f"{test_file.stem}.log"
        # Collection (importing the file, building its workloads) counts toward the first test.
        code = _run_watched(cmd, progress, TEST_SECONDS + 180, cwd=test_file.parent, env=env, log=log)
        if code in (0, 1, 5):  # passed, some failed, none collected
            break
        why = f"the test ran past {TEST_SECONDS + 180} s" if code is None else f"pytest exited {code}"
        errors = [l for l in log.read_text().splitlines() if l.startswith("E ")] if log.exists() else []
        if errors:
            why += f": {errors[-1][1:].strip()[:300]}"
        running = _running_test(progress, done | {e["nodeid"] for e in _recorded(record)})
        if running is None:
            dead.append({"nodeid": f"{test_file.name}::(collection)", "outcome": "failed",
                         "why": why, "schedules": []})
            break
        dead.append({"nodeid": running, "outcome": "failed", "why": f"crashed TVM's process: {why}",
                     "schedules": []})
    return _recorded(record) + dead


def _running_test(progress, finished):
    if not progress.exists():
        return None
    started = [l[6:] for l in progress.read_text().splitlines() if l.startswith("start ")]
    unfinished = [n for n in started if n not in finished]
    return unfinished[-1] if unfinished else None


def run_tvm_tests(files, args, work):
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_test_file, f, args, work): f for f in files}
        for fut in concurrent.futures.as_completed(futures):
            f = futures[fut]
            results[f.name] = fut.result()
            entries = results[f.name]
            print(f"  TVM ran {f.name}: {len(entries)} tests", file=sys.stderr)
    return results


# ---- 2. cases, written out ---------------------------------------------------


def case_dir_name(case_id):
    name = re.sub(r"[^A-Za-z0-9_.#!-]+", "_", case_id.split("::", 1)[-1])
    return name[:150]


def known_ops(tirtui, work):
    """The ops tirtui's sessions know, from the error a session with an unknown
    op gets (`unknown op ...; known ops: a, b`); empty if it says no list."""
    (work / "probe.tir").write_text("@T.prim_func\ndef main():\n    T.evaluate(0)\n")
    (work / "probe.yaml").write_text("tirtui: 1\nworkload: probe.tir\nsteps:\n  - {op: no_such_op_probe}\n")
    try:
        proc = subprocess.run([str(tirtui), "replay", str(work / "probe.yaml")], capture_output=True,
                              text=True, timeout=REPLAY_SECONDS)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    m = re.search(r"known ops: ([^\n]*)", proc.stderr)
    return {op.strip() for op in m.group(1).split(",")} if m else set()


def write_cases(tests_by_file, out, ops):
    """All cases, each with `dir` (its folder) and `conversion` filled in."""
    cases = []
    excluded = []
    for test_file in sorted(tests_by_file):
        for entry in tests_by_file[test_file]:
            if entry["outcome"] != "passed":
                excluded.append({"test_file": test_file, "nodeid": entry["nodeid"],
                                 "outcome": entry["outcome"], "why": _first_line(entry.get("why", ""))})
                continue
            for case in convert.cases_of_test(entry, test_file):
                folder = out / "cases" / Path(test_file).stem / case_dir_name(case.case_id)
                folder.mkdir(parents=True, exist_ok=True)
                info = case.summary()
                info["dir"] = str(folder)
                try:
                    traced = convert.trace_case(case)
                    if traced is not None:
                        workload, trace_text, func = traced
                        session, failing_index = None, None
                    else:
                        workload, session, func, failing_index = convert.convert(case)
                except convert.ConversionError as e:
                    info["conversion"] = str(e)
                    info["unknown_op"] = convert.unknown_op(case, ops)
                    cases.append(info)
                    continue
                info["conversion"] = None
                info["func"] = func
                info["failing_step"] = failing_index
                (folder / "workload.tir").write_text(workload)
                if session is None:
                    (folder / "trace.json").write_text(trace_text)
                    info["trace"] = "trace.json"
                else:
                    (folder / "session.yaml").write_text(session)
                if case.kind == "positive":
                    (folder / "expected.tir").write_text(convert.expected_text(case, func) or "")
                    (folder / "original.tir").write_text(convert.original_text(case, func) or "")
                else:
                    err = case.failing["error"]
                    (folder / "tvm_error.txt").write_text(f"{err['type']}: {err['message']}\n")
                cases.append(info)
    return cases, excluded


def _first_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1][:300] if lines else ""


# ---- 3. replay in tirtui, compare with TVM --------------------------------------


def replay(info, tirtui):
    folder = Path(info["dir"])
    if info.get("trace"):
        # TVM's own trace of the schedule, read by tirtui's JSON trace reader.
        cmd = [str(tirtui), "replay", str(folder / info["trace"]), "--workload",
               str(folder / "workload.tir"), "--emit", "tir"]
    else:
        cmd = [str(tirtui), "replay", str(folder / "session.yaml"), "--emit", "tir"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=REPLAY_SECONDS)
    except subprocess.TimeoutExpired:
        info["replay"] = {"exit": None, "stderr": f"ran past {REPLAY_SECONDS} s"}
        return
    (folder / "tirtui.tir").write_text(proc.stdout)
    (folder / "tirtui_stderr.txt").write_text(proc.stderr)
    info["replay"] = {"exit": proc.returncode, "stderr": proc.stderr[-3000:]}


def replay_all(cases, tirtui, jobs):
    todo = [c for c in cases if c["conversion"] is None]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda c: replay(c, tirtui), todo))


def compare_all(cases, jobs, work):
    """Runs compare.py workers over the positive cases tirtui replayed, and
    over those it refused: for these, whether TVM's own program computes what
    the workload does (`tvm_check`; a refusal of a wrong program is right)."""
    replayed = [c for c in cases if c["kind"] == "positive" and c.get("replay", {}).get("exit") == 0]
    refused = [c for c in cases if c["kind"] == "positive" and c.get("replay", {}).get("exit") == 1
               and not c.get("trace")]
    todo = [(c, "compare") for c in replayed] + [(c, "tvm_check") for c in refused]
    by_id = {c["case"]: c for c in cases}
    chunks = [todo[i::jobs] for i in range(jobs)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        outs = list(pool.map(lambda ic: _compare_chunk(ic[1], work, ic[0]), enumerate(chunks)))
    for results in outs:
        for r in results:
            if r["case"] in by_id:
                by_id[r["case"]][r.pop("mode", "compare")] = r


def _compare_chunk(chunk, work, index):
    modes = {c["case"]: mode for c, mode in chunk}
    results = []
    remaining = [c for c, _ in chunk]
    attempt = 0
    while remaining:
        attempt += 1
        jobs_path = work / f"compare_{index}_{attempt}.json"
        results_path = work / f"compare_{index}_{attempt}.jsonl"
        progress_path = work / f"compare_{index}_{attempt}.progress"
        jobs = [{"case": c["case"], "expected": str(Path(c["dir"]) / "expected.tir"),
                 "mine": str(Path(c["dir"]) / "tirtui.tir"),
                 "original": str(Path(c["dir"]) / "original.tir"),
                 "mode": modes[c["case"]]} for c in remaining]
        jobs_path.write_text(json.dumps(jobs))
        cmd = [sys.executable, str(HERE / "compare.py"), str(jobs_path), str(results_path),
               str(progress_path)]
        _run_watched(cmd, progress_path, COMPARE_SECONDS)
        got = _recorded(results_path)
        results += got
        finished = {r["case"] for r in got}
        started = []
        if progress_path.exists():
            started = [l[6:] for l in progress_path.read_text().splitlines() if l.startswith("start ")]
        dead = [s for s in started if s not in finished]
        for case in dead:
            results.append({"case": case, "mode": modes.get(case, "compare"),
                            "error": "the comparison crashed or hung TVM's process"})
        finished |= set(dead)
        left = [c for c in remaining if c["case"] not in finished]
        if len(left) == len(remaining):  # nothing started: give up rather than loop
            for c in left:
                results.append({"case": c["case"], "mode": modes[c["case"]],
                                "error": "the comparison worker did not start"})
            break
        remaining = left
    return results


def _run_watched(cmd, progress_path, seconds_per_item, cwd=None, env=None, log=None):
    """Runs a worker until it exits, killing it when one item (a `start` line
    in its progress file) runs past its time: a process that corrupted its
    heap can hang where no alarm reaches it."""
    out = open(log, "w") if log else subprocess.DEVNULL
    try:
        return _wait_watched(subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd, env=env),
                             progress_path, seconds_per_item)
    finally:
        if log:
            out.close()


def _wait_watched(proc, progress_path, seconds_per_item):
    last_count, last_change = -1, time.monotonic()
    while proc.poll() is None:
        time.sleep(0.5)
        count = 0
        if progress_path.exists():
            count = progress_path.read_text().count("\nstart ") + 1
        if count != last_count:
            last_count, last_change = count, time.monotonic()
        elif time.monotonic() - last_change > seconds_per_item:
            proc.kill()
            proc.wait()
            return None
    return proc.returncode


def main(argv):
    args = parse_args(argv)
    if not args.tirtui.exists():
        print(f"error: no tirtui binary at {args.tirtui}\nhelp: cargo build --release", file=sys.stderr)
        return 2
    files = test_files(args.tvm_tests, args.pattern)
    if not files:
        print(f"error: no {args.pattern} in {args.tvm_tests}", file=sys.stderr)
        return 2
    out = args.out
    if (out / "cases").exists():
        shutil.rmtree(out / "cases")
    work = out / "work"
    work.mkdir(parents=True, exist_ok=True)
    started = time.time()
    print(f"running {len(files)} TVM test files ({args.jobs} jobs)", file=sys.stderr)
    tests = run_tvm_tests(files, args, work)
    convert.SHIPPED_INTRINS = convert.shipped_intrins(args.tirtui.resolve(), work)
    cases, excluded = write_cases(tests, out, known_ops(args.tirtui.resolve(), work))
    print(f"{len(cases)} cases; replaying in tirtui", file=sys.stderr)
    replay_all(cases, args.tirtui.resolve(), args.jobs)
    print("comparing with TVM", file=sys.stderr)
    compare_all(cases, args.jobs, work)
    for c in cases:
        report.classify(c)
    tables = report.tables(cases, excluded, [f.name for f in files])
    print(tables)
    print("\n".join(report.tallies(cases)))
    report.write(out, cases, excluded, tables, time.time() - started)
    print(f"report: {out / 'report.md'}, {out / 'report.json'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
