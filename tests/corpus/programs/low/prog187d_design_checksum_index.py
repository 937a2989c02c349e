#!/usr/bin/env python3
"""Build a checksum index of the design folder.

Walks the drawings and patterns, records size, mtime and SHA-256 for each
file, and reports what changed since the last run so we know what needs
copying to the NAS.
"""
import argparse
import hashlib
import json
import logging
import os
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("design-index")

DESIGN_EXT = {".dxf", ".dwg", ".svg", ".pdf", ".step", ".stl", ".f3d", ".png", ".jpg"}
INDEX_NAME = "design_index.json"


def sha256_of(path: Path, bufsize: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def scan(root: Path):
    entries = {}
    for dirpath, dirnames, files in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() not in DESIGN_EXT:
                continue
            st = p.stat()
            entries[str(p.relative_to(root))] = {
                "size": st.st_size,
                "mtime": datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(),
                "sha256": sha256_of(p),
            }
    return entries


def diff(old: dict, new: dict):
    added = sorted(set(new) - set(old))
    removed = sorted(set(old) - set(new))
    changed = sorted(k for k in set(old) & set(new) if old[k]["sha256"] != new[k]["sha256"])
    return added, removed, changed


def main():
    parser = argparse.ArgumentParser(description="Checksum index of design files")
    parser.add_argument("root", type=Path, nargs="?", default=Path("designs"))
    parser.add_argument("--index", type=Path, default=Path(INDEX_NAME))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.root.is_dir():
        parser.error(f"{args.root} is not a folder")

    old = json.loads(args.index.read_text()) if args.index.exists() else {}
    new = scan(args.root)
    added, removed, changed = diff(old, new)

    for label, items in (("new", added), ("removed", removed), ("changed", changed)):
        for item in items:
            log.info("%-8s %s", label, item)
    log.info("%d files indexed: %d new, %d removed, %d changed",
             len(new), len(added), len(removed), len(changed))

    args.index.write_text(json.dumps(new, indent=2, sort_keys=True))
    os.chmod(args.index, 0o600)


if __name__ == "__main__":
    main()
