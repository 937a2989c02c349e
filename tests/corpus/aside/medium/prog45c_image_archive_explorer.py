#!/usr/bin/env python3
"""Unpack an image archive (`docker save` / OCI layout tar) for inspection.

Extracts the archive into ./explore/<name>/, then unpacks every layer into
its own directory and prints the largest files each layer adds, which
helps when trimming bloated images.
"""
import argparse
import heapq
import json
import logging
import os
import tarfile
from pathlib import Path

logger = logging.getLogger("explore")


def unpack(archive: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, mode="r:*") as tf:
        members = tf.getmembers()
        logger.debug("%s: %d members", archive.name, len(members))
        tf.extractall(dest)


def layer_paths(root: Path):
    manifest = root / "manifest.json"
    if manifest.is_file():
        entries = json.loads(manifest.read_text())
        for entry in entries:
            for layer in entry.get("Layers", []):
                yield root / layer
        return
    index = root / "index.json"
    if index.is_file():
        for blob in sorted((root / "blobs" / "sha256").glob("*")):
            if tarfile.is_tarfile(blob):
                yield blob


def largest_files(directory: Path, count: int):
    sizes = []
    for dirpath, _dirs, files in os.walk(directory):
        for name in files:
            p = Path(dirpath) / name
            try:
                if not p.is_symlink():
                    sizes.append((p.stat().st_size, p.relative_to(directory)))
            except OSError:
                continue
    return heapq.nlargest(count, sizes)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archive", type=Path)
    ap.add_argument("--workdir", type=Path, default=Path("explore"))
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname).1s %(message)s")

    name = args.archive.name.split(".")[0]
    root = args.workdir / name
    try:
        unpack(args.archive, root)
    except (tarfile.TarError, OSError) as exc:
        logger.error("cannot unpack %s: %s", args.archive, exc)
        return 1

    for i, layer in enumerate(layer_paths(root)):
        target = root / "layers" / f"{i:02d}"
        try:
            unpack(layer, target)
        except (tarfile.TarError, OSError) as exc:
            logger.warning("layer %s: %s", layer.name, exc)
            continue
        print(f"layer {i:02d} ({layer.name[:19]})")
        for size, rel in largest_files(target, args.top):
            print(f"  {size / 1024:10.1f} KiB  /{rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
