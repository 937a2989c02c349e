#!/usr/bin/env python3
"""Produce an age-graded results report for a club hill race.

Reads the race results CSV (name, age, sex, time) and a factors CSV
(age, sex, factor) and writes a markdown report ranking runners by
age-graded time, plus category winners.
"""
import argparse
import csv
import logging
import sys
from collections import defaultdict

LOG = logging.getLogger("age_grade")

CATEGORY_BANDS = [(0, 39, "Senior"), (40, 49, "V40"), (50, 59, "V50"), (60, 69, "V60"), (70, 200, "V70")]


def parse_time(text):
    parts = [int(p) for p in text.strip().split(":")]
    while len(parts) < 3:
        parts.insert(0, 0)
    h, m, s = parts
    return h * 3600 + m * 60 + s


def fmt_time(secs):
    secs = int(round(secs))
    h, rem = divmod(secs, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def category(age, sex):
    for lo, hi, label in CATEGORY_BANDS:
        if lo <= age <= hi:
            return f"{sex}{label}" if label != "Senior" else f"Senior {sex}"
    return "Unknown"


class Factors:
    def __init__(self, path):
        self.table = {}
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                self.table[(int(row["age"]), row["sex"].upper())] = float(row["factor"])

    def lookup(self, age, sex):
        return self.table.get((age, sex), 1.0)


def load_results(path, factors):
    runners = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                age, sex = int(row["age"]), row["sex"].strip().upper()
                raw = parse_time(row["time"])
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping %r: %s", row.get("name"), exc)
                continue
            graded = raw * factors.lookup(age, sex)
            runners.append({"name": row["name"].strip(), "age": age, "sex": sex,
                            "raw": raw, "graded": graded, "cat": category(age, sex)})
    return runners


def write_report(runners, title, out):
    ranked = sorted(runners, key=lambda r: r["graded"])
    winners = defaultdict(list)
    for r in sorted(runners, key=lambda r: r["raw"]):
        winners[r["cat"]].append(r)
    with open(out, "w") as fh:
        fh.write(f"# {title} - age-graded results\n\n")
        fh.write("| Pos | Runner | Cat | Time | Graded |\n|---|---|---|---|---|\n")
        for pos, r in enumerate(ranked, 1):
            fh.write(f"| {pos} | {r['name']} | {r['cat']} | {fmt_time(r['raw'])} | {fmt_time(r['graded'])} |\n")
        fh.write("\n## Category winners\n\n")
        for cat in sorted(winners):
            w = winners[cat][0]
            fh.write(f"- **{cat}**: {w['name']} ({fmt_time(w['raw'])})\n")
    LOG.info("report for %d runners written to %s", len(ranked), out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results")
    ap.add_argument("--factors", default="age_factors.csv")
    ap.add_argument("--title", default="Club Hill Race")
    ap.add_argument("--out", default="age_graded.md")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        runners = load_results(args.results, Factors(args.factors))
    except OSError as exc:
        LOG.error("cannot read input: %s", exc)
        return 1
    if not runners:
        LOG.error("no usable results")
        return 2
    write_report(runners, args.title, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
