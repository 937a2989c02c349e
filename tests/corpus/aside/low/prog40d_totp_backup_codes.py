#!/usr/bin/env python3
"""Generate a TOTP seed plus one-time backup codes for a local service account.

The plaintext codes are shown once on stdout; only salted scrypt digests are
persisted, in ./2fa_backup/<account>.json, readable by the owner only.
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
import time
from pathlib import Path

LOG = logging.getLogger("backup-codes")
STORE_DIR = Path("2fa_backup")
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


class CodeBook:
    """Holds hashed backup codes for one account."""

    def __init__(self, account: str, n_cost: int = 2 ** 14):
        self.account = account
        self.n_cost = n_cost
        self.entries = []

    @staticmethod
    def _fresh_code(length: int = 10) -> str:
        raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
        return f"{raw[:5]}-{raw[5:]}"

    def _digest(self, code: str, salt: bytes) -> str:
        dk = hashlib.scrypt(code.encode(), salt=salt, n=self.n_cost, r=8, p=1, dklen=32)
        return dk.hex()

    def issue(self, count: int) -> list:
        plain = []
        for _ in range(count):
            code = self._fresh_code()
            salt = secrets.token_bytes(16)
            self.entries.append({"salt": salt.hex(), "hash": self._digest(code, salt), "used": False})
            plain.append(code)
        return plain

    def verify(self, candidate: str) -> bool:
        for entry in self.entries:
            if entry["used"]:
                continue
            calc = self._digest(candidate.strip().upper(), bytes.fromhex(entry["salt"]))
            if hmac.compare_digest(calc, entry["hash"]):
                entry["used"] = True
                return True
        return False

    def save(self, totp_seed_b32: str) -> Path:
        STORE_DIR.mkdir(exist_ok=True)
        target = STORE_DIR / f"{self.account}.json"
        payload = {
            "account": self.account,
            "created": int(time.time()),
            "totp_seed": totp_seed_b32,
            "scrypt_n": self.n_cost,
            "codes": self.entries,
        }
        target.write_text(json.dumps(payload, indent=2))
        os.chmod(target, 0o600)
        return target


def new_totp_seed(nbytes: int = 20) -> str:
    return base64.b32encode(secrets.token_bytes(nbytes)).decode().rstrip("=")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("account")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--issuer", default="internal-tools")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.account.isidentifier():
        LOG.error("account name must be a simple identifier")
        return 2

    seed = new_totp_seed()
    book = CodeBook(args.account)
    codes = book.issue(args.count)
    path = book.save(seed)
    LOG.info("stored %d hashed codes in %s", len(codes), path)

    uri = f"otpauth://totp/{args.issuer}:{args.account}?secret={seed}&issuer={args.issuer}"
    print("Provisioning URI:", uri)
    print("Backup codes (shown once):")
    for i, code in enumerate(codes, 1):
        print(f"  {i:2d}. {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
