#!/usr/bin/env python3
"""Book guests onto partner tours from the front desk.

Takes a booking request (tour, date, guest names), submits it to the tour
operator's booking API, and saves the returned PDF voucher next to the
other vouchers. The voucher arrives base64-encoded inside the JSON reply.
"""

import argparse
import base64
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("tour-booking")

API_URL = os.environ.get("TOURS_API_URL", "https://api.tours.example.com/v1/bookings")
VOUCHER_DIR = Path("vouchers")


class TourAPI:
    def __init__(self, token, timeout=15):
        self.token = token
        self.timeout = timeout

    def _headers(self):
        return {"Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json"}

    def check(self):
        """Cheap reachability check before we start typing in names."""
        r = requests.head(API_URL, headers=self._headers(), timeout=self.timeout)
        return r.status_code < 500

    def book(self, tour, date, guests):
        payload = {"tour": tour, "date": date,
                   "guests": [{"name": g} for g in guests],
                   "source": "hostel-frontdesk"}
        r = requests.post(API_URL, headers=self._headers(),
                          data=json.dumps(payload), timeout=self.timeout)
        if r.status_code == 409:
            raise RuntimeError("tour is full on that date")
        r.raise_for_status()
        return r.json()


def save_voucher(booking):
    """Write the PDF atomically so the desk printer never sees half a file."""
    VOUCHER_DIR.mkdir(exist_ok=True)
    pdf = base64.b64decode(booking["voucher_pdf_b64"])
    final = VOUCHER_DIR / f"voucher_{booking['date']}_{booking['reference']}.pdf"
    fd, tmp = tempfile.mkstemp(dir=VOUCHER_DIR, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(pdf)
        os.chmod(tmp, 0o600)
        os.replace(tmp, final)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return final


def parse_guests(raw):
    names = [n.strip() for n in raw.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("need at least one guest name")
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tour", help="tour code, e.g. KAYAK-AM")
    ap.add_argument("date", help="YYYY-MM-DD")
    ap.add_argument("guests", type=parse_guests, help="comma separated names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("TOURS_API_TOKEN")
    if not token:
        log.error("TOURS_API_TOKEN is not set")
        return 1
    api = TourAPI(token)
    try:
        if not api.check():
            log.error("tour API is having problems, try again later")
            return 2
        booking = api.book(args.tour, args.date, args.guests)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("booking failed: %s", exc)
        return 3

    path = save_voucher(booking)
    log.info("booked %s for %d guest(s), ref %s, voucher %s",
             args.tour, len(args.guests), booking["reference"], path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
