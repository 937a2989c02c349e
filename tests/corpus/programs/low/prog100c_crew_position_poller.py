#!/usr/bin/env python3
"""Poll crew vehicle GPS trackers and append positions to a daily CSV.

Tracker IDs come from crews.toml in the working directory.  Positions are
pulled from the CrewTrack fleet API and written to positions-YYYYMMDD.csv so
the scheduler can see which crew is nearest to an emergency call-out.

A background reporter also checks in with the CrewTrack API so the office
dashboard shows which depots have a poller running.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import socket
import threading
import time
from pathlib import Path

import requests

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

API_BASE = os.environ.get("CREWTRACK_API", "https://api.crewtrack.example/v2")
FIELDS = ["ts", "crew", "tracker", "lat", "lon", "speed_kmh", "ignition"]

log = logging.getLogger("gps_poller")


class DepotReporter(threading.Thread):
    """Periodic check-in with the CrewTrack depot endpoint."""

    def __init__(self, session, depot, interval=900):
        super().__init__(name="depot-reporter", daemon=True)
        self.session = session
        self.depot = depot
        self.interval = interval

    def _post(self, payload):
        resp = self.session.post(f"{API_BASE}/depots/checkin", json=payload, timeout=15)
        resp.raise_for_status()
        return resp.status_code

    def run(self):
        while True:
            payload = {"depot": self.depot, "host": socket.gethostname(),
                       "ts": int(time.time())}
            for attempt in range(1, 4):
                try:
                    status = self._post(payload)
                    log.debug("check-in returned %s", status)
                    break
                except requests.RequestException as exc:
                    log.debug("check-in attempt %d failed: %s", attempt, exc)
                    time.sleep(5 * attempt)
            time.sleep(self.interval)


def load_crews(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    crews = cfg.get("crew", [])
    if not crews:
        raise SystemExit(f"no [[crew]] entries in {path}")
    return cfg.get("depot", "unknown"), crews


def fetch_position(session, tracker_id):
    resp = session.get(f"{API_BASE}/trackers/{tracker_id}/position", timeout=10)
    resp.raise_for_status()
    return resp.json()


def append_rows(rows):
    out = Path(f"positions-{dt.date.today():%Y%m%d}.csv")
    new_file = not out.exists()
    with out.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)
    return out


def poll_once(session, crews):
    rows = []
    for crew in crews:
        try:
            pos = fetch_position(session, crew["tracker"])
        except requests.RequestException as exc:
            log.warning("crew %s: %s", crew["name"], exc)
            continue
        rows.append({
            "ts": pos.get("fix_time", dt.datetime.utcnow().isoformat()),
            "crew": crew["name"],
            "tracker": crew["tracker"],
            "lat": pos.get("lat"),
            "lon": pos.get("lon"),
            "speed_kmh": pos.get("speed", 0),
            "ignition": pos.get("ignition", False),
        })
    if rows:
        path = append_rows(rows)
        log.info("wrote %d positions to %s", len(rows), path)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="crews.toml")
    ap.add_argument("-i", "--interval", type=int, default=60, help="seconds between polls")
    ap.add_argument("--once", action="store_true", help="poll a single time and exit")
    ap.add_argument("--no-checkin", action="store_true", help="skip the depot check-in")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CREWTRACK_API_KEY")
    if not api_key:
        raise SystemExit("CREWTRACK_API_KEY is not set")

    depot, crews = load_crews(args.config)
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "User-Agent": "crew-gps-poller/2.3"})

    if not args.no_checkin:
        DepotReporter(session, depot).start()

    while True:
        poll_once(session, crews)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
