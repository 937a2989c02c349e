#!/usr/bin/env python3
"""Pull CTV tracks from the AIS provider and push daily summaries to the fleet API.

For each vessel MMSI in the fleet list this fetches yesterday's AIS track,
works out distance run, time at the wind farm and time in port, and posts
one JSON summary per vessel to the fleet operations API.
"""

import argparse
import json
import logging
import math
import os
import sys
from datetime import date, datetime, timedelta

import requests

LOG = logging.getLogger("ais_tracks")

AIS_API = "https://ais.example.com/v3"
FLEET_API = "https://fleet.example.net/api/daily-summary"
# wind farm site box (lat_min, lat_max, lon_min, lon_max)
SITE_BOX = (53.80, 54.05, 1.50, 2.00)


def haversine_nm(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 3440.065 * math.asin(math.sqrt(h))


def in_site(p):
    return SITE_BOX[0] <= p[0] <= SITE_BOX[1] and SITE_BOX[2] <= p[1] <= SITE_BOX[3]


class AisClient:
    def __init__(self, key):
        self.session = requests.Session()
        self.session.headers["X-Api-Key"] = key

    def track(self, mmsi, day):
        resp = self.session.get(f"{AIS_API}/vessels/{mmsi}/track",
                                params={"date": day.isoformat()}, timeout=30)
        resp.raise_for_status()
        points = resp.json().get("positions", [])
        return [(p["lat"], p["lon"], datetime.fromisoformat(p["ts"]), p.get("sog", 0.0))
                for p in points]


def summarise(mmsi, points):
    dist = 0.0
    site_s = port_s = 0.0
    for prev, cur in zip(points, points[1:]):
        dt = (cur[2] - prev[2]).total_seconds()
        dist += haversine_nm(prev, cur)
        if in_site(cur):
            site_s += dt
        elif cur[3] < 0.5:
            port_s += dt
    return {"mmsi": mmsi, "positions": len(points), "distance_nm": round(dist, 1),
            "hours_on_site": round(site_s / 3600, 2), "hours_alongside": round(port_s / 3600, 2)}


def post_summary(summary, day, key):
    body = dict(summary, date=day.isoformat())
    resp = requests.post(FLEET_API, json=body,
                         headers={"Authorization": f"Bearer {key}"}, timeout=30)
    if resp.status_code >= 300:
        LOG.error("fleet API refused %s: %s", summary["mmsi"], resp.status_code)
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fleet", default="fleet.json", help="JSON list of {name, mmsi}")
    ap.add_argument("--day", default=(date.today() - timedelta(days=1)).isoformat())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ais_key = os.environ.get("AIS_API_KEY")
    fleet_key = os.environ.get("FLEET_API_KEY")
    if not ais_key or (not fleet_key and not args.dry_run):
        sys.exit("AIS_API_KEY and FLEET_API_KEY must be set")

    with open(args.fleet) as fh:
        fleet = json.load(fh)
    day = date.fromisoformat(args.day)
    client = AisClient(ais_key)

    failures = 0
    for vessel in fleet:
        try:
            pts = client.track(vessel["mmsi"], day)
        except requests.RequestException as exc:
            LOG.warning("%s: no track (%s)", vessel["name"], exc)
            failures += 1
            continue
        summary = summarise(vessel["mmsi"], pts)
        LOG.info("%s: %.1f nm, %.1f h on site", vessel["name"],
                 summary["distance_nm"], summary["hours_on_site"])
        if not args.dry_run and not post_summary(summary, day, fleet_key):
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
