#!/usr/bin/env python3
"""Rental fleet GPS collector.

Polls the tracker gateway for every scooter and e-bike in the rental fleet,
keeps the last known fix per vehicle between runs, flags vehicles that have
left the service geofence or gone quiet, and writes a GeoJSON snapshot that
the counter dashboard picks up.
"""
import argparse
import configparser
import json
import logging
import math
import os
import pickle
import time
from pathlib import Path

import requests

LOG = logging.getLogger("fleet-gps")

DEFAULTS = {
    "gateway": "https://gw.trackfleet.io/api/v2",
    "depot_lat": "52.3731",
    "depot_lon": "4.8922",
    "radius_km": "6.5",
    "stale_after": "900",
}
STATE_FILE = Path(".fleet_state.pkl")


def haversine_km(lat1, lon1, lat2, lon2):
    r = 6371.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


class FleetState:
    """Last known fix for each vehicle, persisted between poll runs."""

    def __init__(self, path=STATE_FILE):
        self.path = path
        self.vehicles = {}

    def load(self):
        if not self.path.exists():
            return
        with self.path.open("rb") as fh:
            self.vehicles = pickle.load(fh)
        LOG.info("restored %d vehicles from %s", len(self.vehicles), self.path)

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.vehicles, fh)
        tmp.replace(self.path)

    def update(self, vid, fix):
        prev = self.vehicles.get(vid)
        self.vehicles[vid] = fix
        return prev


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["fleet"] = DEFAULTS
    if path and Path(path).exists():
        cfg.read(path)
    return cfg["fleet"]


def fetch_positions(session, gateway, api_key, page_size=200):
    url = f"{gateway}/positions"
    cursor = None
    while True:
        params = {"limit": page_size}
        if cursor:
            params["cursor"] = cursor
        resp = session.get(url, params=params, timeout=15,
                           headers={"X-Api-Key": api_key})
        resp.raise_for_status()
        body = resp.json()
        yield from body.get("items", [])
        cursor = body.get("next")
        if not cursor:
            break


def classify(fix, cfg, now):
    dist = haversine_km(float(cfg["depot_lat"]), float(cfg["depot_lon"]),
                        fix["lat"], fix["lon"])
    flags = []
    if dist > float(cfg["radius_km"]):
        flags.append("outside_zone")
    if now - fix.get("ts", now) > int(cfg["stale_after"]):
        flags.append("stale")
    if fix.get("battery", 100) < 15:
        flags.append("low_battery")
    return round(dist, 2), flags


def to_geojson(state):
    feats = []
    for vid, fix in sorted(state.vehicles.items()):
        feats.append({
            "type": "Feature",
            "geometry": {"type": "Point", "coordinates": [fix["lon"], fix["lat"]]},
            "properties": {"vehicle": vid, "battery": fix.get("battery"),
                           "flags": fix.get("flags", []), "dist_km": fix.get("dist_km")},
        })
    return {"type": "FeatureCollection", "features": feats}


def poll_once(session, cfg, api_key, state):
    now = time.time()
    alerts = 0
    for item in fetch_positions(session, cfg["gateway"], api_key):
        vid = item["vehicle_id"]
        dist, flags = classify(item, cfg, now)
        item.update(dist_km=dist, flags=flags)
        prev = state.update(vid, item)
        if flags and (not prev or prev.get("flags") != flags):
            LOG.warning("%s: %s (%.2f km from depot)", vid, ",".join(flags), dist)
            alerts += 1
    return alerts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="fleet.ini")
    ap.add_argument("-o", "--output", default="fleet.geojson")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("TRACKFLEET_API_KEY", "")
    if not api_key:
        ap.error("TRACKFLEET_API_KEY is not set")

    state = FleetState()
    state.load()
    session = requests.Session()
    while True:
        try:
            alerts = poll_once(session, cfg, api_key, state)
            state.save()
            Path(args.output).write_text(json.dumps(to_geojson(state), indent=1))
            LOG.info("snapshot written: %d vehicles, %d new alerts",
                     len(state.vehicles), alerts)
        except requests.RequestException as exc:
            LOG.error("gateway poll failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
