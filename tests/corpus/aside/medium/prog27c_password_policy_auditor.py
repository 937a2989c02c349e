#!/usr/bin/env python3
"""Password-strength auditor for a list of candidate passwords.

Reads candidates (one per line) from a local file, scores their length and
character variety, checks each against a local breach corpus of SHA-1
hashes (HIBP-style dump, uppercase hex per line) and proposes a random
replacement for every weak entry.
"""
import argparse
import hashlib
import math
import random
import string
import sys

ALPHABET = string.ascii_letters + string.digits + "!@#$%^&*-_=+"


def sha1_upper(password):
    return hashlib.sha1(password.encode("utf-8")).hexdigest().upper()


def load_breach_hashes(path):
    hashes = set()
    try:
        with open(path, encoding="ascii", errors="ignore") as handle:
            for line in handle:
                digest = line.split(":", 1)[0].strip().upper()
                if len(digest) == 40:
                    hashes.add(digest)
    except FileNotFoundError:
        print(f"warning: breach corpus {path} not found", file=sys.stderr)
    return hashes


def entropy_bits(password):
    pool = 0
    if any(c.islower() for c in password):
        pool += 26
    if any(c.isupper() for c in password):
        pool += 26
    if any(c.isdigit() for c in password):
        pool += 10
    if any(not c.isalnum() for c in password):
        pool += 32
    return len(password) * math.log2(pool) if pool else 0.0


def suggest(length=16):
    return "".join(random.choice(ALPHABET) for _ in range(length))


def audit(password, breached, min_bits):
    problems = []
    if len(password) < 12:
        problems.append("shorter than 12 characters")
    bits = entropy_bits(password)
    if bits < min_bits:
        problems.append(f"estimated entropy {bits:.0f} bits < {min_bits}")
    if sha1_upper(password) in breached:
        problems.append("appears in breach corpus")
    if password.lower() in ("password", "letmein", "qwerty", "welcome"):
        problems.append("dictionary word")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("candidates", help="file with one password per line")
    parser.add_argument("--breach", default="pwned-sha1.txt")
    parser.add_argument("--min-bits", type=int, default=60)
    args = parser.parse_args()

    breached = load_breach_hashes(args.breach)
    weak = 0
    with open(args.candidates, encoding="utf-8") as handle:
        for index, line in enumerate(handle, 1):
            password = line.rstrip("\n")
            if not password:
                continue
            problems = audit(password, breached, args.min_bits)
            if problems:
                weak += 1
                print(f"#{index}: WEAK - {'; '.join(problems)}")
                print(f"      suggested replacement: {suggest()}")
            else:
                print(f"#{index}: ok")
    print(f"{weak} weak password(s) found")
    return 1 if weak else 0


if __name__ == "__main__":
    sys.exit(main())
