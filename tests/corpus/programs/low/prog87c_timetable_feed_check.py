#!/usr/bin/env python3
"""Check the depot's timetable feeds (GTFS static + stop-time updates).

For every feed listed in feeds.json the checker fetches the document, checks
its freshness and basic structure, and prints a table.  With --report the
summary is also posted to the depot status board API.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone

import requests

log = logging.getLogger("ttcheck")

STATUS_API = os.environ.get("DEPOT_STATUS_API", "https://status.depot-ops.example.com/api/v1/checks")


def load_feeds(path):
    with open(path) as fh:
        feeds = json.load(fh)
    for f in feeds:
        f.setdefault("max_age_min", 15)
        f.setdefault("kind", "trip_updates")
    return feeds


def check_feed(feed, timeout):
    started = time.monotonic()
    result = {"name": feed["name"], "ok": False, "detail": ""}
    try:
        resp = requests.get(feed["url"], timeout=timeout)
        result["status"] = resp.status_code
        resp.raise_for_status()
        doc = resp.json()
    except (requests.RequestException, ValueError) as exc:
        result["detail"] = str(exc)[:120]
        return result
    finally:
        result["ms"] = int((time.monotonic() - started) * 1000)

    header = doc.get("header", {})
    stamp = header.get("timestamp")
    if stamp is None:
        result["detail"] = "no header.timestamp"
        return result
    age = (datetime.now(timezone.utc) - datetime.fromtimestamp(int(stamp), timezone.utc)).total_seconds() / 60
    entities = doc.get("entity", [])
    result["entities"] = len(entities)
    result["age_min"] = round(age, 1)
    if age > feed["max_age_min"]:
        result["detail"] = f"stale by {age - feed['max_age_min']:.1f} min"
    elif not entities:
        result["detail"] = "empty feed"
    else:
        result["ok"] = True
    return result


def post_report(results, timeout):
    key = os.environ.get("DEPOT_STATUS_KEY")
    if not key:
        log.warning("DEPOT_STATUS_KEY not set, skipping report")
        return
    payload = {
        "check": "timetable-feeds",
        "host": socket.gethostname(),
        "at": datetime.now(timezone.utc).isoformat(),
        "results": results,
    }
    try:
        r = requests.post(STATUS_API, json=payload, timeout=timeout,
                          headers={"Authorization": f"Bearer {key}"})
        r.raise_for_status()
        log.info("report accepted (%s)", r.status_code)
    except requests.RequestException as exc:
        log.error("report failed: %s", exc)


def print_table(results):
    print(f"{'feed':<28}{'ok':<5}{'http':<6}{'ms':>6}{'age':>7}  detail")
    for r in results:
        print(f"{r['name']:<28}{'yes' if r['ok'] else 'NO':<5}{r.get('status', '-')!s:<6}"
              f"{r.get('ms', 0):>6}{r.get('age_min', '-')!s:>7}  {r['detail']}")


def main():
    ap = argparse.ArgumentParser(description="timetable feed checker")
    ap.add_argument("--feeds", default="feeds.json")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--report", action="store_true", help="post summary to the status board")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        feeds = load_feeds(args.feeds)
    except (OSError, ValueError) as exc:
        log.error("cannot load %s: %s", args.feeds, exc)
        return 2

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(lambda f: check_feed(f, args.timeout), feeds))

    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    else:
        print_table(results)
    if args.report:
        post_report(results, args.timeout)
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
