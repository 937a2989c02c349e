#!/usr/bin/env python3
"""Ad-hoc reports over the local trade ledger (SQLite) for the tax export.

Examples:
    trade_ledger_report.py pnl --symbol ETH-EUR --year 2023
    trade_ledger_report.py fills --account kraken-main --since 2024-01-01
"""
import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing

DB_PATH = "ledger.sqlite3"
LOG = logging.getLogger("ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS fills (
    id INTEGER PRIMARY KEY,
    account TEXT NOT NULL,
    symbol TEXT NOT NULL,
    side TEXT CHECK(side IN ('buy','sell')),
    qty REAL, price REAL, fee REAL,
    ts TEXT NOT NULL
);
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def build_filter(args):
    clauses = []
    if getattr(args, "symbol", None):
        clauses.append(f"symbol = '{args.symbol}'")
    if getattr(args, "account", None):
        clauses.append(f"account = '{args.account}'")
    if getattr(args, "since", None):
        clauses.append(f"ts >= '{args.since}'")
    if getattr(args, "year", None):
        clauses.append(f"strftime('%Y', ts) = '{args.year}'")
    return (" WHERE " + " AND ".join(clauses)) if clauses else ""


def report_fills(conn, args):
    sql = "SELECT account, symbol, side, qty, price, fee, ts FROM fills" + build_filter(args)
    sql += f" ORDER BY ts LIMIT {args.limit}"
    LOG.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def report_pnl(conn, args):
    sql = (
        "SELECT symbol, "
        "SUM(CASE WHEN side='sell' THEN qty*price ELSE -qty*price END) - SUM(fee) AS realised, "
        "SUM(CASE WHEN side='buy' THEN qty ELSE -qty END) AS open_qty, COUNT(*) AS n "
        "FROM fills{} GROUP BY symbol ORDER BY realised DESC"
    ).format(build_filter(args))
    LOG.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def emit(rows, out_path):
    if not rows:
        print("no rows")
        return
    headers = rows[0].keys()
    if out_path:
        with open(out_path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(headers)
            w.writerows(tuple(r) for r in rows)
        print(f"{len(rows)} rows -> {out_path}")
    else:
        print("\t".join(headers))
        for r in rows:
            print("\t".join(str(v) for v in r))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--out")
    ap.add_argument("-v", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fills")
    f.add_argument("--account"); f.add_argument("--symbol"); f.add_argument("--since")
    f.add_argument("--limit", default="500")
    p = sub.add_parser("pnl")
    p.add_argument("--symbol"); p.add_argument("--account"); p.add_argument("--year")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.WARNING)

    handlers = {"fills": report_fills, "pnl": report_pnl}
    try:
        with closing(connect(args.db)) as conn:
            rows = handlers[args.cmd](conn, args)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    emit(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
