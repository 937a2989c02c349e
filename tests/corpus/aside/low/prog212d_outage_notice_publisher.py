#!/usr/bin/env python3
"""Draft and publish planned-outage notices to the customer status page.

Input is outages.csv in the working directory (exported from the change
calendar).  Each row becomes a notice text in ./notices/ and, unless
--draft-only, a JSON post to the status page API.  The API key is read from
STATUS_API_KEY and is only sent to that API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("outage_notices")

API_BASE = os.environ.get("STATUS_API_BASE", "https://status.example.net/api/v1")

TEMPLATE = (
    "Planned maintenance: {area}\n"
    "When: {start} to {end}\n"
    "Impact: {impact}\n"
    "Reason: {reason}\n"
    "Questions: call the support line or reply to this notice.\n"
)


class Outage:
    FIELDS = ("id", "area", "start", "end", "impact", "reason")

    def __init__(self, row):
        missing = [f for f in self.FIELDS if not row.get(f)]
        if missing:
            raise ValueError(f"missing {', '.join(missing)}")
        self.__dict__.update({f: row[f].strip() for f in self.FIELDS})
        self.start_dt = datetime.fromisoformat(self.start)
        self.end_dt = datetime.fromisoformat(self.end)
        if self.end_dt <= self.start_dt:
            raise ValueError("end before start")

    def text(self):
        return TEMPLATE.format(area=self.area,
                               start=self.start_dt.strftime("%a %d %b %H:%M"),
                               end=self.end_dt.strftime("%H:%M"),
                               impact=self.impact, reason=self.reason)

    def payload(self):
        return {"external_id": self.id, "title": f"Maintenance: {self.area}",
                "body": self.text(), "starts_at": self.start, "ends_at": self.end,
                "type": "planned"}


def existing_ids(timeout):
    try:
        with urllib.request.urlopen(f"{API_BASE}/incidents?type=planned",
                                    timeout=timeout) as resp:
            return {i.get("external_id") for i in json.load(resp).get("items", [])}
    except (urllib.error.URLError, ValueError) as exc:
        LOG.warning("could not list existing notices: %s", exc)
        return set()


def publish(outage, api_key, timeout):
    req = urllib.request.Request(
        f"{API_BASE}/incidents",
        data=json.dumps(outage.payload()).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"},
        method="POST")
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="outages.csv")
    ap.add_argument("--draft-only", action="store_true")
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    notices_dir = Path("notices")
    notices_dir.mkdir(exist_ok=True)
    outages = []
    try:
        with open(args.csv, newline="") as fh:
            for n, row in enumerate(csv.DictReader(fh), start=2):
                try:
                    outages.append(Outage(row))
                except ValueError as exc:
                    LOG.warning("line %d skipped: %s", n, exc)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 2

    for o in outages:
        (notices_dir / f"{o.id}.txt").write_text(o.text())
    LOG.info("drafted %d notices in %s/", len(outages), notices_dir)
    if args.draft_only:
        return 0

    api_key = os.environ.get("STATUS_API_KEY")
    if not api_key:
        LOG.error("STATUS_API_KEY not set; use --draft-only")
        return 2
    already = existing_ids(args.timeout)
    for o in outages:
        if o.id in already:
            LOG.info("%s already published", o.id)
            continue
        try:
            LOG.info("%s published (HTTP %d)", o.id, publish(o, api_key, args.timeout))
        except urllib.error.URLError as exc:
            LOG.error("%s failed: %s", o.id, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
