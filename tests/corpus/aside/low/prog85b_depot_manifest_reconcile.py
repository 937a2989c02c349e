#!/usr/bin/env python3
"""Reconcile a depot's inbound manifest against the handheld scanner exports.

Downloads today's inbound manifest for the depot from the network API,
reads the scanner CSV exports in ./exports (barcode,event,scanner,ts) and
writes ./reports/reconcile_<depot>_<date>.csv listing parcels that were
expected but never scanned, scanned but not on the manifest, and scanned
as damaged. The manifest response is cached in ./.cache for an hour so a
supervisor can re-run the report while the shift is still scanning.
"""
import argparse
import csv
import datetime as dt
import hashlib
import http.client
import json
import logging
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("reconcile")

CACHE_DIR = Path(".cache")
CACHE_TTL = 3600


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_manifest(base_url, depot, day, api_key, timeout=20):
    url = f"{base_url.rstrip('/')}/depots/{depot}/manifests/inbound?date={day}"
    cp = cache_path(url)
    if cp.exists() and time.time() - cp.stat().st_mtime < CACHE_TTL:
        log.info("using cached manifest %s", cp.name)
        return json.loads(cp.read_text())

    parts = urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=timeout)
    try:
        conn.request("GET", f"{parts.path}?{parts.query}",
                     headers={"X-Api-Key": api_key, "Accept": "application/json"})
        resp = conn.getresponse()
        body = resp.read()
    finally:
        conn.close()
    if resp.status != 200:
        raise RuntimeError(f"manifest request failed: HTTP {resp.status}")
    data = json.loads(body)
    CACHE_DIR.mkdir(exist_ok=True)
    cp.write_text(json.dumps(data))
    return data


def read_scans(export_dir):
    scans = defaultdict(set)
    for path in sorted(Path(export_dir).glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                code = (row.get("barcode") or "").strip().upper()
                if code:
                    scans[code].add((row.get("event") or "").upper())
        log.debug("read %s", path.name)
    return scans


def reconcile(manifest, scans):
    expected = {p["tracking"].upper(): p for p in manifest.get("parcels", [])}
    rows = []
    for code, parcel in expected.items():
        if code not in scans:
            rows.append((code, "MISSING", parcel.get("sender", ""), parcel.get("route", "")))
    for code, events in scans.items():
        if code not in expected:
            rows.append((code, "UNMANIFESTED", "", ""))
        if "DAMAGED" in events:
            p = expected.get(code, {})
            rows.append((code, "DAMAGED", p.get("sender", ""), p.get("route", "")))
    rows.sort(key=lambda r: (r[1], r[3], r[0]))
    return rows, len(expected)


def clear_cache(max_age=CACHE_TTL * 24):
    if not CACHE_DIR.is_dir():
        return
    for p in CACHE_DIR.glob("*.json"):
        if time.time() - p.stat().st_mtime > max_age:
            p.unlink()


def main():
    ap = argparse.ArgumentParser(description="reconcile inbound manifest with scans")
    ap.add_argument("--depot", required=True)
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--api", default=os.environ.get("DEPOT_API_URL",
                                                    "https://api.parcelnet.example.com/v1"))
    ap.add_argument("--exports", default="exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("DEPOT_API_KEY")
    if not api_key:
        log.error("DEPOT_API_KEY is not set")
        return 2

    clear_cache()
    try:
        manifest = fetch_manifest(args.api, args.depot, args.date, api_key)
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    scans = read_scans(args.exports)
    rows, n_expected = reconcile(manifest, scans)

    out = Path("reports") / f"reconcile_{args.depot}_{args.date}.csv"
    out.parent.mkdir(exist_ok=True)
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["tracking", "issue", "sender", "route"])
        w.writerows(rows)
    counts = defaultdict(int)
    for r in rows:
        counts[r[1]] += 1
    log.info("%d expected, %d scanned; %s -> %s",
             n_expected, len(scans), dict(counts) or "no issues", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
