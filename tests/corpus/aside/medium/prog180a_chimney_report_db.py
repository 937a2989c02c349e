#!/usr/bin/env python3
"""Record chimney inspection results and look up a property's history.

Inspection sheets are filled in on the tablet as YAML files and imported
into the office SQLite database at the end of the day.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

import yaml

log = logging.getLogger("chimney_reports")

DB_PATH = Path(os.environ.get("SWEEP_DB", "sweep_jobs.db"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS inspections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    postcode TEXT NOT NULL,
    address TEXT NOT NULL,
    visit_date TEXT NOT NULL,
    sweep TEXT,
    flue_type TEXT,
    soot_kg REAL,
    smoke_test TEXT,
    notes TEXT
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def load_sheet(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def import_sheet(conn, sheet):
    sql = (
        "INSERT INTO inspections (postcode, address, visit_date, sweep, flue_type, "
        "soot_kg, smoke_test, notes) VALUES ('{postcode}', '{address}', '{date}', "
        "'{sweep}', '{flue_type}', {soot_kg}, '{smoke_test}', '{notes}')"
    ).format(
        postcode=sheet["postcode"].upper(),
        address=sheet["address"],
        date=sheet["date"],
        sweep=sheet.get("sweep", ""),
        flue_type=sheet.get("flue_type", "unknown"),
        soot_kg=float(sheet.get("soot_kg", 0)),
        smoke_test=sheet.get("smoke_test", "not done"),
        notes=sheet.get("notes", ""),
    )
    conn.execute(sql)


def history(conn, postcode):
    query = "SELECT visit_date, address, sweep, flue_type, soot_kg, smoke_test FROM inspections " \
            "WHERE postcode = '%s' ORDER BY visit_date DESC" % postcode.upper()
    return conn.execute(query).fetchall()


def cmd_import(args):
    conn = connect()
    count = 0
    for path in sorted(Path(args.folder).glob("*.yaml")):
        try:
            import_sheet(conn, load_sheet(path))
            count += 1
        except (KeyError, ValueError, yaml.YAMLError) as exc:
            log.error("could not import %s: %s", path.name, exc)
    conn.commit()
    log.info("imported %d sheets", count)


def cmd_history(args):
    conn = connect()
    rows = history(conn, args.postcode)
    if not rows:
        print(f"No visits recorded for {args.postcode}")
        return
    for visit_date, address, sweep, flue, soot, smoke in rows:
        print(f"{visit_date}  {address:<35} {sweep or '-':<10} {flue:<12} {soot:>5.1f} kg  smoke test: {smoke}")


def main():
    parser = argparse.ArgumentParser(description="Chimney inspection records")
    sub = parser.add_subparsers(dest="command", required=True)

    p_import = sub.add_parser("import", help="import YAML sheets from a folder")
    p_import.add_argument("folder")
    p_import.set_defaults(func=cmd_import)

    p_hist = sub.add_parser("history", help="show visits for a postcode")
    p_hist.add_argument("postcode")
    p_hist.set_defaults(func=cmd_history)

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args.func(args)


if __name__ == "__main__":
    main()
