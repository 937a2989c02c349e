#!/usr/bin/env python3
"""Load one day of order events into the local analytics mart.

The mart is a SQLite file (./mart/analytics.db) used by the BI
notebooks.  The loader is idempotent: it deletes the target day's rows
with a bound-parameter DELETE and re-inserts them inside a transaction.
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from pathlib import Path

from sqlalchemy import (Column, Date, Integer, MetaData, Numeric, String, Table,
                        create_engine, select, func, text)

logger = logging.getLogger("orders_loader")

metadata = MetaData()
fact_orders = Table(
    "fact_orders",
    metadata,
    Column("order_id", String(36), primary_key=True),
    Column("order_date", Date, index=True, nullable=False),
    Column("customer_id", Integer, nullable=False),
    Column("channel", String(16)),
    Column("amount", Numeric(12, 2)),
)

ALLOWED_CHANNELS = {"web", "app", "store", "partner"}


def read_events(path: Path, day: dt.date):
    with path.open(newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            try:
                ts = dt.datetime.fromisoformat(rec["created_at"])
            except (KeyError, ValueError):
                continue
            if ts.date() != day:
                continue
            channel = rec.get("channel", "").lower()
            yield {
                "order_id": rec["order_id"],
                "order_date": ts.date(),
                "customer_id": int(rec["customer_id"]),
                "channel": channel if channel in ALLOWED_CHANNELS else "other",
                "amount": round(float(rec.get("amount") or 0), 2),
            }


def load_day(engine, rows, day, chunk=500):
    with engine.begin() as conn:
        deleted = conn.execute(
            text("DELETE FROM fact_orders WHERE order_date = :d"), {"d": day}
        ).rowcount
        logger.info("removed %d existing rows for %s", deleted, day)
        buf, total = [], 0
        for row in rows:
            buf.append(row)
            if len(buf) >= chunk:
                conn.execute(fact_orders.insert(), buf)
                total += len(buf)
                buf.clear()
        if buf:
            conn.execute(fact_orders.insert(), buf)
            total += len(buf)
    return total


def summarise(engine, day, channel=None):
    stmt = select(fact_orders.c.channel, func.count(), func.sum(fact_orders.c.amount)) \
        .where(fact_orders.c.order_date == day) \
        .group_by(fact_orders.c.channel)
    if channel:
        stmt = stmt.where(fact_orders.c.channel == channel)
    with engine.connect() as conn:
        return conn.execute(stmt).all()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--events", type=Path, default=Path("landing/order_events.csv"))
    ap.add_argument("--day", type=dt.date.fromisoformat,
                    default=dt.date.today() - dt.timedelta(days=1))
    ap.add_argument("--db", type=Path, default=Path("mart/analytics.db"))
    ap.add_argument("--channel", help="only summarise this channel")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.events.exists():
        logger.error("events file %s missing", args.events)
        return 1

    args.db.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(f"sqlite:///{args.db}", future=True)
    metadata.create_all(engine)

    try:
        n = load_day(engine, read_events(args.events, args.day), args.day)
    except Exception:
        logger.exception("load failed for %s", args.day)
        return 2

    logger.info("loaded %d rows for %s", n, args.day)
    for channel, count, amount in summarise(engine, args.day, args.channel):
        logger.info("  %-8s %6d orders  %12.2f", channel, count, amount or 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
