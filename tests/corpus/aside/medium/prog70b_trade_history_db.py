#!/usr/bin/env python3
"""Trade history database.

Imports exchange trade exports (Binance, Kraken, Coinbase CSV formats) into a
local SQLite file and prints realised P&L and volume reports per asset, for
tax prep and for checking the bots' books.

    trade_history_db.py import exports/*.csv
    trade_history_db.py report --asset ETH --since 2024-01-01 --group month
"""
import argparse
import csv
import logging
import sqlite3
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("tradedb")

DB_PATH = Path("trades.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS trades (
    id        TEXT PRIMARY KEY,
    exchange  TEXT NOT NULL,
    ts        TEXT NOT NULL,
    asset     TEXT NOT NULL,
    quote     TEXT NOT NULL,
    side      TEXT NOT NULL,
    qty       REAL NOT NULL,
    price     REAL NOT NULL,
    fee       REAL NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS trades_asset_ts ON trades(asset, ts);
"""

COLUMN_MAPS = {
    "binance": {"id": "Order No", "ts": "Date(UTC)", "pair": "Pair", "side": "Side",
                "qty": "Executed", "price": "Average Price", "fee": "Fee"},
    "kraken": {"id": "txid", "ts": "time", "pair": "pair", "side": "type",
               "qty": "vol", "price": "price", "fee": "fee"},
    "coinbase": {"id": "ID", "ts": "Timestamp", "pair": "Asset", "side": "Transaction Type",
                 "qty": "Quantity Transacted", "price": "Spot Price at Transaction", "fee": "Fees"},
}


def detect_format(header):
    for name, cols in COLUMN_MAPS.items():
        if cols["id"] in header and cols["price"] in header:
            return name
    raise ValueError(f"unrecognised export columns: {header[:6]}")


def split_pair(pair):
    for quote in ("USDT", "USDC", "USD", "EUR", "BTC"):
        if pair.upper().endswith(quote) and len(pair) > len(quote):
            return pair[: -len(quote)].upper().rstrip("/-"), quote
    return pair.upper(), "USD"


def num(value):
    return float(str(value).split()[0].replace(",", "").lstrip("$") or 0)


def import_file(conn, path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        fmt = detect_format(reader.fieldnames or [])
        cols = COLUMN_MAPS[fmt]
        rows = 0
        for rec in reader:
            asset, quote = split_pair(rec[cols["pair"]])
            side = rec[cols["side"]].strip().lower()
            side = "buy" if side.startswith("b") else "sell"
            conn.execute(
                "INSERT OR IGNORE INTO trades VALUES (?,?,?,?,?,?,?,?,?)",
                (f"{fmt}:{rec[cols['id']]}", fmt, rec[cols["ts"]], asset, quote, side,
                 num(rec[cols["qty"]]), num(rec[cols["price"]]), num(rec.get(cols["fee"], 0))),
            )
            rows += 1
    conn.commit()
    log.info("%s: %d rows (%s format)", path, rows, fmt)


def build_filter(asset=None, since=None, exchange=None):
    clauses = []
    if asset:
        clauses.append(f"asset = '{asset.upper()}'")
    if since:
        clauses.append(f"ts >= '{since}'")
    if exchange:
        clauses.append(f"exchange = '{exchange}'")
    return (" WHERE " + " AND ".join(clauses)) if clauses else ""


def report(conn, asset, since, exchange, group):
    bucket = {"day": "substr(ts, 1, 10)", "month": "substr(ts, 1, 7)", "year": "substr(ts, 1, 4)"}[group]
    where = build_filter(asset, since, exchange)
    sql = (f"SELECT {bucket} AS period, asset, side, SUM(qty), SUM(qty * price), SUM(fee) "
           f"FROM trades{where} GROUP BY period, asset, side ORDER BY period, asset")
    log.debug("query: %s", sql)
    table = defaultdict(lambda: {"bought": 0.0, "sold": 0.0, "cost": 0.0, "proceeds": 0.0, "fees": 0.0})
    for period, a, side, qty, notional, fee in conn.execute(sql):
        row = table[(period, a)]
        row["fees"] += fee or 0
        if side == "buy":
            row["bought"] += qty
            row["cost"] += notional
        else:
            row["sold"] += qty
            row["proceeds"] += notional
    print(f"{'period':10} {'asset':6} {'bought':>14} {'sold':>14} {'net flow':>14} {'fees':>10}")
    for (period, a), r in sorted(table.items()):
        net = r["proceeds"] - r["cost"] - r["fees"]
        print(f"{period:10} {a:6} {r['bought']:14.6f} {r['sold']:14.6f} {net:14.2f} {r['fees']:10.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="local trade history database")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("files", nargs="+", type=Path)
    rep = sub.add_parser("report")
    rep.add_argument("--asset")
    rep.add_argument("--exchange")
    rep.add_argument("--since", help="YYYY-MM-DD")
    rep.add_argument("--group", choices=("day", "month", "year"), default="month")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    try:
        if args.cmd == "import":
            for f in args.files:
                try:
                    import_file(conn, f)
                except (OSError, ValueError, KeyError) as exc:
                    log.error("%s: %s", f, exc)
        else:
            if args.since:
                datetime.strptime(args.since, "%Y-%m-%d")
            report(conn, args.asset, args.since, args.exchange, args.group)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
