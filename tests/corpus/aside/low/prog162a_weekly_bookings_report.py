#!/usr/bin/env python3
"""Weekly bookings report.

Reads the booking export CSVs in the working folder, totals players, paint
sold and revenue per package, and writes a summary CSV plus a short text
report for the Monday meeting. Parsed exports are cached by content hash.
"""

import argparse
import csv
import hashlib
import json
import logging
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("weekly-report")

CACHE_DIR = Path(".report_cache")


def file_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_rows(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{file_key(path)}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    cached.write_text(json.dumps(rows))
    return rows


def in_week(row, start, end):
    try:
        played = datetime.strptime(row["play_date"], "%Y-%m-%d").date()
    except (KeyError, ValueError):
        return False
    return start <= played <= end


def summarise(rows):
    totals = defaultdict(lambda: {"bookings": 0, "players": 0, "paint_boxes": 0, "revenue": 0.0})
    for row in rows:
        pkg = row.get("package", "unknown")
        t = totals[pkg]
        t["bookings"] += 1
        t["players"] += int(row.get("players", 0) or 0)
        t["paint_boxes"] += int(row.get("paint_boxes", 0) or 0)
        t["revenue"] += float(row.get("total", 0) or 0)
    return dict(totals)


def write_summary(totals, out_path):
    with open(out_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["package", "bookings", "players", "paint_boxes", "revenue"])
        for pkg, t in sorted(totals.items()):
            writer.writerow([pkg, t["bookings"], t["players"], t["paint_boxes"], f"{t['revenue']:.2f}"])


def text_report(totals, start, end):
    lines = [f"Bookings {start} to {end}", ""]
    grand = sum(t["revenue"] for t in totals.values())
    players = sum(t["players"] for t in totals.values())
    for pkg, t in sorted(totals.items(), key=lambda kv: -kv[1]["revenue"]):
        lines.append(f"{pkg:<20} {t['players']:>5} players  {t['revenue']:>10.2f}")
    lines.append("")
    lines.append(f"{'total':<20} {players:>5} players  {grand:>10.2f}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Weekly bookings report")
    parser.add_argument("--exports", type=Path, default=Path("exports"))
    parser.add_argument("--week-ending", default=None, help="YYYY-MM-DD, default last Sunday")
    parser.add_argument("--out", type=Path, default=Path("weekly_summary.csv"))
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    if args.week_ending:
        end = date.fromisoformat(args.week_ending)
    else:
        today = date.today()
        end = today - timedelta(days=(today.weekday() + 1) % 7)
    start = end - timedelta(days=6)

    rows = []
    for path in sorted(args.exports.glob("*.csv")):
        rows.extend(r for r in load_rows(path) if in_week(r, start, end))
    if not rows:
        LOG.info("no bookings between %s and %s", start, end)
        return 0

    totals = summarise(rows)
    write_summary(totals, args.out)
    report = text_report(totals, start, end)
    Path("weekly_report.txt").write_text(report + "\n")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
