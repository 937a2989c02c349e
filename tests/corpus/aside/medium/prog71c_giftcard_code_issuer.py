#!/usr/bin/env python3
"""Issue a batch of physical gift-card codes for a store promotion.

Generates card numbers and PINs, writes the print file for the card vendor
and the import file for the POS, then posts a short summary to the retail
ops Slack channel.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import random
import string
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

log = logging.getLogger("giftcard-issuer")

CODE_ALPHABET = string.ascii_uppercase.replace("O", "").replace("I", "") + "23456789"


@dataclass
class GiftCard:
    number: str
    pin: str
    value_cents: int
    currency: str
    expires: str
    batch: str


class CodeFactory:
    """Produces card numbers with a Luhn check digit and short PINs."""

    def __init__(self, prefix, seed=None):
        self.prefix = prefix
        self.rng = random.Random(seed if seed is not None else time.time_ns())
        self._issued = set()

    @staticmethod
    def _luhn_digit(digits):
        total = 0
        for i, ch in enumerate(reversed(digits)):
            d = int(ch)
            if i % 2 == 0:
                d *= 2
                d -= 9 if d > 9 else 0
            total += d
        return str((10 - total % 10) % 10)

    def number(self):
        while True:
            body = self.prefix + "".join(self.rng.choice(string.digits) for _ in range(15 - len(self.prefix)))
            num = body + self._luhn_digit(body)
            if num not in self._issued:
                self._issued.add(num)
                return num

    def pin(self, length=6):
        return "".join(self.rng.choices(CODE_ALPHABET, k=length))


def write_outputs(cards, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    batch = cards[0].batch
    vendor = out_dir / f"{batch}-print.csv"
    pos = out_dir / f"{batch}-pos-import.json"
    with vendor.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["card_number", "pin", "face_value"])
        for c in cards:
            w.writerow([c.number, c.pin, f"{c.value_cents / 100:.2f} {c.currency}"])
    pos.write_text(json.dumps([asdict(c) for c in cards], indent=2))
    for p in (vendor, pos):
        os.chmod(p, 0o600)
    return vendor, pos


def notify(summary):
    hook = os.environ.get("RETAIL_OPS_WEBHOOK")
    if not hook:
        log.info("no RETAIL_OPS_WEBHOOK configured; skipping notification")
        return
    blocks = [
        {"type": "header", "text": {"type": "plain_text", "text": "Gift card batch issued"}},
        {"type": "section", "fields": [
            {"type": "mrkdwn", "text": f"*{k}:* {v}"} for k, v in summary.items()
        ]},
    ]
    try:
        r = requests.post(hook, json={"text": "Gift card batch issued", "blocks": blocks}, timeout=10)
        r.raise_for_status()
    except requests.RequestException as exc:
        log.warning("Slack notification failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--value", type=float, required=True, help="face value, e.g. 25.00")
    ap.add_argument("--currency", default="GBP")
    ap.add_argument("--prefix", default="603571")
    ap.add_argument("--valid-days", type=int, default=730)
    ap.add_argument("--out", default="batches")
    ap.add_argument("--store", default=os.environ.get("STORE_CODE", "HQ"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not 0 < args.count <= 50000:
        ap.error("count must be between 1 and 50000")
    batch = f"GC{dt.date.today():%y%m%d}-{args.store}"
    expires = (dt.date.today() + dt.timedelta(days=args.valid_days)).isoformat()
    factory = CodeFactory(args.prefix)
    cards = [GiftCard(factory.number(), factory.pin(), round(args.value * 100), args.currency, expires, batch)
             for _ in range(args.count)]
    vendor, pos = write_outputs(cards, Path(args.out))
    log.info("wrote %s and %s", vendor, pos)

    notify({
        "Batch": batch,
        "Store": args.store,
        "Cards": args.count,
        "Face value": f"{args.value:.2f} {args.currency}",
        "Total liability": f"{args.value * args.count:,.2f} {args.currency}",
        "Expires": expires,
    })
    return 0


if __name__ == "__main__":
    sys.exit(main())
