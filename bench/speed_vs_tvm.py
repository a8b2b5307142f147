#!/usr/bin/env python3
"""tirtui's speed against TVM 0.27's on the same trace, measured in one run (issue 13).

Usage (needs `pip install apache-tvm` and PyYAML; no GPU):
    python3 bench/speed_vs_tvm.py [--whole | --loop] [SESSION.yaml]
        (default: sessions/gemm_000_5_unroll.yaml; --whole: only the whole-process
        ratio, without the criterion run; --loop: tirtui's replay timed with
        examples/replay_loop instead of criterion, whose bench build is slow)

Prints two ratios:
  replay         TVM's Python replay of the trace (Schedule(mod) + apply_trace, the
                 module parsed beforehand; median of many runs) against tirtui's
                 in-process replay of the same session (criterion: `cargo bench
                 --bench replay`, TIRTUI_BENCH_SESSION names the session; median).
  whole process  tirtui `replay S --emit cuda` as a whole process (start, parse,
                 replay, lower, CUDA, exit; median wall time from spawn to exit,
                 timed before TVM is imported) against TVM's parse +
                 replay + tvm.compile(target="cuda") inside an already started
                 Python (TVM's import, ~1 s, is left out in its favour); and, on
                 the "vs TVM cold" row, against the same as the first call in a
                 fresh Python (still without Python's start and TVM's import).
Targets: replay >= 20x, whole process >= 100x. A last line prints the ceiling of the
whole-process ratios on this machine: TVM's times over that of spawning /bin/true.
Environment: TIRTUI (the binary, default target/release/tirtui, built if missing).
"""
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, os.path.join(ROOT, "scripts"))


def median_time(f, runs, warmup=2):
    for _ in range(warmup):
        f()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def loop_median(session, n=2000):
    """tirtui's in-process replay of `session` (seconds): examples/replay_loop run n
    times in one process, less its start (a run of 0), median of 5."""
    exe = os.path.join(ROOT, "target", "release", "examples", "replay_loop")
    if not os.path.exists(exe):
        subprocess.run(["cargo", "build", "--release", "--example", "replay_loop"], cwd=ROOT, check=True)

    def once(count):
        t = time.perf_counter()
        subprocess.run([exe, session, str(count)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - t

    start = statistics.median(once(0) for _ in range(5))
    return (statistics.median(once(n) for _ in range(5)) - start) / n


FIRST_CALL = r"""
import sys, time
sys.path.insert(0, sys.argv[3])
import tvm
from compare_tvm import Schedule, load, tvm_spelling, workload_text
binary, session = sys.argv[1], sys.argv[2]
env = {}
exec(sys.stdin.read(), env)
text = tvm_spelling(workload_text(binary, session))
t = time.perf_counter()
sch = Schedule(load(text))
env["apply_trace"](sch)
tvm.compile(sch.mod, target="cuda").mod.imports[0].inspect_source()
print(time.perf_counter() - t)
"""


def spawn_and_wait(argv):
    """Runs `argv` with stdout and stderr to /dev/null (posix_spawn: no copy of
    this process's address space); fails on a non-zero exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed")


def first_call(binary, session):
    """TVM's parse + replay + CUDA as the first call in a fresh Python (seconds):
    what a process that does this once pays, less Python's start and TVM's import."""
    py = subprocess.run([binary, "replay", session, "--emit", "python"], capture_output=True, text=True, check=True)
    out = subprocess.run(
        [sys.executable, "-c", FIRST_CALL, binary, session, os.path.join(ROOT, "scripts")],
        input=py.stdout, capture_output=True, text=True, check=True, cwd=ROOT,
    )
    return float(out.stdout.strip().splitlines()[-1])


def criterion_median(session):
    """tirtui's in-process replay of `session` (seconds), from the criterion bench."""
    env = dict(os.environ, TIRTUI_BENCH_SESSION=session)
    out = subprocess.run(
        ["cargo", "bench", "--bench", "replay", "--", "--warm-up-time", "1", "--measurement-time", "3", "replay"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        sys.exit(f"cargo bench failed:\n{out.stderr[-2000:]}")
    m = re.search(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", out.stdout)
    if not m:
        sys.exit(f"no criterion time in:\n{out.stdout[-2000:]}")
    value, unit = float(m.group(1)), m.group(2)
    return value * {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "us": 1e-6, "ns": 1e-9}[unit]


def main():
    os.chdir(ROOT)
    args = sys.argv[1:]
    whole_only = "--whole" in args
    use_loop = "--loop" in args
    args = [a for a in args if a not in ("--whole", "--loop")]
    session = args[0] if args else "sessions/gemm_000_5_unroll.yaml"
    binary = os.environ.get("TIRTUI", "target/release/tirtui")
    if not os.path.exists(binary):
        subprocess.run(["cargo", "build", "--release", "--locked"], check=True)

    # tirtui's whole process first, spawned from this still small Python:
    # subprocess.run from a Python that holds TVM took ~5 ms more per run
    # than the process itself (the median below is spawn to exit).
    ours_whole_s = median_time(lambda: spawn_and_wait([binary, "replay", session, "--emit", "cuda"]), 30)
    # What any process costs on this machine (exec, loader, exit): no whole-process
    # ratio can be higher than TVM's time over this one.
    noop_s = median_time(lambda: spawn_and_wait(["/bin/true"]), 30)

    import tvm
    from compare_tvm import Schedule, load, tvm_spelling, workload_text

    py = subprocess.run([binary, "replay", session, "--emit", "python"], capture_output=True, text=True, check=True)
    env = {}
    exec(py.stdout, env)
    apply_trace = env["apply_trace"]
    text = tvm_spelling(workload_text(binary, session))
    mod = load(text)

    def tvm_replay():
        apply_trace(Schedule(mod))

    def tvm_whole():
        sch = Schedule(load(text))
        apply_trace(sch)
        tvm.compile(sch.mod, target="cuda").mod.imports[0].inspect_source()


    if not whole_only:
        tvm_replay_s = median_time(tvm_replay, 50)
        ours_replay_s = loop_median(session) if use_loop else criterion_median(session)
    tvm_whole_s = median_time(tvm_whole, 5, warmup=1)
    tvm_first_s = statistics.median(first_call(binary, session) for _ in range(3))

    def row(what, tvm_s, ours_s, target):
        ratio = tvm_s / ours_s
        mark = "ok" if ratio >= target else f"below the {target}x target"
        print(f"{what:<15} TVM {tvm_s * 1e3:9.3f} ms   tirtui {ours_s * 1e3:8.3f} ms   {ratio:7.1f}x  ({mark})")

    print(f"{session} (TVM {tvm.__version__})")
    if not whole_only:
        row("replay", tvm_replay_s, ours_replay_s, 20)
    row("whole process", tvm_whole_s, ours_whole_s, 100)
    row("  vs TVM cold", tvm_first_s, ours_whole_s, 100)
    print(
        f"ceiling         /bin/true takes {noop_s * 1e3:.3f} ms here: a process that did nothing would be "
        f"{tvm_whole_s / noop_s:.0f}x (warm) and {tvm_first_s / noop_s:.0f}x (cold)"
    )


if __name__ == "__main__":
    main()
