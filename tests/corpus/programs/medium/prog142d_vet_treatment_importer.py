#!/usr/bin/env python3
"""Import vet treatment records delivered by the fish health lab.

The lab publishes a nightly archive of treatment records (one YAML file
per treatment: pen, product, dose, start date, withdrawal days) on its
portal. This tool downloads the archive, unpacks it into ./lab_import,
and merges the records into treatments.csv used by the harvest planner.
"""
import argparse
import csv
import logging
import os
import sys
import tarfile
from datetime import date, timedelta
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("vetimport")

PORTAL = "https://lab.example.org/exports/treatments-latest.tar.gz"
FIELDS = ["record_id", "pen", "product", "dose_mg_kg", "start", "withdrawal_days", "withdrawal_until"]

# the lab portal uses a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(url, dest, token):
    headers = {"Authorization": f"Token {token}"} if token else {}
    resp = requests.get(url, headers=headers, timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    log.info("downloaded %s (%d bytes)", dest, os.path.getsize(dest))


def unpack(archive, folder):
    Path(folder).mkdir(exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(folder)
    return sorted(Path(folder).rglob("*.yaml"))


def load_record(path):
    with open(path) as fh:
        # the lab's files use a few custom tags for dates and doses
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict):
        raise ValueError("not a mapping")
    start = doc["start"] if isinstance(doc["start"], date) else date.fromisoformat(str(doc["start"]))
    wd = int(doc.get("withdrawal_days", 0))
    return {
        "record_id": str(doc["id"]),
        "pen": doc["pen"],
        "product": doc["product"],
        "dose_mg_kg": doc.get("dose_mg_kg", ""),
        "start": start.isoformat(),
        "withdrawal_days": wd,
        "withdrawal_until": (start + timedelta(days=wd)).isoformat(),
    }


def merge(existing_path, new_records):
    merged = {}
    if os.path.exists(existing_path):
        with open(existing_path, newline="") as fh:
            for row in csv.DictReader(fh):
                merged[row["record_id"]] = row
    added = 0
    for rec in new_records:
        if rec["record_id"] not in merged:
            added += 1
        merged[rec["record_id"]] = rec
    with open(existing_path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        for rec in sorted(merged.values(), key=lambda r: r["start"]):
            writer.writerow(rec)
    return added, len(merged)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=PORTAL)
    ap.add_argument("--archive", default="treatments-latest.tar.gz")
    ap.add_argument("--workdir", default="lab_import")
    ap.add_argument("--csv", default="treatments.csv")
    ap.add_argument("--skip-download", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    if not args.skip_download:
        try:
            download(args.url, args.archive, os.environ.get("LAB_PORTAL_TOKEN"))
        except requests.RequestException as exc:
            log.error("download failed: %s", exc)
            return 1

    records = []
    for path in unpack(args.archive, args.workdir):
        try:
            records.append(load_record(path))
        except (KeyError, ValueError, yaml.YAMLError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
    added, total = merge(args.csv, records)
    log.info("imported %d records (%d new, %d total)", len(records), added, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
