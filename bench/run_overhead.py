#!/usr/bin/env python3
"""Median wall time of a trivial Python program: bare python3, under
bubblewrap with comparable isolation, and under `mai-sandbox run` (the whole
pipeline: assessment, sandbox, audit log). Peers are measured in the same run,
interleaved, so the ratios hold even on a busy machine.

  bench/run_overhead.py [--runs N] [--binary build/bin/mai-sandbox]
"""
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--binary", default=str(ROOT / "build" / "bin" / "mai-sandbox"))
    args = ap.parse_args()

    program = ROOT / "examples" / "hello.py"
    state = tempfile.mkdtemp(prefix="mai-bench-")
    peers = {"python3": [PYTHON, str(program)],
             "mai-sandbox run": [args.binary, "--config", str(ROOT / "config"), "--state", state,
                                 "run", str(program)]}
    if shutil.which("bwrap"):
        peers["bwrap"] = bwrap_command(program)
    times = {name: [] for name in peers}
    try:
        for name, cmd in peers.items():  # warm caches once
            time_once(cmd)
        for _ in range(args.runs):
            for name, cmd in peers.items():
                times[name].append(time_once(cmd))
    finally:
        shutil.rmtree(state, ignore_errors=True)

    base = statistics.median(times["python3"])
    print(f"trivial Python run, median of {args.runs} (ms), host with {os.cpu_count()} cores")
    for name, samples in times.items():
        med = statistics.median(samples)
        print(f"  {name:16s} {med:8.1f} ms   x{med / base:5.2f} of python3   overhead {med - base:7.1f} ms")


if __name__ == "__main__":
    main()
