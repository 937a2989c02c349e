#!/usr/bin/env python3
"""Two mai-sandbox builds' `run` of a trivial program, interleaved A, B, bare
python3 in each round, each build with a state directory of its own: medians
of wall time and of CPU time (user + system of the process and the children
it waited for: the sandboxed interpreter), and the median of the per-round
differences A - B, which holds better than the medians on a busy machine.
Each round starts with another of the three.

  bench/run_pair.py [--runs N] [--program FILE] A_BINARY B_BINARY
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def measure(cmd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000.0
    proc.returncode = 0  # reaped by wait4
    if status != 0:
        raise SystemExit(f"{cmd[0]} failed (wait status {status}): {err.decode()[-500:]}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--program", default=str(ROOT / "examples" / "hello.py"))
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="run-pair-") as tmp:
        states = [os.path.join(tmp, "a"), os.path.join(tmp, "b")]
        peers = [[args.a, "--config", str(ROOT / "config"), "--state", states[0], "run", args.program],
                 [args.b, "--config", str(ROOT / "config"), "--state", states[1], "run", args.program],
                 ["/usr/bin/python3", args.program]]
        rows = []
        for i in range(args.runs + 3):  # the first rounds create the logs and warm the caches
            # Each round starts with another peer: on a loaded machine the
            # first of a round was measured ~6 ms slower (A against a copy of
            # itself, 80 rounds, when the order was fixed).
            row = [None] * len(peers)
            for k in range(len(peers)):
                j = (i + k) % len(peers)
                row[j] = measure(peers[j])
            if i >= 3:
                rows.append(row)
    for k, name in enumerate([args.a, args.b, "python3"]):
        print(f"{name:44s} wall {statistics.median(r[k][0] for r in rows):7.1f} ms"
              f"   cpu {statistics.median(r[k][1] for r in rows):6.1f} ms")
    for j, what in ((0, "wall"), (1, "cpu")):
        print(f"A - B, median of the rounds' differences: {what} "
              f"{statistics.median(r[0][j] - r[1][j] for r in rows):+.1f} ms")
    print(f"{len(rows)} rounds, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
