#!/usr/bin/env python3
"""Frost warning for the container yard.

Checks the overnight forecast for the yard and, when the minimum drops
below the threshold, raises a task on the nursery's own ops board so the
night crew rolls out fleece and starts the frost irrigation.
"""
import argparse
import logging
import os
from dataclasses import dataclass
from datetime import datetime, timezone

import requests

log = logging.getLogger("frost-alert")


@dataclass
class Service:
    base: str
    key_env: str
    header: str

    def session(self):
        s = requests.Session()
        key = os.environ.get(self.key_env)
        if not key:
            raise SystemExit(f"{self.key_env} is not set")
        s.headers[self.header] = key
        return s

    def call(self, verb, path, **kwargs):
        with self.session() as s:
            resp = getattr(s, verb)(self.base.rstrip("/") + path, timeout=20, **kwargs)
            resp.raise_for_status()
            return resp.json()


SERVICES = {
    "weather": Service("https://api.weather.example/v3", "WEATHER_API_KEY", "X-Api-Key"),
    "ops": Service("https://ops.greenleaf-nursery.example/api", "OPS_BOARD_TOKEN", "Authorization"),
}


def overnight_minimum(lat, lon, hours):
    data = SERVICES["weather"].call(
        "get", "/forecast/hourly", params={"lat": lat, "lon": lon, "hours": hours, "units": "metric"}
    )
    temps = [(h["time"], h["temp"]) for h in data.get("hourly", [])]
    if not temps:
        return None, None
    when, low = min(temps, key=lambda t: t[1])
    return when, low


def raise_task(low, when, threshold, dry):
    body = {
        "board": "night-crew",
        "title": f"Frost risk: {low:.1f} C expected at {when}",
        "description": (
            f"Forecast minimum {low:.1f} C is below the {threshold:.1f} C threshold.\n"
            "Fleece the liner beds, open frost irrigation on bays 4-9."
        ),
        "priority": "high" if low < threshold - 3 else "normal",
        "created": datetime.now(timezone.utc).isoformat(),
    }
    if dry:
        log.info("dry run, would post: %s", body["title"])
        return None
    return SERVICES["ops"].call("post", "/tasks", json=body).get("id")


SEVERITY = [
    (-6.0, "hard frost"),
    (-2.0, "frost"),
    (1.0, "ground frost"),
]


def describe(low):
    for limit, label in SEVERITY:
        if low <= limit:
            return label
    return "no frost"


def main():
    ap = argparse.ArgumentParser(description="overnight frost check for the yard")
    ap.add_argument("--lat", type=float, default=float(os.environ.get("YARD_LAT", "52.20")))
    ap.add_argument("--lon", type=float, default=float(os.environ.get("YARD_LON", "0.12")))
    ap.add_argument("--hours", type=int, default=14)
    ap.add_argument("--threshold", type=float, default=1.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    when, low = overnight_minimum(args.lat, args.lon, args.hours)
    if low is None:
        log.warning("forecast returned no hourly data")
        return 1
    log.info("overnight minimum %.1f C at %s (%s)", low, when, describe(low))
    if low < args.threshold:
        task = raise_task(low, when, args.threshold, args.dry_run)
        if task:
            log.info("ops task %s created", task)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
