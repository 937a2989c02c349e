#!/usr/bin/env python3
"""Score pending seller applications with the legacy fraud rule pack.

The 2019 rule pack predates the rules service; it was shipped to the
onboarding team as a packed blob so it could be pasted into the batch
scorer without the rules repo. This loader unpacks it at startup,
scores a CSV of pending applications and writes a review queue.

Usage:
    legacy_rulepack_loader.py pending_sellers.csv --out review_queue.csv [--threshold 50]
"""

import argparse
import base64
import csv
import logging
import sys
import zlib

LOG = logging.getLogger("legacy-rulepack")

PACKED_RULES = (
    "eJxtz8EKgkAQBuC7TzHtSalksySKDCI8RFFh1HXZdBRpUdldD/v2mQtF4NxmfuZjJsMceNMIw2QrULkKhUDprR3o"
    "SqW1RIiA9l2Zg039ArVL0rqttDTEg1H0Fzx59WLf1Eo/bRzBfNDjab/DeIEs40aRCVAPNrAcEIJwSBCl0mVVKJaX"
    "UukPYo0thHQIsWdI1K2s7NhJ7qf4utsf2SNObofLuXueBHS28hdTgQVPDXHe+rFYjA=="
)

INT_FIELDS = ("account_age_days", "listings_first_day")


class RulePack:
    """Holds the unpacked legacy rule functions."""

    def __init__(self, packed):
        self.namespace = {}
        self._load(packed)

    def _load(self, packed):
        source = zlib.decompress(base64.b64decode(packed)).decode("utf-8")
        exec(compile(source, "<legacy-rulepack>", "exec"), self.namespace)
        if "apply_rules" not in self.namespace:
            raise RuntimeError("rule pack has no apply_rules entry point")
        LOG.info("loaded rule pack %s", self.namespace.get("RULEPACK_VERSION", "?"))

    def score(self, seller):
        return self.namespace["apply_rules"](seller)


def read_applications(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            for field in INT_FIELDS:
                try:
                    row[field] = int(row.get(field) or 0)
                except ValueError:
                    LOG.warning("bad %s for seller %s", field, row.get("seller_id"))
                    row[field] = 0
            yield row


def write_queue(path, rows):
    if not rows:
        LOG.info("nothing to queue")
        return
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["seller_id", "score", "country", "bank_country"])
        writer.writeheader()
        for row in rows:
            writer.writerow({k: row.get(k) for k in writer.fieldnames})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("applications", help="CSV of pending seller applications")
    ap.add_argument("--out", default="review_queue.csv")
    ap.add_argument("--threshold", type=int, default=50)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        pack = RulePack(PACKED_RULES)
    except (zlib.error, ValueError, RuntimeError) as exc:
        LOG.error("could not unpack rule pack: %s", exc)
        return 1

    flagged = []
    total = 0
    try:
        for row in read_applications(args.applications):
            total += 1
            row["score"] = pack.score(row)
            if row["score"] >= args.threshold:
                flagged.append(row)
    except FileNotFoundError:
        LOG.error("no such file: %s", args.applications)
        return 2

    flagged.sort(key=lambda r: r["score"], reverse=True)
    write_queue(args.out, flagged)
    LOG.info("scored %d applications, %d queued for review -> %s", total, len(flagged), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
