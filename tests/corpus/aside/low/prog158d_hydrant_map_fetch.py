#!/usr/bin/env python3
"""Fetch hydrant locations for the station ground from the water company API.

Downloads hydrant points (location, main size, last flow test) page by
page, caches each response on disk keyed by an MD5 of the request, and
writes a GeoJSON file the mapping tablet can load offline.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
from pathlib import Path

import requests

log = logging.getLogger("hydrants")

API_BASE = os.environ.get("HYDRANT_API", "https://api.example.com/water/v2")
CACHE_DIR = Path(".hydrant_cache")
PAGE_SIZE = 500


class HydrantAPI:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        # The key is only ever sent to the water company API.
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})
        self.timeout = timeout

    def _cache_path(self, url, params):
        raw = url + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))
        return CACHE_DIR / (hashlib.md5(raw.encode()).hexdigest() + ".json")

    def get(self, path, params, use_cache=True):
        url = f"{self.base}/{path.lstrip('/')}"
        cached = self._cache_path(url, params)
        if use_cache and cached.exists():
            return json.loads(cached.read_text())
        resp = self.session.get(url, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
        return data

    def hydrants(self, bbox, use_cache=True):
        page = 1
        while True:
            params = {"bbox": bbox, "page": page, "per_page": PAGE_SIZE}
            data = self.get("hydrants", params, use_cache)
            items = data.get("items", [])
            yield from items
            if len(items) < PAGE_SIZE:
                break
            page += 1


def to_feature(h):
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [h["lon"], h["lat"]]},
        "properties": {
            "id": h.get("id"),
            "main_mm": h.get("main_diameter_mm"),
            "last_flow_test": h.get("last_flow_test"),
            "status": h.get("status", "unknown"),
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bbox", default="-1.62,52.38,-1.48,52.45",
                    help="minlon,minlat,maxlon,maxlat of the station ground")
    ap.add_argument("--out", default="hydrants.geojson")
    ap.add_argument("--refresh", action="store_true", help="ignore cached pages")
    ap.add_argument("--clear-cache", action="store_true", help="delete the cache and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        shutil.rmtree(CACHE_DIR, ignore_errors=True)
        log.info("cache cleared")
        return 0

    key = os.environ.get("HYDRANT_API_KEY")
    if not key:
        log.error("set HYDRANT_API_KEY first")
        return 1

    api = HydrantAPI(API_BASE, key)
    try:
        features = [to_feature(h) for h in api.hydrants(args.bbox, not args.refresh)]
    except requests.RequestException as exc:
        log.error("API request failed: %s", exc)
        return 2
    out_of_service = sum(1 for f in features if f["properties"]["status"] != "in_service")
    Path(args.out).write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    log.info("wrote %d hydrants to %s (%d out of service)",
             len(features), args.out, out_of_service)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
