#!/usr/bin/env python3
"""Archives the cider press run logs into dated tarballs, keeping the originals."""
import argparse
import hashlib
import json
import logging
import tarfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("press_backup")

DEFAULT_SOURCE = Path("press_logs")
DEFAULT_DEST = Path("backups")
MANIFEST_NAME = "manifest.json"


def sha256_of(path, chunk=1 << 16):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def gather(source, patterns):
    files = []
    for pattern in patterns:
        files.extend(p for p in source.rglob(pattern) if p.is_file())
    return sorted(set(files))


def make_archive(files, source, dest):
    dest.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest / f"press_logs_{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for path in files:
            tar.add(path, arcname=str(path.relative_to(source)))
    LOG.info("wrote %s (%d files)", archive, len(files))
    return archive


def update_manifest(dest, archive, files):
    manifest_path = dest / MANIFEST_NAME
    manifest = {}
    if manifest_path.exists():
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except ValueError:
            LOG.warning("manifest unreadable, starting a new one")
    manifest[archive.name] = {
        "created": datetime.now().isoformat(timespec="seconds"),
        "sha256": sha256_of(archive),
        "files": len(files),
    }
    manifest_path.write_text(json.dumps(manifest, indent=2), encoding="utf-8")


def verify_archive(archive, expected):
    with tarfile.open(archive, "r:gz") as tar:
        names = tar.getnames()
    if len(names) != expected:
        LOG.error("archive %s holds %d entries, expected %d", archive, len(names), expected)
        return False
    return True


def prune_old_archives(dest, keep):
    archives = sorted(dest.glob("press_logs_*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        LOG.info("removing old archive %s", old)
        old.unlink()


def main():
    parser = argparse.ArgumentParser(description="Back up press run logs")
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--pattern", action="append", default=None,
                        help="glob of files to include (default *.log and *.csv)")
    parser.add_argument("--keep", type=int, default=14, help="archives to keep")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.source.is_dir():
        LOG.error("source %s is not a directory", args.source)
        return 1

    files = gather(args.source, args.pattern or ["*.log", "*.csv"])
    if not files:
        LOG.info("nothing to back up")
        return 0

    archive = make_archive(files, args.source, args.dest)
    if not verify_archive(archive, len(files)):
        return 2
    update_manifest(args.dest, archive, files)
    prune_old_archives(args.dest, args.keep)
    LOG.info("originals left in place under %s", args.source)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
