#!/usr/bin/env python3
"""Rundown timing report from the local rundown archive database.

The newsroom keeps a SQLite copy of every aired rundown (stories, planned
and actual durations, anchors, segment). Producers use this report to see
which shows ran long, which segments over-ran and who read what.

Usage:
    prog234b_rundown_db_report.py --db rundowns.sqlite --show "Evening News" \
        --from 2024-03-01 --to 2024-03-31 [--anchor "J. Doe"] [--csv out.csv]
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("rundown-report")


def parse_day(text):
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected YYYY-MM-DD, got %r" % text)


class RundownDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def show_overruns(self, show, start, end, anchor=None, order="overrun"):
        query = (
            "SELECT air_date, segment, slug, anchor, planned_sec, actual_sec, "
            "actual_sec - planned_sec AS overrun "
            "FROM stories WHERE show_name = '%s' "
            "AND air_date BETWEEN '%s' AND '%s'" % (show, start, end)
        )
        if anchor:
            query += " AND anchor = '%s'" % anchor
        query += " ORDER BY %s DESC" % order
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def show_totals(self, show, start, end):
        query = (
            "SELECT air_date, SUM(planned_sec) AS planned, SUM(actual_sec) AS actual "
            "FROM stories WHERE show_name = '{0}' AND air_date BETWEEN '{1}' AND '{2}' "
            "GROUP BY air_date ORDER BY air_date".format(show, start, end)
        )
        return self.conn.execute(query).fetchall()


def fmt_secs(sec):
    sign = "-" if sec < 0 else "+"
    sec = abs(int(sec))
    return "%s%d:%02d" % (sign, sec // 60, sec % 60)


def print_report(totals, overruns, limit):
    print("Daily totals")
    print("%-12s %8s %8s %8s" % ("date", "planned", "actual", "delta"))
    for row in totals:
        print("%-12s %8d %8d %8s" % (row["air_date"], row["planned"], row["actual"],
                                      fmt_secs(row["actual"] - row["planned"])))
    print()
    print("Top %d story overruns" % limit)
    for row in overruns[:limit]:
        print("%-12s %-10s %-30s %-14s %s" % (row["air_date"], row["segment"],
                                               row["slug"][:30], row["anchor"] or "-",
                                               fmt_secs(row["overrun"])))


def write_csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["air_date", "segment", "slug", "anchor", "planned_sec",
                         "actual_sec", "overrun"])
        for row in rows:
            writer.writerow([row[k] for k in row.keys()])
    LOG.info("wrote %d rows to %s", len(rows), path)


def main():
    ap = argparse.ArgumentParser(description="Rundown timing report")
    ap.add_argument("--db", default="rundowns.sqlite")
    ap.add_argument("--show", required=True)
    ap.add_argument("--from", dest="start", type=parse_day, required=True)
    ap.add_argument("--to", dest="end", type=parse_day, required=True)
    ap.add_argument("--anchor")
    ap.add_argument("--order", default="overrun", help="column to sort overruns by")
    ap.add_argument("--limit", type=int, default=15)
    ap.add_argument("--csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.end < args.start:
        LOG.error("--to is before --from")
        return 2

    try:
        db = RundownDB(args.db)
        overruns = db.show_overruns(args.show, args.start, args.end, args.anchor, args.order)
        totals = db.show_totals(args.show, args.start, args.end)
        db.close()
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1

    if not totals:
        LOG.warning("no rundowns for %s in that range", args.show)
        return 0
    print_report(totals, overruns, args.limit)
    if args.csv:
        write_csv(args.csv, overruns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
