#!/usr/bin/env python3
"""Booking sync.

Pulls this week's room bookings from the studio scheduling service and
pushes back the actual session hours logged in the local timesheet CSV,
so invoices reflect real room time.
"""
import argparse
import csv
import datetime
import json
import logging
import os
import pathlib
import urllib.request

log = logging.getLogger("booking_sync")

API_BASE = os.environ.get("SCHED_API", "https://api.schedule.example.com/v2")
TIMESHEET = pathlib.Path(os.environ.get("TIMESHEET_CSV", "timesheet.csv"))


class SchedClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.headers = {
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
        }

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode("utf-8") if body is not None else None
        headers = dict(self.headers)
        if data is not None:
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(f"{self.base}{path}", data=data, headers=headers, method=method)
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.loads(resp.read() or b"{}")

    def bookings(self, start, end):
        return self._request("GET", f"/bookings?from={start}&to={end}").get("items", [])

    def log_hours(self, booking_id, hours, engineer):
        return self._request("POST", f"/bookings/{booking_id}/hours",
                             {"hours": hours, "engineer": engineer})


def week_bounds(today):
    start = today - datetime.timedelta(days=today.weekday())
    return start.isoformat(), (start + datetime.timedelta(days=6)).isoformat()


def read_timesheet(path):
    hours = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = row["booking_id"]
            hours.setdefault(key, {"hours": 0.0, "engineer": row.get("engineer", "")})
            hours[key]["hours"] += float(row["hours"])
    return hours


def main():
    parser = argparse.ArgumentParser(description="Sync logged hours to the schedule service")
    parser.add_argument("--timesheet", type=pathlib.Path, default=TIMESHEET)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SCHED_API_KEY")
    if not key:
        log.error("SCHED_API_KEY is not set")
        return 1

    client = SchedClient(API_BASE, key)
    start, end = week_bounds(datetime.date.today())
    booked = {b["id"]: b for b in client.bookings(start, end)}
    log.info("%d bookings between %s and %s", len(booked), start, end)

    logged = read_timesheet(args.timesheet) if args.timesheet.exists() else {}
    for booking_id, entry in logged.items():
        if booking_id not in booked:
            log.warning("timesheet mentions unknown booking %s", booking_id)
            continue
        b = booked[booking_id]
        log.info("%s %s room %s: %.2f h", b.get("date"), b.get("client"), b.get("room"), entry["hours"])
        if not args.dry_run:
            client.log_hours(booking_id, round(entry["hours"], 2), entry["engineer"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
