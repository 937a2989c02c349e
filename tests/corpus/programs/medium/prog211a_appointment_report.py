#!/usr/bin/env python3
"""Appointment report for the grooming business.

Pulls visits from the local GroomDesk SQLite database and prints a tidy
table, optionally filtered by groomer, date range or breed.
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("report")

FORMAT_SCRIPT = r"""
if command -v column >/dev/null 2>&1; then
    sort -t, -k1,1 -k2,2 | column -s, -t
else
    sort -t, -k1,1 -k2,2 | tr ',' '\t'
fi
"""


def build_query(groomer, start, end, breed):
    sql = ("SELECT a.day, a.start_time, d.name, d.breed, c.owner, a.service, "
           "a.price FROM appointments a "
           "JOIN dogs d ON d.id = a.dog_id "
           "JOIN clients c ON c.id = d.client_id WHERE 1=1")
    if groomer:
        sql += f" AND a.groomer = '{groomer}'"
    if start:
        sql += f" AND a.day >= '{start}'"
    if end:
        sql += f" AND a.day <= '{end}'"
    if breed:
        sql += " AND d.breed LIKE '%%%s%%'" % breed
    return sql + " ORDER BY a.day, a.start_time"


def fetch(db_path, sql):
    LOG.debug("query: %s", sql)
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def render(rows):
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["day", "time", "dog", "breed", "owner", "service", "price"])
    for row in rows:
        writer.writerow([str(v).replace(",", " ") for v in row])
    proc = subprocess.run(["bash", "-c", FORMAT_SCRIPT], input=buf.getvalue(),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("formatter failed, printing raw")
        return buf.getvalue()
    return proc.stdout


def totals(rows):
    revenue = sum(float(r[6] or 0) for r in rows)
    dogs = len({r[2] for r in rows})
    return len(rows), dogs, revenue


def main(argv=None):
    p = argparse.ArgumentParser(description="Grooming appointment report")
    p.add_argument("--db", default=os.environ.get("GROOMDESK_DB",
                                                  "groomdesk.sqlite"))
    p.add_argument("--groomer")
    p.add_argument("--from", dest="start")
    p.add_argument("--to", dest="end")
    p.add_argument("--breed")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 1
    try:
        rows = fetch(args.db, build_query(args.groomer, args.start, args.end,
                                          args.breed))
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1

    print(render(rows))
    count, dogs, revenue = totals(rows)
    print(f"{count} visits, {dogs} dogs, ${revenue:,.2f} booked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
