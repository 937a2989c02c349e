#!/usr/bin/env python3
"""Pushes completed jobs from the crew's end-of-day sheet into the CRM so the
office can invoice them next morning.

The CRM API key comes from CRM_API_KEY and is only ever sent to the CRM.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("crm_push")

CRM_BASE = os.environ.get("CRM_BASE_URL", "https://api.crm.example.com/v2")


class CrmClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _post(self, path, payload):
        req = urllib.request.Request(
            f"{self.base}{path}",
            data=json.dumps(payload).encode("utf-8"),
            method="POST",
            headers={
                "Authorization": f"Bearer {self.api_key}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def complete_job(self, job):
        return self._post(f"/jobs/{job['job_no']}/complete", job)


def read_sheet(path):
    jobs = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").lower() != "done":
                continue
            jobs.append({
                "job_no": row["job_no"].strip(),
                "crew": row.get("crew", ""),
                "hours_on_site": float(row.get("hours", 0) or 0),
                "green_waste_m3": float(row.get("waste_m3", 0) or 0),
                "stumps_ground": int(row.get("stumps", 0) or 0),
                "notes": row.get("notes", ""),
            })
    return jobs


def main():
    ap = argparse.ArgumentParser(description="Push completed jobs to the CRM")
    ap.add_argument("sheet", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CRM_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CRM_API_KEY is not set")
        return 2

    jobs = read_sheet(args.sheet)
    log.info("%d completed jobs on %s", len(jobs), args.sheet.name)
    if args.dry_run:
        for job in jobs:
            print(json.dumps(job))
        return 0

    client = CrmClient(CRM_BASE, api_key)
    failed = 0
    for job in jobs:
        try:
            res = client.complete_job(job)
            log.info("job %s -> invoice draft %s", job["job_no"],
                     res.get("invoice_id", "?"))
        except urllib.error.HTTPError as exc:
            failed += 1
            log.error("job %s rejected: %s %s", job["job_no"], exc.code,
                      exc.reason)
        except OSError as exc:
            failed += 1
            log.error("job %s not sent: %s", job["job_no"], exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
