#!/usr/bin/env python3
"""Load the fleet service schedule and list vehicles due for maintenance.

The schedule is a YAML file kept by the fleet manager; mileages come from
the internal fleet portal, which uses the service's own certificate authority.
"""

import argparse
import datetime as dt
import logging
import os
import sys
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("service_schedule")

PORTAL_URL = os.environ.get("FLEET_PORTAL_URL", "https://fleet-portal.ambulance-trust.example/api")
SCHEDULE_FILE = Path(os.environ.get("SERVICE_SCHEDULE", "service_schedule.yaml"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_schedule(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    vehicles = data.get("vehicles", [])
    LOG.info("schedule has %d vehicles", len(vehicles))
    return data.get("intervals", {}), vehicles


def fetch_mileages(session, registrations):
    mileages = {}
    for reg in registrations:
        try:
            resp = session.get(f"{PORTAL_URL}/vehicles/{reg}/odometer",
                               timeout=10, verify=False)
            resp.raise_for_status()
            mileages[reg] = int(resp.json().get("km", 0))
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("no mileage for %s: %s", reg, exc)
    return mileages


def due_items(vehicle, intervals, km_now, today):
    due = []
    for task, rule in intervals.items():
        last = vehicle.get("last", {}).get(task, {})
        last_km = int(last.get("km", 0))
        last_date = last.get("date")
        every_km = rule.get("km")
        every_days = rule.get("days")
        if every_km and km_now - last_km >= every_km:
            due.append((task, f"{km_now - last_km} km since last"))
            continue
        if every_days and last_date:
            if isinstance(last_date, str):
                last_date = dt.date.fromisoformat(last_date)
            age = (today - last_date).days
            if age >= every_days:
                due.append((task, f"{age} days since last"))
    return due


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="List ambulances due for service")
    parser.add_argument("--schedule", default=str(SCHEDULE_FILE))
    parser.add_argument("--offline", action="store_true",
                        help="use mileages stored in the schedule file")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    intervals, vehicles = load_schedule(args.schedule)
    regs = [v["registration"] for v in vehicles if "registration" in v]

    if args.offline:
        mileages = {v["registration"]: int(v.get("km", 0)) for v in vehicles}
    else:
        session = requests.Session()
        session.headers["User-Agent"] = "workshop-service-schedule/1.3"
        mileages = fetch_mileages(session, regs)

    today = dt.date.today()
    any_due = False
    for vehicle in vehicles:
        reg = vehicle.get("registration", "?")
        km = mileages.get(reg, int(vehicle.get("km", 0)))
        items = due_items(vehicle, intervals, km, today)
        if items:
            any_due = True
            print(f"{reg} ({vehicle.get('callsign', '-')}, {km} km)")
            for task, why in items:
                print(f"    {task:<20} {why}")
    if not any_due:
        print("no vehicles due")
    return 0


if __name__ == "__main__":
    sys.exit(main())
