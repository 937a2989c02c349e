#!/usr/bin/env python3
"""Weather alerts for the dispatch board.

Asks the weather service for warnings affecting the delivery area and
registers the board's alert subscription. The service key comes from the
environment and is only ever sent to the weather service itself.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass

import requests

log = logging.getLogger("weather")

API_BASE = os.environ.get("WEATHER_API_BASE", "https://api.stormwatch.example/v3")
AREA = {"lat": 51.4545, "lon": -2.5879, "radius_km": 12}
RIDE_LIMITS = {"wind_gust_kmh": 55, "rain_mm_h": 8, "temp_min_c": -3}


@dataclass
class Alert:
    kind: str
    severity: str
    starts: str
    ends: str
    headline: str

    def affects_riding(self):
        return self.severity in ("amber", "red") or self.kind in ("ice", "wind")


class WeatherClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})
        self.timeout = timeout

    def alerts(self, area):
        resp = self.session.get(self.base + "/alerts", params=area, timeout=self.timeout)
        resp.raise_for_status()
        return [Alert(a["kind"], a["severity"], a["starts"], a["ends"], a["headline"])
                for a in resp.json().get("alerts", [])]

    def forecast(self, area, hours=6):
        params = dict(area, hours=hours)
        resp = self.session.get(self.base + "/forecast/hourly", params=params,
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("hours", [])

    def subscribe(self, area, limits, label):
        body = {"area": area, "thresholds": limits, "label": label}
        resp = self.session.post(self.base + "/subscriptions", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def over_limits(hours, limits):
    flagged = []
    for h in hours:
        if (h.get("wind_gust_kmh", 0) > limits["wind_gust_kmh"]
                or h.get("rain_mm_h", 0) > limits["rain_mm_h"]
                or h.get("temp_c", 10) < limits["temp_min_c"]):
            flagged.append(h.get("time", "?"))
    return flagged


def main():
    parser = argparse.ArgumentParser(description="Weather alerts for dispatch")
    parser.add_argument("--subscribe", action="store_true", help="register alert subscription")
    parser.add_argument("--hours", type=int, default=6)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("STORMWATCH_API_KEY")
    if not key:
        log.error("STORMWATCH_API_KEY is not set")
        return 2
    client = WeatherClient(API_BASE, key)
    try:
        if args.subscribe:
            sub = client.subscribe(AREA, RIDE_LIMITS, "velocoop-dispatch-board")
            log.info("subscription %s registered", sub.get("id"))
        alerts = client.alerts(AREA)
        flagged = over_limits(client.forecast(AREA, args.hours), RIDE_LIMITS)
    except requests.RequestException as exc:
        log.error("weather service unavailable: %s", exc)
        return 1

    riding = [a for a in alerts if a.affects_riding()]
    if args.json:
        print(json.dumps({"alerts": [a.__dict__ for a in riding], "flagged_hours": flagged}))
        return 0
    for a in riding:
        print("[%s] %s (%s -> %s)" % (a.severity.upper(), a.headline, a.starts, a.ends))
    if flagged:
        print("hours over riding limits: " + ", ".join(flagged))
    if not riding and not flagged:
        print("no weather concerns for the next %d hours" % args.hours)
    return 0


if __name__ == "__main__":
    sys.exit(main())
