#!/usr/bin/env python3
"""Copy ride operation logs into a dated backup folder before a site move.

Every ride keeps a daily operation log (cycles run, stoppages, e-stops)
in the logs directory. Before the lorries roll, this copies them into
backups/<date>/ with a checksum manifest. The originals stay where they are.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("log-backup")

PATTERNS = ("*.log", "*.csv", "*.json")


def sha256_of(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def collect(source):
    files = []
    for pattern in PATTERNS:
        files.extend(p for p in source.rglob(pattern) if p.is_file())
    return sorted(set(files))


def copy_all(files, source, dest):
    manifest = {}
    for src in files:
        rel = src.relative_to(source)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        digest = sha256_of(src)
        if sha256_of(target) != digest:
            raise IOError("checksum mismatch copying %s" % rel)
        manifest[str(rel)] = {"sha256": digest, "bytes": src.stat().st_size}
        LOG.debug("copied %s", rel)
    return manifest


def prune_old(backup_root, keep):
    runs = sorted(d for d in backup_root.iterdir() if d.is_dir())
    for old in runs[:-keep] if keep > 0 else []:
        LOG.info("removing old backup %s", old.name)
        shutil.rmtree(old)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", default="logs")
    ap.add_argument("--backups", default="backups")
    ap.add_argument("--keep", type=int, default=10, help="backup runs to keep")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    source = Path(args.source).resolve()
    backup_root = Path(args.backups).resolve()
    if not source.is_dir():
        LOG.error("no such directory: %s", source)
        return 1
    if backup_root == source or source in backup_root.parents:
        LOG.error("backup folder must not be inside the source")
        return 1

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    dest = backup_root / stamp
    dest.mkdir(parents=True)

    files = collect(source)
    if not files:
        LOG.warning("nothing to back up in %s", source)
        return 0
    manifest = copy_all(files, source, dest)
    manifest_path = dest / "MANIFEST.json"
    manifest_path.write_text(json.dumps(
        {"source": str(source), "created": stamp, "host": os.uname().nodename,
         "files": manifest}, indent=2))
    os.chmod(manifest_path, 0o600)
    total = sum(v["bytes"] for v in manifest.values())
    LOG.info("backed up %d files (%.1f MB) to %s", len(manifest), total / 1e6, dest)
    prune_old(backup_root, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
