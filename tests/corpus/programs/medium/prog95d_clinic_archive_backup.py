#!/usr/bin/env python3
"""Nightly encrypted backup of the clinic's patient document share.

Walks the configured folders (referral letters, scanned consent forms,
audiogram PDFs, fundus exports), encrypts each changed file with the
practice backup key and writes it to the backup volume, mirroring the
source layout. An index of what was backed up (size, mtime, digest) is
kept next to the backup so the next run only picks up changed files.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_backup")

INCLUDE = {".pdf", ".docx", ".doc", ".jpg", ".jpeg", ".png", ".xml",
           ".csv", ".xlsx", ".tif", ".dcm"}
SKIP_DIRS = {".git", "__pycache__", "node_modules", ".cache"}


class BackupIndex:
    def __init__(self, path: Path):
        self.path = path
        self.entries = {}
        if path.exists():
            with path.open("rb") as fh:
                self.entries = pickle.load(fh)

    def changed(self, src: Path) -> bool:
        st = src.stat()
        old = self.entries.get(str(src))
        return old is None or old[:2] != (st.st_size, int(st.st_mtime))

    def record(self, src: Path, digest: str):
        st = src.stat()
        self.entries[str(src)] = (st.st_size, int(st.st_mtime), digest)

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self.entries, fh)
        tmp.replace(self.path)


def load_key(key_file: Path) -> bytes:
    if key_file.exists():
        return key_file.read_bytes().strip()
    key = Fernet.generate_key()
    key_file.write_bytes(key)
    os.chmod(key_file, 0o600)
    log.info("generated new backup key at %s", key_file)
    return key


def walk_sources(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in INCLUDE:
                    yield Path(root), p


def backup_file(fernet: Fernet, root: Path, src: Path, dest_root: Path) -> str:
    data = src.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    rel = src.relative_to(root)
    dest = dest_root / root.name / rel
    dest = dest.with_name(dest.name + ".fbk")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(fernet.encrypt(data))
    return digest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sources", nargs="+", type=Path)
    ap.add_argument("--dest", type=Path, required=True,
                    help="backup volume mount point")
    ap.add_argument("--key-file", type=Path, default=Path("backup.key"))
    ap.add_argument("--full", action="store_true", help="ignore the index")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.dest.is_dir():
        log.error("backup destination %s is not mounted", args.dest)
        return 2
    fernet = Fernet(load_key(args.key_file))
    index = BackupIndex(args.dest / "index.pkl")

    done = skipped = failed = 0
    for root, src in walk_sources(args.sources):
        try:
            if not args.full and not index.changed(src):
                skipped += 1
                continue
            digest = backup_file(fernet, root, src, args.dest)
            index.record(src, digest)
            done += 1
        except (OSError, ValueError) as exc:
            log.warning("could not back up %s: %s", src, exc)
            failed += 1
        if done and done % 200 == 0:
            index.save()
            log.info("%d files backed up so far", done)
    index.save()
    log.info("backed up %d, unchanged %d, failed %d", done, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
