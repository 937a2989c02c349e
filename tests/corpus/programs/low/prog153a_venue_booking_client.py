#!/usr/bin/env python3
"""Venue booking API client.

Pushes confirmed tour dates to the booking platform the venues use and
pulls back the current hold status. The API key comes from the
environment so it never ends up in the tour spreadsheet.
"""

import argparse
import csv
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("venue-booking")

API_BASE = os.environ.get("BOOKING_API_BASE", "https://api.booking.example.com/v2")
TIMEOUT = 20


class BookingClient:
    def __init__(self, base: str, api_key: str):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "touring-booking-client/1.4",
        })

    def _url(self, path: str) -> str:
        return f"{self.base}/{path.lstrip('/')}"

    def hold_status(self, venue_id: str, date: str) -> str:
        resp = self.session.get(self._url(f"venues/{venue_id}/holds"),
                                params={"date": date}, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json().get("status", "unknown")

    def confirm_date(self, row: dict) -> dict:
        payload = {
            "venue_id": row["venue_id"],
            "date": row["date"],
            "show": row["show"],
            "performances": int(row.get("performances") or 1),
            "split": {"company_pct": float(row.get("company_pct") or 70)},
        }
        resp = self.session.post(self._url("bookings"), json=payload, timeout=TIMEOUT)
        resp.raise_for_status()
        return resp.json()


def read_tour(path: Path) -> list:
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    required = {"venue_id", "date", "show"}
    for i, row in enumerate(rows, start=2):
        missing = required - {k for k, v in row.items() if v}
        if missing:
            raise ValueError(f"line {i}: missing {', '.join(sorted(missing))}")
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tour_csv", type=Path)
    parser.add_argument("--status-only", action="store_true",
                        help="only report hold status, don't confirm")
    parser.add_argument("--report", type=Path, default=Path("booking_report.json"))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        log.error("set BOOKING_API_KEY first")
        return 1

    try:
        rows = read_tour(args.tour_csv)
    except (OSError, ValueError) as exc:
        log.error("tour file problem: %s", exc)
        return 1

    client = BookingClient(API_BASE, api_key)
    report = []
    for row in rows:
        entry = {"venue_id": row["venue_id"], "date": row["date"]}
        try:
            entry["hold"] = client.hold_status(row["venue_id"], row["date"])
            if not args.status_only and entry["hold"] == "held":
                entry["booking"] = client.confirm_date(row).get("id")
        except requests.RequestException as exc:
            entry["error"] = str(exc)
            log.warning("%s %s: %s", row["venue_id"], row["date"], exc)
        report.append(entry)
        log.info("%s %s -> %s", row["venue_id"], row["date"], entry.get("hold", "error"))

    args.report.write_text(json.dumps(report, indent=2), encoding="utf-8")
    log.info("report written to %s", args.report)
    return 1 if any("error" in e for e in report) else 0


if __name__ == "__main__":
    sys.exit(main())
