#!/usr/bin/env python3
"""Two mai-sandbox builds' `run` of a trivial program with MAI_PHASES set,
interleaved (each round starts with the other build), each build with a state
directory of its own: the median, per build, of the time since the process
started at which each of the main phase marks was printed
(src/common/phase_log.hpp), of the wall time, and of the gap from
`execution.start` recorded (its sync requested) to the program's start in
the prepared sandbox, the step a run's first synced record gates. For a
change that moves one phase on a machine too busy for whole-run figures.

  bench/run_phase_pair.py [--runs N] [--program FILE] A_BINARY B_BINARY
"""
import argparse
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
MARKS = ["audit log open", "execution.start recorded", "prepared sandbox: host: ready read",
         "sandbox launched (program started)", "program ended", "answer", "done"]
GAP = ("execution.start recorded", "sandbox launched (program started)")


def run_once(binary, state, program):
    env = dict(os.environ, MAI_PHASES="0")
    start = time.perf_counter()
    proc = subprocess.run([binary, "--config", str(ROOT / "config"), "--state", state, "run", program],
                          capture_output=True, text=True, env=env)
    wall = (time.perf_counter() - start) * 1000.0
    if proc.returncode != 0:
        raise SystemExit(f"{binary} failed ({proc.returncode}): {proc.stderr[-500:]}")
    marks = {"wall": wall}
    for line in proc.stderr.splitlines():
        m = re.match(r"\[phase\] (.*) ([0-9.]+)$", line)
        if m:
            marks.setdefault(m.group(1), float(m.group(2)))
    return marks


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=100)
    ap.add_argument("--program", default=str(ROOT / "examples" / "hello.py"))
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    builds = [args.a, args.b]
    states = {b: tempfile.mkdtemp(prefix="mai-phase-pair-") for b in builds}
    results = {b: [] for b in builds}
    try:
        for i in range(args.runs):
            for b in (builds if i % 2 == 0 else builds[::-1]):
                results[b].append(run_once(b, states[b], args.program))
    finally:
        for s in states.values():
            shutil.rmtree(s, ignore_errors=True)
    for b in builds:
        print(b)
        for name in MARKS + ["wall"]:
            values = [r[name] for r in results[b] if name in r]
            if values:
                print(f"  {name:40s} {statistics.median(values):8.2f} ms")
        gaps = [r[GAP[1]] - r[GAP[0]] for r in results[b] if GAP[0] in r and GAP[1] in r]
        if len(gaps) >= 2:
            print(f"  {'execution.start -> program started':40s} {statistics.median(gaps):8.2f} ms"
                  f"  (p75 {statistics.quantiles(gaps, n=4)[2]:.2f}, max {max(gaps):.2f})")
    print(f"{args.runs} rounds, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
