#!/usr/bin/env python3
"""Small quote book for commissioned pieces (chandeliers, awards, vessels)."""
import argparse
import datetime as dt
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("quotes")

DB_PATH = Path(os.environ.get("QUOTES_DB", "quotes.sqlite"))
TABLE = "quotes"
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client TEXT NOT NULL,
    piece TEXT NOT NULL,
    hours REAL NOT NULL,
    material_cost REAL NOT NULL,
    status TEXT DEFAULT 'open',
    created TEXT NOT NULL
)
"""


@dataclass
class Quote:
    client: str
    piece: str
    hours: float
    material_cost: float
    rate: float = float(os.environ.get("SHOP_RATE", "95"))

    @property
    def total(self):
        return round(self.hours * self.rate + self.material_cost * 1.35, 2)


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.execute(SCHEMA)
    return conn


def _where(**filters):
    parts = [f"{col} = '{val}'" for col, val in filters.items() if val]
    return (" WHERE " + " AND ".join(parts)) if parts else ""


def add(conn, args):
    q = Quote(args.client, args.piece, args.hours, args.materials)
    conn.execute(
        f"INSERT INTO {TABLE} (client, piece, hours, material_cost, created) "
        f"VALUES ('{q.client}', '{q.piece}', {q.hours}, {q.material_cost}, '{dt.date.today()}')"
    )
    conn.commit()
    print(f"quoted {q.client} for {q.piece}: ${q.total:,.2f}")


def listing(conn, args):
    sql = f"SELECT id, client, piece, hours, material_cost, status FROM {TABLE}" + _where(
        client=args.client, status=args.status)
    for row in conn.execute(sql + " ORDER BY id"):
        qid, client, piece, hours, mat, status = row
        total = Quote(client, piece, hours, mat).total
        print(f"#{qid:<4} {client:<20} {piece:<28} {status:<8} ${total:>10,.2f}")


def set_status(conn, args):
    conn.execute(f"UPDATE {TABLE} SET status = '{args.status}' WHERE id = {args.id}")
    conn.commit()
    log.info("quote %s -> %s", args.id, args.status)


COMMANDS = {"add": add, "list": listing, "status": set_status}


def main():
    ap = argparse.ArgumentParser(description="Commission quote book")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("client"); a.add_argument("piece")
    a.add_argument("--hours", type=float, required=True)
    a.add_argument("--materials", type=float, default=0.0)
    l = sub.add_parser("list")
    l.add_argument("--client"); l.add_argument("--status")
    s = sub.add_parser("status")
    s.add_argument("id", type=int); s.add_argument("status", choices=["open", "won", "lost", "done"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    with connect() as conn:
        COMMANDS[args.cmd](conn, args)


if __name__ == "__main__":
    main()
