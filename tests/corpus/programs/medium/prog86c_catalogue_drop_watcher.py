#!/usr/bin/env python3
"""Watch the consignment drop folder and import new lot sheets.

Run by the cataloguer from a terminal during intake week.  Polls the drop
folder for new *.csv lot sheets, parses them into the staging database and
remembers which sheets it has already handled in a checkpoint file so
restarts are cheap.
"""
import argparse
import csv
import getpass
import logging
import os
import pickle
import signal
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("drop_watcher")


class Checkpoint:
    def __init__(self, path):
        self.path = Path(path)
        self.seen = {}

    def load(self):
        if self.path.exists():
            with self.path.open("rb") as fh:
                self.seen = pickle.load(fh)
        return self

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.seen, fh)
        tmp.replace(self.path)


def ensure_schema(db):
    db.execute("""CREATE TABLE IF NOT EXISTS staged_lots (
        sheet TEXT, lot_number TEXT, title TEXT, low REAL, high REAL,
        consignor TEXT, PRIMARY KEY (sheet, lot_number))""")
    db.commit()


def import_sheet(db, path):
    rows = 0
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for rec in csv.DictReader(fh):
            db.execute(
                "INSERT OR REPLACE INTO staged_lots VALUES (?, ?, ?, ?, ?, ?)",
                (path.name, rec.get("Lot", "").strip(), rec.get("Description", "").strip(),
                 float(rec.get("Low") or 0), float(rec.get("High") or 0),
                 rec.get("Consignor", "").strip()),
            )
            rows += 1
    db.commit()
    return rows


def scan(drop, db, checkpoint):
    for sheet in sorted(drop.glob("*.csv")):
        mtime = sheet.stat().st_mtime
        if checkpoint.seen.get(sheet.name) == mtime:
            continue
        try:
            n = import_sheet(db, sheet)
        except (ValueError, csv.Error, sqlite3.Error) as exc:
            log.error("failed on %s: %s", sheet.name, exc)
            continue
        checkpoint.seen[sheet.name] = mtime
        checkpoint.save()
        log.info("imported %s (%d lots)", sheet.name, n)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--drop", type=Path, default=Path("incoming"))
    ap.add_argument("--db", default="staging.sqlite3")
    ap.add_argument("--state", default="import_state.pkl")
    ap.add_argument("--interval", type=int, default=30)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    log.info("watching %s as %s (pid %d)", args.drop, getpass.getuser(), os.getpid())

    running = True

    def stop(signum, _frame):
        nonlocal running
        log.info("signal %d, finishing current pass", signum)
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    db = sqlite3.connect(args.db)
    ensure_schema(db)
    checkpoint = Checkpoint(args.state).load()
    args.drop.mkdir(exist_ok=True)
    while running:
        scan(args.drop, db, checkpoint)
        time.sleep(args.interval)
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
