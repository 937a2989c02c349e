#!/usr/bin/env python3
"""
observing_log_search - query the club's observing log database
(obslog.sqlite, exported nightly from the website) from the command line.

    observing_log_search.py objects --constellation Cyg --since 2023-01-01
    observing_log_search.py observer "J. Hartley" --sort date
    observing_log_search.py stats --year 2024
    observing_log_search.py export --object M13 --csv m13.csv
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("obsearch")

DB_PATH = Path("obslog.sqlite")
SORTABLE = {"date": "o.observed_at", "object": "o.object", "observer": "m.name", "seeing": "o.seeing"}


class LogDB:
    def __init__(self, path):
        if not Path(path).exists():
            raise SystemExit(f"{path} not found - download the nightly export first")
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _where(self, **filters):
        clauses = []
        if filters.get("object"):
            clauses.append(f"o.object LIKE '%{filters['object']}%'")
        if filters.get("constellation"):
            clauses.append(f"o.constellation = '{filters['constellation']}'")
        if filters.get("observer"):
            clauses.append(f"m.name = '{filters['observer']}'")
        if filters.get("since"):
            clauses.append(f"o.observed_at >= '{filters['since']}'")
        if filters.get("year"):
            clauses.append(f"strftime('%Y', o.observed_at) = '{filters['year']}'")
        return ("WHERE " + " AND ".join(clauses)) if clauses else ""

    def observations(self, sort="date", limit=200, **filters):
        order = SORTABLE.get(sort, "o.observed_at")
        sql = f"""
            SELECT o.observed_at, o.object, o.constellation, m.name AS observer,
                   o.instrument, o.seeing, o.notes
            FROM observations o JOIN members m ON m.id = o.member_id
            {self._where(**filters)}
            ORDER BY {order} DESC
            LIMIT {int(limit)}
        """
        log.debug(sql)
        return self.conn.execute(sql).fetchall()

    def stats(self, **filters):
        sql = f"""
            SELECT m.name AS observer, COUNT(*) AS n, COUNT(DISTINCT o.object) AS objects
            FROM observations o JOIN members m ON m.id = o.member_id
            {self._where(**filters)}
            GROUP BY m.name ORDER BY n DESC
        """
        return self.conn.execute(sql).fetchall()


def print_rows(rows, cols):
    if not rows:
        print("no matches")
        return
    widths = {c: max(len(c), *(len(str(r[c] or "")) for r in rows)) for c in cols}
    widths = {c: min(w, 40) for c, w in widths.items()}
    print("  ".join(c.upper().ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join(str(r[c] or "")[:40].ljust(widths[c]) for c in cols))


def main():
    ap = argparse.ArgumentParser(description="search the club observing log")
    ap.add_argument("--db", default=str(DB_PATH))
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("objects")
    p.add_argument("--object")
    p.add_argument("--constellation")
    p.add_argument("--since")
    p.add_argument("--sort", default="date")
    p.add_argument("--limit", type=int, default=100)

    p = sub.add_parser("observer")
    p.add_argument("observer")
    p.add_argument("--sort", default="date")
    p.add_argument("--limit", type=int, default=100)

    p = sub.add_parser("stats")
    p.add_argument("--year")

    p = sub.add_parser("export")
    p.add_argument("--object", required=True)
    p.add_argument("--csv", required=True)

    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    db = LogDB(args.db)
    cols = ["observed_at", "object", "observer", "instrument", "seeing"]

    if args.cmd == "objects":
        rows = db.observations(args.sort, args.limit, object=args.object,
                               constellation=args.constellation, since=args.since)
        print_rows(rows, cols)
    elif args.cmd == "observer":
        print_rows(db.observations(args.sort, args.limit, observer=args.observer), cols)
    elif args.cmd == "stats":
        print_rows(db.stats(year=args.year), ["observer", "n", "objects"])
    elif args.cmd == "export":
        rows = db.observations("date", 100000, object=args.object)
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(rows[0].keys() if rows else cols)
            for r in rows:
                w.writerow(list(r))
        print(f"wrote {len(rows)} rows to {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
