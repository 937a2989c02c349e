#!/usr/bin/env python3
"""Submit a completed daily lift inspection to the LiftCloud maintenance API.

The technician fills in inspection_<date>.json on the service laptop (rope
tension, brake test results, sheave wear, evacuation drill). This tool
validates the file and posts it to the maintenance API using the API key held
in the LIFTCLOUD_API_KEY environment variable.
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("submit_inspection")
API_BASE = "https://api.example.com/liftcloud/v2"
REQUIRED = ("lift_id", "inspector", "date", "checks")
CHECK_FIELDS = ("name", "result")
VALID_RESULTS = {"pass", "fail", "n/a"}


class ReportError(Exception):
    pass


class InspectionReport:
    def __init__(self, data: dict):
        self.data = data

    @classmethod
    def from_file(cls, path: Path) -> "InspectionReport":
        try:
            return cls(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise ReportError(f"cannot read {path}: {exc}") from exc

    def validate(self) -> None:
        for key in REQUIRED:
            if key not in self.data:
                raise ReportError(f"missing field: {key}")
        for i, check in enumerate(self.data["checks"]):
            for key in CHECK_FIELDS:
                if key not in check:
                    raise ReportError(f"check #{i} missing {key}")
            if check["result"] not in VALID_RESULTS:
                raise ReportError(f"check #{i} has invalid result {check['result']!r}")

    @property
    def failures(self) -> list:
        return [c["name"] for c in self.data["checks"] if c["result"] == "fail"]


def submit(report: InspectionReport, api_key: str, timeout: float) -> str:
    url = f"{API_BASE}/lifts/{report.data['lift_id']}/inspections"
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    resp = requests.post(url, json=report.data, headers=headers, timeout=timeout)
    if resp.status_code == 409:
        raise ReportError("an inspection for this date is already recorded")
    resp.raise_for_status()
    return resp.json().get("inspection_id", "?")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="inspection JSON file")
    parser.add_argument("--dry-run", action="store_true", help="validate only")
    parser.add_argument("--timeout", type=float, default=15.0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        report = InspectionReport.from_file(args.report)
        report.validate()
    except ReportError as exc:
        LOG.error("%s", exc)
        return 2

    if report.failures:
        LOG.warning("lift %s has failed checks: %s — lift must stay closed",
                    report.data["lift_id"], ", ".join(report.failures))

    if args.dry_run:
        LOG.info("report valid (%d checks)", len(report.data["checks"]))
        return 0

    api_key = os.environ.get("LIFTCLOUD_API_KEY")
    if not api_key:
        LOG.error("LIFTCLOUD_API_KEY is not set")
        return 2

    try:
        inspection_id = submit(report, api_key, args.timeout)
    except (ReportError, requests.RequestException) as exc:
        LOG.error("submission failed: %s", exc)
        return 1

    LOG.info("inspection recorded as %s", inspection_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
