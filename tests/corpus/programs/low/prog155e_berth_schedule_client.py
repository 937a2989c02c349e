#!/usr/bin/env python3
"""Fetch the berth schedule from the port community system.

Pulls expected arrivals and berth assignments for the next few days from the
port community system API and prints a compact board. Responses are cached
in ./.berth_cache for a few minutes so the planners can rerun it freely
without hammering the API.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("berth_client")

API_BASE = os.environ.get("PCS_API_BASE", "https://pcs.example.com/api/v1")
CACHE_DIR = Path(".berth_cache")
CACHE_TTL = 300


class ScheduleClient:
    def __init__(self, base, api_key, timeout=10):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        # the key is only ever sent to the PCS API itself
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})
        self.timeout = timeout

    def _cache_path(self, url, params):
        key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
        return CACHE_DIR / (key + ".json")

    def get(self, path, **params):
        url = "%s/%s" % (self.base, path.lstrip("/"))
        cached = self._cache_path(url, params)
        if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
            LOG.debug("cache hit %s", cached.name)
            return json.loads(cached.read_text())
        resp = self.session.get(url, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
        os.chmod(cached, 0o600)
        return data

    def reachable(self):
        try:
            return self.session.head(self.base + "/health", timeout=5).ok
        except requests.RequestException:
            return False


def format_board(arrivals):
    lines = ["%-16s %-22s %-8s %-6s %s" % ("ETA", "VESSEL", "LOA(m)", "BERTH", "AGENT")]
    for a in sorted(arrivals, key=lambda x: x.get("eta", "")):
        lines.append("%-16s %-22s %-8s %-6s %s" % (
            a.get("eta", "?")[:16], a.get("vessel", "?")[:22],
            a.get("loa", "?"), a.get("berth", "TBA"), a.get("agent", "")))
    return "\n".join(lines)


def clear_cache():
    removed = 0
    if CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--berth", help="only show one berth")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache:
        LOG.info("removed %d cached responses", clear_cache())

    api_key = os.environ.get("PCS_API_KEY")
    if not api_key:
        LOG.error("set PCS_API_KEY first")
        return 2
    client = ScheduleClient(API_BASE, api_key)
    if not client.reachable():
        LOG.warning("PCS health check failed, trying anyway")
    try:
        params = {"days": args.days}
        if args.berth:
            params["berth"] = args.berth
        arrivals = client.get("arrivals", **params).get("items", [])
    except requests.RequestException as exc:
        LOG.error("could not fetch schedule: %s", exc)
        return 1
    print(format_board(arrivals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
