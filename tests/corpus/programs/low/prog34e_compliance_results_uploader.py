#!/usr/bin/env python3
"""Upload a summarised compliance scan result to the GRC dashboard API.

The scan report (./reports/scan.json) is reduced to per-control pass/fail
counts and posted to the dashboard.  The API token is read from
GRC_API_TOKEN and is sent only to the dashboard endpoint.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import sys
from collections import Counter
from datetime import datetime, timezone

import requests

logger = logging.getLogger("grc-upload")

DEFAULT_CONFIG = "grc_upload.ini"


class UploadError(RuntimeError):
    pass


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"dashboard": {
        "endpoint": "https://grc.example.com/api/v2/scan-results",
        "timeout": "20",
        "business_unit": "platform",
    }})
    if os.path.exists(path):
        cfg.read(path)
    return cfg["dashboard"]


def summarise(report):
    per_control = {}
    totals = Counter()
    for item in report.get("results", []):
        control = item.get("control", "unknown")
        outcome = "pass" if item.get("status") == "pass" else "fail"
        per_control.setdefault(control, Counter())[outcome] += 1
        totals[outcome] += 1
    return {
        "controls": {k: dict(v) for k, v in sorted(per_control.items())},
        "totals": dict(totals),
        "score": round(100.0 * totals["pass"] / max(1, sum(totals.values())), 1),
    }


class DashboardClient:
    def __init__(self, endpoint, token, timeout):
        self.endpoint = endpoint
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "grc-upload/1.4",
        })

    def post(self, payload):
        resp = self.session.post(self.endpoint, json=payload, timeout=self.timeout)
        if resp.status_code >= 400:
            raise UploadError(f"dashboard returned {resp.status_code}: {resp.text[:200]}")
        return resp.json()


def build_payload(summary, settings, benchmark):
    return {
        "asset": platform.node(),
        "os": f"{platform.system()} {platform.release()}",
        "benchmark": benchmark,
        "business_unit": settings.get("business_unit"),
        "submitted_at": datetime.now(timezone.utc).isoformat(),
        "summary": summary,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--report", default="reports/scan.json")
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    parser.add_argument("--benchmark", default="CIS Ubuntu 22.04 L1 Server v1.0.0")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    try:
        with open(args.report, encoding="utf-8") as fh:
            report = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        logger.error("cannot load report %s: %s", args.report, exc)
        return 2

    payload = build_payload(summarise(report), settings, args.benchmark)
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    token = os.environ.get("GRC_API_TOKEN")
    if not token:
        logger.error("GRC_API_TOKEN is not set")
        return 2

    client = DashboardClient(settings["endpoint"], token, float(settings["timeout"]))
    try:
        ack = client.post(payload)
    except (requests.RequestException, UploadError) as exc:
        logger.error("upload failed: %s", exc)
        return 1
    logger.info("uploaded; dashboard id %s, score %.1f%%",
                ack.get("id"), payload["summary"]["score"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
