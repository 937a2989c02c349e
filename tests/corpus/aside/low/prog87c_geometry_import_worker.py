#!/usr/bin/env python3
"""Track-geometry import worker.

Watches an inbox directory for recording-coach runs (one CSV per run plus a
.meta JSON sidecar), loads them into the depot track-geometry database and
moves the files to done/ or rejected/.  Meant to run under the user that owns
the checkout (tmux, or a user-level process supervisor).
"""
import argparse
import csv
import json
import logging
import os
import shutil
import signal
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("geomw")

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


class Importer:
    def __init__(self, db_path, inbox):
        self.inbox = Path(inbox)
        self.done = self.inbox / "done"
        self.rejected = self.inbox / "rejected"
        for d in (self.done, self.rejected):
            d.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(db_path)
        self.db.executescript(SCHEMA)
        os.chmod(db_path, 0o600)

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
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

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
