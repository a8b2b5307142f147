#!/usr/bin/env python3
"""A scheduling model of `tirtui tune`'s stream (issue 31: candidates per second).

No GPU, no NVRTC: each candidate's compile time is drawn from a log-normal fitted
to the 2x H200 host's compiles of `tune sessions/gemm.tir --trials 256 --seed 7`
(session 19: p50 1.46 s, p90 5.4 s, cut at the 30 s compile limit); the runs take
no time (the GPUs were busy 11-12% of the time). Rounds of 64 candidates per GPU,
one round picked ahead (`tune::pipeline`: round r+2 is picked after round r is
collected, and round r is collected when its slowest compile ends), `PICK_S`
seconds of search per pick. Compile threads take the queue in submission order
(`fifo`) or the longest compile of the earliest round first (`slow-first`, with a
perfect estimate: the bound of what `tune::compile_order` can buy).

    python3 bench/tune_schedule_sim.py [SEEDS]
    python3 bench/tune_schedule_sim.py --measured bench/data_tune_compiles_2core.jsonl [SEEDS]

Prints, per machine (16 cores and one GPU, 32 cores and two), the mean wall time,
candidates per second and the compile threads' utilisation, and the CPU floor
(every core compiling all the time).

`--measured FILE`: the rounds are drawn from measured compiles instead (one JSON
object a line: `compile_s` and the source's `source_bytes`, `pragma_unroll`,
`loops`, `async_copies`; the shipped file: 40 candidates of `tune
sessions/gemm.tir --seed 7` compiled alone on this project's 2-core machine with
NVRTC 13, cut at 20 s), times x 1.5 and cut at 30 s, and three orders are
compared: FIFO, `tune::compile_order`'s estimate (the mean of the 3 most alike
sources among the other measured ones) and a perfect one.
"""
import heapq
import math
import random
import sys

P50, P90, LIMIT = 1.46, 5.4, 30.0
MU = math.log(P50)
SIGMA = (math.log(P90) - MU) / 1.2816
TRIALS, PER_GPU, PICK_S = 256, 64, 2.0


def simulate(threads, gpus, seed, slow_first):
    rng = random.Random(seed)
    batch = PER_GPU * gpus
    rounds, n = [], 0
    while n < TRIALS:
        k = min(batch, TRIALS - n)
        rounds.append([min(LIMIT, rng.lognormvariate(MU, SIGMA)) for _ in range(k)])
        n += k
    free = [0.0] * threads
    done, t = [], 0.0
    for i, times in enumerate(rounds):
        if i >= 2:
            t = max(t, done[i - 2])  # collect round i-2 before picking round i
        t += PICK_S
        end = t
        for c in sorted(times, reverse=True) if slow_first else times:
            start = max(heapq.heappop(free), t)
            heapq.heappush(free, start + c)
            end = max(end, start + c)
        done.append(end)
    wall = max(done)
    cpu = sum(sum(r) for r in rounds)
    return wall, cpu / (wall * threads), cpu


def shape(r):
    keys = ("source_bytes", "pragma_unroll", "loops", "async_copies")
    return [math.log1p(r[k]) for k in keys]


def measured_rows(path):
    import json
    rows = [json.loads(line) for line in open(path) if line.strip()]
    for i, r in enumerate(rows):
        near = sorted(
            (sum((a - b) ** 2 for a, b in zip(shape(r), shape(o))), o["compile_s"])
            for j, o in enumerate(rows) if j != i)
        r["estimate"] = sum(t for _, t in near[:3]) / 3
        r["t"] = min(r["compile_s"] * 1.5, LIMIT)
    return rows


def simulate_measured(rows, threads, gpus, seed, key):
    rng = random.Random(seed)
    batch = PER_GPU * gpus
    rounds, n = [], 0
    while n < TRIALS:
        k = min(batch, TRIALS - n)
        rounds.append([rng.choice(rows) for _ in range(k)])
        n += k
    free = [0.0] * threads
    done, t = [], 0.0
    for i, picked in enumerate(rounds):
        if i >= 2:
            t = max(t, done[i - 2])
        t += PICK_S
        end = t
        for r in picked if key is None else sorted(picked, key=key, reverse=True):
            start = max(heapq.heappop(free), t)
            heapq.heappush(free, start + r["t"])
            end = max(end, start + r["t"])
        done.append(end)
    return max(done)


def main_measured(path, seeds):
    rows = measured_rows(path)
    orders = [("fifo", None), ("estimate", lambda r: r["estimate"]), ("perfect", lambda r: r["t"])]
    for threads, gpus in [(16, 1), (32, 2)]:
        for name, key in orders:
            wall = sum(simulate_measured(rows, threads, gpus, s, key) for s in range(seeds)) / seeds
            print(f"{threads} cores, {gpus} GPU(s), {name}: wall {wall:.1f} s, "
                  f"{TRIALS / wall:.2f} candidates/s")


def main():
    args = sys.argv[1:]
    if args[:1] == ["--measured"]:
        main_measured(args[1], int(args[2]) if len(args) > 2 else 300)
        return
    seeds = int(args[0]) if args else 200
    for threads, gpus in [(16, 1), (32, 2)]:
        for slow_first in (False, True):
            runs = [simulate(threads, gpus, s, slow_first) for s in range(seeds)]
            wall = sum(r[0] for r in runs) / seeds
            util = sum(r[1] for r in runs) / seeds
            floor = sum(r[2] for r in runs) / seeds / threads
            print(f"{threads} cores, {gpus} GPU(s), {'slow-first' if slow_first else 'fifo'}: "
                  f"wall {wall:.1f} s, {TRIALS / wall:.2f} candidates/s, compile threads busy "
                  f"{util:.0%}; floor {floor:.1f} s = {TRIALS / floor:.2f} candidates/s")


if __name__ == "__main__":
    main()
