#!/usr/bin/env python3
"""Hash throughput benchmark: measures per-core hashing speed with the CPU
frequency governor pinned to 'performance', then restores the old governor."""

import argparse
import csv
import glob
import hashlib
import logging
import multiprocessing as mp
import os
import time
from contextlib import contextmanager

log = logging.getLogger("hashbench")

GOV_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"
ALGOS = ("sha256", "blake2b", "sha3_256")


def _read(path):
    with open(path) as fh:
        return fh.read().strip()


@contextmanager
def pinned_governor(mode: str):
    """Temporarily switch every core's cpufreq governor."""
    saved = {}
    for node in sorted(glob.glob(GOV_GLOB)):
        try:
            saved[node] = _read(node)
            with open(node, "w") as fh:
                fh.write(mode)
        except OSError as exc:
            log.warning("cannot set %s: %s", node, exc)
    log.info("governor=%s on %d cores", mode, len(saved))
    try:
        yield saved
    finally:
        for node, old in saved.items():
            try:
                with open(node, "w") as fh:
                    fh.write(old)
            except OSError:
                pass


def worker(args):
    algo, seconds, block = args
    payload = os.urandom(block)
    h = hashlib.new(algo)
    count = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for _ in range(256):
            h.update(payload)
        count += 256
    return count * block / seconds


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def run(seconds, block, procs):
    rows = []
    with mp.Pool(procs) as pool:
        for algo in ALGOS:
            rates = pool.map(worker, [(algo, seconds, block)] * procs)
            total = sum(rates) / 1e6
            rows.append({"algo": algo, "procs": procs, "MBps": round(total, 1),
                         "per_core": round(total / procs, 1)})
            log.info("%-9s %8.1f MB/s", algo, total)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--block", type=int, default=64 * 1024)
    ap.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--governor", default="performance")
    ap.add_argument("--out", default="hashbench.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    log.info("cpu: %s", cpu_model())
    with pinned_governor(args.governor):
        rows = run(args.seconds, args.block, args.procs)

    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
