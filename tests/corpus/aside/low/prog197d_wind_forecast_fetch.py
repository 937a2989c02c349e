#!/usr/bin/env python3
"""Fetch the wind forecast for the race area and write a briefing table.

Used by the race officer the evening before to pick the course and the
first warning signal.  Output goes to the working directory.
"""
import argparse
import asyncio
import csv
import importlib
import json
import logging
from dataclasses import dataclass

log = logging.getLogger("forecast")

API = "https://api.open-meteo.com/v1/forecast"
FIELDS = ("wind_speed_10m", "wind_gusts_10m", "wind_direction_10m")
COMPASS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
           "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]


@dataclass
class Area:
    name: str
    lat: float
    lon: float

    def query(self):
        return {"latitude": self.lat, "longitude": self.lon,
                "hourly": ",".join(FIELDS), "wind_speed_unit": "kn",
                "forecast_days": 2, "timezone": "auto"}


def _http():
    return importlib.import_module("urllib.request"), importlib.import_module("urllib.parse")


def fetch(area, timeout):
    req, parse = _http()
    url = API + "?" + parse.urlencode(area.query())
    with getattr(req, "urlopen")(url, timeout=timeout) as resp:
        return json.load(resp)


def rows_from(data):
    hourly = data.get("hourly", {})
    for i, ts in enumerate(hourly.get("time", [])):
        speed, gust, direction = (hourly[f][i] for f in FIELDS)
        yield {"time": ts, "kn": speed, "gust": gust,
               "dir": COMPASS[int((direction % 360) / 22.5 + 0.5) % 16]}


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["time", "kn", "gust", "dir"])
        w.writeheader()
        w.writerows(rows)


def write_text(rows, path):
    with open(path, "w") as fh:
        for r in rows:
            flag = "  ** gusty" if r["gust"] and r["kn"] and r["gust"] > r["kn"] * 1.5 else ""
            fh.write(f"{r['time']}  {r['kn']:>5} kn  G{r['gust']:>5}  {r['dir']:<3}{flag}\n")


WRITERS = {"csv": write_csv, "txt": write_text}


async def run(areas, fmt, timeout):
    results = await asyncio.gather(*(asyncio.to_thread(fetch, a, timeout) for a in areas),
                                   return_exceptions=True)
    status = 0
    for area, result in zip(areas, results):
        if isinstance(result, Exception):
            log.error("%s: %s", area.name, result)
            status = 1
            continue
        out = f"forecast_{area.name}.{fmt}"
        WRITERS[fmt](list(rows_from(result)), out)
        log.info("wrote %s", out)
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--area", action="append", default=[],
                    help="name:lat:lon, repeatable (default: the bay course)")
    ap.add_argument("--format", choices=sorted(WRITERS), default="txt")
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    areas = []
    for spec in args.area or ["bay:50.80:-1.30"]:
        try:
            name, lat, lon = spec.split(":")
            areas.append(Area(name, float(lat), float(lon)))
        except ValueError:
            ap.error(f"bad area spec {spec!r}")
    return asyncio.run(run(areas, args.format, args.timeout))


if __name__ == "__main__":
    raise SystemExit(main())
