#!/usr/bin/env python3
"""Casualty care report database.

Small local database of casualty care forms filled in after shouts.
Supports adding a record, searching by shout or casualty surname, and
printing a summary sheet to the ops-room printer.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
from dataclasses import dataclass, asdict, fields
from datetime import date

log = logging.getLogger("casualty-db")

DB_PATH = os.environ.get("CASUALTY_DB", "casualty_reports.sqlite3")
PRINTER = os.environ.get("OPS_PRINTER", "ops-room-laser")


@dataclass
class Report:
    shout: str
    surname: str
    age_band: str
    condition: str
    handed_to: str
    recorded: str = date.today().isoformat()


def connect(path):
    conn = sqlite3.connect(path)
    cols = ", ".join(f"{f.name} TEXT" for f in fields(Report))
    conn.execute(f"CREATE TABLE IF NOT EXISTS reports (id INTEGER PRIMARY KEY, {cols})")
    return conn


def _quote(v):
    return "'" + str(v).replace("'", "''") + "'"


def add(conn, args):
    rep = Report(args.shout, args.surname, args.age_band, args.condition, args.handed_to)
    data = asdict(rep)
    cols = ", ".join(data)
    vals = ", ".join(_quote(v) for v in data.values())
    conn.execute(f"INSERT INTO reports ({cols}) VALUES ({vals})")
    conn.commit()
    log.info("added report for shout %s", rep.shout)


def where_clause(args):
    terms = []
    if args.shout:
        terms.append(f"shout = '{args.shout}'")
    if args.surname:
        terms.append(f"surname LIKE '%{args.surname}%'")
    return (" WHERE " + " AND ".join(terms)) if terms else ""


def search(conn, args):
    sql = "SELECT shout, surname, age_band, condition, handed_to, recorded FROM reports"
    sql += where_clause(args) + f" ORDER BY {args.order}"
    rows = conn.execute(sql).fetchall()
    for r in rows:
        print(" | ".join(r))
    return rows


def print_sheet(conn, args):
    rows = search(conn, args)
    text = "\n".join(" | ".join(r) for r in rows) or "no matching reports"
    header = f"Casualty care summary - shout {args.shout or 'all'}\n\n"
    cmd = ["lp" + "r", "-P", PRINTER, "-T", f"casualty-{args.shout or 'all'}"]
    subprocess.run(cmd, input=(header + text).encode(), check=True)
    log.info("sent %d row(s) to %s", len(rows), PRINTER)


COMMANDS = {"add": add, "search": search, "print": print_sheet}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    for name in ("shout", "surname", "age_band", "condition", "handed_to"):
        a.add_argument(f"--{name.replace('_', '-')}", dest=name, required=True)
    for name in ("search", "print"):
        s = sub.add_parser(name)
        s.add_argument("--shout")
        s.add_argument("--surname")
        s.add_argument("--order", default="recorded")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    conn = connect(DB_PATH)
    try:
        COMMANDS[args.cmd](conn, args)
    finally:
        conn.close()


if __name__ == "__main__":
    main()
