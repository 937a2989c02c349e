#!/usr/bin/env python3
"""Daily attendance push.

Summarises today's signed waivers per session slot from the kiosk export
CSV and posts the counts (no personal data) to the park group's analytics
API.  A small PNG chart made by the reporting job is attached inline as
base64 so the dashboard can show it.
"""

import argparse
import base64
import collections
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import date

LOG = logging.getLogger("attendance-push")

API = {
    "base": "https://analytics.example.com",
    "path": "/v1/sites/{site}/attendance",
    "key_env": "PARK_ANALYTICS_KEY",
    "timeout": 10,
}


def slot_counts(csv_path, day):
    counts = collections.Counter()
    minors = 0
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("signed_at", "").startswith(day):
                continue
            counts[row.get("session_slot") or "unassigned"] += 1
            if row.get("is_minor", "").lower() in ("1", "true", "yes"):
                minors += 1
    return counts, minors


def chart_b64(path):
    if not path or not os.path.exists(path):
        return None
    with open(path, "rb") as fh:
        return base64.b64encode(fh.read()).decode("ascii")


class AnalyticsClient:
    def __init__(self, site, key):
        self.url = API["base"] + API["path"].format(site=site)
        self.key = key

    def push(self, payload):
        req = urllib.request.Request(
            self.url,
            data=json.dumps(payload).encode("utf-8"),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": "Bearer " + self.key,
            },
        )
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="./waivers_today.csv")
    ap.add_argument("--site", default="park-north")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--chart", default="./attendance_chart.png")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        counts, minors = slot_counts(args.csv, args.day)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 1

    payload = {
        "day": args.day,
        "total": sum(counts.values()),
        "minors": minors,
        "slots": dict(sorted(counts.items())),
        "chart_png_b64": chart_b64(args.chart),
    }
    if args.print_only:
        print(json.dumps({k: v for k, v in payload.items() if k != "chart_png_b64"}, indent=2))
        return 0

    key = os.environ.get(API["key_env"])
    if not key:
        LOG.error("set %s to push", API["key_env"])
        return 2
    try:
        status = AnalyticsClient(args.site, key).push(payload)
    except urllib.error.HTTPError as exc:
        LOG.error("analytics API rejected push: HTTP %s", exc.code)
        return 1
    except (urllib.error.URLError, OSError) as exc:
        LOG.error("analytics API unreachable: %s", exc)
        return 1
    LOG.info("pushed %d waivers for %s (HTTP %s)", payload["total"], args.day, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
