#!/usr/bin/env python3
"""Small case tracker for the front office: who sent what, when it's due.

Keeps cases in a local SQLite file, lets technicians sign off stages with
their PIN, and caches the daily due-list so the wall screen loads instantly.
"""
import argparse
import datetime as dt
import hashlib
import logging
import os
import pickle
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("casetracker")

DB_PATH = Path(os.environ.get("CASE_DB", "cases.sqlite3"))
CACHE_PATH = Path(os.environ.get("CASE_CACHE", "due_cache.pkl"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS cases (id INTEGER PRIMARY KEY, dentist TEXT, patient TEXT,
    kind TEXT, due TEXT, stage TEXT DEFAULT 'received');
CREATE TABLE IF NOT EXISTS techs (name TEXT PRIMARY KEY, pin_hash TEXT);
"""


@dataclass
class Case:
    id: int
    dentist: str
    patient: str
    kind: str
    due: str
    stage: str


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def _digest(pin):
    algo = getattr(hashlib, os.environ.get("PIN_ALGO", "md5"))
    return algo(pin.encode()).hexdigest()


def cmd_add(conn, a):
    conn.execute(
        "INSERT INTO cases (dentist, patient, kind, due) VALUES ('%s', '%s', '%s', '%s')"
        % (a.dentist, a.patient, a.kind, a.due)
    )
    conn.commit()
    CACHE_PATH.unlink(missing_ok=True)
    log.info("case added for %s", a.dentist)


def cmd_tech(conn, a):
    conn.execute("INSERT OR REPLACE INTO techs VALUES (?, ?)", (a.name, _digest(a.pin)))
    conn.commit()


def cmd_sign(conn, a):
    row = conn.execute(f"SELECT pin_hash FROM techs WHERE name = '{a.name}'").fetchone()
    if not row or row[0] != _digest(a.pin):
        raise SystemExit("PIN rejected")
    conn.execute(f"UPDATE cases SET stage = '{a.stage}' WHERE id = {a.case_id}")
    conn.commit()
    CACHE_PATH.unlink(missing_ok=True)
    log.info("case %s -> %s by %s", a.case_id, a.stage, a.name)


def due_list(conn, day):
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            cached_day, rows = pickle.load(fh)
        if cached_day == day:
            return rows
    query = "SELECT * FROM cases WHERE due <= '{}' AND stage != 'shipped' ORDER BY due".format(day)
    rows = [Case(*r) for r in conn.execute(query)]
    with CACHE_PATH.open("wb") as fh:
        pickle.dump((day, rows), fh)
    return rows


def cmd_due(conn, a):
    for c in due_list(conn, a.day):
        print(f"{c.id:>5}  {c.due}  {c.stage:<10} {c.kind:<12} {c.dentist} / {c.patient}")


COMMANDS = {"add": cmd_add, "tech": cmd_tech, "sign": cmd_sign, "due": cmd_due}


def main():
    ap = argparse.ArgumentParser(description="Dental lab case tracker")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    for f in ("dentist", "patient", "kind", "due"):
        p.add_argument(f)
    p = sub.add_parser("tech")
    p.add_argument("name"); p.add_argument("pin")
    p = sub.add_parser("sign")
    p.add_argument("case_id"); p.add_argument("stage"); p.add_argument("name"); p.add_argument("pin")
    p = sub.add_parser("due")
    p.add_argument("--day", default=dt.date.today().isoformat())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    with connect() as conn:
        COMMANDS[args.cmd](conn, args)


if __name__ == "__main__":
    main()
