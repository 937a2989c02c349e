#!/usr/bin/env python3
"""Fetches the rainfall forecast for each reed bed site and caches it locally.

Heavy rain means storm overflow into the beds, so the site team checks the
coming days before planning desludging or replanting work.
"""
import argparse
import hashlib
import importlib
import json
import logging
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("rainfall")

API = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".cache") / "rainfall"


@dataclass
class Site:
    code: str
    lat: float
    lon: float


DEFAULT_SITES = [Site("RB-03", 52.62, -1.13), Site("RB-07", 53.41, -2.98), Site("RB-11", 51.45, -2.59)]


def cached(ttl: int):
    def deco(fn):
        def inner(url: str):
            CACHE_DIR.mkdir(parents=True, exist_ok=True)
            key = hashlib.md5(url.encode()).hexdigest()
            path = CACHE_DIR / f"{key}.json"
            if path.exists() and time.time() - path.stat().st_mtime < ttl:
                return json.loads(path.read_text())
            data = fn(url)
            path.write_text(json.dumps(data))
            return data
        return inner
    return deco


def make_fetcher(ttl: int, timeout: float):
    request = importlib.import_module("urllib.request")

    @cached(ttl)
    def fetch(url: str):
        with request.urlopen(url, timeout=timeout) as resp:
            return json.load(resp)
    return fetch


def forecast_url(site: Site, days: int) -> str:
    query = {"latitude": site.lat, "longitude": site.lon, "daily": "precipitation_sum",
             "forecast_days": days, "timezone": "Europe/London"}
    return f"{API}?{urlencode(query)}"


def summarise(site: Site, data: dict, threshold: float):
    daily = data.get("daily", {})
    pairs = list(zip(daily.get("time", []), daily.get("precipitation_sum", [])))
    wet = [(d, mm) for d, mm in pairs if mm is not None and mm >= threshold]
    total = sum(mm for _, mm in pairs if mm is not None)
    return {"site": site.code, "total_mm": round(total, 1), "wet_days": wet}


def load_sites(path: Path):
    if not path.exists():
        return DEFAULT_SITES
    return [Site(**entry) for entry in json.loads(path.read_text())]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reed bed site rainfall outlook")
    ap.add_argument("--sites", default="sites.json")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--threshold", type=float, default=10.0, help="mm/day counted as heavy")
    ap.add_argument("--ttl", type=int, default=3 * 3600)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fetch = make_fetcher(args.ttl, timeout=15)
    failures = 0
    for site in load_sites(Path(args.sites)):
        try:
            result = summarise(site, fetch(forecast_url(site, args.days)), args.threshold)
        except (OSError, ValueError) as exc:
            log.warning("%s: forecast unavailable (%s)", site.code, exc)
            failures += 1
            continue
        flag = " heavy rain expected" if result["wet_days"] else ""
        print(f"{result['site']}: {result['total_mm']} mm over {args.days} days{flag}")
        for day, mm in result["wet_days"]:
            print(f"    {day}: {mm} mm")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
