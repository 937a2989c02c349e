#!/usr/bin/env python3
"""Match collectors' want lists against current stock.

Collectors send want lists as simple CSVs (country, catalogue number,
condition, max price).  This script matches them against the stock export,
tolerating the usual spelling variants in catalogue numbers ("SG 12a",
"sg12A", "S.G. 12 a"), and writes one offer sheet per collector into
./offers plus a summary.
"""
import argparse
import csv
import difflib
import logging
import re
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

LOG = logging.getLogger("wantlists")

CONDITION_RANK = {"used": 1, "fine used": 2, "mounted mint": 3, "mm": 3, "unmounted mint": 4, "um": 4, "mnh": 4}


@dataclass(frozen=True)
class StockItem:
    sku: str
    country: str
    catno: str
    condition: str
    price: Decimal


def norm_catno(value):
    value = value.upper().replace("S.G.", "SG").replace(".", "")
    return re.sub(r"\s+", "", value)


def norm_country(value):
    return re.sub(r"[^a-z]", "", value.lower())


def money(value):
    try:
        return Decimal(value.replace("£", "").replace(",", "").strip() or "0")
    except InvalidOperation:
        return Decimal("0")


def load_stock(path):
    index = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            item = StockItem(row["sku"], row["country"], row["catno"],
                             row.get("condition", "used").lower(), money(row.get("price", "")))
            index[(norm_country(item.country), norm_catno(item.catno))].append(item)
    LOG.info("loaded %d stock keys", len(index))
    return index


def read_want_list(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def match_one(want, stock, fuzzy=0.88):
    key = (norm_country(want["country"]), norm_catno(want["catno"]))
    candidates = stock.get(key)
    if not candidates:
        same_country = [k for k in stock if k[0] == key[0]]
        close = difflib.get_close_matches(key[1], [k[1] for k in same_country], n=1, cutoff=fuzzy)
        if close:
            candidates = stock[(key[0], close[0])]
    if not candidates:
        return []
    min_rank = CONDITION_RANK.get(want.get("condition", "used").lower(), 1)
    ceiling = money(want.get("max_price", "")) or Decimal("1e9")
    return sorted(
        (c for c in candidates if CONDITION_RANK.get(c.condition, 1) >= min_rank and c.price <= ceiling),
        key=lambda c: c.price,
    )


def write_offer(collector, matches, out_dir):
    path = out_dir / f"offer_{collector}.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["wanted", "sku", "country", "catno", "condition", "price"])
        for wanted, item in matches:
            w.writerow([wanted, item.sku, item.country, item.catno, item.condition, f"{item.price:.2f}"])
    return path


def main():
    ap = argparse.ArgumentParser(description="Match want lists against stock")
    ap.add_argument("stock", help="stock export CSV")
    ap.add_argument("wantlists", nargs="+", help="want list CSVs, one per collector")
    ap.add_argument("--out", default="offers")
    ap.add_argument("--fuzzy", type=float, default=0.88)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stock = load_stock(args.stock)
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    summary = []
    for wl in args.wantlists:
        collector = Path(wl).stem
        matches = []
        try:
            for want in read_want_list(wl):
                found = match_one(want, stock, args.fuzzy)
                if found:
                    matches.append((f"{want['country']} {want['catno']}", found[0]))
        except (KeyError, OSError) as exc:
            LOG.error("skipping %s: %s", wl, exc)
            continue
        path = write_offer(collector, matches, out_dir)
        total = sum((m[1].price for m in matches), Decimal("0"))
        summary.append((collector, len(matches), total))
        LOG.info("%s: %d matches (£%.2f) -> %s", collector, len(matches), total, path)

    with open(out_dir / "summary.txt", "w", encoding="utf-8") as fh:
        for collector, count, total in sorted(summary, key=lambda s: -s[2]):
            fh.write(f"{collector:<24}{count:>5}  £{total:>10.2f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
