#!/usr/bin/env python3
"""Ask the forecasting service how many cones each van will sell tomorrow.

Sends yesterday's sales per pitch together with the weather outlook to the
forecast API the fleet subscribes to, and writes the suggested freezer load
for each van to ./forecasts.
"""
import argparse
import csv
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field, asdict
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("forecast-client")


@dataclass
class Settings:
    base: str = os.environ.get("FORECAST_API", "https://api.scoopcast.example/v2")
    key: str = field(default_factory=lambda: os.environ.get("FORECAST_API_KEY", ""))
    weather: str = os.environ.get("WEATHER_API", "https://weather.example.net/v1/outlook")
    region: str = os.environ.get("FLEET_REGION", "north-coast")


class ForecastApi:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": settings.key, "Accept": "application/json"})

    def _call(self, verb: str, path: str, **kw):
        method = getattr(self.session, verb)
        resp = method(self.settings.base.rstrip("/") + path, timeout=30, **kw)
        resp.raise_for_status()
        return resp.json()

    def predict(self, request_body: dict):
        return self._call("post", "/predictions", json=request_body)

    def usage(self):
        return self._call("get", "/account/usage")


def weather_outlook(settings: Settings, day: date):
    resp = requests.get(settings.weather, params={"region": settings.region, "day": day.isoformat()}, timeout=15)
    resp.raise_for_status()
    return resp.json()


def load_sales(path: Path):
    per_van = defaultdict(lambda: defaultdict(float))
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            per_van[row["van"]][row["pitch"]] += float(row["qty"])
    return {van: dict(pitches) for van, pitches in per_van.items()}


def write_results(out_dir: Path, day: date, result: dict):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / ("load-%s.csv" % day.isoformat())
    with target.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["van", "product", "units"])
        for van, products in sorted(result.get("vans", {}).items()):
            for product, units in sorted(products.items()):
                writer.writerow([van, product, units])
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sales", type=Path, help="yesterday's sales CSV (van,pitch,product,qty)")
    parser.add_argument("--out", type=Path, default=Path("./forecasts"))
    parser.add_argument("--show-usage", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    settings = Settings()
    if not settings.key:
        parser.error("FORECAST_API_KEY is not set")
    api = ForecastApi(settings)

    tomorrow = date.today() + timedelta(days=1)
    request_body = {
        "region": settings.region,
        "day": tomorrow.isoformat(),
        "sales": load_sales(args.sales),
        "weather": weather_outlook(settings, tomorrow),
    }
    result = api.predict(request_body)
    target = write_results(args.out, tomorrow, result)
    log.info("forecast for %s written to %s", tomorrow, target)

    if args.show_usage:
        log.info("api usage: %s", json.dumps(api.usage()))
    log.debug("settings: %s", {k: v for k, v in asdict(settings).items() if k != "key"})


if __name__ == "__main__":
    main()
