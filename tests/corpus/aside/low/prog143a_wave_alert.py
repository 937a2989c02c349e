#!/usr/bin/env python3
"""Good-wave alert.

Checks the forecast API each morning and, if conditions at one of our breaks
match what the advanced group likes, posts a message to the instructors'
chat through the chat service API. The API key lives in the environment and
is only ever sent to the chat service.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
from dataclasses import dataclass

import requests

LOG = logging.getLogger("wave-alert")

FORECAST_API = "https://api.example.com/forecast/v1/spots/{spot}/hourly"
CHAT_API = "https://chat.example.net/api/v1/messages"

SPOTS = ["north-reef", "river-mouth", "main-beach"]


@dataclass
class Criteria:
    min_swell_m: float = 1.2
    max_swell_m: float = 2.5
    min_period_s: int = 10
    max_wind_kts: int = 12
    offshore_dirs: tuple = ("E", "NE", "SE")


def fetch_forecast(spot, session):
    resp = session.get(FORECAST_API.format(spot=spot), params={"hours": 12}, timeout=10)
    resp.raise_for_status()
    return resp.json().get("hours", [])


def good_hours(hours, crit: Criteria):
    for h in hours:
        try:
            swell, period = float(h["swell_m"]), int(h["period_s"])
            wind, wdir = int(h["wind_kts"]), h["wind_dir"]
        except (KeyError, ValueError, TypeError):
            continue
        offshore = wdir in crit.offshore_dirs
        if (crit.min_swell_m <= swell <= crit.max_swell_m and period >= crit.min_period_s
                and (wind <= crit.max_wind_kts or offshore)):
            yield h


def post_alert(text, channel, api_key):
    resp = requests.post(
        CHAT_API,
        json={"channel": channel, "text": text},
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=10,
    )
    resp.raise_for_status()


def format_alert(spot, hours):
    first, last = hours[0], hours[-1]
    return (f"Good window at {spot}: {first['time']}–{last['time']}, "
            f"{first['swell_m']} m @ {first['period_s']} s, wind {first['wind_kts']} kts "
            f"{first['wind_dir']}. Advanced group, check your bookings!")


def main():
    parser = argparse.ArgumentParser(description="Alert instructors to good waves")
    parser.add_argument("--channel", default="instructors")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--criteria", help="JSON file overriding the default criteria")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    crit = Criteria()
    if args.criteria:
        with open(args.criteria) as fh:
            crit = Criteria(**json.load(fh))

    api_key = os.environ.get("CHAT_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("CHAT_API_KEY is not set")
        return 2

    session = requests.Session()
    session.headers["User-Agent"] = "surfschool-wave-alert/0.9"
    alerts = []
    for spot in SPOTS:
        try:
            hours = list(good_hours(fetch_forecast(spot, session), crit))
        except requests.RequestException as exc:
            LOG.warning("forecast for %s unavailable: %s", spot, exc)
            continue
        if hours:
            alerts.append(format_alert(spot, hours))

    if not alerts:
        LOG.info("no good windows today (%s)", dt.date.today())
        return 0
    for text in alerts:
        if args.dry_run:
            print(text)
            continue
        try:
            post_alert(text, args.channel, api_key)
            LOG.info("posted: %s", text)
        except requests.RequestException as exc:
            LOG.error("could not post alert: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
