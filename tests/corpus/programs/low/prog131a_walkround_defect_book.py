#!/usr/bin/env python3
"""Driver walk-round defect logger for the depot workshop.

Drivers (or the yard supervisor on their behalf) record defects found on the
daily walk-round check.  Defects go into a local SQLite book (defects.db) and
vehicle details are filled in from the fleet register API the first time a
registration is seen.

    walkround_defect_book.py add BX19KLM "nearside mirror cracked" --severity minor
    walkround_defect_book.py open
    walkround_defect_book.py close 42 --note "mirror glass replaced"
"""

import argparse
import json
import logging
import os
import sqlite3
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone

log = logging.getLogger("defects")

DB_PATH = os.environ.get("DEFECT_DB", "defects.db")
FLEET_API = os.environ.get("FLEET_REGISTER_URL", "https://fleet.coachline.example.net/api/vehicles")
SEVERITIES = ("advisory", "minor", "major", "dangerous")

SCHEMA = """
CREATE TABLE IF NOT EXISTS vehicles (reg TEXT PRIMARY KEY, fleet_no TEXT, make TEXT, model TEXT);
CREATE TABLE IF NOT EXISTS defects (
    id INTEGER PRIMARY KEY AUTOINCREMENT, reg TEXT NOT NULL, description TEXT NOT NULL,
    severity TEXT NOT NULL, reported_at TEXT NOT NULL, closed_at TEXT, note TEXT
);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def lookup_vehicle(reg):
    url = f"{FLEET_API}/{urllib.parse.quote(reg)}"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.load(resp)
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("fleet register lookup for %s failed: %s", reg, exc)
        return {}


def ensure_vehicle(conn, reg):
    row = conn.execute("SELECT reg FROM vehicles WHERE reg = ?", (reg,)).fetchone()
    if row:
        return
    info = lookup_vehicle(reg)
    conn.execute(
        "INSERT INTO vehicles (reg, fleet_no, make, model) VALUES (?, ?, ?, ?)",
        (reg, info.get("fleet_no"), info.get("make"), info.get("model")),
    )


def cmd_add(conn, args):
    reg = args.reg.replace(" ", "").upper()
    ensure_vehicle(conn, reg)
    cur = conn.execute(
        "INSERT INTO defects (reg, description, severity, reported_at) VALUES (?, ?, ?, ?)",
        (reg, args.description, args.severity, datetime.now(timezone.utc).isoformat()),
    )
    conn.commit()
    print(f"defect #{cur.lastrowid} logged against {reg}")
    if args.severity == "dangerous":
        print("VEHICLE OFF ROAD: do not allocate to a duty until cleared by the workshop")


def cmd_open(conn, args):
    rows = conn.execute(
        "SELECT d.id, d.reg, v.fleet_no, d.severity, d.description, d.reported_at "
        "FROM defects d LEFT JOIN vehicles v ON v.reg = d.reg "
        "WHERE d.closed_at IS NULL ORDER BY d.reported_at"
    ).fetchall()
    for r in rows:
        print(f"#{r['id']:<5} {r['reg']:<9} {r['fleet_no'] or '-':<6} {r['severity']:<9} {r['description']}")
    if not rows:
        print("no open defects")


def cmd_close(conn, args):
    cur = conn.execute(
        "UPDATE defects SET closed_at = ?, note = ? WHERE id = ? AND closed_at IS NULL",
        (datetime.now(timezone.utc).isoformat(), args.note, args.defect_id),
    )
    conn.commit()
    print("closed" if cur.rowcount else f"no open defect #{args.defect_id}")


def main():
    parser = argparse.ArgumentParser(description="Walk-round defect logger")
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("add")
    p_add.add_argument("reg")
    p_add.add_argument("description")
    p_add.add_argument("--severity", choices=SEVERITIES, default="minor")
    sub.add_parser("open")
    p_close = sub.add_parser("close")
    p_close.add_argument("defect_id", type=int)
    p_close.add_argument("--note", default="")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    handlers = {"add": cmd_add, "open": cmd_open, "close": cmd_close}
    with connect() as conn:
        handlers[args.cmd](conn, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
