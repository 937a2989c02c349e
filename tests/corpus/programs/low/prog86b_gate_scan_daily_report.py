#!/usr/bin/env python3
"""Lift-gate scan daily report.

Summarises the day's turnstile scan export (accepted / rejected / unknown
media per lift) and posts it to the resort reporting API so the ticketing
team can see when a gate reader starts misbehaving.
"""

import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
from collections import Counter, defaultdict
from datetime import date
from urllib.parse import urlsplit

LOG = logging.getLogger("gate-report")

REPORT_URL = os.environ.get(
    "REPORT_API_URL",
    "https://reporting.northridge-resort.example/api/v1/gate-reports",
)


def read_scans(path):
    per_lift = defaultdict(Counter)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            lift = row.get("lift") or "unknown"
            per_lift[lift][row.get("result", "unknown").lower()] += 1
    return per_lift


def flag_gates(per_lift, threshold):
    flagged = []
    for lift, counts in per_lift.items():
        total = sum(counts.values()) or 1
        rate = counts.get("rejected", 0) / total
        if rate >= threshold:
            flagged.append({"lift": lift, "reject_rate": round(rate, 3), "scans": total})
    return sorted(flagged, key=lambda f: -f["reject_rate"])


def build_report(per_lift, flagged):
    return {
        "title": f"Gate scan report {date.today().isoformat()}",
        "host": socket.gethostname(),
        "lifts": {k: dict(v) for k, v in per_lift.items()},
        "flagged": flagged,
    }


def post_report(report, url=REPORT_URL, timeout=15):
    api_key = os.environ.get("REPORT_API_KEY")
    if not api_key:
        raise RuntimeError("REPORT_API_KEY is not set")
    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout)
    body = json.dumps(report)
    try:
        conn.request("POST", parts.path or "/", body=body,
                     headers={"Content-Type": "application/json",
                              "Authorization": f"Bearer {api_key}"})
        resp = conn.getresponse()
        resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"reporting API answered {resp.status} {resp.reason}")
        return resp.status
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="post lift-gate scan daily report")
    ap.add_argument("export", help="CSV export from the gate controller")
    ap.add_argument("--threshold", type=float, default=0.08)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        per_lift = read_scans(args.export)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read %s: %s", args.export, exc)
        return 1

    report = build_report(per_lift, flag_gates(per_lift, args.threshold))
    if args.dry_run:
        print(json.dumps(report, indent=2))
        return 0
    try:
        status = post_report(report)
        LOG.info("report posted (%s)", status)
    except (OSError, RuntimeError) as exc:
        LOG.error("post failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
