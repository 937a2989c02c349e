#!/usr/bin/env python3
"""Ad hoc sales reports from the fleet sales database.

Office staff ask for things like "cones sold by van 7 in the park last week";
this gives them a handful of canned reports with filters on the command line.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sales-report")

DB_PATH = Path(os.environ.get("SALES_DB", "./sales.db"))


@dataclass
class Filters:
    van: str = None
    product: str = None
    pitch: str = None
    since: str = None
    until: str = None
    extra: list = field(default_factory=list)

    def clauses(self):
        parts = []
        mapping = {
            "van": "s.van_id = '{}'",
            "product": "p.name LIKE '%{}%'",
            "pitch": "s.pitch = '{}'",
            "since": "s.sold_at >= '{}'",
            "until": "s.sold_at < '{}'",
        }
        for attr, template in mapping.items():
            value = getattr(self, attr)
            if value:
                parts.append(template.format(value))
        parts.extend(self.extra)
        return parts


class Reports:
    base = "FROM sales s JOIN products p ON p.id = s.product_id"

    def _where(self, f: Filters):
        clauses = f.clauses()
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def by_van(self, f: Filters):
        return (
            "SELECT s.van_id, COUNT(*) AS items, ROUND(SUM(s.price), 2) AS takings "
            + self.base + self._where(f) + " GROUP BY s.van_id ORDER BY takings DESC"
        )

    def by_product(self, f: Filters):
        return (
            "SELECT p.name, SUM(s.qty) AS qty, ROUND(SUM(s.price), 2) AS takings "
            + self.base + self._where(f) + " GROUP BY p.name ORDER BY qty DESC"
        )

    def by_hour(self, f: Filters):
        return (
            "SELECT strftime('%H', s.sold_at) AS hour, SUM(s.qty) AS qty "
            + self.base + self._where(f) + " GROUP BY hour ORDER BY hour"
        )

    def names(self):
        return sorted(n for n in dir(self) if n.startswith("by_"))


def run(conn, sql):
    log.debug("sql: %s", sql)
    cur = conn.execute(sql)
    header = [d[0] for d in cur.description]
    return header, cur.fetchall()


def emit(header, rows, out):
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)


def main():
    reports = Reports()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("report", choices=reports.names())
    parser.add_argument("--van")
    parser.add_argument("--product")
    parser.add_argument("--pitch")
    parser.add_argument("--since")
    parser.add_argument("--until")
    parser.add_argument("--where", action="append", default=[], help="extra raw condition")
    parser.add_argument("--out", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not DB_PATH.exists():
        parser.error("no database at %s" % DB_PATH)

    f = Filters(args.van, args.product, args.pitch, args.since, args.until, args.where)
    sql = getattr(reports, args.report)(f)
    with sqlite3.connect(DB_PATH) as conn:
        header, rows = run(conn, sql)

    if args.out:
        with args.out.open("w", newline="") as fh:
            emit(header, rows, fh)
        print("wrote %d rows to %s" % (len(rows), args.out))
    else:
        emit(header, rows, sys.stdout)


if __name__ == "__main__":
    main()
