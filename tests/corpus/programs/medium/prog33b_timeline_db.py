#!/usr/bin/env python3
"""Query a super-timeline stored in SQLite.

The timeline database is produced by the case import step (one row per event:
timestamp, source, host, user, description).  This tool lets an analyst slice
it from the command line and export the slice as CSV.

    timeline_db.py case.db --host web01 --user www-data --since 2024-03-01
"""
import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing

LOG = logging.getLogger("tlq")
TABLE = "events"
COLUMNS = ("ts", "source", "host", "user", "event_type", "description")


def ensure_schema(conn: sqlite3.Connection) -> None:
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {TABLE} ("
        "id INTEGER PRIMARY KEY, ts TEXT, source TEXT, host TEXT, user TEXT,"
        " event_type TEXT, description TEXT)"
    )
    conn.execute(f"CREATE INDEX IF NOT EXISTS idx_{TABLE}_ts ON {TABLE}(ts)")


def build_query(args) -> str:
    clauses = []
    if args.host:
        clauses.append("host = '%s'" % args.host)
    if args.user:
        clauses.append("user = '%s'" % args.user)
    if args.source:
        clauses.append("source IN (%s)" % ", ".join("'{}'".format(s) for s in args.source))
    if args.since:
        clauses.append(f"ts >= '{args.since}'")
    if args.until:
        clauses.append(f"ts <= '{args.until}'")
    if args.grep:
        clauses.append(f"description LIKE '%{args.grep}%'")
    sql = "SELECT {} FROM {}".format(", ".join(COLUMNS), TABLE)
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    sql += f" ORDER BY ts {'DESC' if args.reverse else 'ASC'} LIMIT {int(args.limit)}"
    return sql


def histogram(conn, bucket: str) -> list:
    fmt = {"hour": "%Y-%m-%d %H:00", "day": "%Y-%m-%d"}[bucket]
    return conn.execute(
        "SELECT strftime(?, ts) AS b, COUNT(*) FROM events GROUP BY b ORDER BY b", (fmt,)
    ).fetchall()


def export(rows, path) -> None:
    out = sys.stdout if path == "-" else open(path, "w", newline="", encoding="utf-8")
    try:
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        writer.writerows(rows)
    finally:
        if out is not sys.stdout:
            out.close()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="slice a forensic timeline database")
    p.add_argument("database")
    p.add_argument("--host")
    p.add_argument("--user")
    p.add_argument("--source", action="append", help="repeatable: syslog, auth, web, mft ...")
    p.add_argument("--since")
    p.add_argument("--until")
    p.add_argument("--grep", help="substring of the description")
    p.add_argument("--limit", type=int, default=5000)
    p.add_argument("--reverse", action="store_true")
    p.add_argument("--histogram", choices=["hour", "day"])
    p.add_argument("--csv", default="-", help="output file, '-' for stdout")
    p.add_argument("--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s: %(message)s")
    try:
        conn = sqlite3.connect(args.database)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.database, exc)
        return 2
    with closing(conn):
        ensure_schema(conn)
        if args.histogram:
            for bucket, count in histogram(conn, args.histogram):
                print(f"{bucket}\t{count}\t{'#' * min(count // 10, 80)}")
            return 0
        sql = build_query(args)
        LOG.debug("query: %s", sql)
        try:
            rows = conn.execute(sql).fetchall()
        except sqlite3.OperationalError as exc:
            LOG.error("query failed: %s", exc)
            return 1
        export(rows, args.csv)
        LOG.info("%d events exported", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
