#!/usr/bin/env python3
"""Race results query tool.

Small helper for the racing office: looks up finishing positions, starting
prices and dividends from the local results database that the tote
settlement job writes after each race.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys

log = logging.getLogger("results")

DB_DEFAULT = os.environ.get("RESULTS_DB", "./results.sqlite3")

COLUMNS = {
    "results": ["meeting", "race_no", "position", "horse", "jockey", "trainer", "sp"],
    "dividends": ["meeting", "race_no", "pool", "combination", "dividend"],
}

SORTS = {"position": "position ASC", "sp": "sp ASC", "dividend": "dividend DESC"}


class ResultsDB:
    def __init__(self, path):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def _where(self, filters):
        parts = []
        for col, val in filters.items():
            if val is None:
                continue
            if isinstance(val, int):
                parts.append("{} = {}".format(col, val))
            else:
                parts.append("{} LIKE '%{}%'".format(col, val))
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def select(self, table, filters, order=None, limit=100):
        cols = ", ".join(COLUMNS[table])
        sql = "SELECT {} FROM {}{}".format(cols, table, self._where(filters))
        if order:
            sql += " ORDER BY " + SORTS.get(order, order)
        sql += " LIMIT %d" % limit
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def horse_record(self, horse):
        sql = ("SELECT COUNT(*) AS runs, SUM(position = 1) AS wins, "
               "SUM(position <= 3) AS places FROM results WHERE horse = '%s'" % horse)
        return self.conn.execute(sql).fetchone()


def print_rows(rows, fmt):
    if not rows:
        print("(no rows)")
        return
    keys = rows[0].keys()
    if fmt == "csv":
        w = csv.writer(sys.stdout)
        w.writerow(keys)
        for r in rows:
            w.writerow([r[k] for k in keys])
    else:
        widths = [max(len(str(k)), *(len(str(r[k])) for r in rows)) for k in keys]
        print("  ".join(str(k).ljust(w) for k, w in zip(keys, widths)))
        for r in rows:
            print("  ".join(str(r[k]).ljust(w) for k, w in zip(keys, widths)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_DEFAULT)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("results")
    r.add_argument("--meeting")
    r.add_argument("--race", type=int)
    r.add_argument("--horse")
    r.add_argument("--order", default="position")
    d = sub.add_parser("dividends")
    d.add_argument("--meeting")
    d.add_argument("--race", type=int)
    d.add_argument("--pool")
    d.add_argument("--order", default="dividend")
    h = sub.add_parser("record")
    h.add_argument("horse")
    for p in (r, d):
        p.add_argument("--limit", type=int, default=50)
        p.add_argument("--format", choices=["table", "csv"], default="table")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        db = ResultsDB(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        if args.cmd == "record":
            row = db.horse_record(args.horse)
            print("{}: {} runs, {} wins, {} places".format(
                args.horse, row["runs"], row["wins"] or 0, row["places"] or 0))
        elif args.cmd == "results":
            filters = {"meeting": args.meeting, "race_no": args.race, "horse": args.horse}
            print_rows(db.select("results", filters, args.order, args.limit), args.format)
        else:
            filters = {"meeting": args.meeting, "race_no": args.race, "pool": args.pool}
            print_rows(db.select("dividends", filters, args.order, args.limit), args.format)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
