#!/usr/bin/env python3
"""Report the slowest statements recorded by pg_stat_statements.

Connection settings come from the usual libpq environment variables; the
password is read from PGPASSWORD and handed to the database server only.
The report is written as CSV (and optionally Markdown) into the current
directory.
"""
import argparse
import csv
import logging
import os
import sys
from datetime import date

import psycopg2
import psycopg2.extras

log = logging.getLogger("slowq")

QUERY = """
SELECT s.queryid,
       d.datname,
       r.rolname,
       s.calls,
       round(s.total_exec_time::numeric, 1)  AS total_ms,
       round(s.mean_exec_time::numeric, 2)   AS mean_ms,
       round(s.stddev_exec_time::numeric, 2) AS stddev_ms,
       s.rows,
       left(regexp_replace(s.query, '\\s+', ' ', 'g'), 300) AS query
FROM pg_stat_statements s
JOIN pg_database d ON d.oid = s.dbid
JOIN pg_roles r ON r.oid = s.userid
WHERE s.mean_exec_time >= %(min_ms)s
  AND s.calls >= %(min_calls)s
  AND (%(dbname)s IS NULL OR d.datname = %(dbname)s)
ORDER BY s.mean_exec_time DESC
LIMIT %(limit)s
"""


def connect(args):
    password = os.environ.get("PGPASSWORD")
    if not password:
        log.warning("PGPASSWORD not set, relying on other libpq auth methods")
    return psycopg2.connect(
        host=args.host,
        port=args.port,
        dbname=args.maintenance_db,
        user=args.user,
        password=password,
        sslmode="verify-full",
        connect_timeout=10,
        application_name="slow-query-report",
    )


def fetch(conn, args):
    params = {
        "min_ms": args.min_ms,
        "min_calls": args.min_calls,
        "dbname": args.only_db,
        "limit": args.limit,
    }
    with conn.cursor(cursor_factory=psycopg2.extras.RealDictCursor) as cur:
        cur.execute("SET statement_timeout = '30s'")
        cur.execute(QUERY, params)
        return cur.fetchall()


def write_csv(rows, path):
    fields = ["queryid", "datname", "rolname", "calls", "total_ms",
              "mean_ms", "stddev_ms", "rows", "query"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def write_markdown(rows, path):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(f"# Slow queries {date.today():%Y-%m-%d}\n\n")
        fh.write("| db | role | calls | mean ms | query |\n|---|---|---:|---:|---|\n")
        for r in rows:
            q = r["query"].replace("|", "\\|")
            fh.write(f"| {r['datname']} | {r['rolname']} | {r['calls']} | {r['mean_ms']} | `{q}` |\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=os.environ.get("PGHOST", "localhost"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PGPORT", "5432")))
    ap.add_argument("--user", default=os.environ.get("PGUSER", "monitoring"))
    ap.add_argument("--maintenance-db", default="postgres")
    ap.add_argument("--only-db", default=None)
    ap.add_argument("--min-ms", type=float, default=250.0)
    ap.add_argument("--min-calls", type=int, default=5)
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        conn = connect(args)
    except psycopg2.OperationalError as exc:
        log.error("cannot connect: %s", exc)
        return 1
    try:
        rows = fetch(conn, args)
    except psycopg2.errors.UndefinedTable:
        log.error("pg_stat_statements is not installed in %s", args.maintenance_db)
        return 1
    finally:
        conn.close()

    stem = f"slow_queries_{date.today():%Y%m%d}"
    write_csv(rows, stem + ".csv")
    if args.markdown:
        write_markdown(rows, stem + ".md")
    log.info("%d statements above %.0f ms written to %s.csv", len(rows), args.min_ms, stem)
    return 0


if __name__ == "__main__":
    sys.exit(main())
