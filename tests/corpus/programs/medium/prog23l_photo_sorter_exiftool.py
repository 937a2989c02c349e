#!/usr/bin/env python3
"""Sort a photo dump into Library/YYYY/YYYY-MM-DD/ using EXIF capture dates.

Uses exiftool (handles HEIC, RAW and video sidecars) to read dates, falls
back to the file mtime, and de-duplicates by content hash.
"""
import argparse
import datetime as dt
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

EXTENSIONS = {".jpg", ".jpeg", ".heic", ".png", ".cr2", ".nef", ".arw",
              ".dng", ".mp4", ".mov"}
DATE_TAGS = ["DateTimeOriginal", "CreateDate", "MediaCreateDate"]


def exif_dates(folder: Path) -> dict:
    """Run exiftool once over the whole folder and map path -> datetime."""
    cmd = f'exiftool -json -r -fast2 -{" -".join(DATE_TAGS)} "{folder}"'
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if not proc.stdout.strip():
        return {}
    out = {}
    for rec in json.loads(proc.stdout):
        for tag in DATE_TAGS:
            raw = rec.get(tag)
            if not raw or raw.startswith("0000"):
                continue
            try:
                out[Path(rec["SourceFile"]).resolve()] = dt.datetime.strptime(
                    raw[:19], "%Y:%m:%d %H:%M:%S")
                break
            except ValueError:
                continue
    return out


def content_hash(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def target_for(library: Path, when: dt.datetime, src: Path) -> Path:
    folder = library / f"{when:%Y}" / f"{when:%Y-%m-%d}"
    name = f"{when:%Y%m%d_%H%M%S}{src.suffix.lower()}"
    dest = folder / name
    n = 1
    while dest.exists():
        dest = folder / f"{when:%Y%m%d_%H%M%S}_{n}{src.suffix.lower()}"
        n += 1
    return dest


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("inbox", type=Path)
    ap.add_argument("library", type=Path)
    ap.add_argument("--move", action="store_true", help="move instead of copy")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    dates = exif_dates(args.inbox)
    seen = set()
    index_file = args.library / ".hashes"
    if index_file.exists():
        seen.update(index_file.read_text().split())

    copied = dupes = 0
    for src in sorted(args.inbox.rglob("*")):
        if not src.is_file() or src.suffix.lower() not in EXTENSIONS:
            continue
        digest = content_hash(src)
        if digest in seen:
            dupes += 1
            continue
        when = dates.get(src.resolve()) or dt.datetime.fromtimestamp(src.stat().st_mtime)
        dest = target_for(args.library, when, src)
        print(f"{src} -> {dest}")
        if not args.dry_run:
            dest.parent.mkdir(parents=True, exist_ok=True)
            (shutil.move if args.move else shutil.copy2)(src, dest)
            seen.add(digest)
        copied += 1

    if not args.dry_run:
        args.library.mkdir(parents=True, exist_ok=True)
        index_file.write_text("\n".join(sorted(seen)) + "\n")
    print(f"{copied} file(s) sorted, {dupes} duplicate(s) skipped")


if __name__ == "__main__":
    main()
