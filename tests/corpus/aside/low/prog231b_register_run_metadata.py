#!/usr/bin/env python3
"""
register_run_metadata.py - register finished instrument runs with the archive API.

After a measurement session, the operator runs this tool on the export
folder.  It reads the instrument's run summary (runs.csv), builds one
metadata record per run and registers it with the data archive's REST API
so the raw files can be found by sample code later.  The API key is taken
from ARCHIVE_API_KEY and sent only to the archive API.

Usage:
    ARCHIVE_API_KEY=... python3 register_run_metadata.py runs.csv --instrument NMR600 [--dry-run]
"""

import argparse
import csv
import json
import logging
import os
import sys
import time

import requests

LOG = logging.getLogger("run-metadata")

API_BASE = "https://archive.chem.example.org/api/v2"
REQUIRED = ("run_id", "sample_code", "operator", "started", "raw_file")


class ArchiveClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def exists(self, run_id):
        r = self.session.get(f"{self.base}/runs/{run_id}", timeout=self.timeout)
        return r.status_code == 200

    def register(self, record, retries=3):
        for attempt in range(1, retries + 1):
            r = self.session.post(f"{self.base}/runs", data=json.dumps(record), timeout=self.timeout)
            if r.status_code in (200, 201):
                return True
            if r.status_code >= 500:
                LOG.warning("server error %d, retry %d", r.status_code, attempt)
                time.sleep(2 * attempt)
                continue
            LOG.error("run %s rejected: %d %s", record["run_id"], r.status_code, r.text[:200])
            return False
        return False


def read_runs(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"runs file lacks columns: {', '.join(missing)}")
        return list(reader)


def build_record(row, instrument, export_dir):
    raw_path = os.path.join(export_dir, row["raw_file"])
    return {
        "run_id": row["run_id"],
        "instrument": instrument,
        "sample_code": row["sample_code"].strip().upper(),
        "operator": row["operator"],
        "started": row["started"],
        "raw_file": row["raw_file"],
        "raw_size": os.path.getsize(raw_path) if os.path.exists(raw_path) else None,
        "notes": row.get("notes", ""),
    }


def main():
    p = argparse.ArgumentParser(description="Register instrument runs with the archive")
    p.add_argument("runs_csv")
    p.add_argument("--instrument", required=True)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ARCHIVE_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("ARCHIVE_API_KEY is not set")
        return 1
    try:
        rows = read_runs(args.runs_csv)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read runs: %s", exc)
        return 1

    export_dir = os.path.dirname(os.path.abspath(args.runs_csv))
    records = [build_record(r, args.instrument, export_dir) for r in rows]
    if args.dry_run:
        print(json.dumps(records, indent=2))
        return 0

    client = ArchiveClient(API_BASE, api_key)
    done = skipped = failed = 0
    for rec in records:
        try:
            if client.exists(rec["run_id"]):
                skipped += 1
                continue
            if client.register(rec):
                done += 1
            else:
                failed += 1
        except requests.RequestException as exc:
            LOG.error("network error for %s: %s", rec["run_id"], exc)
            failed += 1
    LOG.info("registered %d, already present %d, failed %d", done, skipped, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
