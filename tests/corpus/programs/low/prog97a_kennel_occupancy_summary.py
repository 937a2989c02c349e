#!/usr/bin/env python3
"""Kennel occupancy summary.

Reads the booking database (SQLite, as synced nightly from the booking
system) and produces a week-ahead occupancy grid per kennel block, as HTML
for the office screen, plus a per-day CSV for the manager's spreadsheet.
"""
import argparse
import csv
import datetime as dt
import html
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("occupancy")

QUERY = """
SELECT b.block, b.run, b.start_date, b.end_date, p.name AS pet
  FROM bookings b
  JOIN pets p ON p.id = b.pet_id
 WHERE b.status = 'confirmed' AND b.end_date >= ? AND b.start_date <= ?
 ORDER BY b.block, b.run
"""


def fetch_bookings(db_path, start, end):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(QUERY, (start.isoformat(), end.isoformat()))]
    finally:
        con.close()


def build_grid(rows, start, days):
    dates = [start + dt.timedelta(days=i) for i in range(days)]
    grid = {}
    for r in rows:
        s = dt.date.fromisoformat(r["start_date"])
        e = dt.date.fromisoformat(r["end_date"])
        cells = grid.setdefault((r["block"], r["run"]), [""] * days)
        for i, d in enumerate(dates):
            if s <= d <= e:
                cells[i] = r["pet"]
    return dates, grid


def render_html(dates, grid, title):
    head = "".join(f"<th>{d:%a %d}</th>" for d in dates)
    body = []
    for (block, run), cells in sorted(grid.items()):
        tds = "".join(f'<td class="{"busy" if c else "free"}">{html.escape(c)}</td>' for c in cells)
        body.append(f"<tr><th>{html.escape(block)}-{html.escape(str(run))}</th>{tds}</tr>")
    occupied = sum(1 for cells in grid.values() for c in cells if c)
    total = max(len(grid) * len(dates), 1)
    return (f"<html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<link rel='stylesheet' href='occupancy.css'></head><body>"
            f"<h1>{html.escape(title)}</h1><p>Occupancy {100 * occupied / total:.0f}%</p>"
            f"<table><tr><th>Run</th>{head}</tr>{''.join(body)}</table></body></html>")


def write_daily_csv(path, dates, grid):
    blocks = sorted({block for block, _ in grid})
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date"] + blocks + ["total"])
        for i, d in enumerate(dates):
            counts = {b: 0 for b in blocks}
            for (block, _), cells in grid.items():
                if cells[i]:
                    counts[block] += 1
            w.writerow([d.isoformat()] + [counts[b] for b in blocks] + [sum(counts.values())])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Week-ahead kennel occupancy report")
    ap.add_argument("--db", type=Path, default=Path("bookings.sqlite"))
    ap.add_argument("--start", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("-o", "--output", type=Path, default=Path("occupancy.html"))
    ap.add_argument("--csv", type=Path, default=Path("occupancy_daily.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    end = args.start + dt.timedelta(days=args.days - 1)
    try:
        rows = fetch_bookings(args.db, args.start, end)
    except sqlite3.Error as exc:
        log.error("could not read bookings: %s", exc)
        return 1

    dates, grid = build_grid(rows, args.start, args.days)
    args.output.write_text(render_html(dates, grid, f"Occupancy from {args.start:%d %b %Y}"),
                           encoding="utf-8")
    write_daily_csv(args.csv, dates, grid)
    log.info("%d bookings across %d runs -> %s, %s", len(rows), len(grid), args.output, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
