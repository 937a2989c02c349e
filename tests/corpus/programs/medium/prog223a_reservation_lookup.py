#!/usr/bin/env python3
"""Reservation lookup for the front desk.

Searches the local PMS reservation database (SQLite replica) by guest surname,
arrival date range and status, writes the matches as TSV into ./out and prints
them as an aligned table using the shell's `column` tool.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("res_lookup")
STATUSES = ("CONFIRMED", "IN_HOUSE", "CHECKED_OUT", "CANCELLED", "NO_SHOW")
COLUMNS = ("conf_no", "last_name", "first_name", "room_no", "arrival",
           "departure", "status", "rate_code")


class ReservationQuery:
    def __init__(self, surname=None, arrival_from=None, arrival_to=None,
                 status=None, limit=50):
        self.surname = surname
        self.arrival_from = arrival_from
        self.arrival_to = arrival_to
        self.status = status
        self.limit = limit

    def to_sql(self):
        clauses = []
        if self.surname:
            clauses.append(f"g.last_name LIKE '{self.surname}%'")
        if self.arrival_from:
            clauses.append(f"r.arrival >= '{self.arrival_from}'")
        if self.arrival_to:
            clauses.append(f"r.arrival <= '{self.arrival_to}'")
        if self.status:
            clauses.append(f"r.status = '{self.status}'")
        where = " AND ".join(clauses) or "1=1"
        return (
            "SELECT r.conf_no, g.last_name, g.first_name, r.room_no, r.arrival, "
            "r.departure, r.status, r.rate_code "
            "FROM reservations r JOIN guests g ON g.id = r.guest_id "
            f"WHERE {where} ORDER BY r.arrival, g.last_name LIMIT {self.limit}"
        )


def run_query(db_path, query):
    sql = query.to_sql()
    LOG.debug("sql: %s", sql)
    try:
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise SystemExit(f"cannot open {db_path}: {exc}")
    try:
        return conn.execute(sql).fetchall()
    except sqlite3.Error as exc:
        raise SystemExit(f"query failed: {exc}")
    finally:
        conn.close()


def write_tsv(rows, out_dir):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"lookup_{date.today():%Y%m%d}.tsv"
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh, delimiter="\t")
        writer.writerow(COLUMNS)
        writer.writerows(rows)
    return path


def print_table(path):
    cmd = 'column -t -s "$(printf \'\\t\')" < "$TSV_FILE"'
    env = dict(os.environ, TSV_FILE=str(path))
    proc = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("column failed (%s); printing raw", proc.stderr.strip())
        print(path.read_text())
    else:
        print(proc.stdout, end="")


def main():
    parser = argparse.ArgumentParser(description="look up reservations")
    parser.add_argument("--db", default=os.environ.get("PMS_DB", "./data/pms.sqlite"))
    parser.add_argument("--surname")
    parser.add_argument("--from", dest="arrival_from", help="YYYY-MM-DD")
    parser.add_argument("--to", dest="arrival_to", help="YYYY-MM-DD")
    parser.add_argument("--status", type=str.upper, choices=STATUSES)
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--out", default="./out")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        LOG.error("database %s not found", args.db)
        return 1
    query = ReservationQuery(args.surname, args.arrival_from, args.arrival_to,
                             args.status, max(1, min(args.limit, 500)))
    rows = run_query(args.db, query)
    if not rows:
        LOG.info("no reservations match")
        return 0
    path = write_tsv(rows, args.out)
    LOG.info("%d reservation(s), saved to %s", len(rows), path)
    print_table(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
