#!/usr/bin/env python3
"""Rotate delivered event galleries into compressed archives.

Once a couple has had their gallery for a while the raw booth files only
take up space on the office machine. This packs every event folder older
than --min-age days into one .tar.gz in the archive directory, writes a
SHA-256 sidecar so the archive can be checked after it is copied to the
NAS, and records what was archived in archive_index.json.

Originals are left where they are; delete them by hand once the NAS copy
has been verified.

    event_gallery_archiver.py --events ./events --archive ./archive --min-age 90
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
import time
from pathlib import Path

log = logging.getLogger("gallery-archiver")

PHOTO_EXTS = {".jpg", ".jpeg", ".png", ".heic", ".gif", ".mp4", ".mov", ".pdf"}
INDEX_NAME = "archive_index.json"


def iter_event_dirs(events_root: Path, min_age_days: int):
    cutoff = time.time() - min_age_days * 86400
    for entry in sorted(events_root.iterdir()):
        if not entry.is_dir() or entry.name.startswith("."):
            continue
        newest = max((p.stat().st_mtime for p in entry.rglob("*") if p.is_file()), default=0)
        if newest and newest < cutoff:
            yield entry


def iter_files(folder: Path):
    for dirpath, _dirs, files in os.walk(folder):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in PHOTO_EXTS:
                yield p


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def archive_event(event_dir: Path, archive_dir: Path) -> dict:
    target = archive_dir / f"{event_dir.name}.tar.gz"
    partial = target.with_suffix(".partial")
    count = size = 0
    with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
        for path in iter_files(event_dir):
            tar.add(path, arcname=str(path.relative_to(event_dir.parent)))
            count += 1
            size += path.stat().st_size
    partial.replace(target)
    os.chmod(target, 0o600)
    digest = sha256_of(target)
    (archive_dir / f"{target.name}.sha256").write_text(f"{digest}  {target.name}\n")
    return {"event": event_dir.name, "archive": target.name, "files": count,
            "bytes_in": size, "bytes_out": target.stat().st_size, "sha256": digest,
            "archived_at": int(time.time())}


def load_index(archive_dir: Path) -> dict:
    p = archive_dir / INDEX_NAME
    return json.loads(p.read_text()) if p.exists() else {}


def main() -> int:
    ap = argparse.ArgumentParser(description="Archive delivered event galleries")
    ap.add_argument("--events", type=Path, default=Path("events"))
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--min-age", type=int, default=90, help="days since last change")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.events.is_dir():
        log.error("events folder %s not found", args.events)
        return 2
    args.archive.mkdir(parents=True, exist_ok=True)
    index = load_index(args.archive)

    for event_dir in iter_event_dirs(args.events, args.min_age):
        if event_dir.name in index:
            log.info("%s already archived", event_dir.name)
            continue
        if args.dry_run:
            log.info("would archive %s", event_dir.name)
            continue
        try:
            entry = archive_event(event_dir, args.archive)
        except (OSError, tarfile.TarError) as exc:
            log.error("failed to archive %s: %s", event_dir.name, exc)
            continue
        index[event_dir.name] = entry
        log.info("archived %s: %d files, %.1f MB -> %.1f MB", entry["event"], entry["files"],
                 entry["bytes_in"] / 1e6, entry["bytes_out"] / 1e6)
        (args.archive / INDEX_NAME).write_text(json.dumps(index, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
