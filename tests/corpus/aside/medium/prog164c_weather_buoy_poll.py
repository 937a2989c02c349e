#!/usr/bin/env python3
"""Poll the approach-channel weather buoys and keep a short history
for the pilot station's wind and swell board."""
import argparse
import logging
import os
import pickle
import time
from datetime import datetime, timezone

import requests
import urllib3

log = logging.getLogger("buoy_poll")

BUOY_API = os.environ.get("BUOY_API", "https://buoys.approach-met.example/api/v1")
CACHE_PATH = "/tmp/buoy_history.pkl"
BUOYS = ("APPROACH-1", "APPROACH-2", "OUTER-FAIRWAY")
HISTORY_LIMIT = 288

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class BuoyHistory:
    def __init__(self, path):
        self.path = path
        self.readings = {b: [] for b in BUOYS}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.readings = pickle.load(fh)
            log.debug("history loaded from %s", self.path)

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.readings, fh)

    def add(self, buoy, reading):
        series = self.readings.setdefault(buoy, [])
        series.append(reading)
        del series[:-HISTORY_LIMIT]

    def latest(self, buoy):
        series = self.readings.get(buoy) or []
        return series[-1] if series else None


def fetch_reading(session, buoy):
    resp = session.get(f"{BUOY_API}/buoys/{buoy}/latest", timeout=15, verify=False)
    resp.raise_for_status()
    data = resp.json()
    return {
        "time": data.get("time") or datetime.now(timezone.utc).isoformat(),
        "wind_kn": float(data.get("wind_speed_kn", 0)),
        "gust_kn": float(data.get("wind_gust_kn", 0)),
        "wind_dir": int(data.get("wind_dir_deg", 0)),
        "swell_m": float(data.get("swell_height_m", 0)),
    }


def board_line(buoy, r):
    if not r:
        return f"{buoy:<14} no data"
    flag = " !" if r["gust_kn"] >= 34 or r["swell_m"] >= 3.5 else ""
    return (f"{buoy:<14} {r['wind_dir']:03d}/{r['wind_kn']:.0f}G{r['gust_kn']:.0f}kn "
            f"swell {r['swell_m']:.1f}m{flag}")


def poll_once(session, history):
    for buoy in BUOYS:
        try:
            history.add(buoy, fetch_reading(session, buoy))
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: %s", buoy, exc)
    history.save()
    for buoy in BUOYS:
        print(board_line(buoy, history.latest(buoy)))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    history = BuoyHistory(CACHE_PATH)
    history.load()
    session = requests.Session()
    while True:
        poll_once(session, history)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
