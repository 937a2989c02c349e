#!/usr/bin/env python3
"""Encrypted, rotating backups of the lab notebook folder.

Copies every file under ./notebooks into an encrypted archive entry under
./backups/<timestamp>/ and keeps only the newest N snapshots.  The originals are
never modified.  The Fernet key lives in ./.backup.key (mode 0600).
"""
import argparse
import logging
import os
import shutil
import time
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("nb-backup")

INCLUDE_SUFFIXES = {".ipynb", ".md", ".csv", ".txt", ".json", ".png"}


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        return path.read_bytes()
    key = Fernet.generate_key()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key)
    os.chmod(path, 0o600)
    log.info("created new backup key at %s", path)
    return key


def iter_sources(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in INCLUDE_SUFFIXES:
                yield p


def snapshot(source: Path, dest_root: Path, fernet: Fernet) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target_dir = dest_root / stamp
    count = 0
    for src in iter_sources(source):
        rel = src.relative_to(source)
        out = target_dir / rel.with_name(rel.name + ".enc")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(fernet.encrypt(src.read_bytes()))
        count += 1
    log.info("snapshot %s: %d files", stamp, count)
    return target_dir


def rotate(dest_root: Path, keep: int) -> None:
    snaps = sorted(p for p in dest_root.iterdir() if p.is_dir())
    for old in snaps[:-keep] if keep > 0 else []:
        log.info("removing old snapshot %s", old.name)
        shutil.rmtree(old)


def restore(snap: Path, into: Path, fernet: Fernet) -> None:
    for enc in snap.rglob("*.enc"):
        rel = enc.relative_to(snap)
        out = into / rel.with_name(rel.name[:-4])
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(fernet.decrypt(enc.read_bytes()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", type=Path, default=Path("notebooks"))
    ap.add_argument("--dest", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("--restore", metavar="SNAPSHOT", help="restore a snapshot into ./restored")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    fernet = Fernet(load_or_create_key(Path(".backup.key")))
    args.dest.mkdir(exist_ok=True)
    if args.restore:
        restore(args.dest / args.restore, Path("restored"), fernet)
        return 0
    if not args.source.is_dir():
        log.error("no %s directory here", args.source)
        return 1
    snapshot(args.source, args.dest, fernet)
    rotate(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
