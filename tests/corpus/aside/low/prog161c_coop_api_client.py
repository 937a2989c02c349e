#!/usr/bin/env python3
"""Report daily cheese production to the cooperative's member API and
fetch this month's milk quota back."""

import argparse
import csv
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("coop_client")

API_BASE = "https://api.alpine-coop.example/v1"
TIMEOUT = 20


class CoopClient:
    def __init__(self, base, key, member_id):
        self.base = base.rstrip("/")
        self.member_id = member_id
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "User-Agent": "dairy-coop-client/1.4",
        })

    def _url(self, *parts):
        return "/".join([self.base, "members", self.member_id, *parts])

    def quota(self, month):
        resp = self.session.get(self._url("quota"), params={"month": month}, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()

    def report_production(self, day, lines):
        body = {
            "date": day.isoformat(),
            "lines": lines,
            "total_kg": round(sum(l["kg"] for l in lines), 1),
        }
        resp = self.session.post(self._url("production"), json=body, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("receipt")


def read_day_sheet(path):
    lines = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                lines.append({
                    "product": row["product"].strip(),
                    "wheels": int(row["wheels"]),
                    "kg": float(row["kg"]),
                })
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row, exc)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sheet", type=Path, help="day production sheet (CSV)")
    parser.add_argument("--date", type=date.fromisoformat, default=date.today())
    parser.add_argument("--quota-only", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("COOP_API_KEY")
    member = os.environ.get("COOP_MEMBER_ID")
    if not key or not member:
        log.error("set COOP_API_KEY and COOP_MEMBER_ID")
        sys.exit(1)

    client = CoopClient(API_BASE, key, member)
    try:
        if not args.quota_only:
            lines = read_day_sheet(args.sheet)
            if not lines:
                log.error("no usable lines in %s", args.sheet)
                sys.exit(1)
            receipt = client.report_production(args.date, lines)
            log.info("production for %s accepted, receipt %s", args.date, receipt)
        q = client.quota(args.date.strftime("%Y-%m"))
        used = q.get("used_l", 0)
        allowed = q.get("allowed_l", 0)
        log.info("milk quota %s: %s of %s litres used", args.date.strftime("%Y-%m"), used, allowed)
    except requests.RequestException as exc:
        log.error("coop API error: %s", exc)
        sys.exit(2)


if __name__ == "__main__":
    main()
