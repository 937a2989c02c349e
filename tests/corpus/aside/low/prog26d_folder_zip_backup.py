#!/usr/bin/env python3
"""Small backup helper: zip a folder into ./backups with a SHA-256 manifest.

Keeps the newest N archives it made and removes older ones from ./backups.
Originals are never touched.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("zipbackup")
ARCHIVE_PREFIX = "backup-"
SKIP_DIRS = {".git", "__pycache__", "node_modules", ".venv"}


def default_source() -> Path:
    if sys.platform.startswith("win"):
        profile = os.environ.get("USERPROFILE") or str(Path.home())
        return Path(profile) / "Documents"
    if sys.platform == "darwin":
        return Path.home() / "Documents"
    return Path(os.environ.get("XDG_DOCUMENTS_DIR", Path.home() / "Documents"))


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def iter_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.is_file() and not p.is_symlink():
                yield p


def make_archive(src: Path, dest_dir: Path) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / f"{ARCHIVE_PREFIX}{src.name}-{stamp}.zip"
    manifest = {}
    count = 0
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for f in iter_files(src):
            rel = f.relative_to(src).as_posix()
            zf.write(f, rel)
            manifest[rel] = sha256_of(f)
            count += 1
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=1, sort_keys=True))
    log.info("archived %d files into %s", count, archive)
    return archive


def verify_archive(archive: Path) -> bool:
    with zipfile.ZipFile(archive) as zf:
        manifest = json.loads(zf.read("MANIFEST.json"))
        for rel, digest in manifest.items():
            if hashlib.sha256(zf.read(rel)).hexdigest() != digest:
                log.error("checksum mismatch: %s", rel)
                return False
    log.info("verified %d entries", len(manifest))
    return True


def prune(dest_dir: Path, src_name: str, keep: int) -> None:
    ours = sorted(dest_dir.glob(f"{ARCHIVE_PREFIX}{src_name}-*.zip"))
    for old in ours[:-keep] if keep > 0 else []:
        log.info("removing old archive %s", old.name)
        old.unlink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", type=Path, default=None)
    ap.add_argument("--dest", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--no-verify", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src = (args.source or default_source()).expanduser()
    if not src.is_dir():
        log.error("source folder %s does not exist", src)
        return 2
    archive = make_archive(src, args.dest)
    if not args.no_verify and not verify_archive(archive):
        return 1
    prune(args.dest, src.name, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
