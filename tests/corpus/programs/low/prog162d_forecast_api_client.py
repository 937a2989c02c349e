#!/usr/bin/env python3
"""Find crane-lift and rope-access windows from the site wind forecast.

Queries the forecast provider's API and lists the hours where hub-height
gusts stay under the lift limit for long enough to finish a job.
"""
import argparse
import logging
import os
import sys
from datetime import datetime

import requests

LOG = logging.getLogger("forecast_client")

API_BASE = "https://api.windcast.example/v1"


class ForecastClient:
    def __init__(self, api_key, timeout=20):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer " + api_key,
            "Accept": "application/json",
        })
        self.timeout = timeout

    def hourly(self, lat, lon, hub_height, hours):
        resp = self.session.get(
            API_BASE + "/forecast/hourly",
            params={"lat": lat, "lon": lon, "height": hub_height, "hours": hours},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("hours", [])


def find_windows(hours, gust_limit, min_length):
    windows, current = [], []
    for h in hours:
        if h.get("gust_ms", 99) <= gust_limit and h.get("precip_mm", 0) < 0.5:
            current.append(h)
        else:
            if len(current) >= min_length:
                windows.append(current)
            current = []
    if len(current) >= min_length:
        windows.append(current)
    return windows


def fmt_time(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00")).strftime("%a %d %b %H:%M")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lat", type=float, default=float(os.environ.get("SITE_LAT", "54.02")))
    parser.add_argument("--lon", type=float, default=float(os.environ.get("SITE_LON", "6.59")))
    parser.add_argument("--hub-height", type=int, default=110)
    parser.add_argument("--hours", type=int, default=72)
    parser.add_argument("--gust-limit", type=float, default=12.0)
    parser.add_argument("--min-length", type=int, default=6)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("WINDCAST_API_KEY")
    if not api_key:
        LOG.error("WINDCAST_API_KEY is not set")
        return 1

    client = ForecastClient(api_key)
    try:
        hours = client.hourly(args.lat, args.lon, args.hub_height, args.hours)
    except requests.RequestException as exc:
        LOG.error("forecast request failed: %s", exc)
        return 1

    windows = find_windows(hours, args.gust_limit, args.min_length)
    if not windows:
        print("no work windows in the next {} hours".format(args.hours))
        return 0
    for w in windows:
        peak = max(h["gust_ms"] for h in w)
        print("{} -> {}  ({} h, peak gust {:.1f} m/s)".format(
            fmt_time(w[0]["time"]), fmt_time(w[-1]["time"]), len(w), peak))
    return 0


if __name__ == "__main__":
    sys.exit(main())
