#!/usr/bin/env python3
"""Pull live turnstile attendance from the venue ops API, cache it locally
and post the per-stand summary back to the same API for the stewards'
dashboard."""

import argparse
import hashlib
import json
import logging
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("attendance")

API = {
    "base": "https://ops-api.stadium.example.com/v2",
    "attendance": "/attendance/live",
    "summary": "/dashboards/stands/summary",
    "key_env": "OPS_API_KEY",
}

CACHE_DIR = Path("./.attendance_cache")


class OpsApi:
    def __init__(self, cfg, timeout=10):
        self.base = cfg["base"]
        self.cfg = cfg
        self.timeout = timeout
        self.key = os.environ.get(cfg["key_env"], "")

    def _headers(self, extra=None):
        h = {"Accept": "application/json", "X-Api-Key": self.key}
        h.update(extra or {})
        return h

    def get(self, route, params=""):
        url = self.base + route + (("?" + params) if params else "")
        req = urllib.request.Request(url, headers=self._headers())
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def post_json(self, route, payload):
        body = json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(self.base + route, data=body, method="POST",
                                     headers=self._headers({"Content-Type": "application/json"}))
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


class Cache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def key(self, *parts):
        return hashlib.md5("|".join(parts).encode()).hexdigest()

    def put(self, k, data):
        p = self.root / (k + ".json")
        p.write_text(json.dumps(data))
        os.chmod(p, 0o600)
        return p

    def get(self, k, max_age):
        p = self.root / (k + ".json")
        if p.exists() and time.time() - p.stat().st_mtime < max_age:
            return json.loads(p.read_text())
        return None

    def clear(self):
        for p in self.root.glob("*.json"):
            p.unlink()


def summarise(records):
    stands = {}
    for r in records:
        s = stands.setdefault(r.get("stand", "?"), {"in": 0, "capacity": r.get("capacity", 0)})
        s["in"] += int(r.get("count", 0))
    for s in stands.values():
        cap = s["capacity"] or 1
        s["pct"] = round(100.0 * s["in"] / cap, 1)
    return stands


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--match", required=True, help="match id, e.g. 2024-11-02-HOME")
    ap.add_argument("--max-age", type=int, default=30)
    ap.add_argument("--no-post", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api = OpsApi(API)
    if not api.key:
        log.error("set %s", API["key_env"])
        return 2
    cache = Cache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()

    k = cache.key(args.match, API["attendance"])
    records = cache.get(k, args.max_age)
    if records is None:
        try:
            records = api.get(API["attendance"], "match=" + args.match).get("records", [])
        except (urllib.error.URLError, ValueError) as exc:
            log.error("attendance fetch failed: %s", exc)
            return 1
        cache.put(k, records)

    summary = summarise(records)
    for stand, s in sorted(summary.items()):
        print("%-10s %6d  %5.1f%%" % (stand, s["in"], s["pct"]))
    if not args.no_post:
        try:
            status = api.post_json(API["summary"], {"match": args.match, "stands": summary})
            log.info("summary posted (%s)", status)
        except urllib.error.URLError as exc:
            log.warning("summary post failed: %s", exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
