#!/usr/bin/env python3
"""Look up past roofing quotes in the office quote database.

Estimators use this from the terminal to find comparable jobs before
pricing a new one: filter by postcode area, roof covering, pitch range and
date, and print a table or CSV with the price per square metre.

    quote_lookup.py --area GL7 --covering "welsh slate" --since 2023-01-01
"""

import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

LOG = logging.getLogger("quote-lookup")

COLUMNS = ("ref", "quoted_on", "postcode", "covering", "pitch_deg",
           "area_m2", "total_gbp", "status")
SORTABLE = {"date": "quoted_on", "price": "total_gbp", "area": "area_m2"}


class QuoteQuery:
    """Builds the WHERE clause from whichever filters were given."""

    def __init__(self, table="quotes"):
        self.table = table
        self.clauses = []

    def area(self, prefix):
        if prefix:
            self.clauses.append(f"postcode LIKE '{prefix.upper()}%'")
        return self

    def covering(self, name):
        if name:
            self.clauses.append(f"lower(covering) = '{name.lower()}'")
        return self

    def pitch(self, low, high):
        if low is not None:
            self.clauses.append(f"pitch_deg >= {low}")
        if high is not None:
            self.clauses.append(f"pitch_deg <= {high}")
        return self

    def since(self, day):
        if day:
            self.clauses.append(f"quoted_on >= '{day}'")
        return self

    def status(self, value):
        if value:
            self.clauses.append(f"status = '{value}'")
        return self

    def sql(self, order, limit):
        where = " AND ".join(self.clauses) or "1=1"
        return (f"SELECT {', '.join(COLUMNS)} FROM {self.table} "
                f"WHERE {where} ORDER BY {order} DESC LIMIT {int(limit)}")


def fetch(db_path, sql):
    LOG.debug("query: %s", sql)
    with closing(sqlite3.connect(db_path)) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(r) for r in conn.execute(sql)]


def with_rate(rows):
    for row in rows:
        area = row.get("area_m2") or 0
        row["gbp_per_m2"] = round(row["total_gbp"] / area, 2) if area else None
        yield row


def print_table(rows):
    headers = COLUMNS + ("gbp_per_m2",)
    widths = {h: max(len(h), *(len(str(r.get(h, ""))) for r in rows)) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers))
    print("  ".join("-" * widths[h] for h in headers))
    for r in rows:
        print("  ".join(str(r.get(h, "")).ljust(widths[h]) for h in headers))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", type=Path, default=Path("quotes.sqlite3"))
    ap.add_argument("--area", help="postcode area or district, e.g. GL7 or OX")
    ap.add_argument("--covering")
    ap.add_argument("--min-pitch", type=float)
    ap.add_argument("--max-pitch", type=float)
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--status", choices=["won", "lost", "open"])
    ap.add_argument("--sort", choices=sorted(SORTABLE), default="date")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--csv", action="store_true", help="write CSV to stdout")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.db.exists():
        LOG.error("no database at %s", args.db)
        return 2

    query = (QuoteQuery().area(args.area).covering(args.covering)
             .pitch(args.min_pitch, args.max_pitch).since(args.since)
             .status(args.status))
    try:
        rows = list(with_rate(fetch(args.db, query.sql(SORTABLE[args.sort], args.limit))))
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1

    if not rows:
        print("no matching quotes")
        return 0
    if args.csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
