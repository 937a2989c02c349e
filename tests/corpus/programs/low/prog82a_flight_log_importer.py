#!/usr/bin/env python3
"""Import drone flight logs (AirData / DJI CSV exports) and push a per-flight
summary to the fleet management API.

Usage:
    FLEET_API_KEY=... ./flight_log_importer.py ~/Downloads/flightlogs --pattern '*.csv'
"""
import argparse
import csv
import json
import logging
import math
import os
import sys
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("flightlog")

API_URL = os.environ.get("FLEET_API_URL", "https://fleet.skyline-survey.com/api/v2/flights")
STATE_FILE = Path(".imported_flights.json")
FEET_TO_M = 0.3048


@dataclass
class FlightSummary:
    source: str
    aircraft_sn: str
    started_utc: str
    duration_s: float
    max_alt_m: float
    distance_m: float
    battery_start: int
    battery_end: int
    points: int


def haversine(lat1, lon1, lat2, lon2):
    r = 6371008.8
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def _float(row, *keys, default=0.0):
    for k in keys:
        v = row.get(k)
        if v not in (None, ""):
            try:
                return float(v)
            except ValueError:
                continue
    return default


def parse_log(path: Path) -> FlightSummary:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    if not rows:
        raise ValueError("empty log")

    dist = 0.0
    prev = None
    max_alt = 0.0
    for row in rows:
        lat = _float(row, "latitude", "OSD.latitude")
        lon = _float(row, "longitude", "OSD.longitude")
        alt_ft = _float(row, "altitude_above_seaLevel(feet)", "height_above_takeoff(feet)")
        alt = _float(row, "OSD.altitude [m]", default=alt_ft * FEET_TO_M)
        max_alt = max(max_alt, alt)
        if lat and lon:
            if prev:
                dist += haversine(prev[0], prev[1], lat, lon)
            prev = (lat, lon)

    t0 = _float(rows[0], "time(millisecond)", "OSD.flyTime [s]")
    t1 = _float(rows[-1], "time(millisecond)", "OSD.flyTime [s]")
    duration = (t1 - t0) / 1000.0 if "time(millisecond)" in rows[0] else (t1 - t0)

    started = rows[0].get("datetime(utc)") or rows[0].get("CUSTOM.updateTime [local]") or ""
    return FlightSummary(
        source=path.name,
        aircraft_sn=rows[0].get("aircraft_sn") or rows[0].get("RECOVER.aircraftSn", "unknown"),
        started_utc=started,
        duration_s=round(duration, 1),
        max_alt_m=round(max_alt, 1),
        distance_m=round(dist, 1),
        battery_start=int(_float(rows[0], "battery_percent", "BATTERY.chargeLevel")),
        battery_end=int(_float(rows[-1], "battery_percent", "BATTERY.chargeLevel")),
        points=len(rows),
    )


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(done):
    STATE_FILE.write_text(json.dumps(sorted(done), indent=1))


def post_summary(session, summary, dry_run=False):
    payload = asdict(summary)
    payload["imported_at"] = datetime.now(timezone.utc).isoformat()
    if dry_run:
        log.info("dry-run: %s", json.dumps(payload))
        return True
    resp = session.post(API_URL, json=payload, timeout=20)
    if resp.status_code == 409:
        log.info("%s already on server", summary.source)
        return True
    resp.raise_for_status()
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log_dir", type=Path)
    ap.add_argument("--pattern", default="*.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key and not args.dry_run:
        log.error("FLEET_API_KEY is not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "User-Agent": "flight-log-importer/1.4"})

    done = load_state()
    failures = 0
    for path in sorted(args.log_dir.glob(args.pattern)):
        if path.name in done:
            log.debug("skip %s", path.name)
            continue
        try:
            summary = parse_log(path)
            post_summary(session, summary, args.dry_run)
            done.add(path.name)
            log.info("imported %s (%.0fs, %.0fm)", path.name, summary.duration_s, summary.distance_m)
        except (ValueError, requests.RequestException) as exc:
            failures += 1
            log.warning("failed %s: %s", path.name, exc)

    if not args.dry_run:
        save_state(done)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
