#!/usr/bin/env python3
"""Tonight's-sky ephemeris fetcher.

Pulls rise/set times and magnitudes for the planets and bright objects
from the ephemeris service for the planetarium's location, caches the
answers locally and writes tonight_sky.json for the lobby screen and the
presenter's notes.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.parse
import urllib.request
from datetime import date
from pathlib import Path

LOG = logging.getLogger("sky.ephemeris")

API_BASE = os.environ.get("EPHEMERIS_API", "https://api.ephemeris.example.org/v1")
SITE = {
    "lat": float(os.environ.get("SITE_LAT", "51.4769")),
    "lon": float(os.environ.get("SITE_LON", "-0.0005")),
    "elev_m": int(os.environ.get("SITE_ELEV", "46")),
}
CACHE_DIR = Path(os.environ.get("EPHEMERIS_CACHE", "./cache/ephemeris"))
CACHE_TTL = 6 * 3600
OBJECTS = ["mercury", "venus", "mars", "jupiter", "saturn", "moon", "m31", "m42", "iss"]


class Cache:
    def __init__(self, folder: Path, ttl: int):
        self.folder = folder
        self.ttl = ttl
        folder.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(url: str) -> str:
        return hashlib.md5(url.encode()).hexdigest()

    def get(self, url: str):
        p = self.folder / f"{self.key(url)}.json"
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return json.loads(p.read_text())
        return None

    def put(self, url: str, data) -> None:
        p = self.folder / f"{self.key(url)}.json"
        p.write_text(json.dumps(data))


class EphemerisClient:
    def __init__(self, base: str, cache: Cache, timeout: float = 15.0):
        self.base = base.rstrip("/")
        self.cache = cache
        self.timeout = timeout

    def _url(self, obj: str, day: date) -> str:
        q = urllib.parse.urlencode({**SITE, "date": day.isoformat(), "object": obj})
        return f"{self.base}/events?{q}"

    def fetch(self, obj: str, day: date) -> dict:
        url = self._url(obj, day)
        hit = self.cache.get(url)
        if hit is not None:
            LOG.debug("cache hit for %s", obj)
            return hit
        req = urllib.request.Request(url, headers={"Accept": "application/json",
                                                   "User-Agent": "starhall-lobby/1.4"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            data = json.load(resp)
        self.cache.put(url, data)
        return data


def summarise(obj: str, data: dict) -> dict:
    return {
        "object": obj,
        "rise": data.get("rise"),
        "set": data.get("set"),
        "transit": data.get("transit"),
        "magnitude": data.get("magnitude"),
        "visible_tonight": bool(data.get("above_horizon_after_sunset")),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description="Fetch tonight's sky ephemeris")
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--objects", default=",".join(OBJECTS))
    ap.add_argument("--out", default="tonight_sky.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    client = EphemerisClient(API_BASE, Cache(CACHE_DIR, CACHE_TTL))
    day = date.fromisoformat(args.date)
    results = []
    for obj in [o.strip() for o in args.objects.split(",") if o.strip()]:
        try:
            results.append(summarise(obj, client.fetch(obj, day)))
        except OSError as exc:
            LOG.warning("could not fetch %s: %s", obj, exc)
    Path(args.out).write_text(json.dumps({"date": day.isoformat(), "site": SITE,
                                          "objects": results}, indent=2))
    LOG.info("wrote %d object(s) to %s", len(results), args.out)


if __name__ == "__main__":
    main()
