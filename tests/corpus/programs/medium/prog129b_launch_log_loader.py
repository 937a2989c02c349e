#!/usr/bin/env python3
"""Import launch log exports into the station's local SQLite database.

The coxswain's launch sheets are exported from the tablet as CSV (one row
per service launch). This loader normalises the columns, de-duplicates on
(date, boat, time_launched) and loads them into ``launches.db`` for the
annual return and the shout map on the crew-room screen.

    launch_log_loader.py exports/*.csv --db launches.db
"""

import argparse
import csv
import glob
import logging
import sqlite3
import sys
from datetime import datetime

log = logging.getLogger("launch_load")

COLUMNS = ["date", "boat", "time_launched", "time_returned", "coxswain", "crew",
           "casualty_type", "casualty_name", "casualty_phone", "position", "outcome"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS launches (
    date TEXT, boat TEXT, time_launched TEXT, time_returned TEXT,
    coxswain TEXT, crew TEXT, casualty_type TEXT, casualty_name TEXT,
    casualty_phone TEXT, position TEXT, outcome TEXT,
    imported_at TEXT,
    PRIMARY KEY (date, boat, time_launched)
)
"""

ALIASES = {"launched": "time_launched", "returned": "time_returned", "cox": "coxswain",
           "lat/lon": "position", "casualty": "casualty_name", "phone": "casualty_phone"}


def normalise(row):
    out = {}
    for key, value in row.items():
        if key is None:
            continue
        k = key.strip().lower()
        k = ALIASES.get(k, k.replace(" ", "_"))
        if k in COLUMNS:
            out[k] = (value or "").strip()
    for fmt in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%y"):
        try:
            out["date"] = datetime.strptime(out.get("date", ""), fmt).date().isoformat()
            break
        except ValueError:
            continue
    return out


def read_exports(patterns):
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            with open(path, newline="", encoding="utf-8-sig") as fh:
                for n, row in enumerate(csv.DictReader(fh), start=2):
                    rec = normalise(row)
                    if not rec.get("date") or not rec.get("boat"):
                        log.warning("%s:%d missing date/boat, skipped", path, n)
                        continue
                    yield rec


def sql_value(v):
    return "'" + str(v).replace("'", "''") + "'"


def load(db_path, records):
    conn = sqlite3.connect(db_path)
    conn.execute(SCHEMA)
    now = datetime.utcnow().isoformat(timespec="seconds")
    inserted = skipped = 0
    for rec in records:
        values = ", ".join(sql_value(rec.get(c, "")) for c in COLUMNS)
        sql = (f"INSERT OR IGNORE INTO launches ({', '.join(COLUMNS)}, imported_at) "
               f"VALUES ({values}, '{now}')")
        cur = conn.execute(sql)
        if cur.rowcount:
            inserted += 1
        else:
            skipped += 1
    conn.commit()
    conn.close()
    return inserted, skipped


def summary(db_path, year):
    conn = sqlite3.connect(db_path)
    rows = conn.execute(
        f"SELECT boat, COUNT(*) FROM launches WHERE date LIKE '{year}-%' GROUP BY boat"
    ).fetchall()
    conn.close()
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import launch log CSV exports")
    ap.add_argument("exports", nargs="+", help="CSV files or glob patterns")
    ap.add_argument("--db", default="launches.db")
    ap.add_argument("--year", help="print per-boat launch counts for this year")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    records = list(read_exports(args.exports))
    if not records:
        log.error("no launch records found")
        return 1
    try:
        inserted, skipped = load(args.db, records)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    log.info("imported %d launches (%d already present)", inserted, skipped)

    if args.year:
        for boat, count in summary(args.db, args.year):
            print(f"{boat}\t{count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
