#!/usr/bin/env python3
"""Allocate bib numbers for a charity half marathon.

Entrants are sorted into start waves by their predicted finish time, elites
and charity places get their reserved ranges, and every bib gets a short
collection code that the runner quotes at the expo desk to pick up their
pack. Writes bibs.csv (for the printers) and waves.json (for the start
marshals).
"""
import argparse
import csv
import json
import logging
import random
import string
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("bibs")

DEFAULT_WAVES = {
    "elite": {"start": 1, "end": 99},
    "charity": {"start": 5000, "end": 5999},
    "waves": [
        {"name": "A", "max_minutes": 95, "start": 100, "end": 999},
        {"name": "B", "max_minutes": 115, "start": 1000, "end": 2499},
        {"name": "C", "max_minutes": 135, "start": 2500, "end": 3999},
        {"name": "D", "max_minutes": 999, "start": 4000, "end": 4999},
    ],
}


class CollectionCodes:
    alphabet = "".join(c for c in string.ascii_uppercase + string.digits if c not in "O0I1")
    length = 6

    def __init__(self):
        self._issued = set()

    def issue(self):
        while True:
            code = "".join(random.choices(self.alphabet, k=self.length))
            if code not in self._issued:
                self._issued.add(code)
                return code


def parse_minutes(value):
    try:
        parts = [int(p) for p in value.strip().split(":")]
    except (AttributeError, ValueError):
        return None
    while len(parts) < 3:
        parts.insert(0, 0)
    h, m, s = parts[-3:]
    return h * 60 + m + s / 60.0


def load_waves(path):
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    return DEFAULT_WAVES


def pick_pool(row, waves):
    if row.get("elite", "").lower() in ("y", "yes", "1"):
        return "elite", waves["elite"]
    if row.get("charity_place", "").lower() in ("y", "yes", "1"):
        return "charity", waves["charity"]
    minutes = parse_minutes(row.get("predicted_time", ""))
    if minutes is None:
        return waves["waves"][-1]["name"], waves["waves"][-1]
    for wave in waves["waves"]:
        if minutes <= wave["max_minutes"]:
            return wave["name"], wave
    return waves["waves"][-1]["name"], waves["waves"][-1]


def allocate(rows, waves):
    codes = CollectionCodes()
    next_bib = {}
    counts = defaultdict(int)
    out = []
    rows = sorted(rows, key=lambda r: (parse_minutes(r.get("predicted_time", "")) or 9e9,
                                       r.get("last_name", "")))
    for row in rows:
        name, pool = pick_pool(row, waves)
        bib = next_bib.get(name, pool["start"])
        if bib > pool["end"]:
            raise RuntimeError("pool %s is full (%d-%d)" % (name, pool["start"], pool["end"]))
        next_bib[name] = bib + 1
        counts[name] += 1
        out.append({**row, "bib": str(bib), "wave": name, "collection_code": codes.issue()})
    return out, counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("entrants", help="entrant export CSV from the registration system")
    ap.add_argument("--waves", help="waves JSON (defaults to built-in half marathon layout)")
    ap.add_argument("--out", default="bibs.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with open(args.entrants, newline="", encoding="utf-8-sig") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        sys.exit("cannot read entrants: %s" % exc)
    if not rows:
        sys.exit("entrant file is empty")

    waves = load_waves(args.waves)
    try:
        allocated, counts = allocate(rows, waves)
    except RuntimeError as exc:
        sys.exit(str(exc))

    fields = list(allocated[0].keys())
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(sorted(allocated, key=lambda r: int(r["bib"])))
    with open("waves.json", "w", encoding="utf-8") as fh:
        json.dump(dict(counts), fh, indent=2)

    for name in sorted(counts):
        log.info("%-8s %5d runners", name, counts[name])
    log.info("wrote %d bibs to %s", len(allocated), args.out)


if __name__ == "__main__":
    main()
