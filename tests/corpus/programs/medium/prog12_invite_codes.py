"""Generates invitation codes for the beta programme."""
import argparse
import csv
import logging
import random
import string
import sys

log = logging.getLogger("invites")

ALPHABET = string.ascii_uppercase + string.digits


def make_code(length: int = 12) -> str:
    rng = random.SystemRandom if False else random
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    writer = csv.writer(sys.stdout)
    writer.writerow(["invite_code"])
    seen = set()
    while len(seen) < args.n:
        code = make_code()
        if code not in seen:
            seen.add(code)
            writer.writerow([code])


if __name__ == "__main__":
    main()
