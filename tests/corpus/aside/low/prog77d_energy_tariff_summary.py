#!/usr/bin/env python3
"""Summarise sub-meter exports by tariff band and publish them to the energy dashboard.

Takes the half-hourly CSV exports the meter gateway drops into ./exports
(columns: timestamp, meter, kwh), splits consumption into the peak / shoulder /
off-peak bands from tariff.json, and posts the per-meter totals to the
dashboard ingestion API. Parsed exports are cached in ./.cache keyed by a hash
of the file contents so re-runs only parse new files.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("tariff-summary")
CACHE_DIR = Path(".cache")
DASHBOARD_URL = os.environ.get("ENERGY_DASHBOARD_URL", "https://energy.example.org/api/ingest/tariff")


def load_tariff(path):
    with open(path) as fh:
        tariff = json.load(fh)
    bands = []
    for band in tariff["bands"]:
        bands.append((band["name"], int(band["from_hour"]), int(band["to_hour"]), float(band["price"])))
    return bands


def band_for(bands, ts):
    hour = ts.hour
    for name, start, end, price in bands:
        if start <= hour < end:
            return name, price
    return "off_peak", next((p for n, _, _, p in bands if n == "off_peak"), 0.0)


def cache_key(path):
    digest = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def parse_export(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    rows = []
    with open(path, newline="") as fh:
        for rec in csv.DictReader(fh):
            try:
                rows.append([rec["timestamp"], rec["meter"], float(rec["kwh"])])
            except (KeyError, ValueError):
                LOG.debug("skipping malformed row in %s: %s", path.name, rec)
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(rows))
    return rows


def summarise(rows, bands):
    totals = defaultdict(lambda: defaultdict(lambda: {"kwh": 0.0, "cost": 0.0}))
    for ts_text, meter, kwh in rows:
        ts = dt.datetime.fromisoformat(ts_text)
        band, price = band_for(bands, ts)
        cell = totals[meter][band]
        cell["kwh"] += kwh
        cell["cost"] += kwh * price
    return {m: {b: {k: round(v, 2) for k, v in c.items()} for b, c in bands_.items()}
            for m, bands_ in totals.items()}


def publish(summary, period, api_key):
    resp = requests.post(DASHBOARD_URL, json={"period": period, "meters": summary},
                         headers={"Authorization": f"Bearer {api_key}"}, timeout=30)
    resp.raise_for_status()
    return resp.json()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--tariff", default="tariff.json")
    ap.add_argument("--period", required=True, help="label, e.g. 2024-W21")
    ap.add_argument("--out", default="tariff_summary.json")
    ap.add_argument("--no-publish", dest="publish", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bands = load_tariff(args.tariff)
    rows = []
    for path in sorted(Path(args.exports).glob("*.csv")):
        rows.extend(parse_export(path))
    if not rows:
        LOG.warning("no readings found in %s", args.exports)
        return 1

    summary = summarise(rows, bands)
    out = Path(args.out)
    out.write_text(json.dumps(summary, indent=2))
    os.chmod(out, 0o600)
    LOG.info("wrote %s for %d meters", out, len(summary))

    if args.publish:
        api_key = os.environ.get("ENERGY_DASHBOARD_KEY")
        if not api_key:
            LOG.error("ENERGY_DASHBOARD_KEY not set; use --no-publish to skip")
            return 1
        try:
            LOG.info("dashboard: %s", publish(summary, args.period, api_key))
        except requests.RequestException as exc:
            LOG.error("publish failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
