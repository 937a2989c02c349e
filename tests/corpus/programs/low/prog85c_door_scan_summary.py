#!/usr/bin/env python3
"""Summarise door-scanner logs for a performance and post them to ticketing.

Each scanner writes a CSV of scans (timestamp, ticket id, door, result).
After the house closes this merges them, works out attendance, no-shows,
duplicate scans and the entry curve per door, caches the parsed logs and
posts the summary to the ticketing platform's attendance endpoint so the
box office and the producer see the real house count.

    python door_scan_summary.py --performance 2024-11-30-1930 scans/*.csv
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("scan_summary")

API_BASE = os.environ.get("TICKETING_API", "https://tickets.boxoffice-platform.example.com/api/v2")
CACHE_DIR = Path(".cache/scan_summary")


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def parse_log(path):
    """Return a list of scan dicts, using the on-disk cache when the file hasn't changed."""
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    scans = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                scans.append({
                    "t": datetime.fromisoformat(row["timestamp"]).isoformat(),
                    "ticket": row["ticket_id"].strip(),
                    "door": row.get("door", Path(path).stem),
                    "result": row.get("result", "ok"),
                })
            except (KeyError, ValueError):
                log.debug("skipping malformed row in %s: %r", path, row)
    cached.write_text(json.dumps(scans))
    return scans


def summarise(scans, manifest_size):
    admitted = {}
    dups = Counter()
    per_door = Counter()
    curve = defaultdict(int)
    for s in sorted(scans, key=lambda s: s["t"]):
        if s["result"] != "ok":
            continue
        if s["ticket"] in admitted:
            dups[s["door"]] += 1
            continue
        admitted[s["ticket"]] = s
        per_door[s["door"]] += 1
        curve[s["t"][:15] + "0"] += 1          # ten-minute buckets
    return {
        "attendance": len(admitted),
        "no_shows": max(manifest_size - len(admitted), 0) if manifest_size else None,
        "duplicates": dict(dups),
        "by_door": dict(per_door),
        "entry_curve": dict(sorted(curve.items())),
    }


def manifest_size(performance):
    path = Path("manifests") / f"{performance}.csv"
    if not path.exists():
        return 0
    with open(path, encoding="utf-8") as fh:
        return max(sum(1 for _ in fh) - 1, 0)


def post_summary(performance, summary):
    key = os.environ.get("TICKETING_API_KEY")
    if not key:
        raise RuntimeError("TICKETING_API_KEY not set")
    req = urllib.request.Request(
        f"{API_BASE}/performances/{performance}/attendance",
        data=json.dumps(summary).encode(),
        headers={"Content-Type": "application/json", "X-Api-Key": key},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--performance", required=True)
    ap.add_argument("--no-post", action="store_true")
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    scans = []
    for p in args.logs:
        try:
            scans.extend(parse_log(p))
        except OSError as exc:
            log.warning("cannot read %s: %s", p, exc)
    summary = summarise(scans, manifest_size(args.performance))
    summary["performance"] = args.performance
    Path(f"attendance_{args.performance}.json").write_text(json.dumps(summary, indent=2))
    log.info("attendance %d, duplicates %s", summary["attendance"], summary["duplicates"])

    if not args.no_post:
        try:
            log.info("posted summary, HTTP %s", post_summary(args.performance, summary))
        except (urllib.error.URLError, RuntimeError) as exc:
            log.error("could not post summary: %s", exc)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
