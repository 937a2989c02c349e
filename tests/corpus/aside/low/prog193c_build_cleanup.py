#!/usr/bin/env python3
"""Clean the nursery website's build tree.

Removes generated output (build/, dist/, thumbnail cache, __pycache__)
from the project checkout, and keeps an MD5-keyed manifest of the source
images so unchanged thumbnails are not regenerated next build.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("build_cleanup")

GENERATED = {
    "build": "dir",
    "dist": "dir",
    ".thumb_cache": "dir",
    "site.min.css": "file",
}
MANIFEST = ".image_manifest.json"


def within(root: Path, target: Path) -> bool:
    try:
        target.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def remover(kind: str):
    def rm_dir(p: Path):
        shutil.rmtree(p)

    def rm_file(p: Path):
        p.unlink()
    return {"dir": rm_dir, "file": rm_file}[kind]


def clean(root: Path, dry_run: bool) -> int:
    removed = 0
    targets = [(root / name, kind) for name, kind in GENERATED.items()]
    targets += [(p, "dir") for p in root.rglob("__pycache__")]
    for path, kind in targets:
        if not path.exists() or not within(root, path):
            continue
        log.info("%s %s", "would remove" if dry_run else "removing", path.relative_to(root))
        if not dry_run:
            remover(kind)(path)
        removed += 1
    return removed


def image_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def refresh_manifest(root: Path) -> int:
    images = sorted(p for p in (root / "images").rglob("*") if p.suffix.lower() in {".jpg", ".png"})
    manifest = {str(p.relative_to(root)): image_key(p) for p in images}
    out = root / MANIFEST
    out.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    os.chmod(out, 0o600)
    return len(manifest)


def main():
    parser = argparse.ArgumentParser(description="clean generated website files")
    parser.add_argument("--root", type=Path, default=Path.cwd())
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-manifest", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    root = args.root.resolve()
    if not (root / "site.toml").exists():
        parser.error(f"{root} does not look like the website checkout (no site.toml)")
    n = clean(root, args.dry_run)
    log.info("%d generated paths %s", n, "found" if args.dry_run else "removed")
    if not args.no_manifest and (root / "images").is_dir():
        log.info("manifest has %d images", refresh_manifest(root))


if __name__ == "__main__":
    main()
