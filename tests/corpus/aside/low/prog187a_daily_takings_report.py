#!/usr/bin/env python3
"""Daily takings report for the shop.

Reads the till's end-of-day CSV and writes a summary per barber and per
payment method. Parsed exports are cached by content hash so re-running
the report on the same file is instant.
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

log = logging.getLogger("takings")

CACHE_DIR = Path(os.environ.get("TAKINGS_CACHE", ".takings_cache"))
COMMISSION = Decimal(os.environ.get("BARBER_COMMISSION", "0.45"))


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse_export(path: Path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if cached.exists():
        log.debug("cache hit %s", cached.name)
        return json.loads(cached.read_text())
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rows.append({
                "barber": row["barber"].strip(),
                "method": row.get("payment", "card").strip().lower(),
                "amount": row["amount"],
                "tip": row.get("tip") or "0",
            })
    cached.write_text(json.dumps(rows))
    return rows


class Summary:
    def __init__(self):
        self.by_barber = defaultdict(lambda: {"sales": Decimal(0), "tips": Decimal(0), "cuts": 0})
        self.by_method = defaultdict(Decimal)

    def add(self, row):
        amount, tip = Decimal(row["amount"]), Decimal(row["tip"])
        b = self.by_barber[row["barber"]]
        b["sales"] += amount
        b["tips"] += tip
        b["cuts"] += 1
        self.by_method[row["method"]] += amount + tip

    def render(self, day):
        lines = [f"Takings for {day}", "=" * 40]
        total = Decimal(0)
        for name, b in sorted(self.by_barber.items()):
            pay = (b["sales"] * COMMISSION + b["tips"]).quantize(Decimal("0.01"))
            lines.append(f"{name:<12} {b['cuts']:>3} cuts  £{b['sales']:>8.2f}  tips £{b['tips']:>6.2f}  pay £{pay:>7.2f}")
            total += b["sales"] + b["tips"]
        lines.append("-" * 40)
        for method, amt in sorted(self.by_method.items()):
            lines.append(f"{method:<12} £{amt:>8.2f}")
        lines.append(f"{'TOTAL':<12} £{total:>8.2f}")
        return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Daily takings report")
    parser.add_argument("export", type=Path)
    parser.add_argument("--day", default=None)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    summary = Summary()
    for row in parse_export(args.export):
        summary.add(row)
    day = args.day or args.export.stem.replace("takings_", "")
    report = summary.render(day)
    out = args.out or Path(f"report_{day}.txt")
    out.write_text(report)
    os.chmod(out, 0o600)
    print(report, end="")
    log.info("report written to %s", out)


if __name__ == "__main__":
    main()
