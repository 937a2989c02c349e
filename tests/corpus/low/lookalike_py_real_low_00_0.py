#!/usr/bin/env python3

import csv
import statistics
from collections import defaultdict


def load(path):
    rows = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            row["amount"] = float(row["amount"])
            rows.append(row)
    return rows


def summarize(rows):
    by_cat = defaultdict(list)
    for r in rows:
        by_cat[r["category"]].append(r["amount"])
    return {k: (len(v), statistics.mean(v), max(v)) for k, v in by_cat.items()}


def main():
    rows = load("transactions.csv")
    for cat, (n, mean, top) in sorted(summarize(rows).items()):
        print(f"{cat:<20} {n:>5} {mean:>10.2f} {top:>10.2f}")


if __name__ == "__main__":
    main()

