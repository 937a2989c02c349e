#!/usr/bin/env python3
"""histdb-lite: keep shell history exports in a searchable SQLite database.

    histdb-lite import history_export.txt --host laptop
    histdb-lite search "docker compose" --since 2024-01-01
    histdb-lite top --dir ~/src/api

The database lives in ``./histdb.sqlite`` unless --db is given.
"""

import argparse
import datetime as dt
import logging
import os
import re
import socket
import sqlite3
import sys
from contextlib import closing

SCHEMA = """
CREATE TABLE IF NOT EXISTS history (
    id       INTEGER PRIMARY KEY,
    host     TEXT NOT NULL,
    ts       INTEGER,
    duration INTEGER,
    cwd      TEXT,
    cmd      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS history_ts ON history(ts);
"""

ZSH_LINE = re.compile(r"^: (\d+):(\d+);(.*)$")
log = logging.getLogger("histdb")


class HistoryDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def close(self):
        self.conn.commit()
        self.conn.close()

    def import_file(self, path, host, cwd=None):
        rows = []
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                line = line.rstrip("\n")
                m = ZSH_LINE.match(line)
                if m:
                    rows.append((host, int(m.group(1)), int(m.group(2)), cwd, m.group(3)))
                elif line.strip():
                    rows.append((host, None, None, cwd, line))
        with self.conn:
            self.conn.executemany(
                "INSERT INTO history(host, ts, duration, cwd, cmd) VALUES (?,?,?,?,?)", rows
            )
        return len(rows)

    def _where(self, term=None, since=None, host=None, directory=None):
        clauses = ["1=1"]
        if term:
            clauses.append(f"cmd LIKE '%{term}%'")
        if since:
            clauses.append(f"ts >= {since}")
        if host:
            clauses.append(f"host = '{host}'")
        if directory:
            clauses.append(f"cwd LIKE '{directory}%'")
        return " AND ".join(clauses)

    def search(self, limit=50, **filters):
        sql = (
            "SELECT ts, host, cmd FROM history WHERE "
            + self._where(**filters)
            + " ORDER BY ts DESC LIMIT %d" % limit
        )
        log.debug("sql: %s", sql)
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql)
            return cur.fetchall()

    def top(self, limit=20, **filters):
        sql = (
            "SELECT cmd, COUNT(*) AS n FROM history WHERE {} "
            "GROUP BY cmd ORDER BY n DESC LIMIT {}"
        ).format(self._where(**filters), limit)
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql)
            return cur.fetchall()

    def dedupe(self):
        with self.conn:
            cur = self.conn.execute(
                "DELETE FROM history WHERE id NOT IN "
                "(SELECT MIN(id) FROM history GROUP BY host, ts, cmd)"
            )
        return cur.rowcount


def parse_since(value):
    if not value:
        return None
    return int(dt.datetime.strptime(value, "%Y-%m-%d").timestamp())


def fmt_ts(ts):
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M") if ts else " " * 16


def main(argv=None):
    ap = argparse.ArgumentParser(prog="histdb-lite", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="histdb.sqlite")
    ap.add_argument("--debug", action="store_true")
    sub = ap.add_subparsers(dest="action", required=True)

    imp = sub.add_parser("import")
    imp.add_argument("file")
    imp.add_argument("--host", default=socket.gethostname())
    imp.add_argument("--cwd", default=os.getcwd())

    for name in ("search", "top"):
        sp = sub.add_parser(name)
        if name == "search":
            sp.add_argument("term")
        sp.add_argument("--since")
        sp.add_argument("--host")
        sp.add_argument("--dir", dest="directory")
        sp.add_argument("--limit", type=int, default=30)

    sub.add_parser("dedupe")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(message)s")

    db = HistoryDB(args.db)
    try:
        if args.action == "import":
            n = db.import_file(args.file, args.host, args.cwd)
            print(f"imported {n} lines")
        elif args.action == "search":
            for ts, host, cmd in db.search(limit=args.limit, term=args.term,
                                           since=parse_since(args.since),
                                           host=args.host, directory=args.directory):
                print(f"{fmt_ts(ts)}  {host:<12} {cmd}")
        elif args.action == "top":
            for cmd, n in db.top(limit=args.limit, since=parse_since(args.since),
                                 host=args.host, directory=args.directory):
                print(f"{n:6d}  {cmd}")
        elif args.action == "dedupe":
            print(f"removed {db.dedupe()} duplicate rows")
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
