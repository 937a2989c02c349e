#!/usr/bin/env python3
"""Watch the consignment drop folder and import new lot sheets.

Started by the back-office init script.  Polls the drop folder for new
*.csv lot sheets, parses them into the staging database and remembers which
sheets it has already handled in a checkpoint file so restarts are cheap.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pickle
import pwd
import signal
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("import_daemon")

SERVICE_USER = os.environ.get("CATALOGUE_USER", "catalogue")


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


class Identity:
    """Run the worker under the service account rather than the launching one."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def assume(cls, username):
        if os.geteuid() != 0:
            log.info("not root, keeping uid %d", os.getuid())
            return
        entry = pwd.getpwnam(username)
        groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
        os.setgroups(groups or [entry.pw_gid])
        gid = ctypes.c_uint(entry.pw_gid)
        uid = ctypes.c_uint(entry.pw_uid)
        if cls._libc.setresgid(gid, gid, gid) != 0:
            raise OSError(ctypes.get_errno(), "setresgid failed")
        if cls._libc.setresuid(uid, uid, uid) != 0:
            raise OSError(ctypes.get_errno(), "setresuid failed")
        os.environ["HOME"] = entry.pw_dir
        log.info("now running as %s (%d:%d)", username, entry.pw_uid, entry.pw_gid)


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
    ap.add_argument("--user", default=SERVICE_USER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    Identity.assume(args.user)

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
