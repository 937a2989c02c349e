#!/usr/bin/env python3
"""Load exported registration forms (CSV) into the academy's local SQLite store.

The online form provider exports one CSV per session week. This tool
normalises the rows, de-duplicates campers by (last name, date of birth,
guardian email) and, once the import finishes, pushes a short summary to the
registration service so the front office dashboard shows fresh counts.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import sqlite3
import sys
from pathlib import Path

import requests

log = logging.getLogger("reg_loader")

REG_API = os.environ.get("REGISTRATION_API_URL", "https://api.registrations.example/v2")
REQUIRED = ("first_name", "last_name", "dob", "guardian_email", "session")

SCHEMA = """
CREATE TABLE IF NOT EXISTS campers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    dob TEXT NOT NULL,
    guardian_email TEXT NOT NULL,
    guardian_phone TEXT,
    session TEXT NOT NULL,
    sport TEXT,
    shirt_size TEXT,
    imported_at TEXT NOT NULL,
    UNIQUE(last_name, dob, guardian_email, session)
);
"""


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv_files", nargs="+", type=Path)
    p.add_argument("--db", type=Path, default=Path("registrations.sqlite3"))
    p.add_argument("--no-summary", action="store_true", help="skip dashboard summary push")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def normalise(row):
    clean = {k.strip().lower().replace(" ", "_"): (v or "").strip() for k, v in row.items()}
    missing = [k for k in REQUIRED if not clean.get(k)]
    if missing:
        raise ValueError("missing fields: " + ", ".join(missing))
    clean["guardian_email"] = clean["guardian_email"].lower()
    clean["dob"] = dt.datetime.strptime(clean["dob"], "%m/%d/%Y").date().isoformat()
    clean["shirt_size"] = clean.get("shirt_size", "").upper() or None
    return clean


def read_rows(path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield normalise(row)
            except ValueError as exc:
                log.warning("%s:%d skipped (%s)", path.name, lineno, exc)


def import_file(conn, path):
    inserted = dupes = 0
    now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    for rec in read_rows(path):
        try:
            conn.execute(
                "INSERT INTO campers (first_name, last_name, dob, guardian_email, guardian_phone,"
                " session, sport, shirt_size, imported_at) VALUES (?,?,?,?,?,?,?,?,?)",
                (rec["first_name"], rec["last_name"], rec["dob"], rec["guardian_email"],
                 rec.get("guardian_phone"), rec["session"], rec.get("sport"),
                 rec["shirt_size"], now),
            )
            inserted += 1
        except sqlite3.IntegrityError:
            dupes += 1
    conn.commit()
    log.info("%s: %d new, %d duplicates", path.name, inserted, dupes)
    return inserted, dupes


def session_counts(conn):
    cur = conn.execute("SELECT session, COUNT(*) FROM campers GROUP BY session ORDER BY session")
    return {session: n for session, n in cur.fetchall()}


def push_summary(counts, totals):
    key = os.environ.get("REGISTRATION_API_KEY")
    if not key:
        log.info("REGISTRATION_API_KEY not set; summary not pushed")
        return
    body = {"generated": dt.datetime.now(dt.timezone.utc).isoformat(), "sessions": counts, **totals}
    resp = requests.post(
        f"{REG_API}/import-summaries",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
        data=json.dumps(body),
        timeout=15,
    )
    resp.raise_for_status()
    log.info("summary accepted (%s)", resp.status_code)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    totals = {"inserted": 0, "duplicates": 0}
    for path in args.csv_files:
        if not path.is_file():
            log.error("not a file: %s", path)
            continue
        ins, dup = import_file(conn, path)
        totals["inserted"] += ins
        totals["duplicates"] += dup
    counts = session_counts(conn)
    conn.close()
    print(json.dumps({"sessions": counts, **totals}, indent=2))
    if not args.no_summary:
        try:
            push_summary(counts, totals)
        except requests.RequestException as exc:
            log.error("summary push failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
