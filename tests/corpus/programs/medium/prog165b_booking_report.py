#!/usr/bin/env python3
"""Weekly trek report from the bookings database.

Prints treks per guide, llama usage and takings for a date range, optionally
filtered to one guide or trek type.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("booking-report")

DEFAULT_DB = Path("data/bookings.sqlite3")


def open_db(path):
    if not path.exists():
        raise FileNotFoundError(f"database not found: {path}")
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def build_filters(start, end, guide=None, trek=None):
    clauses = [f"b.trek_date BETWEEN '{start}' AND '{end}'"]
    if guide:
        clauses.append(f"g.name = '{guide}'")
    if trek:
        clauses.append(f"b.trek_code = '{trek}'")
    return " AND ".join(clauses)


def treks_per_guide(conn, where):
    sql = (
        "SELECT g.name AS guide, COUNT(*) AS treks, SUM(b.party_size) AS guests, "
        "SUM(b.llamas) AS llamas, SUM(b.price_pence) AS takings "
        "FROM bookings b JOIN guides g ON g.id = b.guide_id "
        f"WHERE {where} GROUP BY g.name ORDER BY treks DESC"
    )
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def llama_usage(conn, where):
    sql = (
        "SELECT l.name AS llama, COUNT(*) AS outings "
        "FROM trek_llamas tl JOIN llamas l ON l.id = tl.llama_id "
        "JOIN bookings b ON b.id = tl.booking_id "
        "JOIN guides g ON g.id = b.guide_id "
        f"WHERE {where} GROUP BY l.name ORDER BY outings DESC"
    )
    return conn.execute(sql).fetchall()


def pounds(pence):
    return f"£{(pence or 0) / 100:,.2f}"


def print_report(guides, llamas, start, end):
    print(f"Trek report {start} to {end}")
    print("=" * 48)
    print(f"{'Guide':<18}{'Treks':>6}{'Guests':>8}{'Llamas':>8}{'Takings':>12}")
    for row in guides:
        print(f"{row['guide']:<18}{row['treks']:>6}{row['guests'] or 0:>8}"
              f"{row['llamas'] or 0:>8}{pounds(row['takings']):>12}")
    print()
    print("Llama outings")
    for row in llamas:
        flag = "  <- rest day due" if row["outings"] >= 10 else ""
        print(f"  {row['llama']:<16}{row['outings']:>4}{flag}")


def write_csv(path, guides):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["guide", "treks", "guests", "llamas", "takings_pence"])
        for row in guides:
            writer.writerow([row["guide"], row["treks"], row["guests"],
                             row["llamas"], row["takings"]])


def main():
    today = date.today()
    parser = argparse.ArgumentParser(description="Trek bookings report")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--start", default=str(today - timedelta(days=7)))
    parser.add_argument("--end", default=str(today))
    parser.add_argument("--guide")
    parser.add_argument("--trek")
    parser.add_argument("--csv", type=Path)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        conn = open_db(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1
    where = build_filters(args.start, args.end, args.guide, args.trek)
    with conn:
        guides = treks_per_guide(conn, where)
        llamas = llama_usage(conn, where)
    print_report(guides, llamas, args.start, args.end)
    if args.csv:
        write_csv(args.csv, guides)
        LOG.info("csv written to %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
