#!/usr/bin/env python3
"""Monthly bookings report for the village hall treasurer.

Queries the bookings database for a hirer or room, then hands the rows to a
small shell pipeline that sorts them and lines the columns up for printing.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
import tempfile

LOG = logging.getLogger("booking_report")

FORMAT_SCRIPT = r"""#!/bin/bash
# input: tab separated rows on stdin
sort -t $'\t' -k1,1 -k2,2 | column -t -s $'\t' | \
    awk -v title="$REPORT_TITLE" 'BEGIN{print title; print "----------------"} {print} END{print "----------------"; print NR " booking(s)"}'
"""


class BookingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS bookings (id INTEGER PRIMARY KEY, day TEXT, "
            "room TEXT, hirer TEXT, hours REAL, rate REAL, paid INTEGER DEFAULT 0)"
        )

    def search(self, month, hirer=None, room=None, unpaid=False):
        query = f"SELECT day, room, hirer, hours, hours * rate FROM bookings WHERE day LIKE '{month}%'"
        if hirer:
            query += f" AND hirer LIKE '%{hirer}%'"
        if room:
            query += f" AND room = '{room}'"
        if unpaid:
            query += " AND paid = 0"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def format_rows(rows, title):
    fd, script = tempfile.mkstemp(prefix="report_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FORMAT_SCRIPT)
    data = "\n".join(
        f"{day}\t{room}\t{hirer}\t{hours:.1f}h\t£{amount:.2f}" for day, room, hirer, hours, amount in rows
    )
    try:
        proc = subprocess.run(["bash", script], input=data + "\n", text=True,
                              capture_output=True, env=dict(os.environ, REPORT_TITLE=title))
    finally:
        os.unlink(script)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return proc.stdout


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("month", help="YYYY-MM")
    p.add_argument("--db", default="bookings.db")
    p.add_argument("--hirer")
    p.add_argument("--room")
    p.add_argument("--unpaid", action="store_true")
    p.add_argument("-o", "--output", help="write report to this file")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    store = BookingStore(args.db)
    try:
        rows = store.search(args.month, args.hirer, args.room, args.unpaid)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        store.close()
    if not rows:
        LOG.info("no bookings for %s", args.month)
        return 0
    total = sum(r[4] for r in rows)
    try:
        text = format_rows(rows, f"Bookings {args.month}")
    except RuntimeError as exc:
        LOG.error("formatting failed: %s", exc)
        return 1
    text += f"Total due: £{total:.2f}\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
        LOG.info("report written to %s", args.output)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
