#!/usr/bin/env python3
"""Push validated chemistry results from the local export folder to the LIMS.

Reads CSV files produced by the analyser middleware (in ./exports), converts
each row into the LIMS observation schema and posts them in batches.
"""
import argparse
import csv
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("lims_sync")
DEFAULT_BASE = "https://lims.example-hospital.org/api/v2"
BATCH_SIZE = 50

UNIT_MAP = {
    "mmol/L": "mmol/L",
    "mg/dL": "mg/dL",
    "U/L": "U/L",
    "g/L": "g/L",
}


class LimsClient:
    def __init__(self, base_url, token, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def ping(self):
        resp = self.session.get(f"{self.base_url}/health", timeout=self.timeout)
        return resp.status_code == 200

    def post_observations(self, observations):
        resp = self.session.post(
            f"{self.base_url}/observations/batch",
            json={"observations": observations},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("accepted", 0)


def row_to_observation(row):
    unit = UNIT_MAP.get(row.get("unit", "").strip())
    if unit is None:
        raise ValueError(f"unknown unit {row.get('unit')!r}")
    return {
        "specimen_id": row["specimen_id"].strip(),
        "loinc": row["loinc_code"].strip(),
        "value": float(row["result"]),
        "unit": unit,
        "flag": row.get("abnormal_flag", "").strip() or None,
        "verified_by": row.get("tech_id", "").strip(),
    }


def iter_batches(items, size):
    for start in range(0, len(items), size):
        yield items[start:start + size]


def load_export(path):
    observations, rejected = [], 0
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                observations.append(row_to_observation(row))
            except (KeyError, ValueError) as exc:
                rejected += 1
                LOG.warning("%s: skipping row: %s", path.name, exc)
    return observations, rejected


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--exports", default="exports", type=Path)
    parser.add_argument("--base-url", default=os.environ.get("LIMS_BASE_URL", DEFAULT_BASE))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("LIMS_API_TOKEN")
    if not token:
        LOG.error("LIMS_API_TOKEN is not set")
        return 2

    client = LimsClient(args.base_url, token)
    if not args.dry_run and not client.ping():
        LOG.error("LIMS health check failed")
        return 1

    total = 0
    for export in sorted(args.exports.glob("*.csv")):
        observations, rejected = load_export(export)
        LOG.info("%s: %d rows, %d rejected", export.name, len(observations), rejected)
        for batch in iter_batches(observations, BATCH_SIZE):
            if args.dry_run:
                total += len(batch)
                continue
            total += client.post_observations(batch)
        export.rename(export.with_suffix(".csv.done"))
    LOG.info("accepted %d observations", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
