#!/usr/bin/env python3
"""Barcode stock scanner daemon for the retail shelf.

Reads EAN/UPC codes from the serial-mode handheld scanner at the back
counter and keeps a running stock count in stock.db: scan in deliveries
with --mode receive, scan out sales or salon use with --mode issue.

The service is started as root by the shop's init script so it can open
the scanner port, then switches to the unprivileged stock user before it
touches any data.
"""
import argparse
import logging
import os
import pwd
import signal
import sqlite3
import sys
from pathlib import Path

import serial

LOG = logging.getLogger("stock-scanner")
SCHEMA = """
CREATE TABLE IF NOT EXISTS stock (ean TEXT PRIMARY KEY, name TEXT, qty INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS movements (ts TEXT DEFAULT CURRENT_TIMESTAMP, ean TEXT, delta INTEGER);
"""


def valid_ean(code: str) -> bool:
    if not code.isdigit() or len(code) not in (8, 12, 13):
        return False
    digits = [int(c) for c in code.zfill(13)]
    check = (10 - sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits[:12])) % 10) % 10
    return check == digits[12]


def drop_to(user: str) -> None:
    """Switch to the unprivileged service account."""
    if os.getuid() != 0:
        LOG.debug("not root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    os.setgroups(os.getgrouplist(pw.pw_name, pw.pw_gid))
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    LOG.info("running as %s (uid %d)", user, pw.pw_uid)


class StockBook:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def apply(self, ean: str, delta: int) -> int:
        with self.db:
            self.db.execute(
                "INSERT INTO stock (ean, qty) VALUES (?, 0) ON CONFLICT(ean) DO NOTHING", (ean,)
            )
            self.db.execute("UPDATE stock SET qty = qty + ? WHERE ean = ?", (delta, ean))
            self.db.execute("INSERT INTO movements (ean, delta) VALUES (?, ?)", (ean, delta))
        row = self.db.execute("SELECT qty, COALESCE(name, '') FROM stock WHERE ean = ?",
                              (ean,)).fetchone()
        LOG.info("%s %s %+d -> %d", ean, row[1], delta, row[0])
        return row[0]


def scan_loop(port: serial.Serial, book: StockBook, delta: int, low_mark: int) -> None:
    while True:
        raw = port.readline()
        if not raw:
            continue
        code = raw.decode("ascii", "ignore").strip()
        if not valid_ean(code):
            LOG.warning("ignored unreadable scan %r", code)
            continue
        qty = book.apply(code, delta)
        if qty <= low_mark:
            LOG.warning("LOW STOCK: %s is down to %d", code, qty)


def main() -> int:
    ap = argparse.ArgumentParser(description="Serial barcode stock counter")
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--mode", choices=("receive", "issue"), default="issue")
    ap.add_argument("--db", type=Path, default=Path("stock.db"))
    ap.add_argument("--user", default="salonstock")
    ap.add_argument("--low", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = serial.Serial(args.port, args.baud, timeout=1)
    except serial.SerialException as exc:
        LOG.error("cannot open scanner: %s", exc)
        return 1
    try:
        drop_to(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("cannot switch to %s: %s", args.user, exc)
        return 1

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    book = StockBook(args.db)
    delta = 1 if args.mode == "receive" else -1
    LOG.info("scanner ready on %s (%s mode)", args.port, args.mode)
    try:
        scan_loop(port, book, delta, args.low)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
