#!/usr/bin/env python3
"""Pull today's service-wash bookings and confirm the ones staff accept.

Uses the SudsCo booking API; the API key comes from the environment and is
only ever sent to the booking API.
"""
import argparse
import datetime as dt
import logging
import os
import sys

import requests

LOG = logging.getLogger("bookings")

API_BASE = os.environ.get("SUDS_BOOKING_API", "https://bookings.sudsco.example/api/v2")


class BookingClient:
    def __init__(self, base_url, api_key, timeout=10):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "sudsco-branch-bookings/1.4",
        })

    def _url(self, path):
        return f"{self.base_url}/{path.lstrip('/')}"

    def health(self):
        resp = requests.head(self._url("health"), timeout=self.timeout)
        return resp.status_code == 200

    def bookings(self, branch, day):
        resp = self.session.get(
            self._url("bookings"),
            params={"branch": branch, "date": day.isoformat()},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("items", [])

    def confirm(self, booking_id, staff, ready_by):
        body = {"status": "confirmed", "staff": staff, "ready_by": ready_by}
        resp = self.session.post(
            self._url(f"bookings/{booking_id}/status"),
            json=body,
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json()


def format_booking(b):
    return (f"{b.get('id'):>8}  {b.get('drop_off', '?'):5}  "
            f"{b.get('customer_first_name', ''):12}  {b.get('kg', 0):>4} kg  "
            f"{b.get('status', '')}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("branch")
    parser.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    parser.add_argument("--confirm", nargs="*", default=[],
                        help="booking ids to confirm")
    parser.add_argument("--staff", default=os.environ.get("USER", "staff"))
    parser.add_argument("--ready-by", default="17:00")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SUDS_BOOKING_KEY")
    if not api_key:
        LOG.error("SUDS_BOOKING_KEY is not set")
        return 1

    client = BookingClient(API_BASE, api_key)
    if not client.health():
        LOG.warning("booking API health check failed, trying anyway")

    try:
        items = client.bookings(args.branch, args.date)
    except requests.RequestException as exc:
        LOG.error("could not load bookings: %s", exc)
        return 1

    for booking in items:
        print(format_booking(booking))

    for booking_id in args.confirm:
        try:
            client.confirm(booking_id, args.staff, args.ready_by)
            LOG.info("confirmed %s", booking_id)
        except requests.RequestException as exc:
            LOG.error("confirm %s failed: %s", booking_id, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
