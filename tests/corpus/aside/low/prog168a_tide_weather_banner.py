#!/usr/bin/env python3
"""Updates the weather and tide banner on the pier entrance signage.

Fetches the forecast from the marine weather service and pushes the banner
text to the signage provider. Each service gets only its own key.
"""
import argparse
import logging
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("tide-banner")


@dataclass
class Service:
    base: str
    key_env: str
    header: str = "Authorization"
    scheme: str = "Bearer"

    def session(self):
        key = os.environ.get(self.key_env)
        if not key:
            raise SystemExit(f"{self.key_env} is not set")
        s = requests.Session()
        s.headers[self.header] = f"{self.scheme} {key}".strip()
        return s

    def url(self, *parts):
        return "/".join([self.base.rstrip("/")] + [p.strip("/") for p in parts])


SERVICES = {
    "weather": Service("https://api.marinewx.example/v1", "MARINEWX_KEY",
                       header="X-Api-Key", scheme=""),
    "signage": Service("https://api.signboard.example/v2", "SIGNBOARD_TOKEN"),
}

FORMATTERS = {
    "wind": lambda d: f"Wind {d['wind_mph']:.0f} mph {d['wind_dir']}",
    "temp": lambda d: f"{d['temp_c']:.0f}\u00b0C",
    "tide": lambda d: f"High tide {d['next_high'][11:16]}",
    "sea": lambda d: f"Sea state: {d['sea_state']}",
}


def fetch_forecast(station):
    svc = SERVICES["weather"]
    with svc.session() as s:
        resp = s.get(svc.url("stations", station, "now"), timeout=15)
        resp.raise_for_status()
        return resp.json()


def compose(data, order):
    parts = []
    for key in order:
        fmt = FORMATTERS.get(key)
        try:
            parts.append(fmt(data))
        except (KeyError, TypeError, ValueError):
            log.debug("field %s missing from forecast", key)
    if data.get("warning"):
        parts.insert(0, "WARNING: " + data["warning"].upper())
    return "  |  ".join(parts)


def push_banner(screen, text):
    svc = SERVICES["signage"]
    body = {"screen": screen, "text": text, "ttl": 1800,
               "updated": datetime.now().isoformat(timespec="minutes")}
    with svc.session() as s:
        resp = s.post(svc.url("screens", screen, "banner"), json=body, timeout=15)
        resp.raise_for_status()
        return resp.json().get("revision")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--station", default=os.environ.get("TIDE_STATION", "pier-head"))
    parser.add_argument("--screen", default=os.environ.get("BANNER_SCREEN", "entrance-1"))
    parser.add_argument("--fields", nargs="*", default=["temp", "wind", "tide", "sea"])
    parser.add_argument("--preview", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    data = fetch_forecast(args.station)
    text = compose(data, args.fields)
    Path("banner_last.txt").write_text(text + "\n", encoding="utf-8")
    if args.preview:
        print(text)
        return
    rev = push_banner(args.screen, text)
    log.info("banner updated on %s (revision %s): %s", args.screen, rev, text)


if __name__ == "__main__":
    main()
