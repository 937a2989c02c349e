#!/usr/bin/env python3
"""Rankings cache for the league's travel team.

Fetches team rankings and upcoming sanctioned bouts from the rankings API,
keeps a small on-disk cache so repeated lookups during travel planning don't
hit the API, and prints a short table of opponents near our rank.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("rankings")
API = os.environ.get("RANKINGS_API", "https://rankings.example.org/api/v1")


@dataclass
class Cache:
    folder: Path = Path(".rankings_cache")
    ttl: int = 6 * 3600

    def _file(self, url):
        return self.folder / (hashlib.md5(url.encode()).hexdigest() + ".json")

    def get(self, url):
        f = self._file(url)
        if f.exists() and time.time() - f.stat().st_mtime < self.ttl:
            return json.loads(f.read_text())
        return None

    def put(self, url, data):
        self.folder.mkdir(exist_ok=True)
        f = self._file(url)
        f.write_text(json.dumps(data))
        os.chmod(f, 0o600)

    def clear(self):
        for f in self.folder.glob("*.json"):
            f.unlink()


def cached(cache):
    def deco(fetch):
        def inner(url, timeout):
            hit = cache.get(url)
            if hit is not None:
                log.debug("cache hit %s", url)
                return hit
            data = fetch(url, timeout)
            cache.put(url, data)
            return data
        return inner
    return deco


def http_get(url, timeout):
    req = importlib.import_module("urllib.request")
    r = req.Request(url, headers={"Accept": "application/json",
                                  "User-Agent": "derby-travel/1.2"})
    with req.urlopen(r, timeout=timeout) as resp:
        return json.load(resp)


def near(teams, ours, window):
    idx = next((i for i, t in enumerate(teams) if t["name"] == ours), None)
    if idx is None:
        return teams[:window * 2 + 1]
    return teams[max(0, idx - window): idx + window + 1]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--team", default=os.environ.get("OUR_TEAM", "Harbor City Rollers"))
    ap.add_argument("--region", default="north-america")
    ap.add_argument("--window", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = Cache()
    if args.refresh:
        cache.clear()
    get = cached(cache)(http_get)
    url = f"{API}/rankings?region={args.region}"
    try:
        teams = get(url, args.timeout).get("teams", [])
    except (OSError, ValueError) as exc:
        log.error("rankings unavailable: %s", exc)
        return 1
    teams.sort(key=lambda t: t.get("rank", 9999))
    for t in near(teams, args.team, args.window):
        marker = "*" if t["name"] == args.team else " "
        print(f"{marker}{t.get('rank', '?'):>4}  {t['name']:<32} {t.get('rating', 0):>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
