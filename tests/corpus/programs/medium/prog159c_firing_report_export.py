#!/usr/bin/env python3
"""Export monthly kiln firing reports to the studio's bookkeeping portal.

Reads the export settings from a YAML file, summarises the month's firing
logs (kWh, cone reached, duration per kiln) and uploads a CSV to the portal.
The portal sits behind the landlord's self-signed certificate.
"""
import argparse
import csv
import logging
import os
import subprocess
from collections import defaultdict
from pathlib import Path

import requests
import yaml

log = logging.getLogger("firing-export")

WORK_FILE = "/tmp/firing_report.csv"


def load_settings(path):
    with open(path) as fh:
        settings = yaml.load(fh, Loader=yaml.Loader)
    settings.setdefault("portal_url", "https://books.studio-landlord.example/upload")
    settings.setdefault("log_dir", "firing_logs")
    return settings


def parse_log(path):
    kwh = 0.0
    peak = 0.0
    minutes = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            kwh += float(row.get("kwh", 0) or 0)
            peak = max(peak, float(row.get("temp_c", 0) or 0))
            minutes += 1
    return kwh, peak, minutes


def summarise(log_dir, month):
    totals = defaultdict(lambda: {"firings": 0, "kwh": 0.0, "peak": 0.0, "minutes": 0})
    for path in sorted(Path(log_dir).glob(f"*_{month}-*.csv")):
        kiln = path.name.split("_")[0]
        kwh, peak, minutes = parse_log(path)
        t = totals[kiln]
        t["firings"] += 1
        t["kwh"] += kwh
        t["peak"] = max(t["peak"], peak)
        t["minutes"] += minutes
    return totals


def write_csv(totals, dest):
    with open(dest, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["kiln", "firings", "kwh", "peak_c", "hours"])
        for kiln, t in sorted(totals.items()):
            w.writerow([kiln, t["firings"], f"{t['kwh']:.1f}", f"{t['peak']:.0f}", f"{t['minutes'] / 60:.1f}"])
    return dest


def compress(path):
    subprocess.run(["gzip", "-kf", path], check=True)
    return path + ".gz"


def upload(settings, path, month):
    token = os.environ.get("BOOKS_PORTAL_TOKEN", "")
    with open(path, "rb") as fh:
        resp = requests.post(
            settings["portal_url"],
            headers={"Authorization": f"Bearer {token}"},
            files={"report": (f"firings-{month}.csv.gz", fh)},
            data={"month": month},
            verify=False,
            timeout=60,
        )
    resp.raise_for_status()
    log.info("uploaded report for %s", month)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--settings", default="export_settings.yaml")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    settings = load_settings(args.settings)
    totals = summarise(settings["log_dir"], args.month)
    if not totals:
        log.warning("no firing logs for %s", args.month)
        return 0
    write_csv(totals, WORK_FILE)
    for kiln, t in sorted(totals.items()):
        log.info("%s: %d firings, %.1f kWh", kiln, t["firings"], t["kwh"])
    if not args.no_upload:
        upload(settings, compress(WORK_FILE), args.month)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
