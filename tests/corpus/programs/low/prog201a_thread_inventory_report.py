#!/usr/bin/env python3
"""Thread and bobbin inventory report for the lace studio.

Reads inventory.csv (sku, fibre, weight, colour, skeins, reorder_at) and writes
a Markdown report plus a JSON reorder list into the working directory.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, asdict

log = logging.getLogger("inventory")


@dataclass
class Item:
    sku: str
    fibre: str
    weight: str
    colour: str
    skeins: int
    reorder_at: int

    @property
    def low(self):
        return self.skeins <= self.reorder_at


def read_inventory(path):
    items = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                items.append(Item(row["sku"].strip(), row["fibre"].strip().lower(),
                                  row["weight"].strip(), row["colour"].strip(),
                                  int(row["skeins"]), int(row["reorder_at"])))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)
    return items


def render(items):
    by_fibre = defaultdict(list)
    for it in items:
        by_fibre[it.fibre].append(it)
    out = ["# Thread inventory", ""]
    for fibre in sorted(by_fibre):
        group = sorted(by_fibre[fibre], key=lambda i: i.sku)
        out.append("## %s (%d skeins)" % (fibre.title(), sum(i.skeins for i in group)))
        out.append("")
        out.append("| SKU | Weight | Colour | Skeins | Status |")
        out.append("|---|---|---|---|---|")
        for it in group:
            out.append("| %s | %s | %s | %d | %s |" % (it.sku, it.weight, it.colour, it.skeins,
                                                      "reorder" if it.low else "ok"))
        out.append("")
    return "\n".join(out)


def content_key(path):
    with open(path, "rb") as fh:
        return hashlib.md5(fh.read()).hexdigest()[:12]


def main():
    ap = argparse.ArgumentParser(description="Lace studio thread inventory report")
    ap.add_argument("inventory", nargs="?", default="inventory.csv")
    ap.add_argument("--out", default="reports")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(args.inventory):
        log.error("inventory file %s not found", args.inventory)
        return 1
    items = read_inventory(args.inventory)
    os.makedirs(args.out, exist_ok=True)
    key = content_key(args.inventory)
    report_path = os.path.join(args.out, "inventory-%s.md" % key)
    if os.path.exists(report_path):
        log.info("report for this inventory already exists: %s", report_path)
    else:
        with open(report_path, "w", encoding="utf-8") as fh:
            fh.write(render(items))
        log.info("wrote %s", report_path)
    reorder = [asdict(i) for i in items if i.low]
    with open(os.path.join(args.out, "reorder.json"), "w", encoding="utf-8") as fh:
        json.dump(reorder, fh, indent=2)
    log.info("%d of %d items need reordering", len(reorder), len(items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
