#!/usr/bin/env python3
"""Look up and summarise tee times for the starter's hut.

Queries the club's SQLite booking database for a member name or a date,
prints the matching tee times, and can write a small shell snippet that the
starter's display script sources to show the next groups.
"""
import argparse
import datetime as dt
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("tee_lookup")

DB_DEFAULT = Path("bookings.db")

QUERY_SCRIPT = """#!/bin/bash
sqlite3 -separator '|' "$BOOKING_DB" <<'SQL'
{sql}
SQL
"""


class BookingQuery:
    def __init__(self, db: Path):
        self.db = db

    def build(self, member: str = None, day: str = None, course: str = None) -> str:
        clauses = []
        if member:
            clauses.append(f"m.last_name LIKE '%{member}%'")
        if day:
            clauses.append(f"date(b.tee_time) = '{day}'")
        if course:
            clauses.append(f"b.course = '{course}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        return (
            "SELECT b.tee_time, b.course, m.first_name || ' ' || m.last_name, b.players "
            "FROM bookings b JOIN members m ON m.id = b.member_id "
            f"WHERE {where} ORDER BY b.tee_time;"
        )

    def run(self, sql: str) -> list:
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(QUERY_SCRIPT.format(sql=sql))
            script = fh.name
        try:
            res = subprocess.run(["bash", script], capture_output=True, text=True,
                                 env=dict(os.environ, BOOKING_DB=str(self.db)),
                                 timeout=30)
        finally:
            os.unlink(script)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip())
        rows = []
        for line in res.stdout.splitlines():
            parts = line.split("|")
            if len(parts) == 4:
                rows.append(parts)
        return rows


def print_rows(rows) -> None:
    if not rows:
        print("no bookings found")
        return
    print(f"{'tee time':<17} {'course':<8} {'member':<24} players")
    for tee, course, name, players in rows:
        print(f"{tee:<17} {course:<8} {name:<24} {players}")


def write_display_snippet(rows, path: Path, limit: int) -> None:
    now = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    upcoming = [r for r in rows if r[0] >= now][:limit]
    lines = [f"NEXT_GROUP_{i}='{r[0][11:16]} {r[2]} ({r[3]})'"
             for i, r in enumerate(upcoming, 1)]
    lines.append(f"NEXT_GROUP_COUNT={len(upcoming)}")
    path.write_text("\n".join(lines) + "\n")
    LOG.info("display snippet with %d groups written to %s", len(upcoming), path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=DB_DEFAULT)
    ap.add_argument("--member", help="part of a member's last name")
    ap.add_argument("--date", help="YYYY-MM-DD, default today",
                    default=dt.date.today().isoformat())
    ap.add_argument("--course", choices=["north", "south", "par3"])
    ap.add_argument("--display", type=Path, help="write starter display snippet")
    ap.add_argument("--limit", type=int, default=6)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 1
    q = BookingQuery(args.db)
    sql = q.build(args.member, args.date, args.course)
    LOG.debug("sql: %s", sql)
    try:
        rows = q.run(sql)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("query failed: %s", exc)
        return 1
    print_rows(rows)
    if args.display:
        write_display_snippet(rows, args.display, args.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
