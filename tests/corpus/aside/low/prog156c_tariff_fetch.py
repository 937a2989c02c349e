#!/usr/bin/env python3
"""Fetch EV charging tariffs from the charge network operator's API.

The tariff shown on the car park signage and the charger screens comes from
the operator's public tariff API. Responses are cached in the working
directory so a flaky uplink does not leave the screens blank.
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

log = logging.getLogger("tariff-fetch")

API_BASE = "https://api.example.com/v2"
CACHE_DIR = Path("cache")
CACHE_TTL = 15 * 60


def cache_path(url, params):
    key = url + "?" + json.dumps(params, sort_keys=True)
    return CACHE_DIR / (hashlib.md5(key.encode()).hexdigest() + ".json")


def read_cache(path, max_age):
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return None
    if age > max_age:
        return None
    with open(path) as fh:
        return json.load(fh)


def write_cache(path, data):
    CACHE_DIR.mkdir(exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w") as fh:
        json.dump(data, fh)
    os.chmod(tmp, 0o600)
    tmp.replace(path)


class TariffClient:
    def __init__(self, api_key, base=API_BASE, timeout=10):
        self.base = base
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    def site_tariffs(self, site_id, use_cache=True):
        url = f"{self.base}/sites/{site_id}/tariffs"
        params = {"currency": "GBP"}
        path = cache_path(url, params)
        if use_cache:
            cached = read_cache(path, CACHE_TTL)
            if cached is not None:
                log.debug("cache hit %s", path.name)
                return cached
        resp = self.session.get(url, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        write_cache(path, data)
        return data

    def is_up(self):
        try:
            r = self.session.head(self.base + "/health", timeout=5)
            return r.ok
        except requests.RequestException:
            return False


def format_for_signage(data):
    lines = []
    for t in data.get("tariffs", []):
        lines.append(f"{t.get('connector', '?'):<8} {t.get('pence_per_kwh', 0):>4}p/kWh")
    return "\n".join(lines) or "Tariff unavailable"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site_id")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--out", default="signage_tariff.txt")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("CHARGE_API_KEY")
    if not api_key:
        log.error("CHARGE_API_KEY is not set")
        return 1

    client = TariffClient(api_key)
    if not client.is_up():
        log.warning("operator API health check failed, trying anyway")
    try:
        data = client.site_tariffs(args.site_id, use_cache=not args.no_cache)
    except requests.RequestException as exc:
        log.error("tariff fetch failed: %s", exc)
        return 1

    Path(args.out).write_text(format_for_signage(data) + "\n")
    log.info("signage tariff written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
