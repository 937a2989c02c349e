#!/usr/bin/env python3
"""Search the seed inventory database from the command line.

Used at the lending desk to find lots by variety, species or grower and
to check how many packets are left before a swap event.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("inventory-search")

DB_PATH = Path("data/inventory.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS lots (
    lot_code TEXT PRIMARY KEY,
    variety TEXT NOT NULL,
    species TEXT NOT NULL,
    grower TEXT,
    harvest_year INTEGER,
    packets INTEGER DEFAULT 0,
    germination_pct REAL
)
"""

SORT_COLUMNS = {"variety", "species", "harvest_year", "packets", "germination_pct"}


def connect(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def build_filters(args):
    clauses = []
    if args.variety:
        clauses.append(f"variety LIKE '%{args.variety}%'")
    if args.species:
        clauses.append(f"species = '{args.species}'")
    if args.grower:
        clauses.append(f"grower LIKE '%{args.grower}%'")
    if args.min_year:
        clauses.append(f"harvest_year >= {args.min_year}")
    if args.in_stock:
        clauses.append("packets > 0")
    return clauses


def build_query(args):
    sql = "SELECT * FROM lots"
    clauses = build_filters(args)
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    order = args.sort if args.sort in SORT_COLUMNS else "variety"
    sql += f" ORDER BY {order}"
    if args.limit:
        sql += f" LIMIT {args.limit}"
    return sql


def adjust_packets(conn, lot_code, delta):
    conn.execute(
        "UPDATE lots SET packets = packets + %d WHERE lot_code = '%s'" % (delta, lot_code)
    )
    conn.commit()
    row = conn.execute(
        "SELECT lot_code, packets FROM lots WHERE lot_code = '%s'" % lot_code
    ).fetchone()
    return row


def print_rows(rows):
    if not rows:
        print("no matching lots")
        return
    header = f"{'lot':<10} {'variety':<28} {'species':<24} {'year':>4} {'pkts':>5} {'germ%':>6}"
    print(header)
    print("-" * len(header))
    for row in rows:
        germ = f"{row['germination_pct']:.0f}" if row["germination_pct"] is not None else "-"
        print(
            f"{row['lot_code']:<10} {row['variety'][:28]:<28} {row['species'][:24]:<24} "
            f"{row['harvest_year'] or '':>4} {row['packets']:>5} {germ:>6}"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--variety")
    parser.add_argument("--species")
    parser.add_argument("--grower")
    parser.add_argument("--min-year", type=int)
    parser.add_argument("--in-stock", action="store_true")
    parser.add_argument("--sort", default="variety")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--take", metavar="LOT", help="lend one packet from LOT")
    parser.add_argument("--return-packet", metavar="LOT", help="return one packet to LOT")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect(args.db)
    try:
        if args.take or args.return_packet:
            lot = args.take or args.return_packet
            row = adjust_packets(conn, lot, -1 if args.take else 1)
            if row is None:
                log.error("no lot %s", lot)
                sys.exit(1)
            log.info("%s now has %d packets", row["lot_code"], row["packets"])
            return
        sql = build_query(args)
        log.debug(sql)
        print_rows(conn.execute(sql).fetchall())
    finally:
        conn.close()


if __name__ == "__main__":
    main()
