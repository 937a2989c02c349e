#!/usr/bin/env python3
"""Measurement report.

Reads the performers' measurement sheet for a production and writes a
summary for the cutters: size bands per role group, performers whose
measurements changed since the last fitting, and missing fields.
"""
import argparse
import csv
import logging
import statistics
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("measure_report")

FIELDS = ("chest", "waist", "hips", "inseam", "head")
BANDS = [(0, 86, "XS"), (86, 94, "S"), (94, 102, "M"), (102, 110, "L"), (110, 999, "XL")]
CHANGE_THRESHOLD_CM = 2.0


def band_for(chest):
    for low, high, label in BANDS:
        if low <= chest < high:
            return label
    return "?"


class Sheet:
    def __init__(self, path):
        self.path = Path(path)
        self.rows = []

    def load(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            self.rows = list(csv.DictReader(fh))
        log.info("read %d performers from %s", len(self.rows), self.path)
        return self

    def by_name(self):
        return {r["name"]: r for r in self.rows}


def to_float(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def summarise(sheet):
    groups = defaultdict(lambda: defaultdict(int))
    missing = []
    chests = []
    for row in sheet.rows:
        chest = to_float(row.get("chest"))
        gaps = [f for f in FIELDS if to_float(row.get(f)) is None]
        if gaps:
            missing.append((row.get("name", "?"), gaps))
        if chest is not None:
            chests.append(chest)
            groups[row.get("group", "ungrouped")][band_for(chest)] += 1
    return groups, missing, chests


def changes(current, previous):
    out = []
    prev = previous.by_name()
    for name, row in current.by_name().items():
        old = prev.get(name)
        if not old:
            continue
        for field in FIELDS:
            a, b = to_float(row.get(field)), to_float(old.get(field))
            if a is not None and b is not None and abs(a - b) >= CHANGE_THRESHOLD_CM:
                out.append(f"{name}: {field} {b:g} -> {a:g}")
    return out


def write_report(out_path, groups, missing, chests, changed):
    lines = ["# Measurement summary", ""]
    if chests:
        lines.append(f"Chest median {statistics.median(chests):.1f} cm over {len(chests)} performers")
    for group in sorted(groups):
        bands = ", ".join(f"{k}: {v}" for k, v in sorted(groups[group].items()))
        lines.append(f"- {group}: {bands}")
    lines += ["", "## Changed since last fitting"] + [f"- {c}" for c in changed or ["none"]]
    lines += ["", "## Missing fields"] + [f"- {n}: {', '.join(g)}" for n, g in missing or [("none", [])]]
    Path(out_path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Summarise a production's measurement sheet")
    parser.add_argument("sheet")
    parser.add_argument("--previous", help="sheet from the previous fitting")
    parser.add_argument("--out", default="measurement_report.md")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        current = Sheet(args.sheet).load()
        previous = Sheet(args.previous).load() if args.previous else None
    except (OSError, csv.Error) as exc:
        log.error("cannot read sheet: %s", exc)
        return 1
    groups, missing, chests = summarise(current)
    changed = changes(current, previous) if previous else []
    write_report(args.out, groups, missing, chests, changed)
    log.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
