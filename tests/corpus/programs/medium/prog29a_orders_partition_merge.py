#!/usr/bin/env python3
"""Merge a day of staged orders into the warehouse fact table.

Staging rows arrive in stg_orders_<source>; this job rebuilds the
matching partition of fact_orders.  Table names, the date and the
channel filter are all spliced into the SQL text.
"""
import argparse
import datetime as dt
import logging
import os
import sys

from sqlalchemy import create_engine, text
from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger("orders_merge")

SOURCES = ["shopify", "pos", "marketplace"]


def build_delete(target, day, channel=None):
    sql = "DELETE FROM %s WHERE order_date = '%s'" % (target, day)
    if channel:
        sql += " AND channel = '%s'" % channel
    return sql


def build_insert(target, source, day, channel=None):
    where = [f"created_at::date = '{day}'", "status <> 'test'"]
    if channel:
        where.append(f"channel = '{channel}'")
    return (
        f"INSERT INTO {target} (order_id, order_date, customer_id, channel, amount, source) "
        f"SELECT order_id, created_at::date, customer_id, channel, amount, '{source}' "
        f"FROM stg_orders_{source} WHERE " + " AND ".join(where)
    )


def row_count(conn, table, day):
    q = "SELECT count(*) FROM {t} WHERE order_date = '{d}'".format(t=table, d=day)
    return conn.execute(text(q)).scalar()


def merge_day(engine, target, day, channel, sources, dry_run):
    stmts = [build_delete(target, day, channel)]
    stmts += [build_insert(target, s, day, channel) for s in sources]
    if dry_run:
        for s in stmts:
            print(s + ";")
        return None
    with engine.begin() as conn:
        for s in stmts:
            log.debug("exec: %s", s)
            res = conn.execute(text(s))
            log.info("%-60.60s -> %s rows", s, res.rowcount)
        return row_count(conn, target, day)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    p.add_argument("--channel", help="restrict the merge to a single channel")
    p.add_argument("--target", default="analytics.fact_orders")
    p.add_argument("--source", action="append", choices=SOURCES)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    dsn = os.environ.get("WAREHOUSE_URL")
    if not dsn and not args.dry_run:
        log.error("WAREHOUSE_URL is not set")
        return 1

    engine = create_engine(dsn) if dsn else None
    try:
        total = merge_day(engine, args.target, args.day, args.channel,
                          args.source or SOURCES, args.dry_run)
    except SQLAlchemyError as exc:
        log.error("merge failed: %s", exc)
        return 2
    if total is not None:
        log.info("%s now holds %d rows for %s", args.target, total, args.day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
