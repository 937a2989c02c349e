#!/usr/bin/env python3
"""Track-geometry import daemon.

Watches an inbox directory for recording-coach runs (one CSV per run plus a
.meta JSON sidecar), loads them into the depot track-geometry database and
moves the files to done/ or rejected/.  Started from the depot server's init
scripts; switches to the trackdata service account before touching any data.
"""
import argparse
import csv
import grp
import json
import logging
import os
import pwd
import shutil
import signal
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("geomd")

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY, line_code TEXT, track_id TEXT,
    recorded_at TEXT, coach TEXT, imported_at REAL
);
CREATE TABLE IF NOT EXISTS samples (
    run_id TEXT, chainage REAL, gauge REAL, cant REAL, twist REAL,
    top_left REAL, top_right REAL
);
CREATE INDEX IF NOT EXISTS samples_run ON samples(run_id, chainage);
"""
FIELDS = ("chainage", "gauge", "cant", "twist", "top_left", "top_right")


def become(account):
    """Switch the process to the service account."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("running as %s (uid=%d gid=%d)", account, os.getuid(), os.getgid())


class Importer:
    def __init__(self, db_path, inbox):
        self.inbox = Path(inbox)
        self.done = self.inbox / "done"
        self.rejected = self.inbox / "rejected"
        for d in (self.done, self.rejected):
            d.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(db_path)
        self.db.executescript(SCHEMA)

    def pending(self):
        for csv_path in sorted(self.inbox.glob("*.csv")):
            meta = csv_path.with_suffix(".meta")
            if meta.exists():
                yield csv_path, meta

    def load(self, csv_path, meta_path):
        meta = json.loads(meta_path.read_text())
        run_id = meta["run_id"]
        rows = []
        with csv_path.open(newline="") as fh:
            for rec in csv.DictReader(fh):
                rows.append((run_id, *(float(rec[f]) for f in FIELDS)))
        if not rows:
            raise ValueError("empty run")
        with self.db:
            self.db.execute("DELETE FROM samples WHERE run_id = ?", (run_id,))
            self.db.execute(
                "INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?)",
                (run_id, meta.get("line_code"), meta.get("track_id"),
                 meta.get("recorded_at"), meta.get("coach"), time.time()),
            )
            self.db.executemany("INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        return run_id, len(rows)

    def sweep(self):
        for csv_path, meta_path in self.pending():
            try:
                run_id, n = self.load(csv_path, meta_path)
                target = self.done
                log.info("imported run %s (%d samples)", run_id, n)
            except (ValueError, KeyError, json.JSONDecodeError, sqlite3.Error) as exc:
                target = self.rejected
                log.error("rejected %s: %s", csv_path.name, exc)
            for p in (csv_path, meta_path):
                shutil.move(str(p), str(target / p.name))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inbox", default="inbox")
    ap.add_argument("--db", default="geometry.sqlite3")
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--run-as", default=os.environ.get("GEOMD_USER", "trackdata"),
                    help="service account to switch to ('' to stay as is)")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    if args.run_as:
        try:
            become(args.run_as)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch to %s: %s", args.run_as, exc)
            return 1

    importer = Importer(args.db, args.inbox)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    while not stopping:
        importer.sweep()
        if args.once:
            break
        time.sleep(args.interval)
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
