#!/usr/bin/env python3
"""Fetch NOAA CO-OPS tide predictions for a set of stations and cache them
locally so the resource-assessment notebooks can run offline.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("tide_fetch")

API = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"
CACHE = Path("tide_cache")


@dataclass(frozen=True)
class Request:
    station: str
    begin: date
    end: date
    interval: str = "h"

    def params(self) -> dict:
        return {
            "product": "predictions", "application": "tidal_lab",
            "begin_date": self.begin.strftime("%Y%m%d"), "end_date": self.end.strftime("%Y%m%d"),
            "datum": "MLLW", "station": self.station, "time_zone": "gmt",
            "units": "metric", "interval": self.interval, "format": "json",
        }

    def cache_key(self) -> str:
        raw = json.dumps(self.params(), sort_keys=True).encode()
        return hashlib.md5(raw).hexdigest()


def cached(fn):
    def wrapper(req: Request, refresh: bool):
        path = CACHE / f"{req.station}_{req.cache_key()}.json"
        if path.exists() and not refresh:
            log.info("%s: cache hit", req.station)
            return json.loads(path.read_text())
        data = fn(req)
        CACHE.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
        os.chmod(path, 0o600)
        return data
    return wrapper


@cached
def download(req: Request) -> dict:
    resp = requests.get(API, params=req.params(), timeout=30)
    resp.raise_for_status()
    data = resp.json()
    if "error" in data:
        raise ValueError(data["error"].get("message", "unknown API error"))
    return data


async def fetch_all(reqs, refresh: bool):
    async def one(req):
        try:
            data = await asyncio.to_thread(download, req, refresh)
            return req.station, len(data.get("predictions", []))
        except (requests.RequestException, ValueError) as exc:
            log.error("%s: %s", req.station, exc)
            return req.station, 0
    return await asyncio.gather(*(one(r) for r in reqs))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stations", nargs="+", help="CO-OPS station ids, e.g. 9414290")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--start", type=date.fromisoformat, default=date.today())
    ap.add_argument("--interval", choices=["h", "6", "hilo"], default="h")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not 1 <= args.days <= 365:
        ap.error("--days must be between 1 and 365")
    end = args.start + timedelta(days=args.days)
    reqs = [Request(s, args.start, end, args.interval) for s in args.stations]
    results = asyncio.run(fetch_all(reqs, args.refresh))
    for station, count in results:
        print(f"{station}\t{count} predictions")
    return 0 if all(count for _, count in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
