#!/usr/bin/env python3
"""Summarise the season's honey harvest per apiary and per member.

Input is the harvest log the extraction volunteers keep as CSV; output
is a report in the working directory in the requested format.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field, asdict

log = logging.getLogger("harvest-summary")


@dataclass
class Tally:
    frames: int = 0
    kg: float = 0.0
    members: set = field(default_factory=set)

    def add(self, row):
        self.frames += int(row.get("frames") or 0)
        self.kg += float(row.get("kg") or 0)
        self.members.add(row.get("member", "?"))

    def as_row(self, name):
        d = asdict(self)
        d["members"] = len(self.members)
        return {"apiary": name, **d, "kg_per_frame": round(self.kg / self.frames, 3)
                if self.frames else 0.0}


def load(path):
    totals = defaultdict(Tally)
    bad = 0
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                totals[row["apiary"].strip()].add(row)
            except (KeyError, ValueError) as exc:
                bad += 1
                log.warning("line %d skipped: %s", n, exc)
    return totals, bad


def _csv(rows, fh):
    w = csv.DictWriter(fh, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)


def _md(rows, fh):
    cols = list(rows[0])
    fh.write("| " + " | ".join(cols) + " |\n")
    fh.write("|" + "---|" * len(cols) + "\n")
    for r in rows:
        fh.write("| " + " | ".join(str(r[c]) for c in cols) + " |\n")


WRITERS = {
    "csv": _csv,
    "md": _md,
    "json": lambda rows, fh: json.dump(rows, fh, indent=2),
}


def main(argv=None):
    p = argparse.ArgumentParser(description="Harvest yield summary")
    p.add_argument("log_csv")
    p.add_argument("--format", choices=sorted(WRITERS), default="md")
    p.add_argument("--out-dir", default="reports")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        totals, bad = load(args.log_csv)
    except OSError as exc:
        log.error("cannot read %s: %s", args.log_csv, exc)
        return 1
    if not totals:
        log.error("no usable rows")
        return 1
    rows = sorted((t.as_row(a) for a, t in totals.items()),
                  key=lambda r: r["kg"], reverse=True)
    os.makedirs(args.out_dir, exist_ok=True)
    out = os.path.join(args.out_dir, f"harvest_summary.{args.format}")
    with open(out, "w", newline="", encoding="utf-8") as fh:
        WRITERS[args.format](rows, fh)
    log.info("%d apiaries, %.1f kg total, %d bad lines -> %s",
             len(rows), sum(r["kg"] for r in rows), bad, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
