#!/usr/bin/env python3
"""Keystroke to finished screen in the real explorer, in tmux.

    python3 bench/explorer_latency.py [--bin target/release/tirtui]
        [--session sessions/gemm_000_7_tuned.yaml] [--steps 30]

Opens the session in the release binary inside a detached tmux (200x50), then
alternates undo (`u`) and redo (`Ctrl-r`). After each key it captures the pane
as fast as tmux answers and records when the screen last changed: the TIR, the
CUDA and the palette marks are all redrawn by then (the screen is watched for
another 300 ms to be sure nothing arrives later). A capture costs about a
millisecond, so figures are upper bounds at that resolution. The binary also
logs, per key, the time from reading it to writing the frame that shows its
result (TIRTUI_FRAME_LOG): the latency without tmux's share.

Target (issue 13): every step shows within 16 ms. The same path without a
terminal is `cargo bench --bench tui_frames`.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, *args], capture_output=True, text=True)


def capture(sock):
    return tmux(sock, "capture-pane", "-p", "-t", "lat").stdout


def settle(sock, quiet=1.0, limit=60.0):
    """Waits until the screen has not changed for `quiet` seconds."""
    start = last_change = time.monotonic()
    screen = capture(sock)
    while time.monotonic() - last_change < quiet:
        if time.monotonic() - start > limit:
            raise SystemExit("the explorer did not settle within %.0f s" % limit)
        time.sleep(0.01)
        now = capture(sock)
        if now != screen:
            screen, last_change = now, time.monotonic()
    return screen


def one_key(sock, key, watch=0.3):
    """Sends `key`; returns ms until the last change of the screen."""
    before = capture(sock)
    t0 = time.monotonic()
    tmux(sock, "send-keys", "-t", "lat", key)
    last, screen = None, before
    while True:
        now_t = time.monotonic()
        if last is not None and now_t - last > watch:
            break
        if last is None and now_t - t0 > 5.0:
            raise SystemExit("no change within 5 s after %r" % key)
        now = capture(sock)
        if now != screen:
            screen, last = now, time.monotonic()
    return (last - t0) * 1000.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/tirtui"))
    ap.add_argument("--session", default=os.path.join(ROOT, "sessions/gemm_000_7_tuned.yaml"))
    ap.add_argument("--steps", type=int, default=30)
    a = ap.parse_args()
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is not installed (apt-get install -y tmux)")
    work = tempfile.mkdtemp(prefix="tirtui-lat-")
    sess = os.path.abspath(a.session)
    for f in os.listdir(os.path.dirname(sess)):
        if f.endswith((".yaml", ".tir")):
            shutil.copy(os.path.join(os.path.dirname(sess), f), work)
    sock = "tirtui-lat-%d" % os.getpid()
    frame_log = os.path.join(work, "frames.log")
    cmd = "cd %s && XDG_STATE_HOME=%s/state XDG_CONFIG_HOME=%s/config TIRTUI_FRAME_LOG=%s %s %s" % (
        work, work, work, frame_log, os.path.abspath(a.bin), os.path.basename(sess))
    r = tmux(sock, "new-session", "-d", "-s", "lat", "-x", "200", "-y", "50", cmd)
    if r.returncode != 0:
        raise SystemExit("tmux new-session: " + r.stderr)
    try:
        settle(sock)
        cost = []
        for _ in range(20):
            t = time.monotonic()
            capture(sock)
            cost.append((time.monotonic() - t) * 1000.0)
        times = []
        for i in range(a.steps):
            times.append(one_key(sock, "u" if i % 2 == 0 else "C-r"))
        times.sort()
        steps = sum(1 for line in open(sess) if line.lstrip().startswith("- {op"))
        print("session: %s (%d steps), %d keys (undo/redo alternately)" % (
            os.path.basename(sess), steps, len(times)))
        print("one capture-pane: %.2f ms (median)" % statistics.median(cost))
        print("key -> last screen change: median %.1f ms, p90 %.1f ms, max %.1f ms" % (
            statistics.median(times), times[int(0.9 * (len(times) - 1))], times[-1]))
        print("within 16 ms: %d of %d" % (sum(t <= 16.0 for t in times), len(times)))
        # The binary's own figure: key read -> its frame written (TIRTUI_FRAME_LOG),
        # without tmux's send-keys and capture-pane.
        own = sorted(float(l) for l in open(frame_log) if l.strip()) if os.path.exists(frame_log) else []
        if own:
            print("in the binary, key read -> frame written: median %.1f ms, p90 %.1f ms, max %.1f ms; within 16 ms: %d of %d" % (
                statistics.median(own), own[int(0.9 * (len(own) - 1))], own[-1],
                sum(t <= 16.0 for t in own), len(own)))
    finally:
        tmux(sock, "kill-server")
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
