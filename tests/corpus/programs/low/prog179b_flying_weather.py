#!/usr/bin/env python3
"""Morning flying-conditions check for the display team.

Pulls the hourly forecast for the display field and flags the hours where
wind, gusts or rain make it unsafe to fly the hawks and falcons.  Writes a
small report into the working directory for the daily briefing.
"""
import argparse
import json
import logging
import os
from datetime import datetime
from pathlib import Path
from urllib import parse, request

LOG = logging.getLogger("flyweather")

FORECAST_URL = os.environ.get("FORECAST_URL", "https://api.weather.example.com/v1/forecast")
FIELD = {"lat": 51.4523, "lon": -2.5879}

# limits per bird class (km/h and mm/h)
LIMITS = {
    "falcons": {"wind": 35, "gust": 50, "rain": 1.0},
    "hawks": {"wind": 28, "gust": 40, "rain": 0.5},
    "owls": {"wind": 18, "gust": 28, "rain": 0.2},
}


def fetch_forecast(url, lat, lon, timeout=15):
    query = parse.urlencode({"latitude": lat, "longitude": lon,
                             "hourly": "wind_speed_10m,wind_gusts_10m,precipitation"})
    with request.urlopen(f"{url}?{query}", timeout=timeout) as resp:
        return json.load(resp)


def hours(forecast):
    h = forecast.get("hourly", {})
    for t, w, g, r in zip(h.get("time", []), h.get("wind_speed_10m", []),
                          h.get("wind_gusts_10m", []), h.get("precipitation", [])):
        yield datetime.fromisoformat(t), w, g, r


def assess(forecast, display_hours):
    verdict = {k: [] for k in LIMITS}
    for when, wind, gust, rain in hours(forecast):
        if when.hour not in display_hours:
            continue
        for bird_class, lim in LIMITS.items():
            ok = wind <= lim["wind"] and gust <= lim["gust"] and rain <= lim["rain"]
            verdict[bird_class].append((when.strftime("%H:%M"), ok, wind, gust, rain))
    return verdict


def render(verdict):
    lines = [f"Flying conditions - {datetime.now():%A %d %B %Y}", ""]
    for bird_class, slots in verdict.items():
        lines.append(bird_class.capitalize())
        for hhmm, ok, wind, gust, rain in slots:
            flag = "FLY " if ok else "HOLD"
            lines.append(f"  {hhmm}  {flag}  wind {wind:>4.0f}  gust {gust:>4.0f}  rain {rain:.1f}")
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=FORECAST_URL)
    ap.add_argument("--hours", default="11,12,14,15", help="display hours, comma separated")
    ap.add_argument("--out", type=Path, default=Path("flying_conditions.txt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    display_hours = {int(h) for h in args.hours.split(",")}
    try:
        forecast = fetch_forecast(args.url, FIELD["lat"], FIELD["lon"])
    except OSError as exc:
        raise SystemExit(f"forecast unavailable: {exc}")
    report = render(assess(forecast, display_hours))
    args.out.write_text(report)
    print(report)
    LOG.info("report saved to %s", args.out)


if __name__ == "__main__":
    main()
