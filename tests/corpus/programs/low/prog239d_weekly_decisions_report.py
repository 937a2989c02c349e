#!/usr/bin/env python3
"""Build the weekly list of planning decisions for the council bulletin.

Reads the public open-data API, caches responses locally (keyed by an MD5 of
the request URL) and writes a CSV the communications team pastes into the
bulletin. The CSV is restricted to the owner because it is pre-publication.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("weekly-decisions")

API = {
    "scheme": "https",
    "host": "opendata.example.org",
    "path": "/planning/v2/decisions",
    "timeout": 20,
}
CACHE_DIR = Path(".cache") / "decisions"
CACHE_MAX_AGE = 6 * 3600
OUTCOMES = ("granted", "refused", "withdrawn", "prior_approval_not_required")


class CachedClient:
    def __init__(self, cache_dir, max_age):
        self.cache_dir = cache_dir
        self.max_age = max_age
        self.cache_dir.mkdir(parents=True, exist_ok=True)

    def _url(self, params):
        query = urllib.parse.urlencode(sorted(params.items()))
        return urllib.parse.urlunsplit((API["scheme"], API["host"], API["path"], query, ""))

    def _cache_file(self, url):
        return self.cache_dir / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, params):
        url = self._url(params)
        cached = self._cache_file(url)
        if cached.exists():
            age = dt.datetime.now().timestamp() - cached.stat().st_mtime
            if age < self.max_age:
                LOG.debug("cache hit %s", cached.name)
                return json.loads(cached.read_text())
        req = urllib.request.Request(url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            data = json.load(resp)
        cached.write_text(json.dumps(data))
        return data


def week_bounds(ref_day):
    start = ref_day - dt.timedelta(days=ref_day.weekday() + 7)
    return start, start + dt.timedelta(days=6)


def collect(client, start, end, ward=None):
    page, rows = 1, []
    while True:
        params = {"decided_from": start.isoformat(), "decided_to": end.isoformat(),
                  "page": page}
        if ward:
            params["ward"] = ward
        data = client.get(params)
        for item in data.get("items", []):
            if item.get("outcome") in OUTCOMES:
                rows.append(item)
        if not data.get("next_page"):
            return rows
        page += 1


def write_csv(rows, out_path):
    fields = ["reference", "ward", "site_address", "proposal", "outcome", "decided"]
    with open(out_path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        for row in sorted(rows, key=lambda r: (r.get("ward") or "", r.get("reference") or "")):
            writer.writerow(row)
    os.chmod(out_path, 0o600)
    LOG.info("wrote %d decisions to %s", len(rows), out_path)


def main():
    p = argparse.ArgumentParser(description="weekly planning decisions list")
    p.add_argument("--date", help="any day in the week after the one to report (YYYY-MM-DD)")
    p.add_argument("--ward")
    p.add_argument("--out", default="weekly_decisions.csv")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ref_day = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    start, end = week_bounds(ref_day)
    client = CachedClient(CACHE_DIR, CACHE_MAX_AGE)
    try:
        rows = collect(client, start, end, args.ward)
    except (OSError, ValueError) as exc:
        LOG.error("open-data API failed: %s", exc)
        return 1
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
