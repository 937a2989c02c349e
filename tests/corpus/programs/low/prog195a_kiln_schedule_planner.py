#!/usr/bin/env python3
"""Plan this week's kiln firings around the weather and post them to the
studio scheduler.

Silver-stain and enamel firings are best on dry days (the workshop has no
dehumidifier), so this pulls the forecast, picks the driest slots, and posts
the plan to the studio's scheduling API.
"""
import argparse
import asyncio
import json
import logging
import os
import urllib.parse
import urllib.request
from dataclasses import dataclass, asdict
from datetime import date

log = logging.getLogger("kiln-planner")

FORECAST_URL = os.environ.get("FORECAST_URL", "https://api.weather.example.com/v1/forecast")
SCHEDULER_URL = os.environ.get("SCHEDULER_URL", "https://schedule.leadline-studio.example.com/api/firings")
LAT, LON = os.environ.get("STUDIO_LAT", "51.752"), os.environ.get("STUDIO_LON", "-1.258")


@dataclass
class Firing:
    day: str
    program: str
    peak_c: int
    humidity: int


PROGRAMS = {
    "silver_stain": {"peak_c": 580, "max_humidity": 70},
    "enamel": {"peak_c": 600, "max_humidity": 65},
    "grisaille": {"peak_c": 660, "max_humidity": 80},
}


def get_json(url, params=None, timeout=15):
    if params:
        url = f"{url}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def post_json(url, payload, api_key, timeout=15):
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "X-Api-Key": api_key},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


async def fetch_forecast(days):
    params = {"lat": LAT, "lon": LON, "days": days, "fields": "humidity_mean,precip_mm"}
    data = await asyncio.to_thread(get_json, FORECAST_URL, params)
    return data.get("daily", [])


def plan(daily, wanted):
    slots = sorted(daily, key=lambda d: d.get("humidity_mean", 100))
    used, firings = set(), []
    for program in wanted:
        rule = PROGRAMS[program]
        for d in slots:
            if d["date"] in used or d.get("humidity_mean", 100) > rule["max_humidity"]:
                continue
            firings.append(Firing(d["date"], program, rule["peak_c"], d["humidity_mean"]))
            used.add(d["date"])
            break
        else:
            log.warning("no dry enough day for %s", program)
    return sorted(firings, key=lambda f: f.day)


async def run(args):
    daily = await fetch_forecast(args.days)
    firings = plan(daily, args.programs)
    for f in firings:
        print(f"{f.day}  {f.program:<13} {f.peak_c}C  humidity {f.humidity}%")
    if args.post and firings:
        key = os.environ["SCHEDULER_API_KEY"]
        payload = {"week_of": date.today().isoformat(), "firings": [asdict(f) for f in firings]}
        status = await asyncio.to_thread(post_json, SCHEDULER_URL, payload, key)
        log.info("scheduler answered %s", status)


def main():
    ap = argparse.ArgumentParser(description="Plan kiln firings around humidity")
    ap.add_argument("programs", nargs="*", choices=sorted(PROGRAMS), default=["silver_stain", "enamel"])
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--post", action="store_true", help="send the plan to the studio scheduler")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
