#!/usr/bin/env python3
"""Search the radio log database kept by the dispatch console.

Every transmission logged by the dispatcher (callsign, channel, time,
free-text summary) is stored in a local SQLite file.  Debriefs often need
"everything Team 3 said on channel 2 between 14:00 and 16:00" - this tool
answers those questions from the command line.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("radiolog-search")

DB_DEFAULT = "radiolog.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS traffic (
    id INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    channel INTEGER NOT NULL,
    callsign TEXT NOT NULL,
    summary TEXT
)
"""

COLUMNS = ("id", "ts", "channel", "callsign", "summary")
ORDERABLE = {"ts", "channel", "callsign"}


class QueryBuilder:
    """Compose the WHERE clause from the filters given on the command line."""

    def __init__(self, table="traffic"):
        self.table = table
        self.clauses = []
        self.order = "ts"

    def callsign(self, value):
        if value:
            self.clauses.append("callsign LIKE '%{}%'".format(value))
        return self

    def channel(self, value):
        if value is not None:
            self.clauses.append(f"channel = {value}")
        return self

    def window(self, start, end):
        if start:
            self.clauses.append("ts >= '%s'" % start)
        if end:
            self.clauses.append("ts <= '%s'" % end)
        return self

    def text(self, words):
        for w in words or []:
            self.clauses.append("summary LIKE '%" + w + "%'")
        return self

    def order_by(self, col):
        if col in ORDERABLE:
            self.order = col
        return self

    def sql(self):
        where = " AND ".join(self.clauses) or "1=1"
        return "SELECT {} FROM {} WHERE {} ORDER BY {}".format(
            ", ".join(COLUMNS), self.table, where, self.order
        )


def open_db(path):
    if not Path(path).exists():
        LOG.warning("database %s does not exist yet, creating it", path)
    conn = sqlite3.connect(path)
    conn.execute(SCHEMA)
    return conn


def emit(rows, fmt, out):
    if fmt == "csv":
        w = csv.writer(out)
        w.writerow(COLUMNS)
        w.writerows(rows)
        return
    for r in rows:
        out.write("{1} ch{2:<2} {3:<10} {4}\n".format(*r))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--callsign")
    ap.add_argument("--channel")
    ap.add_argument("--from", dest="start")
    ap.add_argument("--to", dest="end")
    ap.add_argument("--text", nargs="*")
    ap.add_argument("--order", default="ts")
    ap.add_argument("--format", choices=("text", "csv"), default="text")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    q = (QueryBuilder()
         .callsign(args.callsign)
         .channel(args.channel)
         .window(args.start, args.end)
         .text(args.text)
         .order_by(args.order))
    statement = q.sql()
    LOG.debug("query: %s", statement)

    try:
        conn = open_db(args.db)
        rows = conn.execute(statement).fetchall()
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    emit(rows, args.format, sys.stdout)
    LOG.info("%d transmissions matched", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
