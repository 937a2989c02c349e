#!/usr/bin/env python3
"""Import the season's show schedule into the scheduling database.

The programme team edits the schedule as YAML (one file per month). This
script loads those files and (re)creates the show slots in SQLite so the
ticketing and dome control systems see the same timetable.
"""

import argparse
import datetime as dt
import glob
import logging
import os
import sqlite3

import yaml

LOG = logging.getLogger("schedule-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS slots (
    id INTEGER PRIMARY KEY,
    show_code TEXT NOT NULL,
    title TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    duration_min INTEGER NOT NULL,
    language TEXT DEFAULT 'en',
    capacity INTEGER DEFAULT 180
)
"""


class ScheduleDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def clear_month(self, year, month):
        prefix = f"{year:04d}-{month:02d}"
        self.conn.execute(f"DELETE FROM slots WHERE starts_at LIKE '{prefix}%'")

    def add_slot(self, slot):
        sql = (
            "INSERT INTO slots (show_code, title, starts_at, duration_min, language, capacity) "
            f"VALUES ('{slot['code']}', '{slot['title']}', '{slot['starts_at']}', "
            f"{int(slot['duration'])}, '{slot.get('lang', 'en')}', {int(slot.get('capacity', 180))})"
        )
        self.conn.execute(sql)

    def find(self, title_fragment):
        q = f"SELECT starts_at, title FROM slots WHERE title LIKE '%{title_fragment}%' ORDER BY starts_at"
        return self.conn.execute(q).fetchall()

    def commit(self):
        self.conn.commit()


def load_month(path):
    with open(path) as fh:
        # files may contain custom tags from the old planning tool
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or "month" not in doc:
        raise ValueError(f"{path}: missing 'month' key")
    year, month = (int(x) for x in str(doc["month"]).split("-"))
    return year, month, doc.get("slots", [])


def normalise(slot):
    start = slot["starts_at"]
    if isinstance(start, str):
        start = dt.datetime.fromisoformat(start)
    slot["starts_at"] = start.strftime("%Y-%m-%d %H:%M")
    return slot


def import_dir(db, folder):
    total = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        try:
            year, month, slots = load_month(path)
        except (OSError, ValueError, yaml.YAMLError) as exc:
            LOG.error("skipping %s: %s", path, exc)
            continue
        db.clear_month(year, month)
        for slot in slots:
            try:
                db.add_slot(normalise(slot))
                total += 1
            except (KeyError, ValueError, sqlite3.Error) as exc:
                LOG.warning("bad slot in %s: %s (%s)", path, slot, exc)
        LOG.info("%s: %d slots", os.path.basename(path), len(slots))
    db.commit()
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", help="folder with YYYY-MM.yaml files")
    ap.add_argument("--db", default="schedule.sqlite")
    ap.add_argument("--find", help="list slots whose title contains this text")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    db = ScheduleDB(args.db)
    n = import_dir(db, args.folder)
    LOG.info("imported %d slots into %s", n, args.db)
    if args.find:
        for starts_at, title in db.find(args.find):
            print(f"{starts_at}  {title}")


if __name__ == "__main__":
    main()
