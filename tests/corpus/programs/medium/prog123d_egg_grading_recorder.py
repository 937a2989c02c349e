#!/usr/bin/env python3
"""Egg grading recorder.

Tails the text feed written by the grading machine (one egg per line:
``lane,weight_g,grade,flags``), keeps running counts per batch and grade, and
stores batch summaries in a local SQLite database for the packing report.
Counts survive restarts via a small state file next to the database.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

log = logging.getLogger("grading")

GRADES = ("S", "M", "L", "XL", "DIRTY", "CRACK", "BLOOD")


class BatchState:
    def __init__(self, batch_id):
        self.batch_id = batch_id
        self.started = datetime.now()
        self.counts = Counter()
        self.weight_sum = 0.0
        self.offset = 0

    @property
    def total(self):
        return sum(self.counts.values())


class StateStore:
    def __init__(self, path):
        self.path = Path(path)

    def load(self, batch_id):
        if self.path.exists():
            with self.path.open("rb") as fh:
                state = pickle.load(fh)
            if state.batch_id == batch_id:
                log.info("resuming batch %s at %d eggs", batch_id, state.total)
                return state
        return BatchState(batch_id)

    def save(self, state):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(state, fh)
        os.replace(tmp, self.path)


def open_db(path):
    db = sqlite3.connect(path)
    db.execute("""CREATE TABLE IF NOT EXISTS batch_summary (
        batch_id TEXT, grade TEXT, eggs INTEGER, recorded TEXT,
        PRIMARY KEY (batch_id, grade))""")
    return db


def write_summary(db, state):
    now = datetime.now().isoformat(timespec="seconds")
    with db:
        for grade in GRADES:
            db.execute("INSERT OR REPLACE INTO batch_summary VALUES (?, ?, ?, ?)",
                       (state.batch_id, grade, state.counts.get(grade, 0), now))


def read_new_lines(feed, state):
    with open(feed, "r", encoding="ascii", errors="replace") as fh:
        fh.seek(state.offset)
        for line in fh:
            yield line.strip()
        state.offset = fh.tell()


def ingest(line, state):
    parts = line.split(",")
    if len(parts) < 3:
        return False
    try:
        weight = float(parts[1])
    except ValueError:
        return False
    grade = parts[2].upper()
    if grade not in GRADES:
        log.debug("unknown grade %r", grade)
        return False
    state.counts[grade] += 1
    state.weight_sum += weight
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("feed", help="grader text feed")
    ap.add_argument("--batch", default=datetime.now().strftime("%Y%m%d-%H"))
    ap.add_argument("--db", default="grading.sqlite")
    ap.add_argument("--state", default=".grading_state.pkl")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    store = StateStore(args.state)
    state = store.load(args.batch)
    db = open_db(args.db)
    try:
        while True:
            added = 0
            try:
                for line in read_new_lines(args.feed, state):
                    added += ingest(line, state)
            except FileNotFoundError:
                log.warning("feed %s not present yet", args.feed)
            if added:
                write_summary(db, state)
                store.save(state)
                avg = state.weight_sum / max(state.total, 1)
                log.info("batch %s: +%d eggs, total %d, avg %.1f g", state.batch_id, added, state.total, avg)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        store.save(state)
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
