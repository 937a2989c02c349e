#!/usr/bin/env python3
"""Plot monthly sales from a CSV file.

Expects columns: date (YYYY-MM-DD), region, amount. Sums the amount per
month and region, prints a table and saves a line chart as sales.png in
the current directory.
"""
import argparse
import csv
from collections import defaultdict

import matplotlib
matplotlib.use("Agg")  # no display needed; we only save the figure
import matplotlib.pyplot as plt


def read_sales(path):
    totals = defaultdict(lambda: defaultdict(float))
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            month = row["date"][:7]
            try:
                totals[row["region"]][month] += float(row["amount"])
            except ValueError:
                print(f"skipping bad amount: {row['amount']!r}")
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv_file")
    parser.add_argument("-o", "--output", default="sales.png")
    args = parser.parse_args()

    totals = read_sales(args.csv_file)
    months = sorted({m for per_region in totals.values() for m in per_region})

    print("month    " + "".join(f"{r:>12}" for r in sorted(totals)))
    for m in months:
        print(f"{m:9}" + "".join(f"{totals[r].get(m, 0):12.2f}" for r in sorted(totals)))

    fig, ax = plt.subplots(figsize=(10, 5))
    for region in sorted(totals):
        ax.plot(months, [totals[region].get(m, 0) for m in months],
                marker="o", label=region)
    ax.set_title("Monthly sales by region")
    ax.set_xlabel("Month")
    ax.set_ylabel("Amount")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.autofmt_xdate()
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print(f"\nChart saved to {args.output}")


if __name__ == "__main__":
    main()
