#!/usr/bin/env python3
"""Import hire fleet maintenance job sheets into the yard's SQLite log.

Engineers fill in a YAML job sheet per job on the yard tablet, e.g.

    boat: NB-HERON
    date: 2024-04-12
    engineer: dave
    engine_hours: 4381.5
    jobs:
      - {code: OIL, desc: "engine oil and filter", parts: ["LF3349"], minutes: 45}
      - {code: IMP, desc: "raw water impeller", parts: ["JAB-1210"], minutes: 30}

The sheets are dropped into ./jobsheets/ and this tool loads them into
maintenance.db, then moves each imported sheet into ./jobsheets/done/.
"""
import argparse
import logging
import shutil
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("jobsheet-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS service (
    id INTEGER PRIMARY KEY,
    boat TEXT NOT NULL,
    date TEXT NOT NULL,
    engineer TEXT,
    engine_hours REAL,
    sheet TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS job (
    service_id INTEGER REFERENCES service(id),
    code TEXT,
    description TEXT,
    parts TEXT,
    minutes INTEGER
);
"""


def open_db(path):
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    return db


def load_sheet(path):
    with open(path, encoding="utf-8") as fh:
        sheet = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(sheet, dict) or "boat" not in sheet:
        raise ValueError("not a job sheet")
    sheet.setdefault("jobs", [])
    return sheet


def already_imported(db, sheet_name):
    cur = db.execute(f"SELECT 1 FROM service WHERE sheet = '{sheet_name}'")
    return cur.fetchone() is not None


def insert_sheet(db, sheet_name, sheet):
    boat = str(sheet["boat"]).upper()
    engineer = sheet.get("engineer", "")
    hours = float(sheet.get("engine_hours") or 0)
    sql = (
        "INSERT INTO service (boat, date, engineer, engine_hours, sheet) "
        f"VALUES ('{boat}', '{sheet['date']}', '{engineer}', {hours}, '{sheet_name}')"
    )
    cur = db.execute(sql)
    service_id = cur.lastrowid
    for job in sheet["jobs"]:
        parts = ",".join(job.get("parts", []))
        db.execute(
            "INSERT INTO job (service_id, code, description, parts, minutes) "
            f"VALUES ({service_id}, '{job.get('code', '')}', '{job.get('desc', '')}', "
            f"'{parts}', {int(job.get('minutes', 0))})"
        )
    return len(sheet["jobs"])


def hours_report(db):
    q = """SELECT boat, MAX(engine_hours), COUNT(*) FROM service
           GROUP BY boat ORDER BY boat"""
    for boat, hours, visits in db.execute(q):
        print(f"{boat:16} {hours:8.1f} h  {visits} visits")


def main(argv=None):
    ap = argparse.ArgumentParser(description="import maintenance job sheets")
    ap.add_argument("--sheets", type=Path, default=Path("jobsheets"))
    ap.add_argument("--db", default="maintenance.db")
    ap.add_argument("--report", action="store_true", help="print engine hours per boat")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    db = open_db(args.db)
    done_dir = args.sheets / "done"
    done_dir.mkdir(parents=True, exist_ok=True)

    imported = failed = 0
    for path in sorted(args.sheets.glob("*.y*ml")):
        if already_imported(db, path.name):
            log.info("%s already imported, skipping", path.name)
            continue
        try:
            sheet = load_sheet(path)
            n = insert_sheet(db, path.name, sheet)
            db.commit()
        except (yaml.YAMLError, ValueError, KeyError, sqlite3.Error) as exc:
            db.rollback()
            log.error("%s: %s", path.name, exc)
            failed += 1
            continue
        shutil.move(str(path), done_dir / path.name)
        log.info("%s: %s, %d job(s)", path.name, sheet["boat"], n)
        imported += 1

    log.info("imported %d sheet(s), %d failed", imported, failed)
    if args.report:
        hours_report(db)
    db.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
