#!/usr/bin/env python3
"""Tiny local passphrase book for dev fixtures.

Generates strong passphrases with the `secrets` module and keeps only
scrypt verifiers in ./fixtures/passbook.json, so the test suite can check
logins without storing the plaintext.
"""
import argparse
import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
import sys
from pathlib import Path

WORDS = ("amber", "basalt", "cobalt", "delta", "ember", "fjord", "granite",
         "harbor", "indigo", "juniper", "kestrel", "lagoon", "meadow",
         "nimbus", "onyx", "prairie", "quartz", "raven", "sierra", "tundra")
BOOK = Path("fixtures") / "passbook.json"
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "dklen": 32}
log = logging.getLogger("passbook")


def make_passphrase(words: int = 5, sep: str = "-") -> str:
    chosen = [secrets.choice(WORDS) for _ in range(words)]
    chosen.append(str(secrets.randbelow(900) + 100))
    return sep.join(chosen)


def derive(passphrase: str, salt: bytes) -> bytes:
    return hashlib.scrypt(passphrase.encode(), salt=salt, **SCRYPT)


def load_book() -> dict:
    if BOOK.exists():
        return json.loads(BOOK.read_text())
    return {}


def save_book(book: dict) -> None:
    BOOK.parent.mkdir(parents=True, exist_ok=True)
    BOOK.write_text(json.dumps(book, indent=2, sort_keys=True))
    os.chmod(BOOK, 0o600)


def add_user(user: str, words: int) -> str:
    book = load_book()
    phrase = make_passphrase(words)
    salt = secrets.token_bytes(16)
    book[user] = {
        "salt": base64.b64encode(salt).decode(),
        "verifier": base64.b64encode(derive(phrase, salt)).decode(),
    }
    save_book(book)
    return phrase


def verify_user(user: str, phrase: str) -> bool:
    entry = load_book().get(user)
    if entry is None:
        return False
    salt = base64.b64decode(entry["salt"])
    expected = base64.b64decode(entry["verifier"])
    return hmac.compare_digest(derive(phrase, salt), expected)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("user")
    add.add_argument("--words", type=int, default=5)
    chk = sub.add_parser("verify")
    chk.add_argument("user")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.cmd == "add":
        if args.words < 4:
            log.error("refusing passphrases shorter than 4 words")
            return 2
        phrase = add_user(args.user, args.words)
        print(f"{args.user}: {phrase}")
        log.info("verifier saved to %s; the passphrase is not stored", BOOK)
    elif args.cmd == "verify":
        phrase = input("passphrase: ")
        ok = verify_user(args.user, phrase)
        print("match" if ok else "no match")
        return 0 if ok else 1
    else:
        for user in sorted(load_book()):
            print(user)
    return 0


if __name__ == "__main__":
    sys.exit(main())
