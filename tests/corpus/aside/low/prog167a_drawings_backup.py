#!/usr/bin/env python3
"""Back up the bell drawings folder.

Walks the drawings directory, packs every drawing into a dated tar.gz in
the backups folder and writes a SHA-256 manifest next to it.  The
original drawings are left exactly where they are.  Old archives beyond
the retention count are removed from the backups folder.
"""

import argparse
import hashlib
import json
import logging
import tarfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("drawings-backup")

EXTENSIONS = {".dxf", ".dwg", ".pdf", ".step", ".svg", ".png"}


def file_digest(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    files = []
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() in EXTENSIONS:
            files.append(path)
    return files


def make_archive(source, files, dest_dir):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / f"drawings-{stamp}.tar.gz"
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for path in files:
            rel = path.relative_to(source)
            tar.add(path, arcname=str(rel))
            manifest[str(rel)] = file_digest(path)
    archive.chmod(0o600)
    manifest_path = archive.with_suffix("").with_suffix(".manifest.json")
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    manifest_path.chmod(0o600)
    return archive, manifest_path


def prune(dest_dir, keep):
    archives = sorted(dest_dir.glob("drawings-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        LOG.info("removing old archive %s", old.name)
        old.unlink()
        sidecar = old.with_suffix("").with_suffix(".manifest.json")
        if sidecar.exists():
            sidecar.unlink()


def verify(archive, manifest_path):
    expected = json.loads(manifest_path.read_text())
    with tarfile.open(archive, "r:gz") as tar:
        names = set(tar.getnames())
    missing = set(expected) - names
    if missing:
        LOG.error("archive is missing %d files", len(missing))
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description="drawings backup")
    parser.add_argument("--source", default="drawings", help="drawings folder")
    parser.add_argument("--dest", default="backups", help="where archives go")
    parser.add_argument("--keep", type=int, default=10, help="archives to retain")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    source = Path(args.source).resolve()
    dest = Path(args.dest).resolve()
    if not source.is_dir():
        LOG.error("no drawings folder at %s", source)
        return 1
    dest.mkdir(parents=True, exist_ok=True)

    files = collect(source)
    if not files:
        LOG.warning("nothing to back up")
        return 0
    archive, manifest = make_archive(source, files, dest)
    ok = verify(archive, manifest)
    LOG.info("%s: %d files, %.1f MiB, verified=%s",
             archive.name, len(files), archive.stat().st_size / 2**20, ok)
    prune(dest, args.keep)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
