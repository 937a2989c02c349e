#!/usr/bin/env python3
"""Builds a CSV report in a temporary file and moves it into place atomically."""
import argparse
import csv
import logging
import os
import tempfile

log = logging.getLogger("report")


def rows(n):
    for i in range(n):
        yield {"id": i, "square": i * i, "label": f"item-{i:04d}"}


def write_report(dest, n):
    directory = os.path.dirname(os.path.abspath(dest)) or "."
    with tempfile.NamedTemporaryFile("w", newline="", dir=directory, delete=False, suffix=".csv") as tmp:
        writer = csv.DictWriter(tmp, fieldnames=["id", "square", "label"])
        writer.writeheader()
        for row in rows(n):
            writer.writerow(row)
    os.replace(tmp.name, dest)
    log.info("wrote %s (%d rows)", dest, n)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="report.csv")
    parser.add_argument("--rows", type=int, default=100)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.rows < 0:
        parser.error("--rows must be positive")
    write_report(args.out, args.rows)


if __name__ == "__main__":
    main()
