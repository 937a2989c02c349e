#!/usr/bin/env python3
"""Submit the monthly hazardous waste return.

Summarises the waste disposal records kept in ./waste_records (one CSV per
pickup) by hazard class and submits the monthly return to the university's
environmental compliance API. A signed copy of the submission is kept next
to the records.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import platform
import tempfile
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("waste-return")

API_URL = "https://compliance.example.com/api/waste/returns"


def os_description():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


def summarise(record_dir, month):
    totals = defaultdict(float)
    containers = 0
    for path in sorted(Path(record_dir).glob("*.csv")):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                if not row.get("date", "").startswith(month):
                    continue
                try:
                    totals[row["hazard_class"]] += float(row["mass_kg"])
                    containers += 1
                except (KeyError, ValueError):
                    log.warning("bad row in %s: %s", path.name, row)
    return {"month": month, "containers": containers,
            "by_class_kg": {k: round(v, 3) for k, v in sorted(totals.items())}}


def write_private(path, data):
    # Write via a temp file in the same folder, then move into place, so a
    # half-written receipt is never left behind.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".receipt-")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(data, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class ComplianceClient:
    def __init__(self, url, api_key, timeout=30):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"chemlab-waste/2.0 ({os_description()})",
        })
        self.timeout = timeout

    def submit(self, payload):
        r = self.session.post(self.url, json=payload, timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--records", default="waste_records")
    ap.add_argument("--month", default=dt.date.today().strftime("%Y-%m"))
    ap.add_argument("--site", default=os.environ.get("LAB_SITE_CODE", "CHEM-TL"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    summary = summarise(args.records, args.month)
    summary["site"] = args.site
    log.info("%d containers in %s", summary["containers"], args.month)
    if args.dry_run:
        print(json.dumps(summary, indent=2))
        return 0

    api_key = os.environ.get("COMPLIANCE_API_KEY")
    if not api_key:
        log.error("COMPLIANCE_API_KEY is not set")
        return 1
    try:
        receipt = ComplianceClient(API_URL, api_key).submit(summary)
    except requests.RequestException as exc:
        log.error("submission failed: %s", exc)
        return 1
    out = Path(args.records) / f"return-{args.month}.json"
    write_private(out, {"submitted": summary, "receipt": receipt})
    log.info("submitted; receipt saved to %s", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
