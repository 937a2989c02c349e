#!/usr/bin/env python3
"""Weather trigger bot for gritting call-outs.

Polls the Open-Meteo hourly forecast for each treatment area and posts a
"treat" or "stand by" decision into the duty channel webhook when road
conditions look like ice: air temperature at or below the trigger, dew point
close behind, and either recent precipitation or a clear, calm night.

Areas come from areas.json:
    [{"name": "A-roads north", "lat": 54.91, "lon": -1.52}, ...]
"""

import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field

import requests

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
DEFAULT_WEBHOOK = os.environ.get("GRIT_DUTY_WEBHOOK", "")

log = logging.getLogger("weather-trigger")


@dataclass
class Decision:
    area: str
    action: str
    min_temp: float
    min_dew_gap: float
    precip_mm: float
    reasons: list = field(default_factory=list)


class WebhookClient:
    def __init__(self, url, verify=True, timeout=15):
        self.url = url
        self.session = requests.Session()
        self.session.verify = verify
        self.timeout = timeout

    def post(self, payload, url=None):
        target = url or self.url
        for attempt in range(1, 4):
            try:
                resp = self.session.post(target, json=payload, timeout=self.timeout)
                resp.raise_for_status()
                return True
            except requests.RequestException as exc:
                log.warning("post to %s failed (attempt %d): %s", target, attempt, exc)
                time.sleep(2 * attempt)
        return False


def fetch_forecast(lat, lon, hours):
    params = {
        "latitude": lat,
        "longitude": lon,
        "hourly": "temperature_2m,dew_point_2m,precipitation,cloud_cover,wind_speed_10m",
        "forecast_hours": hours,
        "timezone": "Europe/London",
    }
    resp = requests.get(FORECAST_URL, params=params, timeout=20)
    resp.raise_for_status()
    return resp.json()["hourly"]


def decide(area, hourly, trigger_c):
    temps = hourly["temperature_2m"]
    dews = hourly["dew_point_2m"]
    precip = hourly["precipitation"]
    cloud = hourly["cloud_cover"]
    wind = hourly["wind_speed_10m"]

    min_temp = min(temps)
    gaps = [t - d for t, d in zip(temps, dews)]
    min_gap = min(gaps)
    total_precip = sum(p or 0 for p in precip)
    reasons = []

    if min_temp <= trigger_c:
        reasons.append(f"air temp falls to {min_temp:.1f}C")
    if min_gap <= 1.0:
        reasons.append(f"dew point within {min_gap:.1f}C")
    if total_precip >= 0.2:
        reasons.append(f"{total_precip:.1f} mm precipitation")
    clear_calm = any(c < 25 and w < 8 for c, w in zip(cloud, wind))
    if clear_calm:
        reasons.append("clear calm spell (radiative cooling)")

    treat = min_temp <= trigger_c and (total_precip >= 0.2 or min_gap <= 1.0 or clear_calm)
    action = "TREAT" if treat else ("STAND BY" if min_temp <= trigger_c + 2 else "NO ACTION")
    return Decision(area, action, min_temp, min_gap, total_precip, reasons)


def format_message(d):
    icon = {"TREAT": ":snowflake:", "STAND BY": ":warning:"}.get(d.action, ":white_check_mark:")
    why = "; ".join(d.reasons) or "no risk factors"
    return {"text": f"{icon} *{d.area}*: {d.action} ({why})"}


def load_areas(path):
    with open(path, encoding="utf-8") as fh:
        areas = json.load(fh)
    if not isinstance(areas, list) or not areas:
        raise ValueError(f"{path} must contain a non-empty list of areas")
    return areas


def run_cycle(areas, client, args, last_actions):
    for area in areas:
        try:
            hourly = fetch_forecast(area["lat"], area["lon"], args.hours)
        except (requests.RequestException, KeyError) as exc:
            log.error("forecast for %s failed: %s", area["name"], exc)
            continue
        d = decide(area["name"], hourly, args.trigger)
        log.info("%s -> %s", d.area, d.action)
        if last_actions.get(d.area) != d.action:
            client.post(format_message(d))
            last_actions[d.area] = d.action


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--areas", default="areas.json")
    ap.add_argument("--webhook", default=DEFAULT_WEBHOOK)
    ap.add_argument("--trigger", type=float, default=1.0, help="air temp trigger in C")
    ap.add_argument("--hours", type=int, default=12)
    ap.add_argument("--interval", type=int, default=1800, help="seconds between polls")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--verify-tls", action="store_true",
                    help="verify the webhook certificate (off: the office proxy re-signs it)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if not args.webhook:
        ap.error("no webhook: pass --webhook or set GRIT_DUTY_WEBHOOK")

    try:
        areas = load_areas(args.areas)
    except (OSError, ValueError) as exc:
        log.error("cannot load areas: %s", exc)
        return 1

    if not args.verify_tls:
        requests.packages.urllib3.disable_warnings()
    client = WebhookClient(args.webhook, verify=args.verify_tls)
    client.post({"text": f"weather-trigger online, watching {len(areas)} areas"})

    last_actions = {}
    while True:
        run_cycle(areas, client, args, last_actions)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
