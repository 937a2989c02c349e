#!/usr/bin/env python3
"""Advise whether outdoor slides should close for weather.

Pulls the current conditions for the park from the weather service, applies
the park's closure policy (lightning distance, wind gusts, temperature) and
posts the recommendation to the operations API so it appears on the shift
supervisor's board.
"""

import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

LOG = logging.getLogger("closure_advisor")

WEATHER_URL = "https://weather.example.net/v2/current"
OPS_API_URL = "https://ops.example.com/api/v1/closure-advice"


class ClosurePolicy:
    def __init__(self, lightning_km=16.0, gust_kmh=55.0, min_temp_c=16.0):
        self.lightning_km = lightning_km
        self.gust_kmh = gust_kmh
        self.min_temp_c = min_temp_c

    def evaluate(self, obs):
        reasons = []
        strike = obs.get("nearest_lightning_km")
        if strike is not None and strike <= self.lightning_km:
            reasons.append(f"lightning {strike:.0f} km away")
        gust = obs.get("wind_gust_kmh", 0.0)
        if gust >= self.gust_kmh:
            reasons.append(f"wind gusts {gust:.0f} km/h")
        temp = obs.get("temp_c")
        if temp is not None and temp < self.min_temp_c:
            reasons.append(f"temperature {temp:.1f} C")
        return ("close" if reasons else "open"), reasons


def get_json(url, params, timeout):
    full = url + "?" + urllib.parse.urlencode(params)
    with urllib.request.urlopen(full, timeout=timeout) as resp:
        return json.load(resp)


def post_advice(advice, api_key, timeout):
    req = urllib.request.Request(
        OPS_API_URL,
        data=json.dumps(advice).encode(),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        },
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lat", type=float, default=27.80)
    parser.add_argument("--lon", type=float, default=-82.63)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--no-post", action="store_true",
                        help="only print the advice")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        obs = get_json(WEATHER_URL, {"lat": args.lat, "lon": args.lon}, args.timeout)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("weather service unavailable: %s", exc)
        return 1

    decision, reasons = ClosurePolicy().evaluate(obs)
    advice = {
        "decision": decision,
        "reasons": reasons,
        "observed_at": obs.get("observed_at"),
        "source": "weather.example.net",
    }
    print(json.dumps(advice, indent=2))

    if args.no_post:
        return 0

    api_key = os.environ.get("OPS_API_KEY")
    if not api_key:
        LOG.error("OPS_API_KEY not set; use --no-post to skip posting")
        return 1
    try:
        status = post_advice(advice, api_key, args.timeout)
        LOG.info("advice posted to ops board (HTTP %s)", status)
    except urllib.error.URLError as exc:
        LOG.error("could not post advice: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
