#!/usr/bin/env python3
"""Monthly mileage and service-due report for the minibus fleet.

Reads the odometer log exported from the driver app and works out miles
per vehicle, per route, and which vehicles are close to their service.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("mileage_report")

CACHE_DIR = Path(".mileage_cache")
SERVICE_INTERVAL = 10000
WARN_WITHIN = 750


def cache_key(path):
    digest = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def read_log(path):
    entries = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                entries.append({
                    "reg": row["registration"].strip().upper(),
                    "route": row.get("route", "").strip() or "unassigned",
                    "start": int(row["odo_start"]),
                    "end": int(row["odo_end"]),
                })
            except (KeyError, ValueError):
                log.debug("skipping bad row: %s", row)
    return entries


def summarise(entries):
    by_reg = defaultdict(int)
    by_route = defaultdict(int)
    last_odo = {}
    for e in entries:
        miles = max(0, e["end"] - e["start"])
        by_reg[e["reg"]] += miles
        by_route[e["route"]] += miles
        last_odo[e["reg"]] = max(last_odo.get(e["reg"], 0), e["end"])
    due = {}
    for reg, odo in last_odo.items():
        remaining = SERVICE_INTERVAL - (odo % SERVICE_INTERVAL)
        if remaining <= WARN_WITHIN:
            due[reg] = remaining
    return {"by_reg": dict(by_reg), "by_route": dict(by_route), "service_due": due}


def load_or_build(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if cached.exists():
        log.info("using cached summary")
        return json.loads(cached.read_text())
    result = summarise(read_log(path))
    cached.write_text(json.dumps(result))
    return result


def write_report(summary, out_path):
    with open(out_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["kind", "name", "miles_or_remaining"])
        for reg, miles in sorted(summary["by_reg"].items()):
            writer.writerow(["vehicle", reg, miles])
        for route, miles in sorted(summary["by_route"].items()):
            writer.writerow(["route", route, miles])
        for reg, remaining in sorted(summary["service_due"].items()):
            writer.writerow(["service_due", reg, remaining])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("odometer_log", nargs="?", type=Path)
    parser.add_argument("--out", default="mileage_report.csv")
    parser.add_argument("--clean", action="store_true", help="remove the local cache")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        if args.odometer_log is None:
            return 0
    if args.odometer_log is None or not args.odometer_log.is_file():
        log.error("odometer log not found")
        return 1

    summary = load_or_build(args.odometer_log)
    write_report(summary, args.out)
    for reg, remaining in summary["service_due"].items():
        log.info("%s due for service in %d miles", reg, remaining)
    log.info("report written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
