#!/usr/bin/env python3
"""Export tomorrow's class rosters from the booking platform so coaches can
print sign-in sheets. Uses the gym's API key from the environment.
"""
import argparse
import csv
import json
import logging
import os
import sys
from datetime import date, timedelta
from pathlib import Path
from urllib import parse, request
from urllib.error import HTTPError, URLError

log = logging.getLogger("roster_export")

API_BASE = os.environ.get("IRONSIDE_BOOKING_API", "https://api.ironsideboxing.example.com/v2")


class BookingClient:
    def __init__(self, base: str, api_key: str, timeout: int = 15):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def get(self, path: str, **params):
        url = f"{self.base}{path}"
        if params:
            url += "?" + parse.urlencode(params)
        req = request.Request(url, headers={"Authorization": f"Bearer {self.api_key}",
                                            "Accept": "application/json"})
        with request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def classes_on(self, day: date):
        return self.get("/classes", date=day.isoformat())["classes"]

    def roster(self, class_id: str):
        return self.get(f"/classes/{class_id}/bookings")["bookings"]


def export(client: BookingClient, day: date, out_dir: Path):
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for cls in client.classes_on(day):
        bookings = client.roster(cls["id"])
        safe = cls["name"].lower().replace(" ", "_")
        path = out_dir / f"{day:%Y%m%d}_{cls['start'].replace(':', '')}_{safe}.csv"
        with path.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["Class", cls["name"], "Coach", cls.get("coach", ""), "Start", cls["start"]])
            w.writerow([])
            w.writerow(["#", "Member", "Member ID", "Waiver on file", "Signature"])
            for i, b in enumerate(sorted(bookings, key=lambda b: b["last_name"]), 1):
                w.writerow([i, f"{b['first_name']} {b['last_name']}", b["member_id"],
                            "yes" if b.get("waiver_signed") else "NO", ""])
        log.info("%-28s %2d booked -> %s", cls["name"], len(bookings), path.name)
        written.append(path)
    return written


def main():
    parser = argparse.ArgumentParser(description="Export class rosters for sign-in sheets")
    parser.add_argument("--date", type=date.fromisoformat,
                        default=date.today() + timedelta(days=1))
    parser.add_argument("--out", type=Path, default=Path("rosters"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("IRONSIDE_BOOKING_KEY")
    if not api_key:
        log.error("set IRONSIDE_BOOKING_KEY first")
        return 1

    client = BookingClient(API_BASE, api_key)
    try:
        files = export(client, args.date, args.out)
    except (HTTPError, URLError) as exc:
        log.error("booking platform error: %s", exc)
        return 2
    print(f"{len(files)} roster(s) written to {args.out}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
