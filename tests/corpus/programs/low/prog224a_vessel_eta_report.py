#!/usr/bin/env python3
"""Vessel ETA report for the customer service desk.

Fetches current vessel positions from the fleet AIS API, estimates the
arrival time at each vessel's next port and writes a CSV report plus a
small KEY=VALUE summary that the desk's shell dashboard sources.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import os
import sys
import time
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

AIS_API = os.environ.get("AIS_API", "https://ais.example.com/api/v1/positions")
CACHE_DIR = Path("./.cache")
PORTS = {
    "NORTHHAVEN": (54.3201, 10.1402),
    "SOUTHQUAY": (54.1789, 12.0871),
    "EASTPIER": (54.0912, 11.2233),
}

log = logging.getLogger("eta-report")


def platform_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def cache_path(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_positions(url: str, max_age: int) -> list:
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < max_age:
        log.debug("using cached positions %s", path.name)
        return json.loads(path.read_text())
    with urllib.request.urlopen(url, timeout=15) as resp:
        data = json.load(resp)
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    os.chmod(path, 0o600)
    return data


def haversine_nm(a, b) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 3440.065 * 2 * math.asin(math.sqrt(h))


class EtaRow:
    def __init__(self, pos: dict, now: datetime):
        self.vessel = pos.get("name", "?")
        self.dest = (pos.get("destination") or "").upper()
        self.speed = float(pos.get("sog") or 0.0)
        port = PORTS.get(self.dest)
        self.distance = haversine_nm((pos["lat"], pos["lon"]), port) if port else None
        if self.distance is not None and self.speed > 0.5:
            self.eta = now + timedelta(hours=self.distance / self.speed)
        else:
            self.eta = None

    def as_list(self):
        return [self.vessel, self.dest or "-",
                f"{self.distance:.1f}" if self.distance is not None else "-",
                f"{self.speed:.1f}",
                self.eta.strftime("%H:%M") if self.eta else "-"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="./eta_report.csv")
    ap.add_argument("--summary", default="./eta_summary.env")
    ap.add_argument("--max-age", type=int, default=120)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        positions = fetch_positions(AIS_API, args.max_age)
    except (OSError, ValueError) as exc:
        log.error("cannot get positions: %s", exc)
        return 1
    now = datetime.now(timezone.utc)
    rows = [EtaRow(p, now) for p in positions if "lat" in p and "lon" in p]
    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["vessel", "destination", "distance_nm", "sog_kn", "eta_utc"])
        for r in sorted(rows, key=lambda r: r.eta or datetime.max.replace(tzinfo=timezone.utc)):
            w.writerow(r.as_list())
    late = [r.vessel for r in rows if r.eta and r.eta - now > timedelta(hours=3)]
    with open(args.summary, "w") as fh:
        fh.write(f"ETA_GENERATED={now.strftime('%Y-%m-%dT%H:%M:%SZ')}\n")
        fh.write(f"ETA_VESSELS={len(rows)}\n")
        fh.write(f"ETA_LONG_RUNNING='{' '.join(late)}'\n")
        fh.write(f"ETA_PLATFORM='{platform_name()}'\n")
    log.info("report for %d vessels written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
