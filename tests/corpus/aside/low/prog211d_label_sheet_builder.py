#!/usr/bin/env python3
"""Build printable label sheets for finished wax bars.

Reads the batch CSV (file argument or stdin from a pipe), writes one label
text file per bar into ./labels and a small print_labels.sh helper that the
operator can run by hand with `bash labels/print_labels.sh`.
"""
import argparse
import csv
import hashlib
import logging
import os
import shlex
import sys
from pathlib import Path

LOG = logging.getLogger("labels")
PRINTER = os.environ.get("LABEL_PRINTER", "Zebra_GK420")
BRAND = os.environ.get("LABEL_BRAND", "Northridge Wax Co.")

LABEL_TEMPLATE = """{brand}
{name}  ({sku})
Snow temp: {tmin} to {tmax} C
Batch {batch}  Net {grams} g
"""


class Label:
    def __init__(self, row):
        self.sku = row["sku"].strip()
        self.name = row["name"].strip()
        self.tmin = row.get("temp_min", "?")
        self.tmax = row.get("temp_max", "?")
        self.batch = row["batch"].strip()
        self.grams = int(float(row.get("grams", 60)))

    def text(self):
        return LABEL_TEMPLATE.format(brand=BRAND, name=self.name, sku=self.sku,
                                     tmin=self.tmin, tmax=self.tmax,
                                     batch=self.batch, grams=self.grams)

    def cache_key(self):
        return hashlib.md5(self.text().encode()).hexdigest()[:12]


def read_rows(source):
    fh = sys.stdin if source == "-" else open(source, newline="")
    try:
        for row in csv.DictReader(fh):
            try:
                yield Label(row)
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping row %s: %s", row, exc)
    finally:
        if fh is not sys.stdin:
            fh.close()


def write_labels(labels, out_dir, copies):
    out_dir.mkdir(exist_ok=True)
    written = []
    for label in labels:
        path = out_dir / f"{label.sku}_{label.cache_key()}.txt"
        if not path.exists():
            path.write_text(label.text())
            os.chmod(path, 0o600)
        written.append(path)
    lines = ["#!/bin/bash", "# print the generated labels", "set -e",
             'cd "$(dirname "$0")"']
    for path in written:
        lines.append(f"lp -d {shlex.quote(PRINTER)} -n {copies} "
                     f"{shlex.quote(path.name)}")
    helper = out_dir / "print_labels.sh"
    helper.write_text("\n".join(lines) + "\n")
    os.chmod(helper, 0o600)
    return written, helper


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch_csv", nargs="?", default="-")
    ap.add_argument("--out", default="labels")
    ap.add_argument("--copies", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        labels = list(read_rows(args.batch_csv))
    except OSError as exc:
        LOG.error("cannot read input: %s", exc)
        return 1
    if not labels:
        LOG.error("no labels to build")
        return 1
    written, helper = write_labels(labels, Path(args.out), args.copies)
    LOG.info("%d labels in %s; run: bash %s", len(written), args.out, helper)
    return 0


if __name__ == "__main__":
    sys.exit(main())
