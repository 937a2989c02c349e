#!/usr/bin/env python3
"""Export door-scanner admissions per show for the film-hire returns.

Distributors want attendance per performance.  The door scanners write into
scans.db (table scans: barcode, show_id, screen, scanned_at, result) and the
box office schedule is in shows (show_id, screen, title, starts_at).  This
produces one CSV row per show with admitted / rejected / void counts, filtered
by date range and optionally by screen or title.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("scan-export")

BASE_QUERY = """
SELECT s.show_id, s.screen, s.title, s.starts_at,
       SUM(CASE WHEN c.result = 'admit' THEN 1 ELSE 0 END) AS admitted,
       SUM(CASE WHEN c.result = 'reject' THEN 1 ELSE 0 END) AS rejected,
       SUM(CASE WHEN c.result = 'void' THEN 1 ELSE 0 END) AS voided
FROM shows s
LEFT JOIN scans c ON c.show_id = s.show_id
"""


class ExportFilter:
    def __init__(self, start, end, screens=None, title=None):
        self.start = start
        self.end = end
        self.screens = screens or []
        self.title = title

    def where_clause(self):
        parts = [f"date(s.starts_at) BETWEEN '{self.start}' AND '{self.end}'"]
        if self.screens:
            listed = ", ".join(f"'{s}'" for s in self.screens)
            parts.append(f"s.screen IN ({listed})")
        if self.title:
            parts.append(f"s.title LIKE '%{self.title}%'")
        return "WHERE " + " AND ".join(parts)


def build_query(flt):
    return (BASE_QUERY + flt.where_clause() +
            "\nGROUP BY s.show_id ORDER BY s.starts_at, s.screen")


def export(conn, flt, out_path):
    sql = build_query(flt)
    log.debug("query:\n%s", sql)
    cur = conn.execute(sql)
    cols = [d[0] for d in cur.description]
    totals = [0, 0, 0]
    rows = 0
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(cols)
        for row in cur:
            w.writerow(row)
            for i, v in enumerate(row[-3:]):
                totals[i] += v or 0
            rows += 1
    log.info("%d show(s) -> %s (admitted=%d rejected=%d void=%d)", rows, out_path, *totals)
    return rows


def parse_date(text):
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date: {text}")


def main(argv=None):
    today = date.today()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="scans.db")
    ap.add_argument("--from", dest="start", type=parse_date, default=today - timedelta(days=today.weekday() + 4))
    ap.add_argument("--to", dest="end", type=parse_date, default=today)
    ap.add_argument("--screen", action="append", help="repeat for several screens")
    ap.add_argument("--title", help="substring of the film title")
    ap.add_argument("-o", "--out", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.end < args.start:
        log.error("--to is before --from")
        return 64
    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 66

    out = args.out or f"admissions_{args.start}_{args.end}.csv"
    flt = ExportFilter(args.start, args.end, args.screen, args.title)
    try:
        with sqlite3.connect(args.db) as conn:
            export(conn, flt, out)
    except sqlite3.Error as exc:
        log.error("export failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
