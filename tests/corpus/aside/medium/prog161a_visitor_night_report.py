#!/usr/bin/env python3
"""Attendance report for public viewing nights, plus rain-check vouchers.

When a viewing night is clouded out, each booking gets a voucher code for
a later night.  The report lists attendance per night and, with --clouded,
issues the vouchers for that night.
"""
import argparse
import csv
import logging
import random
import sqlite3
import string
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("visitor-report")

DB_DEFAULT = Path("visitors.sqlite3")
VOUCHER_ALPHABET = string.ascii_uppercase + string.digits


def connect(path):
    conn = sqlite3.connect(str(path))
    conn.execute("""CREATE TABLE IF NOT EXISTS vouchers (
                        code TEXT PRIMARY KEY, booking_id INTEGER,
                        issued TEXT, redeemed INTEGER DEFAULT 0)""")
    return conn


def attendance(conn, month, session_type):
    where = f"strftime('%Y-%m', night) = '{month}'"
    if session_type:
        where += f" AND session_type = '{session_type}'"
    sql = ("SELECT night, session_type, COUNT(*), SUM(party_size), "
           "SUM(checked_in) FROM bookings WHERE " + where +
           " GROUP BY night, session_type ORDER BY night")
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def new_code(length=8):
    return "".join(random.choice(VOUCHER_ALPHABET) for _ in range(length))


def issue_vouchers(conn, night):
    rows = conn.execute(
        "SELECT id, email FROM bookings WHERE night = '%s' AND cancelled = 0" % night
    ).fetchall()
    issued = []
    for booking_id, email in rows:
        code = new_code()
        conn.execute(
            "INSERT INTO vouchers (code, booking_id, issued) VALUES ('{}', {}, '{}')"
            .format(code, booking_id, date.today().isoformat())
        )
        issued.append((booking_id, email, code))
    conn.commit()
    return issued


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    LOG.info("wrote %s (%d rows)", path, len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=DB_DEFAULT)
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--session-type", help="e.g. family, astrophotography, school")
    ap.add_argument("--clouded", metavar="YYYY-MM-DD",
                    help="issue rain-check vouchers for this night")
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        LOG.error("no database at %s", args.db)
        return 1
    args.out.mkdir(exist_ok=True)
    conn = connect(args.db)
    rows = attendance(conn, args.month, args.session_type)
    write_csv(args.out / f"attendance-{args.month}.csv",
              ["night", "session", "bookings", "visitors", "checked_in"], rows)
    total = sum(r[3] or 0 for r in rows)
    print(f"{args.month}: {len(rows)} sessions, {total} visitors booked")

    if args.clouded:
        vouchers = issue_vouchers(conn, args.clouded)
        write_csv(args.out / f"vouchers-{args.clouded}.csv",
                  ["booking_id", "email", "code"], vouchers)
        print(f"issued {len(vouchers)} vouchers for {args.clouded}")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
