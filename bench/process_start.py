#!/usr/bin/env python3
"""The fixed cost of a tirtui process: start, a trivial command, replay, exit (issue 13).

Usage:
    python3 bench/process_start.py [--runs N] [--session S.yaml] [BINARY ...]
        (default binary: target/release/tirtui, built if missing; default session:
        sessions/gemm_000_5_unroll.yaml; run from anywhere)

For each command, spawned with posix_spawn and reaped with wait4 (the child's own
rusage, so other processes on the machine do not count):
  /bin/true                      what any process costs here (exec, loader, exit)
  BINARY --version               tirtui's fixed cost: loader, allocator and CLI set-up
  BINARY replay S --emit cuda    the whole pipeline as one process
prints the median CPU time (user + system), median and minimum wall time from
spawn to exit, and minor page faults. Runs of all commands (and of all binaries
given, to compare builds) are interleaved, so load on the machine spreads evenly.
Wall and CPU times move with the machine's load; page faults and, under
`valgrind --tool=callgrind`, instruction counts do not.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def spawn(argv):
    """Runs argv to its end; returns (wall seconds, cpu seconds, minor faults)."""
    with open(os.devnull, "wb") as null:
        t = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
            (os.POSIX_SPAWN_DUP2, null.fileno(), 1),
            (os.POSIX_SPAWN_DUP2, null.fileno(), 2),
        ])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed ({os.waitstatus_to_exitcode(status)})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_minflt


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binaries", nargs="*")
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--session", default=os.path.join(ROOT, "sessions", "gemm_000_5_unroll.yaml"))
    args = ap.parse_args()
    binaries = [os.path.abspath(b) for b in args.binaries] or [os.path.join(ROOT, "target", "release", "tirtui")]
    if not args.binaries and not os.path.exists(binaries[0]):
        subprocess.run(["cargo", "build", "--release", "--bin", "tirtui"], cwd=ROOT, check=True)

    commands = [["/bin/true"]]
    for b in binaries:
        commands.append([b, "--version"])
        commands.append([b, "replay", os.path.abspath(args.session), "--emit", "cuda"])
    figures = {i: [] for i in range(len(commands))}
    for i, argv in enumerate(commands):  # warm the page cache
        spawn(argv)
    for _ in range(args.runs):
        for i, argv in enumerate(commands):
            figures[i].append(spawn(argv))

    print(f"load average {os.getloadavg()[0]:.2f}, {args.runs} runs each (ms; faults: minor page faults)")
    print(f"{'command':<58} {'cpu':>6} {'wall':>6} {'min':>6} {'faults':>6}")
    for i, argv in enumerate(commands):
        walls, cpus, faults = zip(*figures[i])
        name = " ".join(os.path.relpath(a, ROOT) if os.path.isabs(a) and a.startswith(ROOT) else a for a in argv)
        print(f"{name[:58]:<58} {statistics.median(cpus) * 1e3:6.2f} {statistics.median(walls) * 1e3:6.2f} "
              f"{min(walls) * 1e3:6.2f} {statistics.median(faults):6.0f}")


if __name__ == "__main__":
    main()
