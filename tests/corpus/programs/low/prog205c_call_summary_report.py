#!/usr/bin/env python3
"""Call summary report.

Summarises auto-identified bat passes from the survey's detection CSVs into
a per-night, per-species table and writes a Markdown report that volunteers
can paste into the monthly newsletter.
"""
import argparse
import csv
import logging
import sys
from collections import Counter, defaultdict
from pathlib import Path

log = logging.getLogger("callsummary")

COMMON_NAMES = {
    "PIPPIP": "Common pipistrelle",
    "PIPPYG": "Soprano pipistrelle",
    "NYCNOC": "Noctule",
    "MYODAU": "Daubenton's bat",
    "PLEAUR": "Brown long-eared bat",
    "EPTSER": "Serotine",
}


class Tally:
    def __init__(self, min_confidence):
        self.min_confidence = min_confidence
        self.by_night = defaultdict(Counter)
        self.skipped = 0

    def add_row(self, row):
        try:
            conf = float(row.get("confidence", 0))
        except ValueError:
            self.skipped += 1
            return
        if conf < self.min_confidence:
            self.skipped += 1
            return
        night = row.get("night") or row.get("date", "unknown")
        species = (row.get("species") or "UNKNOWN").upper()
        self.by_night[night][species] += 1

    def species(self):
        seen = set()
        for counts in self.by_night.values():
            seen.update(counts)
        return sorted(seen)


def read_files(paths, tally):
    for path in paths:
        try:
            with open(path, newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    tally.add_row(row)
        except (OSError, csv.Error) as exc:
            log.warning("could not read %s: %s", path, exc)


def render(tally, title):
    species = tally.species()
    header = ["Night"] + [COMMON_NAMES.get(s, s) for s in species] + ["Total"]
    lines = [f"# {title}", "", "| " + " | ".join(header) + " |",
             "|" + "---|" * len(header)]
    for night in sorted(tally.by_night):
        counts = tally.by_night[night]
        cells = [night] + [str(counts.get(s, 0)) for s in species]
        cells.append(str(sum(counts.values())))
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"_{tally.skipped} low-confidence or malformed rows excluded._", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inputs", nargs="*", help="detection CSV files (default: ./detections/*.csv)")
    ap.add_argument("--min-confidence", type=float, default=0.7)
    ap.add_argument("--title", default="Bat passes by night")
    ap.add_argument("-o", "--output", default="call_summary.md")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    paths = [Path(p) for p in args.inputs] or sorted(Path("detections").glob("*.csv"))
    if not paths:
        log.error("no detection files found")
        return 1
    tally = Tally(args.min_confidence)
    read_files(paths, tally)
    Path(args.output).write_text(render(tally, args.title), encoding="utf-8")
    log.info("report for %d night(s) written to %s", len(tally.by_night), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
