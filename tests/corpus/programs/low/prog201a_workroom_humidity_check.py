#!/usr/bin/env python3
"""Morning humidity check for linen lace work.

Linen thread breaks easily in dry air and cotton swells when it is damp. This
pulls today's forecast for the workroom's location and suggests whether to
run the humidifier or keep the pillow covered.
"""
import argparse
import logging
import statistics
import sys

import requests

log = logging.getLogger("humidity")

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
ADVICE = [
    (35, "very dry: run the humidifier, dampen linen bobbins lightly"),
    (45, "dry: keep a humidifier on low while working linen"),
    (65, "good working conditions"),
    (80, "damp: cover the pillow, avoid winding cotton today"),
    (101, "very damp: postpone fine work, store thread with silica"),
]


class Forecast:
    def __init__(self, lat, lon, timeout):
        self.lat, self.lon, self.timeout = lat, lon, timeout

    def hourly_humidity(self):
        params = {"latitude": self.lat, "longitude": self.lon,
                  "hourly": "relative_humidity_2m", "forecast_days": 1}
        resp = requests.get(FORECAST_URL, params=params, timeout=self.timeout)
        resp.raise_for_status()
        data = resp.json()
        return data["hourly"]["relative_humidity_2m"]


def advise(value):
    for limit, text in ADVICE:
        if value < limit:
            return text
    return ADVICE[-1][1]


def main():
    ap = argparse.ArgumentParser(description="Workroom humidity advice")
    ap.add_argument("--lat", type=float, default=51.21, help="latitude (default Bruges)")
    ap.add_argument("--lon", type=float, default=3.22, help="longitude (default Bruges)")
    ap.add_argument("--hours", default="9-17", help="working hours, e.g. 9-17")
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        start, end = (int(x) for x in args.hours.split("-"))
    except ValueError:
        log.error("hours must look like 9-17")
        return 2
    try:
        values = Forecast(args.lat, args.lon, args.timeout).hourly_humidity()
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1

    working = [v for h, v in enumerate(values) if start <= h < end and v is not None]
    if not working:
        log.error("no forecast values for hours %s", args.hours)
        return 1
    mean = statistics.mean(working)
    print("humidity %d-%d h: min %d%%, mean %.0f%%, max %d%%" % (start, end, min(working), mean, max(working)))
    print("advice:", advise(mean))
    return 0


if __name__ == "__main__":
    sys.exit(main())
