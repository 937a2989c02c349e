#!/usr/bin/env python3
"""Work out safe berthing windows from tide predictions.

Reads the per-port draught limits from a YAML station file, pulls the tide
predictions from the harbour authority feed (cached on disk between runs)
and prints the windows when the vessel can use each linkspan.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import sys
import time

import requests
import urllib3
import yaml

LOG = logging.getLogger("tide-windows")

FEED_URL = "https://harbour.example.com/feeds/tides"
CACHE_FILE = "tide_feed.cache"
CACHE_TTL = 6 * 3600

# the harbour feed uses a self-signed certificate on the ship-side proxy
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_stations(path):
    with open(path, encoding="utf-8") as fh:
        # station files may carry custom tags from the old planning tool
        return yaml.load(fh, Loader=yaml.Loader)


def cached_feed():
    if not os.path.exists(CACHE_FILE):
        return None
    if time.time() - os.path.getmtime(CACHE_FILE) > CACHE_TTL:
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def fetch_feed(ports):
    data = cached_feed()
    if data is not None:
        LOG.info("using cached feed")
        return data
    resp = requests.get(FEED_URL, params={"ports": ",".join(ports)},
                        timeout=30, verify=False)
    resp.raise_for_status()
    data = resp.json()
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(data, fh)
    return data


def windows_for(port_cfg, events, draught):
    """Yield (start, end) periods where height >= needed clearance."""
    need = draught + port_cfg.get("under_keel_m", 0.5) - port_cfg.get("chart_depth_m", 0.0)
    start = None
    for ev in events:
        t = dt.datetime.fromisoformat(ev["time"])
        ok = ev["height_m"] >= need
        if ok and start is None:
            start = t
        elif not ok and start is not None:
            yield start, t
            start = None
    if start is not None:
        yield start, None


def main():
    ap = argparse.ArgumentParser(description="Berthing window planner")
    ap.add_argument("stations", help="YAML station file")
    ap.add_argument("--draught", type=float, default=4.8, help="vessel draught in metres")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.refresh and os.path.exists(CACHE_FILE):
        os.remove(CACHE_FILE)

    try:
        stations = load_stations(args.stations)
        feed = fetch_feed(list(stations))
    except (OSError, yaml.YAMLError, requests.RequestException) as exc:
        LOG.error("cannot load inputs: %s", exc)
        return 1

    for port, cfg in stations.items():
        events = feed.get(port, [])
        if not events:
            print("%s: no predictions" % port)
            continue
        print("%s (linkspan %s)" % (port, cfg.get("linkspan", "?")))
        for start, end in windows_for(cfg, events, args.draught):
            print("   %s -> %s" % (start.strftime("%d %b %H:%M"),
                                  end.strftime("%H:%M") if end else "end of feed"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
