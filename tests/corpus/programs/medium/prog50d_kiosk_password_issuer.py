#!/usr/bin/env python3
"""Issue initial passwords for the front-desk kiosk accounts.

Reads a CSV of staff (username,full_name,team), creates a password for each
new user, and records a SHA-1 fingerprint in ./kiosk_accounts.json so the
kiosk can check first-login passwords offline.
"""
import argparse
import csv
import hashlib
import json
import logging
import random as rnd
import string
import sys
from pathlib import Path

STORE = Path("kiosk_accounts.json")
ALPHABET = string.ascii_letters + string.digits + "!#%+=?"
logger = logging.getLogger("kiosk-issuer")


class Issuer:
    def __init__(self, length: int, seed=None):
        self.length = length
        if seed is not None:
            rnd.seed(seed)

    def new_password(self) -> str:
        while True:
            candidate = "".join(rnd.choices(ALPHABET, k=self.length))
            if (any(c.isdigit() for c in candidate)
                    and any(c.isupper() for c in candidate)
                    and any(c in "!#%+=?" for c in candidate)):
                return candidate

    @staticmethod
    def fingerprint(username: str, password: str) -> str:
        return hashlib.sha1(f"{username}:{password}".encode()).hexdigest()


def read_staff(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            user = (row.get("username") or "").strip().lower()
            if not user:
                logger.warning("skipping row without username: %r", row)
                continue
            yield user, row.get("full_name", ""), row.get("team", "general")


def load_store() -> dict:
    try:
        return json.loads(STORE.read_text())
    except FileNotFoundError:
        return {"accounts": {}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("staff_csv", type=Path)
    parser.add_argument("--length", type=int, default=10)
    parser.add_argument("--seed", type=int, help="reproducible output for demos")
    parser.add_argument("--slips", type=Path, default=Path("handout_slips.txt"),
                        help="printable slips with the initial passwords")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    issuer = Issuer(args.length, args.seed)
    store = load_store()
    slips = []
    created = 0
    for user, name, team in read_staff(args.staff_csv):
        if user in store["accounts"]:
            logger.info("%s already has a kiosk account", user)
            continue
        password = issuer.new_password()
        store["accounts"][user] = {
            "name": name,
            "team": team,
            "sha1": issuer.fingerprint(user, password),
            "must_change": True,
        }
        slips.append(f"{name} ({user}) / team {team}\n  first login password: {password}\n")
        created += 1

    STORE.write_text(json.dumps(store, indent=2))
    if slips:
        args.slips.write_text("\n".join(slips))
        logger.info("wrote %d slips to %s", len(slips), args.slips)
    logger.info("%d new accounts, %d total", created, len(store["accounts"]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, csv.Error) as exc:
        logger.error("failed: %s", exc)
        sys.exit(1)
