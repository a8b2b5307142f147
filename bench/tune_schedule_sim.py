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

Prints, per machine (16 cores and one GPU, 32 cores and two), the mean wall time,
candidates per second and the compile threads' utilisation, and the CPU floor
(every core compiling all the time).
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


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
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
