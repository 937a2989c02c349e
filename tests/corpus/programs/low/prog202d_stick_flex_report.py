#!/usr/bin/env python3
"""Stick inventory report by flex, curve and hand.

Reads the stick inventory export from the POS and summarises stock so the
buyer can see which flex/curve combinations are running low before the
pre-season order.
"""
import argparse
import csv
import importlib
import logging
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("flex_report")
stats = importlib.import_module("statistics")


@dataclass(frozen=True)
class Stick:
    sku: str
    brand: str
    flex: int
    curve: str
    hand: str
    qty: int
    price: float


def parse_row(row):
    return Stick(
        sku=row["sku"].strip(),
        brand=row.get("brand", "").strip(),
        flex=int(row["flex"]),
        curve=row.get("curve", "").strip().upper(),
        hand=row.get("hand", "").strip().upper()[:1],
        qty=int(row.get("qty", 0) or 0),
        price=float(row.get("price", 0) or 0),
    )


def load(path):
    sticks, bad = [], 0
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), 2):
            try:
                sticks.append(parse_row(row))
            except (KeyError, ValueError) as exc:
                bad += 1
                log.debug("line %d skipped: %s", n, exc)
    if bad:
        log.warning("%d rows could not be parsed", bad)
    return sticks


GROUPINGS = {
    "flex": lambda s: (s.flex,),
    "curve": lambda s: (s.curve, s.hand),
    "brand": lambda s: (s.brand,),
    "full": lambda s: (s.flex, s.curve, s.hand),
}

MEASURES = {
    "units": lambda items: sum(s.qty for s in items),
    "skus": lambda items: len(items),
    "avg_price": lambda items: round(getattr(stats, "mean")([s.price for s in items]), 2),
}


def summarise(sticks, grouping):
    key = GROUPINGS[grouping]
    buckets = defaultdict(list)
    for s in sticks:
        buckets[key(s)].append(s)
    for k in sorted(buckets):
        items = buckets[k]
        yield k, {name: fn(items) for name, fn in MEASURES.items()}


def render(rows, low_stock):
    lines = [f"{'group':<24}{'units':>7}{'skus':>6}{'avg $':>9}"]
    for key, m in rows:
        flag = "  LOW" if m["units"] <= low_stock else ""
        label = " / ".join(str(k) for k in key)
        lines.append(f"{label:<24}{m['units']:>7}{m['skus']:>6}{m['avg_price']:>9.2f}{flag}")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", help="CSV export with sku,brand,flex,curve,hand,qty,price")
    ap.add_argument("--by", choices=sorted(GROUPINGS), default="full")
    ap.add_argument("--low", type=int, default=3, help="low-stock threshold")
    ap.add_argument("--out", help="also write report to this file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not Path(args.inventory).is_file():
        log.error("no such file: %s", args.inventory)
        return 2
    sticks = load(args.inventory)
    if not sticks:
        log.error("no usable rows")
        return 1
    text = render(summarise(sticks, args.by), args.low)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        log.info("report saved to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
