#!/usr/bin/env python3
"""Client for the marine weather routing service used when planning trips
to the northern grounds.  Sends the planned waypoints and prints wind and
wave forecasts along the route."""
import argparse
import json
import logging
import os
from dataclasses import dataclass, asdict, field
from pathlib import Path

import requests

log = logging.getLogger("wx-route")


@dataclass
class Waypoint:
    name: str
    lat: float
    lon: float


@dataclass
class RouteRequest:
    vessel: str
    speed_kn: float
    depart_utc: str
    waypoints: list = field(default_factory=list)


class RoutingClient:
    base = os.environ.get("WXROUTE_URL", "https://api.marinewx.example/v3")

    def __init__(self, key=None, timeout=20):
        self.key = key or os.environ.get("WXROUTE_API_KEY", "")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {self.key}",
                                     "Accept": "application/json"})

    def _call(self, verb, route, **kw):
        method = getattr(self.session, verb)
        resp = method(f"{self.base}/{route.lstrip('/')}", timeout=self.timeout, **kw)
        resp.raise_for_status()
        return resp.json()

    def status(self):
        return self._call("get", "status")

    def forecast(self, req):
        return self._call("post", "routes/forecast", json=asdict(req))


def load_route(path):
    doc = json.loads(Path(path).read_text())
    wps = [Waypoint(**w) for w in doc["waypoints"]]
    return RouteRequest(vessel=doc["vessel"], speed_kn=doc.get("speed_kn", 9.5),
                        depart_utc=doc["depart_utc"], waypoints=wps)


def flag(leg, max_wave, max_wind):
    marks = []
    if leg.get("wave_m", 0) > max_wave:
        marks.append("WAVE")
    if leg.get("wind_kn", 0) > max_wind:
        marks.append("WIND")
    return ",".join(marks)


def print_legs(result, max_wave, max_wind):
    print(f"{'eta':<18}{'waypoint':<16}{'wind kn':>8}{'dir':>6}{'wave m':>8}  note")
    for leg in result.get("legs", []):
        print(f"{leg['eta']:<18}{leg['waypoint']:<16}{leg.get('wind_kn', 0):>8.0f}"
              f"{leg.get('wind_dir', 0):>6.0f}{leg.get('wave_m', 0):>8.1f}  "
              f"{flag(leg, max_wave, max_wind)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("route", help="route JSON with vessel, depart_utc, waypoints")
    ap.add_argument("--max-wave", type=float, default=4.0)
    ap.add_argument("--max-wind", type=float, default=30.0)
    ap.add_argument("--save", help="write raw forecast JSON here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = RoutingClient()
    if not client.key:
        log.error("WXROUTE_API_KEY is not set")
        return 1
    log.info("service status: %s", client.status().get("state", "unknown"))
    result = client.forecast(load_route(args.route))
    print_legs(result, args.max_wave, args.max_wind)
    if args.save:
        Path(args.save).write_text(json.dumps(result, indent=2))
        os.chmod(args.save, 0o600)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
