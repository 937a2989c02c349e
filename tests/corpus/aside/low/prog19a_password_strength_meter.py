#!/usr/bin/env python3
"""Local password strength meter.

Estimates the strength of a password entirely offline: character-class
entropy, length, repeated or sequential runs and a small list of common
passwords. The password is read with getpass and never stored or sent.
"""
import argparse
import getpass
import logging
import math
import string
import sys

log = logging.getLogger("pwmeter")

COMMON = {"password", "123456", "123456789", "qwerty", "letmein", "admin",
          "welcome", "iloveyou", "monkey", "dragon", "football", "passw0rd"}
CLASSES = [
    (string.ascii_lowercase, 26),
    (string.ascii_uppercase, 26),
    (string.digits, 10),
    (string.punctuation, len(string.punctuation)),
]


def pool_size(password):
    size = 0
    for chars, weight in CLASSES:
        if any(c in chars for c in password):
            size += weight
    if any(ord(c) > 127 for c in password):
        size += 100
    return size


def penalties(password):
    """Return a list of (reason, bits to subtract)."""
    found = []
    lowered = password.lower()
    if lowered in COMMON or lowered.rstrip(string.digits) in COMMON:
        found.append(("appears in common-password list", 1000))
    runs = sum(1 for a, b in zip(password, password[1:]) if a == b)
    if runs:
        found.append(("{} repeated characters".format(runs), runs * 2))
    seq = sum(1 for a, b in zip(password, password[1:]) if ord(b) - ord(a) == 1)
    if seq >= 3:
        found.append(("{} sequential characters".format(seq), seq * 2))
    return found


def rate(bits):
    for limit, label in ((28, "very weak"), (36, "weak"), (60, "reasonable"), (128, "strong")):
        if bits < limit:
            return label
    return "very strong"


def evaluate(password):
    pool = pool_size(password)
    bits = len(password) * math.log2(pool) if pool else 0.0
    notes = penalties(password)
    bits = max(0.0, bits - sum(p for _, p in notes))
    return bits, rate(bits), [reason for reason, _ in notes]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-bits", type=float, default=60.0,
                        help="exit non-zero below this estimate")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        password = getpass.getpass("Password to check: ")
    except (EOFError, KeyboardInterrupt):
        return 2
    if not password:
        log.error("empty password")
        return 2

    bits, label, notes = evaluate(password)
    log.info("estimated entropy: %.1f bits (%s)", bits, label)
    for note in notes:
        log.info("  - %s", note)
    return 0 if bits >= args.min_bits else 1


if __name__ == "__main__":
    sys.exit(main())
