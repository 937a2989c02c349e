#!/usr/bin/env python3
"""Daily sales summary for the skate shop.

Reads the till export CSVs in the working folder, totals sales by category
and payment type, and writes a small markdown summary for the owner.
Parsed exports are cached by content hash so re-runs are fast.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("sales-summary")

CACHE_DIR = Path(".sales_cache")


def file_key(path):
    digest = hashlib.md5(path.read_bytes()).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def parse_export(path):
    cached = file_key(path)
    if cached.exists():
        return json.loads(cached.read_text())
    rows = []
    with path.open(newline="") as fh:
        for rec in csv.DictReader(fh):
            rows.append({
                "category": rec.get("category", "other").strip().lower() or "other",
                "payment": rec.get("payment", "unknown").strip().lower(),
                "amount": rec.get("amount", "0").strip(),
                "qty": int(rec.get("qty", "1") or 1),
            })
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(rows))
    return rows


def summarise(rows):
    by_category = defaultdict(Decimal)
    by_payment = defaultdict(Decimal)
    units = defaultdict(int)
    for row in rows:
        amount = Decimal(row["amount"] or "0")
        by_category[row["category"]] += amount
        by_payment[row["payment"]] += amount
        units[row["category"]] += row["qty"]
    return by_category, by_payment, units


def render(day, by_category, by_payment, units):
    lines = [f"# Sales for {day}", "", "| Category | Units | Total |", "|---|---:|---:|"]
    for cat in sorted(by_category, key=by_category.get, reverse=True):
        lines.append(f"| {cat} | {units[cat]} | {by_category[cat]:.2f} |")
    lines += ["", "| Payment | Total |", "|---|---:|"]
    for pay in sorted(by_payment):
        lines.append(f"| {pay} | {by_payment[pay]:.2f} |")
    grand = sum(by_category.values(), Decimal("0"))
    lines += ["", f"**Total: {grand:.2f}**", ""]
    return "\n".join(lines)


def clear_cache():
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for item in CACHE_DIR.glob("*.json"):
        item.unlink()
        removed += 1
    return removed


def parse_args():
    parser = argparse.ArgumentParser(description="Summarise till exports")
    parser.add_argument("--day", default=None, help="YYYY-MM-DD, defaults to newest export")
    parser.add_argument("--out", type=Path, default=Path("sales_summary.md"))
    parser.add_argument("--clear-cache", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.clear_cache:
        log.info("removed %d cached files", clear_cache())
    exports = sorted(Path(".").glob("till_export_*.csv"))
    if args.day:
        exports = [p for p in exports if args.day in p.name]
    if not exports:
        log.error("no till exports found")
        return 1
    day = args.day or exports[-1].stem.replace("till_export_", "")
    rows = []
    for path in exports if args.day else exports[-1:]:
        rows.extend(parse_export(path))
    report = render(day, *summarise(rows))
    args.out.write_text(report)
    os.chmod(args.out, 0o600)
    log.info("wrote %s (%d sales lines)", args.out, len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
