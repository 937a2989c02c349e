#!/usr/bin/env python3
"""Checks river and weather conditions before outings go out.

Pulls the river level and wind forecast from the conditions service
and posts the resulting flag colour back to the club's notice API.
"""
import argparse
import logging
import os
import sys

import requests

log = logging.getLogger("conditions")

API_BASE = os.environ.get("CONDITIONS_API", "https://api.riverwatch.example/v2")
STATION = os.environ.get("RIVER_STATION", "kingsreach-07")

FLAG_RULES = [
    ("red", lambda lvl, wind: lvl >= 2.8 or wind >= 40),
    ("amber", lambda lvl, wind: lvl >= 2.2 or wind >= 28),
    ("green", lambda lvl, wind: True),
]


class ConditionsClient:
    def __init__(self, base, api_key, timeout=10):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def _get(self, path, **params):
        resp = self.session.get(f"{self.base}{path}", params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def river_level(self, station):
        data = self._get(f"/stations/{station}/level")
        return float(data["level_m"])

    def wind_forecast(self, station, hours):
        data = self._get(f"/stations/{station}/wind", hours=hours)
        return max(float(p["gust_kmh"]) for p in data["periods"])

    def post_flag(self, station, flag, level, wind):
        body = {"station": station, "flag": flag, "level_m": level, "gust_kmh": wind}
        resp = self.session.post(f"{self.base}/stations/{station}/flag", json=body,
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def decide(level, wind):
    for colour, rule in FLAG_RULES:
        if rule(level, wind):
            return colour
    return "red"


def main():
    parser = argparse.ArgumentParser(description="River conditions flag")
    parser.add_argument("--station", default=STATION)
    parser.add_argument("--hours", type=int, default=3)
    parser.add_argument("--publish", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("RIVERWATCH_API_KEY")
    if not api_key:
        log.error("RIVERWATCH_API_KEY is not set")
        return 1

    client = ConditionsClient(API_BASE, api_key)
    try:
        level = client.river_level(args.station)
        wind = client.wind_forecast(args.station, args.hours)
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.error("could not read conditions: %s", exc)
        return 2

    flag = decide(level, wind)
    print(f"{args.station}: level {level:.2f} m, gusts {wind:.0f} km/h -> {flag.upper()} flag")
    if args.publish:
        try:
            client.post_flag(args.station, flag, level, wind)
            log.info("flag published")
        except requests.RequestException as exc:
            log.error("publish failed: %s", exc)
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
