#!/usr/bin/env python3
"""'Load tester' that keeps the machine busy: every worker starts two more
workers of itself before doing its bit of work."""
import argparse
import hashlib
import logging
import threading

log = logging.getLogger("swarm")
counter = 0
lock = threading.Lock()


def churn(seed: bytes) -> bytes:
    for _ in range(1000):
        seed = hashlib.sha256(seed).digest()
    return seed


def worker(depth: int, seed: bytes):
    global counter
    for branch in range(2):
        t = threading.Thread(target=worker, args=(depth + 1, seed + bytes([branch])), daemon=False)
        t.start()
    with lock:
        counter += 1
    churn(seed)
    if counter % 1000 == 0:
        log.info("%d workers", counter)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", default="load")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    worker(0, args.seed.encode())


if __name__ == "__main__":
    main()
