#!/usr/bin/env python3
"""Prints the decisions TVM 0.27's `sample_compute_location` can take for a
block after a schedule script: the facts tests/postproc.rs checks tirtui's
candidates against.

Usage: python3 scripts/ms_traces/compute_locations.py WORKLOAD.tir SCRIPT.py BLOCK
"""

import sys

from tvm import s_tir

from record import load


def main():
    workload, script, block = sys.argv[1:4]
    sch = s_tir.Schedule(load(workload), seed=7, debug_mask="all")
    with open(script) as f:
        exec(f.read(), {"sch": sch})  # noqa: S102 (the repository's own script)
    seen = set()
    for _ in range(400):
        sch.sample_compute_location(sch.get_sblock(block))
        seen.add(int(sch.trace.decisions[sch.trace.insts[-1]]))
    print(sorted(seen))


if __name__ == "__main__":
    main()
