#!/usr/bin/env python3
"""Weekly lane booking report.

Reads the booking export (CSV) and writes a Markdown summary of lane
utilisation, group sizes and revenue per day. The report is only rebuilt
when the export changes.
"""
import argparse
import csv
import hashlib
import logging
import sys
from collections import Counter, defaultdict
from pathlib import Path

LOG = logging.getLogger("bookingreport")

STAMP_FILE = Path(".report_stamp")


def export_key(path):
    """Cache key for the export so unchanged input is not re-processed."""
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


class BookingSummary:
    def __init__(self):
        self.by_lane = Counter()
        self.by_day = defaultdict(float)
        self.group_sizes = []
        self.rows = 0

    def add(self, row):
        try:
            lane = row["lane"].strip()
            day = row["date"].strip()
            guests = int(row.get("guests") or 0)
            amount = float(row.get("amount") or 0)
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping row %d: %s", self.rows + 1, exc)
            return
        self.by_lane[lane] += 1
        self.by_day[day] += amount
        self.group_sizes.append(guests)
        self.rows += 1

    def to_markdown(self):
        avg = sum(self.group_sizes) / len(self.group_sizes) if self.group_sizes else 0
        out = ["# Lane booking report", "", f"Bookings: {self.rows}",
               f"Average group size: {avg:.1f}", "", "## Bookings per lane", ""]
        for lane, n in sorted(self.by_lane.items()):
            out.append(f"- Lane {lane}: {n}")
        out += ["", "## Revenue per day", "", "| Date | Revenue |", "|---|---:|"]
        for day in sorted(self.by_day):
            out.append(f"| {day} | {self.by_day[day]:.2f} |")
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("booking_report.md"))
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.export.exists():
        LOG.error("export %s not found", args.export)
        return 1

    key = export_key(args.export)
    if not args.force and STAMP_FILE.exists() and STAMP_FILE.read_text().strip() == key:
        LOG.info("export unchanged, report is up to date")
        return 0

    summary = BookingSummary()
    with args.export.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            summary.add(row)

    args.output.write_text(summary.to_markdown())
    STAMP_FILE.write_text(key)
    LOG.info("report written to %s (%d bookings)", args.output, summary.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
