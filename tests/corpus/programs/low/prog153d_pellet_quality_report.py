#!/usr/bin/env python3
"""Daily pellet quality report.

Pulls the day's durability, fines and moisture results from the lab API,
checks them against the ENplus A1 limits and posts a short summary to the
plant reporting service. Lab responses are cached locally so re-running the
report during the day does not hammer the lab server.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("quality-report")

LAB_API = os.environ.get("LAB_API", "https://lab.example.com/api/v2")
REPORT_API = "https://reports.example.com/api/daily-quality"
CACHE_DIR = Path(".cache")
CACHE_TTL = 15 * 60

LIMITS = {
    "durability_pct": (97.5, None),
    "fines_pct": (None, 1.0),
    "moisture_pct": (None, 10.0),
    "ash_pct": (None, 0.7),
}


def cache_path(url, params):
    key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def get_json(url, params):
    path = cache_path(url, params)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    resp = requests.get(url, params=params, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def check(sample):
    failures = []
    for field, (low, high) in LIMITS.items():
        value = sample.get(field)
        if value is None:
            continue
        if low is not None and value < low:
            failures.append(f"{field} {value} < {low}")
        if high is not None and value > high:
            failures.append(f"{field} {value} > {high}")
    return failures


class Reporter:
    def __init__(self, api_key):
        self.api_key = api_key

    def post(self, summary):
        headers = {"Authorization": f"Bearer {self.api_key}"}
        resp = requests.post(REPORT_API, json=summary, headers=headers, timeout=20)
        resp.raise_for_status()
        return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description="Daily pellet quality report")
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--line", action="append", default=None)
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lines = args.line or ["P1", "P2"]
    summary = {"date": args.date, "lines": {}}
    for line in lines:
        try:
            samples = get_json(f"{LAB_API}/samples", {"date": args.date, "line": line})
        except requests.RequestException as exc:
            log.error("lab API error for %s: %s", line, exc)
            continue
        failed = {s["sample_id"]: check(s) for s in samples if check(s)}
        summary["lines"][line] = {"samples": len(samples), "failed": failed}
        log.info("line %s: %d samples, %d out of spec", line, len(samples), len(failed))

    out = Path(f"quality_{args.date}.json")
    out.write_text(json.dumps(summary, indent=2))
    log.info("summary written to %s", out)

    if args.no_post:
        return
    key = os.environ.get("REPORTS_API_KEY")
    if not key:
        log.error("REPORTS_API_KEY not set; not posting")
        sys.exit(1)
    try:
        report_id = Reporter(key).post(summary)
        log.info("posted report %s", report_id)
    except requests.RequestException as exc:
        log.error("posting failed: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
