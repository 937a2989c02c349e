#!/usr/bin/env python3
"""Three-day weather digest for the hut notice board.

Pulls the forecast for the hut's coordinates from the Open-Meteo API and
condenses it into a short text guests can read before planning a tour.
"""
import argparse
import json
import logging
import sys
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("forecast")

API = "https://api.open-meteo.com/v1/forecast"
HUT = {"latitude": 46.55, "longitude": 8.02, "elevation": 2850}

DAILY_FIELDS = ["temperature_2m_max", "temperature_2m_min",
                "precipitation_sum", "wind_gusts_10m_max", "weather_code"]

WEATHER_TEXT = {0: "clear", 1: "mostly clear", 2: "partly cloudy", 3: "overcast",
                45: "fog", 61: "light rain", 63: "rain", 71: "light snow",
                73: "snow", 75: "heavy snow", 95: "thunderstorms"}


def build_url(days):
    params = dict(HUT, daily=",".join(DAILY_FIELDS), forecast_days=days,
                  timezone="auto")
    return f"{API}?{urllib.parse.urlencode(params)}"


def fetch(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "hut-forecast-digest/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def advice(gust, precip):
    if gust >= 80:
        return "storm gusts on the ridge - stay low"
    if precip >= 10:
        return "wet day - check the river crossings"
    return "good touring conditions"


def digest(data):
    d = data.get("daily", {})
    lines = []
    for i, day in enumerate(d.get("time", [])):
        code = d["weather_code"][i]
        gust = d["wind_gusts_10m_max"][i] or 0
        rain = d["precipitation_sum"][i] or 0
        lines.append(
            f"{day}: {WEATHER_TEXT.get(code, 'mixed')}, "
            f"{d['temperature_2m_min'][i]:.0f} to {d['temperature_2m_max'][i]:.0f} C, "
            f"gusts {gust:.0f} km/h, precip {rain:.1f} mm - {advice(gust, rain)}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--days", type=int, default=3, choices=range(1, 8))
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--out", default="forecast_digest.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        data = fetch(build_url(args.days), args.timeout)
    except (OSError, ValueError) as exc:
        LOG.error("forecast unavailable: %s", exc)
        return 1
    text = digest(data)
    if not text:
        LOG.error("forecast contained no daily data")
        return 1
    Path(args.out).write_text("Weather at the hut\n\n" + text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
