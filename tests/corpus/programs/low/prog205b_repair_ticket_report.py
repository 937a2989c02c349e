#!/usr/bin/env python3
"""Weekly repair ticket report for a shoe repair kiosk.

Reads the ticket export (CSV) and writes a summary of jobs by service type,
turnaround time and takings, for the shop manager.
"""
import argparse
import csv
import logging
import statistics
import sys
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("ticket.report")

DATE_FMT = "%Y-%m-%d %H:%M"


class TicketSummary:
    def __init__(self):
        self.by_service = Counter()
        self.takings = defaultdict(float)
        self.turnaround = defaultdict(list)
        self.skipped = 0

    def add(self, row):
        try:
            service = row["service"].strip().lower()
            price = float(row["price"])
            opened = datetime.strptime(row["opened"], DATE_FMT)
            closed = datetime.strptime(row["collected"], DATE_FMT) if row.get("collected") else None
        except (KeyError, ValueError) as exc:
            log.debug("skipping row %s: %s", row.get("ticket"), exc)
            self.skipped += 1
            return
        self.by_service[service] += 1
        self.takings[service] += price
        if closed:
            self.turnaround[service].append((closed - opened).total_seconds() / 3600)

    def lines(self):
        yield "%-14s %6s %10s %10s" % ("service", "jobs", "takings", "median_h")
        for service, count in self.by_service.most_common():
            hours = self.turnaround[service]
            median = "%.1f" % statistics.median(hours) if hours else "-"
            yield "%-14s %6d %10.2f %10s" % (service, count, self.takings[service], median)
        yield "total jobs: %d, total takings: %.2f" % (
            sum(self.by_service.values()), sum(self.takings.values()))
        if self.skipped:
            yield "rows skipped: %d" % self.skipped


def read_tickets(path):
    with open(path, newline="", encoding="utf-8") as fh:
        yield from csv.DictReader(fh)


def parse_args():
    p = argparse.ArgumentParser(description="Repair ticket weekly report")
    p.add_argument("export", help="ticket export CSV")
    p.add_argument("--out", default="-", help="report file, '-' for stdout")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    summary = TicketSummary()
    try:
        for row in read_tickets(args.export):
            summary.add(row)
    except (OSError, csv.Error) as exc:
        log.error("cannot read %s: %s", args.export, exc)
        return 1

    text = "\n".join(summary.lines()) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        log.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
