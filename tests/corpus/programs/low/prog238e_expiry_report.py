#!/usr/bin/env python3
"""Flag donated stock that is close to its best-before date.

Reads the warehouse stock count (stock_count.csv in the working directory),
groups items by how soon they expire, and writes expiry_report.txt so the
distribution lead can move short-dated food to the front of the line.
"""
import argparse
import csv
import logging
import os
import sys
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("expiry_report")

BUCKETS = [
    (0, "EXPIRED - pull from shelves"),
    (7, "within 7 days - distribute this week"),
    (30, "within 30 days - prioritise"),
]


@dataclass
class StockItem:
    code: str
    name: str
    location: str
    quantity: int
    best_before: date

    def days_left(self, today: date) -> int:
        return (self.best_before - today).days


def read_stock(path: Path):
    items, skipped = [], 0
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                items.append(StockItem(
                    code=row["item_code"].strip(),
                    name=row["name"].strip(),
                    location=row.get("location", "").strip() or "unknown",
                    quantity=int(row["quantity"]),
                    best_before=datetime.strptime(row["best_before"], "%Y-%m-%d").date(),
                ))
            except (KeyError, ValueError) as exc:
                skipped += 1
                log.warning("skipping row %r: %s", row, exc)
    return items, skipped


def bucket_items(items, today):
    grouped = defaultdict(list)
    for item in items:
        left = item.days_left(today)
        for limit, label in BUCKETS:
            if left <= limit:
                grouped[label].append(item)
                break
    return grouped


def render(grouped, today):
    lines = [f"Expiry report for {today.isoformat()}", ""]
    for _, label in BUCKETS:
        entries = sorted(grouped.get(label, []), key=lambda i: (i.best_before, i.location))
        lines.append(f"== {label} ({len(entries)} items) ==")
        for it in entries:
            lines.append(f"  {it.best_before}  {it.location:<10} {it.quantity:>5} x {it.name} [{it.code}]")
        lines.append("")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description="Short-dated stock report")
    p.add_argument("--stock", default="stock_count.csv")
    p.add_argument("--out", default="expiry_report.txt")
    p.add_argument("--today", help="override date (YYYY-MM-DD) for testing")
    args = p.parse_args()

    logging.basicConfig(filename="expiry_report.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    today = date.fromisoformat(args.today) if args.today else date.today()
    stock = Path(args.stock)
    if not stock.exists():
        print(f"{stock} not found", file=sys.stderr)
        return 1

    items, skipped = read_stock(stock)
    grouped = bucket_items(items, today)
    out = Path(args.out)
    out.write_text(render(grouped, today), encoding="utf-8")
    os.chmod(out, 0o600)
    flagged = sum(len(v) for v in grouped.values())
    log.info("%d items read, %d skipped, %d flagged", len(items), skipped, flagged)
    print(f"{flagged} short-dated items written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
