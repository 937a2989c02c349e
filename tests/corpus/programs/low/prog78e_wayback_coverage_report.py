#!/usr/bin/env python3
"""Check which cited URLs already have a Wayback Machine snapshot.

Before a story goes out, every link in the source list should either be live
or preserved. For each URL this script checks whether the page still answers
(HEAD, falling back to GET for servers that reject HEAD) and asks the Wayback
availability API for the closest snapshot. Results go to a CSV the
standards desk can sort; answers are cached in ./.wayback_cache for a day so
re-runs during editing are quick.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("wayback_coverage")

AVAILABILITY_API = "https://archive.org/wayback/available"
CACHE_DIR = Path(".wayback_cache")
CACHE_TTL = 24 * 3600
HEADERS = {"User-Agent": "standards-desk-linkcheck/0.9"}


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def cached(url):
    path = cache_path(url)
    if path.is_file() and time.time() - path.stat().st_mtime < CACHE_TTL:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            path.unlink()
    return None


def store(url, result):
    CACHE_DIR.mkdir(exist_ok=True)
    cache_path(url).write_text(json.dumps(result), encoding="utf-8")


def live_status(session, url):
    try:
        resp = session.head(url, timeout=15, allow_redirects=True)
        if resp.status_code in (403, 405, 501):
            resp = session.get(url, timeout=20, allow_redirects=True, stream=True)
            resp.close()
        return resp.status_code, resp.url
    except requests.RequestException as exc:
        log.debug("%s not reachable: %s", url, exc)
        return None, None


def closest_snapshot(session, url):
    for attempt in range(3):
        try:
            resp = session.get(AVAILABILITY_API, params={"url": url}, timeout=30)
            resp.raise_for_status()
            snap = resp.json().get("archived_snapshots", {}).get("closest")
            return snap or {}
        except (requests.RequestException, ValueError) as exc:
            log.warning("availability API error for %s (%s), retry %d", url, exc, attempt + 1)
            time.sleep(3 * (attempt + 1))
    return {}


def check(session, url):
    hit = cached(url)
    if hit is not None:
        return hit
    status, final = live_status(session, url)
    snap = closest_snapshot(session, url)
    result = {
        "url": url,
        "live_status": status or "",
        "final_url": final or "",
        "archived": bool(snap.get("available")),
        "snapshot_url": snap.get("url", ""),
        "snapshot_time": snap.get("timestamp", ""),
    }
    store(url, result)
    return result


def read_urls(path):
    with open(path, encoding="utf-8") as fh:
        return [ln.strip() for ln in fh if ln.strip().startswith(("http://", "https://"))]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Wayback coverage report for cited URLs")
    ap.add_argument("urls", help="file with one URL per line")
    ap.add_argument("-o", "--output", default="wayback_coverage.csv")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("--pause", type=float, default=1.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")
    try:
        urls = read_urls(args.urls)
    except OSError as exc:
        log.error("cannot read %s: %s", args.urls, exc)
        return 2

    session = requests.Session()
    session.headers.update(HEADERS)
    rows, missing = [], 0
    for i, url in enumerate(urls, 1):
        row = check(session, url)
        rows.append(row)
        if not row["archived"]:
            missing += 1
        log.info("[%d/%d] %s live=%s archived=%s", i, len(urls), url,
                 row["live_status"] or "down", "yes" if row["archived"] else "NO")
        time.sleep(args.pause)

    with open(args.output, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["url"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("%d URLs checked, %d without snapshot -> %s", len(rows), missing, args.output)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
