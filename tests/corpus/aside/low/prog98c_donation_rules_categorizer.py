#!/usr/bin/env python3
"""Categorise donation intake sheets and total pounds per category.

Reads the CSV exported from the intake clipboard app (date, donor, item,
weight_lb) and writes a per-category summary for the monthly report to the
regional food bank. Category keywords come from a JSON rule file; a default
set is built in so volunteers don't need a separate download.
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("intake-categories")

DEFAULT_RULES = {
    "version": 3,
    "perishable": ["produce", "dairy", "protein"],
    "categories": [
        ["produce", ["apple", "banana", "lettuce", "potato", "onion", "carrot", "squash", "berries", "greens"]],
        ["dairy", ["milk", "cheese", "yogurt", "butter", "eggs", "cream"]],
        ["protein", ["chicken", "beef", "pork", "turkey", "tuna", "salmon", "beans", "peanut butter", "tofu"]],
        ["canned", ["canned", "can of", "soup", "tin", "sauce jar"]],
        ["dry_goods", ["rice", "pasta", "flour", "cereal", "oats", "lentils", "crackers", "bread"]],
        ["hygiene", ["soap", "shampoo", "toothpaste", "diaper", "tampon", "pad", "razor", "toilet paper"]],
        ["baby", ["formula", "baby food", "wipes"]],
    ],
}


class RulePack:
    """Keyword rules: first category whose keyword appears in the item wins."""

    def __init__(self, data):
        self.version = data.get("version", "?")
        self.categories = [(c, tuple(w.lower() for w in words)) for c, words in data["categories"]]
        self.perishable = set(data.get("perishable", []))

    @classmethod
    def from_file(cls, path):
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if "categories" not in data:
            raise ValueError(f"{path}: no 'categories' key")
        log.info("using rule file %s", path)
        return cls(data)

    @classmethod
    def builtin(cls):
        log.info("using built-in rules v%s", DEFAULT_RULES["version"])
        return cls(DEFAULT_RULES)

    def categorize(self, desc):
        d = (desc or "").lower()
        for cat, words in self.categories:
            if any(w in d for w in words):
                return cat
        return "uncategorized"

    def is_perishable(self, cat):
        return cat in self.perishable


def parse_weight(raw):
    raw = (raw or "").strip().lower().replace("lbs", "").replace("lb", "")
    try:
        return float(raw)
    except ValueError:
        return 0.0


def read_intake(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            yield {
                "date": row.get("date", ""),
                "donor": row.get("donor", "").strip() or "anonymous",
                "item": row.get("item", ""),
                "weight": parse_weight(row.get("weight_lb")),
            }


def summarise(rows, rules):
    totals = defaultdict(float)
    perishable = 0.0
    donors = set()
    unmatched = []
    for r in rows:
        cat = rules.categorize(r["item"])
        totals[cat] += r["weight"]
        donors.add(r["donor"])
        if rules.is_perishable(cat):
            perishable += r["weight"]
        if cat == "uncategorized":
            unmatched.append(r["item"])
    return totals, perishable, donors, unmatched


def write_summary(out_path, totals, perishable, donors):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["category", "pounds"])
        for cat in sorted(totals):
            w.writerow([cat, f"{totals[cat]:.1f}"])
        w.writerow(["total", f"{sum(totals.values()):.1f}"])
        w.writerow(["perishable", f"{perishable:.1f}"])
        w.writerow(["distinct_donors", len(donors)])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Summarise donation intake by category")
    ap.add_argument("intake_csv", type=Path)
    ap.add_argument("--rules", type=Path, help="JSON rule file (default: built-in)")
    ap.add_argument("-o", "--out", type=Path)
    ap.add_argument("--show-unmatched", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.intake_csv.exists():
        log.error("no such file: %s", args.intake_csv)
        return 1
    try:
        rules = RulePack.from_file(args.rules) if args.rules else RulePack.builtin()
    except (OSError, ValueError) as exc:
        log.error("bad rule file: %s", exc)
        return 1
    totals, perishable, donors, unmatched = summarise(read_intake(args.intake_csv), rules)

    out = args.out or args.intake_csv.with_name(
        f"intake_summary_{datetime.now():%Y%m}.csv")
    write_summary(out, totals, perishable, donors)
    log.info("wrote %s (%.1f lb across %d categories)", out, sum(totals.values()), len(totals))
    if args.show_unmatched and unmatched:
        for item in sorted(set(unmatched)):
            print("unmatched:", item)
    return 0


if __name__ == "__main__":
    sys.exit(main())
