#!/usr/bin/env python3
"""Find safe working windows for lime pointing and bedding on the scaffold.

Lime mortar must not be laid below 5 C, above 30 C, or when rain is likely
within the next few hours. Uses the Open-Meteo hourly forecast.
"""
import argparse
import importlib
import json
import logging
import sys
from dataclasses import dataclass, asdict
from urllib.parse import urlencode

log = logging.getLogger("pour-window")
FORECAST = "https://api.open-meteo.com/v1/forecast"
FIELDS = ("temperature_2m", "precipitation_probability", "relative_humidity_2m")


@dataclass
class Limits:
    t_min: float = 5.0
    t_max: float = 30.0
    rain_pct: int = 30
    min_hours: int = 4


def fetch(lat, lon, days, timeout=15):
    req_mod = importlib.import_module("urllib.request")
    query = urlencode({"latitude": lat, "longitude": lon, "forecast_days": days,
                       "hourly": ",".join(FIELDS), "timezone": "auto"})
    with getattr(req_mod, "urlopen")(f"{FORECAST}?{query}", timeout=timeout) as resp:
        return json.load(resp)["hourly"]


def make_check(limits: Limits):
    def ok(temp, rain, _humidity):
        return limits.t_min <= temp <= limits.t_max and (rain or 0) <= limits.rain_pct
    return ok


def windows(hourly, limits: Limits):
    check = make_check(limits)
    rows = zip(hourly["time"], *(hourly[f] for f in FIELDS))
    found, start, run = [], None, 0
    for ts, temp, rain, hum in rows:
        if check(temp, rain, hum):
            start = start or ts
            run += 1
        else:
            if run >= limits.min_hours:
                found.append({"from": start, "hours": run})
            start, run = None, 0
    if run >= limits.min_hours:
        found.append({"from": start, "hours": run})
    return found


OUTPUTS = {
    "text": lambda ws: "\n".join(f"{w['from']}  {w['hours']:2d} h" for w in ws) or "no window",
    "json": lambda ws: json.dumps(ws, indent=2),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lat", type=float, default=51.2798)
    ap.add_argument("--lon", type=float, default=1.0828)
    ap.add_argument("--days", type=int, default=3, choices=range(1, 8))
    ap.add_argument("--min-hours", type=int, default=4)
    ap.add_argument("--format", choices=sorted(OUTPUTS), default="text")
    ap.add_argument("--save", metavar="FILE", help="also write JSON to FILE")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    limits = Limits(min_hours=args.min_hours)
    try:
        hourly = fetch(args.lat, args.lon, args.days)
    except (OSError, KeyError, ValueError) as exc:
        log.error("forecast unavailable: %s", exc)
        return 1
    found = windows(hourly, limits)
    print(OUTPUTS[args.format](found))
    if args.save:
        with open(args.save, "w") as fh:
            json.dump({"limits": asdict(limits), "windows": found}, fh, indent=2)
        log.info("saved %s", args.save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
