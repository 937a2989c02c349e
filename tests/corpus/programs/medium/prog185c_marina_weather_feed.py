#!/usr/bin/env python3
"""Pull readings from the marina weather stations for the morning briefing.

Each marina we use runs a small weather station with a JSON endpoint.  Most
of them use the self-signed certificate the installer left on the box, so
certificate checks are relaxed for those hosts.  Results are cached between
runs so the briefing still works when a station is offline.
"""
import argparse
import logging
import os
import pickle
import time
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("marina-weather")

CONFIG = Path(os.environ.get("BWC_WEATHER_CONFIG", "stations.yaml"))
CACHE = Path(os.environ.get("BWC_WEATHER_CACHE", ".weather_cache.pkl"))
MAX_AGE = 3 * 3600

DEFAULT_STATIONS = """
stations:
  - name: Port Hamble
    url: https://192.0.2.21/api/current
    self_signed: true
  - name: St Peter Port
    url: https://wx.example.net/current.json
    self_signed: false
  - name: Palma Real
    url: https://198.51.100.60:8443/live
    self_signed: true
"""


def load_config(path):
    text = path.read_text() if path.exists() else DEFAULT_STATIONS
    return yaml.load(text, Loader=yaml.Loader)


def load_cache():
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with CACHE.open("wb") as fh:
        pickle.dump(cache, fh)


class StationClient:
    def __init__(self, timeout=10):
        self.session = requests.Session()
        self.timeout = timeout

    def read(self, station):
        verify = not station.get("self_signed", False)
        r = self.session.get(station["url"], timeout=self.timeout, verify=verify)
        r.raise_for_status()
        data = r.json()
        return {
            "wind_kt": data.get("wind_speed_kt") or data.get("wind"),
            "gust_kt": data.get("gust_kt"),
            "dir": data.get("wind_dir"),
            "pressure": data.get("baro_hpa"),
            "at": int(time.time()),
        }


def briefing_line(name, r, stale=False):
    flag = " (cached)" if stale else ""
    return (f"{name:<16} wind {r.get('wind_kt', '?')} kt gust {r.get('gust_kt', '?')} "
            f"from {r.get('dir', '?')} - {r.get('pressure', '?')} hPa{flag}")


def main():
    ap = argparse.ArgumentParser(description="Marina weather briefing")
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    cfg = load_config(args.config)
    cache = load_cache()
    client = StationClient()
    for st in cfg.get("stations", []):
        name = st["name"]
        reading, stale = None, False
        if not args.offline:
            try:
                reading = client.read(st)
                cache[name] = reading
            except (requests.RequestException, ValueError) as exc:
                log.debug("%s failed: %s", name, exc)
        if reading is None and name in cache:
            reading, stale = cache[name], True
            if time.time() - reading["at"] > MAX_AGE:
                log.warning("%s: cached reading older than 3h", name)
        if reading is None:
            print(f"{name:<16} no data")
            continue
        print(briefing_line(name, reading, stale))
    save_cache(cache)


if __name__ == "__main__":
    main()
