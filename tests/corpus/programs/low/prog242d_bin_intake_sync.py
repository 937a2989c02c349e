#!/usr/bin/env python3
"""Sync today's bin intake records to the cooperative's intake API.

Forklift drivers scan each bin as it enters the cold store; the scanner
writes ./intake/<date>.csv. This tool posts the day's bins to the
cooperative's intake API so growers see their delivered bins the same day,
then writes a local receipt file.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

LOG = logging.getLogger("bin-intake-sync")

API_BASE = "https://intake.example.com/api/v1"


class IntakeApi:
    def __init__(self, base, key, timeout):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Content-Type": "application/json",
                     "Authorization": "Bearer " + self.key})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")

    def health(self):
        return self._request("GET", "/health")

    def post_bins(self, day, bins):
        return self._request("POST", "/intake/%s" % day, {"bins": bins})


def read_bins(path):
    bins = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                bins.append({
                    "bin_id": row["bin_id"].strip(),
                    "grower_id": row["grower_id"].strip(),
                    "variety": row["variety"].strip(),
                    "room": row["room"].strip(),
                    "gross_kg": float(row["gross_kg"]),
                })
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping bad row %s: %s", row, exc)
    return bins


def write_receipt(day, bins, reply):
    out = Path("./receipts")
    out.mkdir(exist_ok=True)
    path = out / ("%s.json" % day)
    path.write_text(json.dumps({"day": day, "count": len(bins), "reply": reply}, indent=2))
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--intake-dir", type=Path, default=Path("./intake"))
    ap.add_argument("--api", default=API_BASE)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("INTAKE_API_KEY")
    if not key:
        LOG.error("INTAKE_API_KEY is not set")
        return 1

    src = args.intake_dir / ("%s.csv" % args.day)
    if not src.exists():
        LOG.error("no intake file %s", src)
        return 1
    bins = read_bins(src)
    LOG.info("%d bins read for %s", len(bins), args.day)
    if args.dry_run or not bins:
        return 0

    api = IntakeApi(args.api, key, args.timeout)
    try:
        LOG.info("api health: %s", api.health().get("status", "?"))
        reply = api.post_bins(args.day, bins)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        LOG.error("sync failed: %s", exc)
        return 2
    LOG.info("receipt written to %s", write_receipt(args.day, bins, reply))
    return 0


if __name__ == "__main__":
    sys.exit(main())
