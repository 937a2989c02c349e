#!/usr/bin/env python3
"""Fetch upstream transit and power outage feeds and cache them locally.

The co-op's towers depend on two upstream transit providers and the electric
co-op's grid.  All three publish JSON status feeds.  This script polls them,
keeps a local cache keyed by URL so the status page still renders when a feed
is slow, and prints a one-line summary per source for the NOC wallboard.

Sources are listed in feeds.ini:
    [transit-north]
    url = https://status.transit-north.example.com/api/v2/incidents.json
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("outage-feeds")

CACHE_DIR = Path("cache")
MAX_AGE = 300


def os_label():
    try:
        fields = dict(
            line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines() if "=" in line
        )
        return fields.get("PRETTY_NAME", "linux").strip('"')
    except OSError:
        return "unknown"


USER_AGENT = f"coop-noc-wallboard/2.1 ({os_label()})"


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def read_cache(url, max_age):
    p = cache_path(url)
    try:
        age = time.time() - p.stat().st_mtime
        return json.loads(p.read_text()), age <= max_age
    except (OSError, ValueError):
        return None, False


def write_cache(url, payload):
    CACHE_DIR.mkdir(exist_ok=True)
    p = cache_path(url)
    p.write_text(json.dumps(payload))
    os.chmod(p, 0o600)


def fetch(url, timeout=8):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def get_feed(url, max_age, refresh=False):
    cached, fresh = read_cache(url, max_age)
    if fresh and not refresh:
        return cached, "cache"
    try:
        data = fetch(url)
        write_cache(url, data)
        return data, "live"
    except (urllib.error.URLError, TimeoutError, ValueError) as exc:
        log.warning("%s: %s", url, exc)
        if cached is not None:
            return cached, "stale"
        return None, "error"


def summarise(name, data):
    incidents = data.get("incidents", []) if isinstance(data, dict) else []
    open_ = [i for i in incidents if i.get("status") not in ("resolved", "postmortem")]
    if not open_:
        return f"{name:<16} OK"
    worst = max(open_, key=lambda i: {"critical": 3, "major": 2, "minor": 1}.get(i.get("impact"), 0))
    return f"{name:<16} {len(open_)} open, worst: {worst.get('impact', '?')} - {worst.get('name', '')[:60]}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="feeds.ini")
    ap.add_argument("--max-age", type=int, default=MAX_AGE)
    ap.add_argument("--refresh", action="store_true", help="ignore fresh cache entries")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("no feeds configured in %s", args.config)
        return 2

    failures = 0
    for name in cfg.sections():
        data, source = get_feed(cfg[name]["url"], args.max_age, args.refresh)
        if data is None:
            print(f"{name:<16} UNAVAILABLE")
            failures += 1
            continue
        line = summarise(name, data)
        print(line + ("" if source == "live" else f"  [{source}]"))
    return 1 if failures == len(cfg.sections()) else 0


if __name__ == "__main__":
    sys.exit(main())
