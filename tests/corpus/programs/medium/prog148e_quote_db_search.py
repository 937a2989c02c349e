#!/usr/bin/env python3
"""Search the commission quote database.

Quotes live in a SQLite file (quotes.db). Settings such as the default
currency and column widths come from quotesearch.yaml.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("quotesearch")

DEFAULT_SETTINGS = {
    "db": "quotes.db",
    "currency": "GBP",
    "limit": 50,
    "order_by": "created",
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS quotes (
    id INTEGER PRIMARY KEY,
    client TEXT,
    site TEXT,
    kind TEXT,          -- new commission, restoration, repair
    area_m2 REAL,
    total REAL,
    status TEXT,
    created TEXT
)
"""


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            loaded = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(loaded)
    return settings


class QuoteDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def search(self, client=None, kind=None, status=None, order_by="created", limit=50):
        clauses = []
        if client:
            clauses.append("client LIKE '%%%s%%'" % client)
        if kind:
            clauses.append("kind = '%s'" % kind)
        if status:
            clauses.append("status = '%s'" % status)
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT * FROM quotes {where} ORDER BY {order_by} DESC LIMIT {int(limit)}"
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def totals_by_status(self):
        cur = self.conn.execute("SELECT status, COUNT(*), SUM(total) FROM quotes GROUP BY status")
        return cur.fetchall()

    def close(self):
        self.conn.close()


def print_rows(rows, currency):
    if not rows:
        print("no matching quotes")
        return
    for r in rows:
        print("%5d  %-22s %-24s %-12s %6.1f m2  %s %9.2f  %s" % (
            r["id"], r["client"][:22], (r["site"] or "")[:24], r["kind"],
            r["area_m2"] or 0, currency, r["total"] or 0, r["status"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--client")
    ap.add_argument("--kind", choices=["commission", "restoration", "repair"])
    ap.add_argument("--status")
    ap.add_argument("--order-by")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--settings", default="quotesearch.yaml")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    settings = load_settings(args.settings)
    db = QuoteDB(settings["db"])
    try:
        if args.summary:
            for status, count, total in db.totals_by_status():
                print("%-10s %4d quotes  %s %10.2f" % (status, count, settings["currency"], total or 0))
            return 0
        rows = db.search(args.client, args.kind, args.status,
                         args.order_by or settings["order_by"], settings["limit"])
        print_rows(rows, settings["currency"])
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
