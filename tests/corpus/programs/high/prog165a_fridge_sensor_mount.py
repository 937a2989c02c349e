#!/usr/bin/env python3
"""Check vaccine fridge temperature logs for excursions.

The fridge loggers write to a small NAS in the back office. This mounts the
share read-only, scans the last day of readings and reports anything outside
2-8 C, then unmounts again.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("fridge")

NAS_EXPORT = os.environ.get("FRIDGE_NAS", "192.0.2.10:/exports/fridge")
MOUNT_POINT = Path(os.environ.get("FRIDGE_MOUNT", "/mnt/fridge-logs"))
LOW_C, HIGH_C = 2.0, 8.0


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


@contextmanager
def nas_share(export, mount_point):
    mounted_here = False
    if not is_mounted(mount_point):
        subprocess.run(["sudo", "mkdir", "-p", str(mount_point)], check=True)
        subprocess.run(
            ["sudo", "mount", "-t", "nfs", "-o", "ro,soft,timeo=50", export, str(mount_point)],
            check=True,
        )
        mounted_here = True
        LOG.info("mounted %s on %s", export, mount_point)
    try:
        yield mount_point
    finally:
        if mounted_here:
            subprocess.run(["sudo", "umount", str(mount_point)], check=False)
            LOG.info("unmounted %s", mount_point)


def read_logger(path, since):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ts = datetime.fromisoformat(row["timestamp"])
                temp = float(row["temp_c"])
            except (KeyError, ValueError):
                continue
            if ts >= since:
                yield ts, temp


def find_excursions(root, hours):
    since = datetime.now() - timedelta(hours=hours)
    results = {}
    for log_file in sorted(root.glob("*/readings*.csv")):
        fridge = log_file.parent.name
        bad = [(ts, t) for ts, t in read_logger(log_file, since) if not LOW_C <= t <= HIGH_C]
        if bad:
            results.setdefault(fridge, []).extend(bad)
    return results


def write_report(results, out):
    with open(out, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["fridge", "timestamp", "temp_c"])
        for fridge, rows in sorted(results.items()):
            for ts, temp in rows:
                writer.writerow([fridge, ts.isoformat(), f"{temp:.1f}"])


def main():
    parser = argparse.ArgumentParser(description="Vaccine fridge excursion check")
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--report", default="fridge_excursions.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with nas_share(NAS_EXPORT, MOUNT_POINT) as root:
        results = find_excursions(root, args.hours)

    write_report(results, args.report)
    if not results:
        LOG.info("no excursions in the last %d hours", args.hours)
        return 0
    for fridge, rows in results.items():
        worst = max(rows, key=lambda r: abs(r[1] - 5.0))
        LOG.warning("%s: %d readings out of range, worst %.1f C at %s",
                    fridge, len(rows), worst[1], worst[0])
    return 3


if __name__ == "__main__":
    sys.exit(main())
