#!/usr/bin/env python3
"""Fetch daily weather for a list of cities and write a tidy CSV digest.

Responses are cached in ./.wx_cache keyed by an MD5 of the request URL so
repeated runs during analysis do not hammer the public API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from urllib.parse import urlencode

import requests

API = "https://api.open-meteo.com/v1/forecast"
CACHE = Path(".wx_cache")
CACHE_TTL = 3 * 3600
CITIES = {
    "Lisbon": (38.72, -9.14),
    "Oslo": (59.91, 10.75),
    "Nairobi": (-1.29, 36.82),
    "Montreal": (45.50, -73.57),
}

logger = logging.getLogger("wxdigest")


def cache_path(url: str) -> Path:
    return CACHE / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def fetch_json(session: requests.Session, url: str) -> dict:
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        logger.debug("cache hit %s", path.name)
        return json.loads(path.read_text())
    resp = session.get(url, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def daily_rows(city: str, payload: dict):
    daily = payload.get("daily", {})
    for i, day in enumerate(daily.get("time", [])):
        yield {
            "city": city,
            "date": day,
            "t_max": daily["temperature_2m_max"][i],
            "t_min": daily["temperature_2m_min"][i],
            "precip_mm": daily["precipitation_sum"][i],
        }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--out", default="weather_digest.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if opts.verbose else logging.INFO)
    CACHE.mkdir(exist_ok=True)

    rows = []
    with requests.Session() as session:
        session.headers["User-Agent"] = "wx-digest/0.3 (analysis notebook)"
        for city, (lat, lon) in CITIES.items():
            query = urlencode({
                "latitude": lat, "longitude": lon, "forecast_days": opts.days,
                "daily": "temperature_2m_max,temperature_2m_min,precipitation_sum",
                "timezone": "auto",
            })
            try:
                payload = fetch_json(session, f"{API}?{query}")
            except requests.RequestException as exc:
                logger.warning("skipping %s: %s", city, exc)
                continue
            rows.extend(daily_rows(city, payload))

    if not rows:
        logger.error("no data collected")
        raise SystemExit(1)
    with open(opts.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    logger.info("wrote %d rows to %s", len(rows), opts.out)


if __name__ == "__main__":
    main()
