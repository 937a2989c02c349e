#!/usr/bin/env python3
"""Upload daily footfall counter totals to the association's stats API.

The gate counters at each market entrance drop CSV exports into ./exports.
This script aggregates them per entrance and per hour and posts one JSON
document per trading day. Already-uploaded days are remembered in a small
cache so a re-run does not double count.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import tempfile
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests

API_BASE = "https://api.example.com/v1/footfall"
CACHE_DIR = Path(".footfall_cache")
TIMEOUT = 15

log = logging.getLogger("footfall_upload")


class DayTotals:
    """Hourly counts for one trading day, keyed by entrance name."""

    def __init__(self, day):
        self.day = day
        self.hours = defaultdict(lambda: defaultdict(int))

    def add(self, entrance, hour, count):
        self.hours[entrance][hour] += count

    def as_payload(self):
        return {
            "day": self.day,
            "entrances": {
                name: dict(sorted(per_hour.items()))
                for name, per_hour in self.hours.items()
            },
            "total": sum(sum(h.values()) for h in self.hours.values()),
        }


def cache_key(path):
    # MD5 is fine here: it only names the cache entry for an export file.
    digest = hashlib.md5(path.read_bytes()).hexdigest()
    return CACHE_DIR / f"{digest}.done"


def read_exports(export_dir):
    days = {}
    for path in sorted(Path(export_dir).glob("*.csv")):
        if cache_key(path).exists():
            log.debug("skipping %s, already uploaded", path.name)
            continue
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    stamp = datetime.fromisoformat(row["timestamp"])
                    count = int(row["count"])
                except (KeyError, ValueError) as exc:
                    log.warning("bad row in %s: %s", path.name, exc)
                    continue
                day = stamp.date().isoformat()
                days.setdefault(day, DayTotals(day)).add(row.get("entrance", "main"), stamp.hour, count)
        yield path, days


def api_is_up(session):
    try:
        resp = session.get(f"{API_BASE}/health", timeout=TIMEOUT)
        return resp.status_code == 200
    except requests.RequestException as exc:
        log.error("health check failed: %s", exc)
        return False


def upload(session, totals, dry_run=False):
    payload = totals.as_payload()
    if dry_run:
        log.info("dry run: %s", json.dumps(payload)[:200])
        return True
    resp = session.post(f"{API_BASE}/days", json=payload, timeout=TIMEOUT)
    if resp.status_code >= 300:
        log.error("upload of %s failed: %s %s", totals.day, resp.status_code, resp.text[:200])
        return False
    return True


def write_report(results, out_path):
    # Write atomically: temp file in the same directory, then rename.
    out_path = Path(out_path)
    fd, tmp_name = tempfile.mkstemp(dir=out_path.parent or ".", prefix=".report-")
    with os.fdopen(fd, "w") as fh:
        json.dump(results, fh, indent=2)
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, out_path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--exports", default="exports")
    parser.add_argument("--report", default="upload_report.json")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("FOOTFALL_API_KEY")
    if not api_key and not args.dry_run:
        parser.error("FOOTFALL_API_KEY is not set")

    CACHE_DIR.mkdir(exist_ok=True)
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "User-Agent": "market-footfall/1.4"})

    if not args.dry_run and not api_is_up(session):
        return 1

    results = {}
    for path, days in read_exports(args.exports):
        ok = all(upload(session, totals, args.dry_run) for totals in days.values())
        results[path.name] = "ok" if ok else "failed"
        if ok and not args.dry_run:
            cache_key(path).touch()
        days.clear()

    write_report(results, args.report)
    log.info("processed %d export files", len(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
