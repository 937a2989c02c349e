#!/usr/bin/env python3
"""fuel_burn_report.py - turns the engine-room fuel logs (CSV, from a file
or piped in on stdin by the export script) into per-vessel fuel burn
figures, caches the result, and posts the summary to the fleet API."""

import argparse
import csv
import hashlib
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

API_URL = "https://api.example.com/v2/fuel-reports"
LOG = logging.getLogger("fuel_report")


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


class FuelAggregator:
    def __init__(self):
        self.litres = defaultdict(float)
        self.hours = defaultdict(float)
        self.nm = defaultdict(float)
        self.bad_rows = 0

    def add_rows(self, reader):
        for row in reader:
            try:
                v = row["vessel"].strip()
                self.litres[v] += float(row["litres"])
                self.hours[v] += float(row.get("engine_hours") or 0)
                self.nm[v] += float(row.get("distance_nm") or 0)
            except (KeyError, ValueError):
                self.bad_rows += 1

    def summary(self):
        out = []
        for v in sorted(self.litres):
            out.append({
                "vessel": v,
                "litres": round(self.litres[v], 1),
                "l_per_hour": round(self.litres[v] / self.hours[v], 2) if self.hours[v] else None,
                "l_per_nm": round(self.litres[v] / self.nm[v], 2) if self.nm[v] else None,
            })
        return out


def cache_path(raw, cache_dir):
    key = hashlib.md5(raw.encode()).hexdigest()
    return Path(cache_dir) / f"fuel-{key}.json"


def post_summary(payload, api_key, url, timeout):
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {api_key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", help="CSV file, or - for stdin")
    ap.add_argument("--period", default=os.environ.get("REPORT_PERIOD", "unspecified"))
    ap.add_argument("--cache-dir", default="./.cache/fuel")
    ap.add_argument("--no-post", action="store_true")
    ap.add_argument("--timeout", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    raw = sys.stdin.read() if args.source == "-" else Path(args.source).read_text()
    Path(args.cache_dir).mkdir(parents=True, exist_ok=True)
    cached = cache_path(raw, args.cache_dir)
    if cached.exists():
        LOG.info("using cached summary %s", cached)
        payload = json.loads(cached.read_text())
    else:
        agg = FuelAggregator()
        agg.add_rows(csv.DictReader(raw.splitlines()))
        if agg.bad_rows:
            LOG.warning("%d rows skipped", agg.bad_rows)
        payload = {"period": args.period, "generated_on": os_release(), "vessels": agg.summary()}
        cached.write_text(json.dumps(payload, indent=2))
        os.chmod(cached, 0o600)
    print(json.dumps(payload["vessels"], indent=2))

    if args.no_post:
        return 0
    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        LOG.error("FLEET_API_KEY not set; use --no-post to skip upload")
        return 2
    try:
        status = post_summary(payload, api_key, API_URL, args.timeout)
    except urllib.error.URLError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("fleet API answered %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
