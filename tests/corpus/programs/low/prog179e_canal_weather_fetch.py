#!/usr/bin/env python3
"""Fetch the wind and river-level forecast for each hire base.

Staff check this before handing over boats: strong crosswinds on the
reservoir stretches and high river levels on the navigations mean we brief
hirers differently or delay departures.
"""
import argparse
import datetime as dt
import json
import logging
import os
import pathlib
import urllib.parse
import urllib.request

log = logging.getLogger("canal-weather")

FORECAST_API = os.environ.get("FORECAST_API", "https://api.weather.example.com/v1/forecast")

BASES = {
    "braunston": (52.289, -1.204),
    "foxton": (52.502, -0.986),
    "llangollen": (52.970, -3.171),
    "skipton": (53.961, -2.017),
}

THRESHOLDS = {"wind_kph": 40, "gust_kph": 55, "river_level_m": 1.8}


def _build_url(lat, lon):
    query = urllib.parse.urlencode({"lat": lat, "lon": lon, "fields": "wind_kph,gust_kph,river_level_m"})
    return f"{FORECAST_API}?{query}"


def fetch_base(name, coords, timeout):
    url = _build_url(*coords)
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def assess(forecast):
    warnings = []
    for field, limit in THRESHOLDS.items():
        value = forecast.get(field)
        if value is not None and value >= limit:
            warnings.append(f"{field}={value} (limit {limit})")
    return warnings


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bases", nargs="*", default=sorted(BASES))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out-dir", type=pathlib.Path, default=pathlib.Path("forecasts"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    args.out_dir.mkdir(exist_ok=True)
    stamp = dt.date.today().isoformat()
    summary = {}
    for name in args.bases:
        if name not in BASES:
            log.warning("unknown base %s", name)
            continue
        try:
            forecast = fetch_base(name, BASES[name], args.timeout)
        except OSError as exc:
            log.error("%s: forecast unavailable (%s)", name, exc)
            continue
        (args.out_dir / f"{name}-{stamp}.json").write_text(json.dumps(forecast, indent=2))
        summary[name] = assess(forecast)

    for name, warnings in summary.items():
        status = "; ".join(warnings) if warnings else "ok for handover"
        print(f"{name:12} {status}")


if __name__ == "__main__":
    main()
