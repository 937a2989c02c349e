#!/usr/bin/env python3
"""Plan roof-vent openings for tomorrow from the public weather forecast."""
import argparse
import importlib
import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("vent-plan")

API = "https://api.open-meteo.com/v1/forecast"


def _http():
    return importlib.import_module("urllib.request"), importlib.import_module("urllib.parse")


@dataclass
class VentStep:
    hour: str
    temp_c: float
    wind_kmh: float
    opening_pct: int


def fetch(lat, lon, timeout):
    req_mod, parse = _http()
    query = parse.urlencode({
        "latitude": lat, "longitude": lon,
        "hourly": "temperature_2m,wind_speed_10m,precipitation",
        "forecast_days": 2, "timezone": "auto",
    })
    with req_mod.urlopen(f"{API}?{query}", timeout=timeout) as resp:
        return json.load(resp)


RULES = {
    "storm": lambda t, w, p: 0 if w > 45 or p > 4 else None,
    "hot": lambda t, w, p: 100 if t > 28 else None,
    "warm": lambda t, w, p: 60 if t > 24 else None,
    "mild": lambda t, w, p: 25 if t > 19 else None,
}


def opening(temp, wind, precip):
    for name in ("storm", "hot", "warm", "mild"):
        val = RULES[name](temp, wind, precip)
        if val is not None:
            return val
    return 0


def plan(data):
    hourly = data.get("hourly", {})
    times = hourly.get("time", [])[24:48]
    temps = hourly.get("temperature_2m", [])[24:48]
    winds = hourly.get("wind_speed_10m", [])[24:48]
    rain = hourly.get("precipitation", [])[24:48]
    return [VentStep(h, t, w, opening(t, w, p)) for h, t, w, p in zip(times, temps, winds, rain)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lat", type=float, default=52.0)
    ap.add_argument("--lon", type=float, default=4.36)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", type=Path, default=Path("vent_plan.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        data = fetch(args.lat, args.lon, args.timeout)
    except OSError as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    steps = plan(data)
    if not steps:
        log.error("forecast had no hourly data for tomorrow")
        return 1
    args.out.write_text(json.dumps([asdict(s) for s in steps], indent=2))
    peak = max(steps, key=lambda s: s.temp_c)
    log.info("wrote %d steps to %s; peak %.1f C at %s", len(steps), args.out, peak.temp_c, peak.hour)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
