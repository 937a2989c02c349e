#!/usr/bin/env python3
"""Median wall time of a trivial Python program: bare python3, under
bubblewrap with comparable isolation, and under `mai-sandbox run` (the whole
pipeline: assessment, sandbox, audit log). Peers are measured in the same run,
interleaved, so the ratios hold even on a busy machine.

Then, with --phases N, where a `run` spends its time: N more runs with
MAI_PHASES set to this script's clock just before each starts (the binary
prints "[phase] NAME MS" at each step, src/common/phase_log.hpp), and the
audit records of each run (their timestamps: when each was sealed and
synced), as medians since the process was started and as steps.

--compare OTHER adds another build's `run` as a peer (e.g. before and after
a change, interleaved in the same run, each with a state directory of its own).

  bench/run_overhead.py [--runs N] [--phases N] [--binary build/bin/mai-sandbox] [--compare BIN]
"""
import json
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYTHON = "/usr/bin/python3"


def bwrap_command(program):
    # Comparable to the native backend: new user, pid, net, ipc, uts and cgroup
    # namespaces, read-only /usr, fresh /proc, /dev and /tmp, no capabilities.
    return ["bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
            "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
            "--ro-bind", str(program), "/sandbox/main.py", "--chdir", "/sandbox",
            "--uid", "1000", "--gid", "1000", "--clearenv", "--setenv", "PATH", "/usr/bin",
            PYTHON, "/sandbox/main.py"]


def time_once(cmd, env=None):
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
    return elapsed * 1000.0


# The audit records of one run, in the order a run writes them.
RECORD_STEPS = ["submission", "assessment", "execution.start", "execution.end", "result"]


def phase_breakdown(args, program, state):
    """Median time of every phase mark and audit record, since the process started."""
    marks = {}
    for _ in range(args.phases):
        env = dict(os.environ, MAI_PHASES=str(time.time_ns()))
        t0 = int(env["MAI_PHASES"])
        proc = subprocess.run([args.binary, "--config", str(ROOT / "config"), "--state", state,
                               "run", "--json", str(program)], capture_output=True, env=env)
        end = time.time_ns()
        if proc.returncode != 0:
            raise SystemExit(f"run failed ({proc.returncode}): {proc.stderr.decode()[-500:]}")
        for line in proc.stderr.decode().splitlines():
            if line.startswith("[phase] "):
                name, ms = line[len("[phase] "):].rsplit(" ", 1)
                marks.setdefault("run: " + name, []).append(float(ms))
        request = json.loads(proc.stdout)["request_id"]
        shown = subprocess.run([args.binary, "--config", str(ROOT / "config"), "--state", state,
                                "audit", "show", "--json", "--request", request],
                               capture_output=True, check=True)
        for rec in json.loads(shown.stdout):
            if rec["type"] in RECORD_STEPS:
                marks.setdefault("audit record " + rec["type"] + " synced", []).append(
                    (rec["timestamp_us"] * 1000 - t0) / 1e6)
        marks.setdefault("process exited (as the bench saw it)", []).append((end - t0) / 1e6)
    medians = [(name, statistics.median(v)) for name, v in marks.items()]
    return sorted(medians, key=lambda m: m[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--phases", type=int, default=15, help="runs for the per-phase breakdown (0: none)")
    ap.add_argument("--binary", default=str(ROOT / "build" / "bin" / "mai-sandbox"))
    ap.add_argument("--compare", help="another mai-sandbox binary, measured as a peer")
    args = ap.parse_args()

    program = ROOT / "examples" / "hello.py"
    state = tempfile.mkdtemp(prefix="mai-bench-")
    peers = {"python3": [PYTHON, str(program)],
             "mai-sandbox run": [args.binary, "--config", str(ROOT / "config"), "--state", state,
                                 "run", str(program)]}
    if args.compare:
        other_state = tempfile.mkdtemp(prefix="mai-bench-", dir=state)
        peers["run (--compare)"] = [args.compare, "--config", str(ROOT / "config"), "--state", other_state,
                                    "run", str(program)]
    if shutil.which("bwrap"):
        peers["bwrap"] = bwrap_command(program)
    times = {name: [] for name in peers}
    try:
        for name, cmd in peers.items():  # warm caches once
            time_once(cmd)
        for _ in range(args.runs):
            for name, cmd in peers.items():
                times[name].append(time_once(cmd))
        phases = phase_breakdown(args, program, state) if args.phases else None
    finally:
        shutil.rmtree(state, ignore_errors=True)

    base = statistics.median(times["python3"])
    print(f"trivial Python run, median of {args.runs} (ms), host with {os.cpu_count()} cores")
    for name, samples in times.items():
        med = statistics.median(samples)
        print(f"  {name:16s} {med:8.1f} ms   x{med / base:5.2f} of python3   overhead {med - base:7.1f} ms")
    if phases:
        print(f"\nwhere `mai-sandbox run` spends its time, median of {args.phases} runs (ms since it was started)")
        previous = 0.0
        for name, at in phases:
            print(f"  {name:44s} {at:8.1f}   +{at - previous:6.1f}")
            previous = at


if __name__ == "__main__":
    main()
