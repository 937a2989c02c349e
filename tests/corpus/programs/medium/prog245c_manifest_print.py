#!/usr/bin/env python3
"""Print the boarding manifest summary for the master before departure.

Builds a plain-text summary of passengers and vehicles for a sailing from
the gate scan export and sends it to the bridge printer with the standard
CUPS client, so the master can sign it off.
"""

import argparse
import csv
import logging
import shutil
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("manifest-print")

DEFAULT_PRINTER = "bridge-laser"


class ManifestSummary:
    def __init__(self, sailing):
        self.sailing = sailing
        self.classes = Counter()
        self.vehicles = Counter()
        self.total = 0

    def add(self, row):
        self.total += 1
        self.classes[row.get("ticket_class", "unknown").strip() or "unknown"] += 1
        veh = row.get("vehicle_band", "").strip()
        if veh:
            self.vehicles[veh] += 1

    def render(self):
        lines = [
            "BOARDING MANIFEST SUMMARY",
            "Sailing: %s" % self.sailing,
            "Printed: %s" % datetime.now().strftime("%Y-%m-%d %H:%M"),
            "",
            "Persons on board (scanned): %d" % self.total,
        ]
        for cls, n in sorted(self.classes.items()):
            lines.append("  %-12s %5d" % (cls, n))
        lines.append("")
        lines.append("Vehicles: %d" % sum(self.vehicles.values()))
        for band, n in sorted(self.vehicles.items()):
            lines.append("  %-12s %5d" % (band, n))
        lines += ["", "Master: ____________________   Time: ________"]
        return "\n".join(lines) + "\n"


def load(path, sailing):
    summary = ManifestSummary(sailing)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("sailing", "").strip() == sailing:
                summary.add(row)
    return summary


def send_to_printer(path, printer, copies):
    if shutil.which("lp") is None:
        raise RuntimeError("CUPS 'lp' command not installed")
    cmd = ["lp", "-d", printer, "-n", str(copies), "-t", "manifest", str(path)]
    LOG.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "lp failed")
    LOG.info("printer said: %s", result.stdout.strip())


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("scans", type=Path, help="gate scan export CSV")
    p.add_argument("--sailing", required=True)
    p.add_argument("--printer", default=DEFAULT_PRINTER)
    p.add_argument("--copies", type=int, default=2)
    p.add_argument("--no-print", action="store_true", help="write the summary file only")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.scans.exists():
        LOG.error("scan export not found: %s", args.scans)
        return 1
    summary = load(args.scans, args.sailing)
    if summary.total == 0:
        LOG.warning("no scans for sailing %s", args.sailing)
    out = Path("manifest-%s.txt" % args.sailing)
    out.write_text(summary.render())
    LOG.info("summary written to %s", out)
    if args.no_print:
        return 0
    try:
        send_to_printer(out, args.printer, args.copies)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("printing failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
