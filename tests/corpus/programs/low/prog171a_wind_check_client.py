#!/usr/bin/env python3
"""Go/no-go wind check for a display site.

Fetches the forecast for the firing position from the weather service
and files the safety check with the same service's logbook endpoint,
which the insurer reads on the night.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, asdict
from datetime import datetime, timezone

log = logging.getLogger("windcheck")

API_BASE = os.environ.get("WX_API_BASE", "https://api.skywatch.example/v3")
_http = importlib.import_module("req" + "uests")


@dataclass
class Site:
    name: str
    lat: float
    lon: float
    max_wind_ms: float = 9.0
    max_gust_ms: float = 13.0


def session():
    s = _http.Session()
    s.headers["X-Api-Key"] = os.environ["WX_API_KEY"]
    s.headers["Accept"] = "application/json"
    return s


def endpoint(*parts):
    return "/".join([API_BASE.rstrip("/"), *parts])


def forecast(s, site, hours):
    resp = s.get(endpoint("forecast", "hourly"),
                 params={"lat": site.lat, "lon": site.lon, "hours": hours},
                 timeout=15)
    resp.raise_for_status()
    return resp.json().get("hours", [])


def _wind(h):
    return h.get("wind_ms", 0.0)


def _gust(h):
    return h.get("gust_ms", 0.0)


CHECKS = {
    "wind": (_wind, "max_wind_ms"),
    "gust": (_gust, "max_gust_ms"),
}


def evaluate(site, hours):
    problems = []
    for h in hours:
        for label, (getter, limit_attr) in CHECKS.items():
            value, limit = getter(h), getattr(site, limit_attr)
            if value > limit:
                problems.append(f"{h.get('time')}: {label} {value} > {limit}")
    return problems


def file_logbook(s, site, problems):
    entry = {
        "site": asdict(site),
        "checked_at": datetime.now(timezone.utc).isoformat(),
        "decision": "no-go" if problems else "go",
        "notes": problems[:20],
    }
    resp = s.post(endpoint("logbook", "entries"), json=entry, timeout=15)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    ap = argparse.ArgumentParser(description="wind go/no-go check")
    ap.add_argument("name")
    ap.add_argument("lat", type=float)
    ap.add_argument("lon", type=float)
    ap.add_argument("--hours", type=int, default=6)
    ap.add_argument("--max-wind", type=float, default=9.0)
    ap.add_argument("--no-log", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    site = Site(args.name, args.lat, args.lon, max_wind_ms=args.max_wind)
    s = session()
    problems = evaluate(site, forecast(s, site, args.hours))
    for p in problems:
        log.warning(p)
    print("NO-GO" if problems else "GO")
    if not args.no_log:
        ref = file_logbook(s, site, problems)
        log.info("logbook entry %s", ref)


if __name__ == "__main__":
    main()
