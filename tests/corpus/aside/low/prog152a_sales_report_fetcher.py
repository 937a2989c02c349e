#!/usr/bin/env python3
"""Fetch franchise sales reports from the reporting API and cache them.

Area managers run this before their weekly review. It downloads each store's
daily sales summary, caches the responses under ./.report_cache so repeated
runs are quick, and writes a combined CSV. Run with --clean to drop the cache.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("sales-fetch")

API = "https://reports.example.com/api/v1"
CACHE_DIR = Path(".report_cache")
CACHE_TTL = 6 * 3600


def cache_path(url):
    # cache key only, not used for anything sensitive
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def get_json(url, token=None):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=20) as resp:
        data = json.loads(resp.read())
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def head_ok(url):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status < 400
    except urllib.error.URLError:
        return False


def fetch_store(store, day, token):
    url = f"{API}/stores/{store}/sales?date={day}"
    try:
        data = get_json(url, token)
    except urllib.error.HTTPError as exc:
        log.warning("store %s: HTTP %s", store, exc.code)
        return []
    rows = []
    for item in data.get("flavours", []):
        rows.append({"store": store, "date": day, "flavour": item.get("name"),
                     "scoops": item.get("scoops", 0), "revenue": item.get("revenue", 0)})
    return rows


def write_combined(rows, out):
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["store", "date", "flavour", "scoops", "revenue"])
        w.writeheader()
        w.writerows(rows)
    os.chmod(out, 0o600)
    log.info("wrote %d rows to %s", len(rows), out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stores", nargs="*", default=[])
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--out", default="sales_combined.csv")
    ap.add_argument("--clean", action="store_true", help="remove the local cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        if not args.stores:
            return

    if not head_ok(f"{API}/health"):
        log.error("reporting API not reachable")
        return
    token = os.environ.get("REPORTS_API_TOKEN")
    rows = []
    for store in args.stores:
        rows.extend(fetch_store(store, args.date, token))
    if rows:
        write_combined(rows, args.out)
    else:
        log.info("nothing to write")


if __name__ == "__main__":
    main()
