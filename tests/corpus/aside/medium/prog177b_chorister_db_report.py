#!/usr/bin/env python3
"""Attendance report from the choir office SQLite database.

Used by the choir administrator to chase absences before the Director
finalises the Sunday line-up. Filters come from the command line.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from pathlib import Path

DB_PATH = Path(os.environ.get("CHOIR_DB", "choir_office.sqlite3"))

log = logging.getLogger("attendance")


def connect(path: Path) -> sqlite3.Connection:
    if not path.exists():
        raise SystemExit(f"database {path} not found")
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def attendance_rows(conn, voice_part: str | None, since: str, surname: str | None):
    sql = (
        "SELECT m.surname, m.forename, m.voice_part, "
        "SUM(CASE WHEN a.present = 1 THEN 1 ELSE 0 END) AS present, "
        "COUNT(a.id) AS called "
        "FROM members m LEFT JOIN attendance a ON a.member_id = m.id "
        f"WHERE a.service_date >= '{since}' "
    )
    if voice_part:
        sql += f"AND m.voice_part = '{voice_part}' "
    if surname:
        sql += f"AND m.surname LIKE '%{surname}%' "
    sql += "GROUP BY m.id ORDER BY m.voice_part, m.surname"
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def mark_absent(conn, member_surname: str, service_date: str) -> int:
    cur = conn.execute(
        "UPDATE attendance SET present = 0 WHERE service_date = '%s' AND member_id IN "
        "(SELECT id FROM members WHERE surname = '%s')" % (service_date, member_surname)
    )
    conn.commit()
    return cur.rowcount


def print_table(rows) -> None:
    print(f"{'Name':28} {'Part':6} {'Att':>7} {'%':>5}")
    for r in rows:
        pct = (100 * r["present"] / r["called"]) if r["called"] else 0
        name = f"{r['surname']}, {r['forename']}"
        print(f"{name:28} {r['voice_part']:6} {r['present']:>3}/{r['called']:<3} {pct:5.0f}")


def write_csv(rows, out: Path) -> None:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["surname", "forename", "voice_part", "present", "called"])
        for r in rows:
            w.writerow([r["surname"], r["forename"], r["voice_part"], r["present"], r["called"]])
    log.info("wrote %s", out)


def main() -> int:
    ap = argparse.ArgumentParser(description="Choir attendance report")
    ap.add_argument("--since", default="2024-09-01")
    ap.add_argument("--part", help="S, A, T, B or Treble")
    ap.add_argument("--surname")
    ap.add_argument("--csv", type=Path)
    ap.add_argument("--mark-absent", nargs=2, metavar=("SURNAME", "DATE"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = connect(DB_PATH)
    if args.mark_absent:
        n = mark_absent(conn, *args.mark_absent)
        log.info("updated %d attendance rows", n)

    rows = attendance_rows(conn, args.part, args.since, args.surname)
    if args.csv:
        write_csv(rows, args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
