#!/usr/bin/env python3
"""Sales report from the token-booth SQLite database.

The booth tills write every sale into sales.db. The owner wants a quick
breakdown per ride, per day and per booth for the ground we're on.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("sales-report")

GROUPINGS = {
    "ride": "ride_name",
    "day": "date(sold_at)",
    "booth": "booth_id",
}


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def build_query(group, start, end, ride=None, booth=None):
    column = GROUPINGS[group]
    where = ["sold_at >= '%s'" % start, "sold_at < '%s'" % end]
    if ride:
        where.append("ride_name = '%s'" % ride)
    if booth:
        where.append("booth_id = '%s'" % booth)
    return (
        "SELECT {col} AS bucket, COUNT(*) AS tickets, SUM(price_pence) AS pence "
        "FROM sales WHERE {cond} GROUP BY {col} ORDER BY pence DESC"
    ).format(col=column, cond=" AND ".join(where))


def fetch(conn, sql):
    LOG.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def print_table(rows, group):
    total_t = total_p = 0
    print("%-24s %8s %12s" % (group.upper(), "TICKETS", "TAKINGS"))
    for r in rows:
        pence = r["pence"] or 0
        print("%-24s %8d %12s" % (r["bucket"], r["tickets"], "£%.2f" % (pence / 100)))
        total_t += r["tickets"]
        total_p += pence
    print("-" * 46)
    print("%-24s %8d %12s" % ("TOTAL", total_t, "£%.2f" % (total_p / 100)))


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["bucket", "tickets", "pence"])
        for r in rows:
            w.writerow([r["bucket"], r["tickets"], r["pence"]])
    LOG.info("wrote %s", path)


def parse_args(argv):
    today = date.today()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="sales.db")
    ap.add_argument("--group", choices=sorted(GROUPINGS), default="ride")
    ap.add_argument("--start", default=str(today - timedelta(days=7)))
    ap.add_argument("--end", default=str(today + timedelta(days=1)))
    ap.add_argument("--ride", help="only this ride, e.g. 'Waltzer'")
    ap.add_argument("--booth", help="only this booth id")
    ap.add_argument("--csv", help="also write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    conn = connect(args.db)
    try:
        sql = build_query(args.group, args.start, args.end, args.ride, args.booth)
        rows = fetch(conn, sql)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        conn.close()
    if not rows:
        print("no sales in that range")
        return 0
    print_table(rows, args.group)
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
