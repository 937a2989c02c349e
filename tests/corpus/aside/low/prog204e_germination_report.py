#!/usr/bin/env python3
"""Seasonal germination report for the seed library newsletter.

Reads trial sheets from ./trials/*.csv, caches parsed sheets keyed by their
content hash, and writes a Markdown or CSV summary into ./reports/.
"""
import argparse
import csv
import glob
import hashlib
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from functools import wraps

log = logging.getLogger("germ-report")

CACHE_DIR = ".cache/germ"


@dataclass
class Row:
    variety: str
    year: int
    sown: int
    sprouted: int

    @property
    def pct(self):
        return 100.0 * self.sprouted / self.sown if self.sown else 0.0


def cached(func):
    @wraps(func)
    def wrapper(path):
        with open(path, "rb") as fh:
            key = hashlib.md5(fh.read()).hexdigest()
        slot = os.path.join(CACHE_DIR, key + ".json")
        if os.path.exists(slot):
            with open(slot, encoding="utf-8") as fh:
                return [Row(**r) for r in json.load(fh)]
        rows = func(path)
        os.makedirs(CACHE_DIR, exist_ok=True)
        with open(slot, "w", encoding="utf-8") as fh:
            json.dump([asdict(r) for r in rows], fh)
        return rows
    return wrapper


@cached
def parse_sheet(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            try:
                rows.append(Row(rec["variety"].strip(), int(rec["year"]),
                                int(rec["sown"]), int(rec["sprouted"])))
            except (KeyError, ValueError):
                log.warning("%s: skipped malformed row", path)
    return rows


def render_markdown(rows, out):
    out.write("| Variety | Year | Sown | Sprouted | % |\n|---|---|---|---|---|\n")
    for r in rows:
        out.write(f"| {r.variety} | {r.year} | {r.sown} | {r.sprouted} | {r.pct:.0f} |\n")


def render_csv(rows, out):
    w = csv.writer(out)
    w.writerow(["variety", "year", "sown", "sprouted", "pct"])
    for r in rows:
        w.writerow([r.variety, r.year, r.sown, r.sprouted, f"{r.pct:.1f}"])


RENDERERS = {"md": render_markdown, "csv": render_csv}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Germination report")
    ap.add_argument("--trials", default="trials")
    ap.add_argument("--format", choices=sorted(RENDERERS), default="md")
    ap.add_argument("--year", type=int, help="only this season")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sheets = sorted(glob.glob(os.path.join(args.trials, "*.csv")))
    if not sheets:
        log.error("no trial sheets in %s", args.trials)
        return 1
    rows = [r for s in sheets for r in parse_sheet(s)]
    if args.year:
        rows = [r for r in rows if r.year == args.year]
    rows.sort(key=lambda r: (-r.pct, r.variety))
    os.makedirs("reports", exist_ok=True)
    stamp = importlib.import_module("datetime").date.today().isoformat()
    target = os.path.join("reports", f"germination-{stamp}.{args.format}")
    with open(target, "w", encoding="utf-8", newline="") as out:
        RENDERERS[args.format](rows, out)
    log.info("wrote %d rows to %s", len(rows), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
