#!/usr/bin/env python3
"""Morning weather check for the bookmobile's stops.

Reads the day's route (a CSV of stops with coordinates), fetches the
forecast for each stop and writes a short markdown report for the driver,
flagging stops where wind or ice might mean skipping the stop.
"""
import argparse
import csv
import hashlib
import json
import logging
import time
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("route_weather")

FORECAST_URL = "https://api.weather.example.com/v1/forecast"
CACHE_DIR = Path(".weather_cache")
CACHE_TTL = 3 * 3600
WIND_LIMIT_KMH = 60
ICE_TEMP_C = 0.5


def load_stops(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        return [
            {"name": r["stop_name"], "time": r["arrival"], "lat": float(r["lat"]), "lon": float(r["lon"])}
            for r in csv.DictReader(fh)
        ]


def cache_key(lat: float, lon: float, day: str) -> Path:
    digest = hashlib.md5(f"{lat:.3f},{lon:.3f},{day}".encode()).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def forecast(lat: float, lon: float, day: str) -> dict:
    cached = cache_key(lat, lon, day)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        return json.loads(cached.read_text())
    resp = requests.get(FORECAST_URL, params={"lat": lat, "lon": lon, "date": day}, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(data))
    return data


def assess(stop: dict, fc: dict) -> list:
    hour = int(stop["time"].split(":")[0])
    hourly = {h["hour"]: h for h in fc.get("hourly", [])}
    slot = hourly.get(hour, {})
    notes = []
    if slot.get("wind_gust_kmh", 0) >= WIND_LIMIT_KMH:
        notes.append(f"gusts {slot['wind_gust_kmh']} km/h - check awning")
    if slot.get("temp_c", 10) <= ICE_TEMP_C and slot.get("precip_mm", 0) > 0:
        notes.append("possible ice on approach")
    return notes


def write_report(stops, day: str, out: Path) -> int:
    flagged = 0
    lines = [f"# Bookmobile weather - {day}", "", "| Time | Stop | Notes |", "|---|---|---|"]
    for stop in stops:
        try:
            notes = assess(stop, forecast(stop["lat"], stop["lon"], day))
        except requests.RequestException as exc:
            log.warning("no forecast for %s: %s", stop["name"], exc)
            notes = ["forecast unavailable"]
        flagged += bool(notes)
        lines.append(f"| {stop['time']} | {stop['name']} | {'; '.join(notes) or 'ok'} |")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return flagged


def main() -> None:
    parser = argparse.ArgumentParser(description="Weather report for today's bookmobile route")
    parser.add_argument("route", type=Path, help="route CSV (stop_name, arrival, lat, lon)")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("-o", "--output", type=Path, default=Path("weather_report.md"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stops = load_stops(args.route)
    flagged = write_report(stops, args.day, args.output)
    log.info("%d stops, %d flagged, report in %s", len(stops), flagged, args.output)


if __name__ == "__main__":
    main()
