#!/usr/bin/env python3
"""Daily snow report publisher.

Pulls the overnight readings from the public weather station feed, combines
them with the piste status sheet kept by the grooming team, and publishes
the morning snow report to the resort website API.
"""

import argparse
import csv
import datetime as dt
import json
import logging
import os
import sys

import requests

LOG = logging.getLogger("snow-report")

STATION_URL = "https://weather.example.net/stations/{station}/latest.json"
REPORT_API = "https://api.example.com/v1/snow-report"
TIMEOUT = 10


class StationError(Exception):
    pass


def fetch_station(station):
    url = STATION_URL.format(station=station)
    try:
        resp = requests.get(url, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()
    except (requests.RequestException, ValueError) as exc:
        raise StationError("station %s: %s" % (station, exc))


def read_pistes(path):
    """Grooming sheet: piste,status,groomed,difficulty."""
    pistes = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            pistes.append({
                "name": row["piste"],
                "open": row["status"].strip().lower() == "open",
                "groomed": row["groomed"].strip().lower() in ("y", "yes", "1"),
                "difficulty": row.get("difficulty", "").strip(),
            })
    return pistes


def build_report(summit, base, pistes):
    open_count = sum(1 for p in pistes if p["open"])
    return {
        "date": dt.date.today().isoformat(),
        "summit": {"snow_cm": summit.get("snow_depth_cm"), "new_cm": summit.get("new_snow_cm"),
                   "temp_c": summit.get("temp_c"), "wind_kmh": summit.get("wind_kmh")},
        "base": {"snow_cm": base.get("snow_depth_cm"), "temp_c": base.get("temp_c")},
        "pistes_open": open_count,
        "pistes_total": len(pistes),
        "pistes": pistes,
    }


def publish(report, api_key):
    headers = {"Authorization": "Bearer " + api_key, "Content-Type": "application/json"}
    resp = requests.post(REPORT_API, data=json.dumps(report), headers=headers, timeout=TIMEOUT)
    if resp.status_code >= 400:
        LOG.error("publish failed: %s %s", resp.status_code, resp.text[:200])
        return False
    LOG.info("report published (%s)", resp.json().get("id", "?"))
    return True


def main():
    ap = argparse.ArgumentParser(description="Publish the morning snow report")
    ap.add_argument("--pistes", default="pistes.csv")
    ap.add_argument("--summit", default="summit-01")
    ap.add_argument("--base", default="base-01")
    ap.add_argument("--dry-run", action="store_true", help="write report.json only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        summit = fetch_station(args.summit)
        base = fetch_station(args.base)
    except StationError as exc:
        LOG.error("%s", exc)
        return 1

    report = build_report(summit, base, read_pistes(args.pistes))
    with open("report.json", "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    LOG.info("%d/%d pistes open", report["pistes_open"], report["pistes_total"])

    if args.dry_run:
        return 0
    api_key = os.environ.get("SNOW_REPORT_API_KEY")
    if not api_key:
        LOG.error("SNOW_REPORT_API_KEY not set")
        return 1
    return 0 if publish(report, api_key) else 1


if __name__ == "__main__":
    sys.exit(main())
