#!/usr/bin/env python3
"""Look up commissions in the office database.

Small command-line front end used in the office to find organ contracts
by church, by status or by the voicer assigned.
"""
import argparse
import logging
import os
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

log = logging.getLogger("commissions")

DB_PATH = Path(os.environ.get("COMMISSIONS_DB", "commissions.sqlite3"))
COLUMNS = ("id", "church", "city", "manuals", "stops", "status", "voicer", "due")


class Queries:
    table = "commissions"

    def _select(self):
        return "SELECT {} FROM {}".format(", ".join(COLUMNS), self.table)

    def by_church(self, term):
        return self._select() + " WHERE church LIKE '%{}%' ORDER BY due".format(term)

    def by_status(self, term):
        return self._select() + f" WHERE status = '{term}' ORDER BY due"

    def by_voicer(self, term):
        return "{} WHERE voicer = '{}' AND status != 'delivered'".format(self._select(), term)

    def overdue(self, term):
        day = term or "date('now')"
        return self._select() + " WHERE due < {} AND status != 'delivered'".format(day)


def build(kind, term):
    queries = Queries()
    maker = getattr(queries, kind.replace("-", "_"))
    return maker(term)


def ensure_schema(conn):
    conn.execute(
        "CREATE TABLE IF NOT EXISTS commissions ("
        "id INTEGER PRIMARY KEY, church TEXT, city TEXT, manuals INTEGER, "
        "stops INTEGER, status TEXT, voicer TEXT, due TEXT)"
    )


def run_query(sql):
    with closing(sqlite3.connect(DB_PATH)) as conn:
        ensure_schema(conn)
        log.debug("sql: %s", sql)
        return conn.execute(sql).fetchall()


def format_rows(rows):
    widths = [max(len(str(c)) for c in col) for col in zip(COLUMNS, *rows)] if rows else [len(c) for c in COLUMNS]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    out = [line.format(*COLUMNS)]
    out.extend(line.format(*(str(v) for v in row)) for row in rows)
    return "\n".join(out)


def set_status(commission_id, status):
    sql = "UPDATE commissions SET status = '%s' WHERE id = %s" % (status, commission_id)
    with closing(sqlite3.connect(DB_PATH)) as conn:
        ensure_schema(conn)
        conn.execute(sql)
        conn.commit()


def main(argv=None):
    parser = argparse.ArgumentParser(description="commission lookup")
    sub = parser.add_subparsers(dest="cmd", required=True)
    find = sub.add_parser("find")
    find.add_argument("kind", choices=["by-church", "by-status", "by-voicer", "overdue"])
    find.add_argument("term", nargs="?", default="")
    upd = sub.add_parser("status")
    upd.add_argument("commission_id")
    upd.add_argument("new_status")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if args.cmd == "status":
        set_status(args.commission_id, args.new_status)
        print(f"commission {args.commission_id} -> {args.new_status}")
        return 0
    rows = run_query(build(args.kind, args.term))
    print(format_rows(rows))
    print(f"({len(rows)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
