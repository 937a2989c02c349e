#!/usr/bin/env python3
"""Daily ticket sales report for the funicular.

Reads the barrier export CSVs in ./exports, builds a per-ticket-type
summary, and posts it to the company's reporting API. The API key is read
from FUNI_REPORT_API_KEY and only ever sent to that API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import tempfile
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("sales_report")

API_URL = os.environ.get("FUNI_REPORT_URL", "https://api.example.com/v1/reports/sales")
CACHE_DIR = Path("./.report_cache")


def cache_key(paths):
    # cheap fingerprint of the input files to avoid re-posting the same day
    h = hashlib.md5()
    for p in sorted(paths):
        st = p.stat()
        h.update(f"{p.name}:{st.st_size}:{int(st.st_mtime)}".encode())
    return h.hexdigest()


def summarise(paths):
    totals = defaultdict(lambda: {"count": 0, "revenue": 0.0})
    for p in paths:
        with p.open(newline="") as fh:
            for row in csv.DictReader(fh):
                kind = row.get("ticket_type", "unknown")
                try:
                    price = float(row.get("price", 0) or 0)
                except ValueError:
                    log.warning("bad price in %s: %r", p.name, row.get("price"))
                    continue
                totals[kind]["count"] += 1
                totals[kind]["revenue"] += price
    return {k: {"count": v["count"], "revenue": round(v["revenue"], 2)}
            for k, v in sorted(totals.items())}


def write_atomic(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False,
                                     suffix=".tmp") as tmp:
        json.dump(data, tmp, indent=2)
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, path)


def post_report(report, api_key):
    body = json.dumps(report).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
    })
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exports", default="./exports", type=Path)
    ap.add_argument("--day", required=True, help="YYYY-MM-DD")
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    paths = sorted(args.exports.glob(f"*{args.day}*.csv"))
    if not paths:
        log.error("no exports for %s in %s", args.day, args.exports)
        return 1

    key = cache_key(paths)
    marker = CACHE_DIR / f"{args.day}-{key}.json"
    if marker.exists():
        log.info("report for %s already sent (cache %s)", args.day, key[:8])
        return 0

    report = {"day": args.day, "station": "valley", "by_type": summarise(paths)}
    log.info("summary: %s", json.dumps(report["by_type"]))

    if not args.no_post:
        api_key = os.environ.get("FUNI_REPORT_API_KEY")
        if not api_key:
            log.error("FUNI_REPORT_API_KEY is not set")
            return 1
        try:
            log.info("posted, status %s", post_report(report, api_key))
        except urllib.error.URLError as exc:
            log.error("post failed: %s", exc)
            return 1

    write_atomic(marker, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
