#!/usr/bin/env python3
"""Office flight board for airport runs.

Shows a compact arrivals board for the flights booked in today's airport
jobs, refreshed every couple of minutes, so controllers can see at a glance
which drivers need moving.  Settings live in ./flight_board.ini next to the
jobs file.
"""
import argparse
import configparser
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("flightboard")
CONFIG_PATH = Path("flight_board.ini")

DEFAULTS = {
    "feed": {
        "url": "https://api.flightstatus.example/v1/arrivals",
        "airports": "LHR,LGW,STN",
        "refresh": "120",
    },
    "jobs": {"file": "airport_jobs.csv"},
}


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    else:
        with open(path, "w", encoding="utf-8") as fh:
            cfg.write(fh)
        LOG.info("wrote default settings to %s", path)
    return cfg


def booked_flights(jobs_file: Path):
    flights = set()
    if not jobs_file.exists():
        return flights
    for line in jobs_file.read_text(encoding="utf-8").splitlines()[1:]:
        parts = line.split(",")
        if len(parts) > 1 and parts[1].strip():
            flights.add(parts[1].strip().upper())
    return flights


def fetch_arrivals(url: str, airports: str, key: str):
    query = urllib.parse.urlencode({"airports": airports})
    req = urllib.request.Request(f"{url}?{query}", headers={"x-api-key": key})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp).get("arrivals", [])


def render(arrivals, wanted, clear=True):
    rows = [a for a in arrivals if a.get("flight", "").upper() in wanted] if wanted else arrivals
    rows.sort(key=lambda a: a.get("estimated") or a.get("scheduled") or "")
    if clear:
        print("\033[2J\033[H", end="")
    print(f"Flight board  {datetime.now():%H:%M:%S}   ({len(rows)} flights)")
    print(f"{'FLIGHT':8} {'FROM':18} {'SCHED':6} {'EST':6} {'TERM':4} STATUS")
    for a in rows:
        print(f"{a.get('flight',''):8} {a.get('origin','')[:18]:18} "
              f"{a.get('scheduled','')[-5:]:6} {a.get('estimated','')[-5:]:6} "
              f"{a.get('terminal',''):4} {a.get('status','')}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Office flight board")
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--once", action="store_true", help="print once and exit")
    ap.add_argument("--no-clear", dest="clear", action="store_false")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    key = os.environ.get("FLIGHT_API_KEY", "")
    if not key:
        LOG.error("FLIGHT_API_KEY not set")
        return 2

    refresh = cfg.getint("feed", "refresh")
    jobs_file = Path(cfg["jobs"]["file"])
    while True:
        try:
            arrivals = fetch_arrivals(cfg["feed"]["url"], cfg["feed"]["airports"], key)
            render(arrivals, booked_flights(jobs_file), clear=args.clear)
        except (urllib.error.URLError, json.JSONDecodeError) as exc:
            LOG.warning("feed error: %s", exc)
        if args.once:
            return 0
        try:
            time.sleep(refresh)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
