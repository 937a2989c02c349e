#!/usr/bin/env python3
"""Rename files in the current directory by their modification date.

photo.jpg modified 2024-03-05 14:22:10 becomes 2024-03-05_142210.jpg.
Collisions get a numeric suffix. Use --dry-run to preview.
"""
import argparse
from datetime import datetime
from pathlib import Path


def new_name(path, fmt):
    stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime(fmt)
    return stamp + path.suffix.lower()


def unique(target):
    if not target.exists():
        return target
    n = 1
    while True:
        candidate = target.with_name(f"{target.stem}_{n}{target.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ext", nargs="*", default=[".jpg", ".jpeg", ".png", ".mp4"],
                        help="extensions to rename (default: photos and videos)")
    parser.add_argument("--format", default="%Y-%m-%d_%H%M%S")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    exts = {e.lower() if e.startswith(".") else "." + e.lower() for e in args.ext}
    files = sorted(p for p in Path.cwd().iterdir()
                   if p.is_file() and p.suffix.lower() in exts)

    renamed = 0
    for path in files:
        target = path.with_name(new_name(path, args.format))
        if target == path:
            continue
        target = unique(target)
        print(f"{path.name}  ->  {target.name}")
        if not args.dry_run:
            path.rename(target)
        renamed += 1

    verb = "would rename" if args.dry_run else "renamed"
    print(f"\n{verb} {renamed} of {len(files)} files")


if __name__ == "__main__":
    main()
