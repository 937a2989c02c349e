#!/usr/bin/env python3
"""Snapshot CAD/slicer project files into dated zip archives.

Walks a project tree (the current directory by default), detects which
STL/STEP/3MF/G-code files changed since the last run using a content-hash
cache, and packs the changed ones into ./snapshots/<date>.zip.  Old
snapshots beyond the configured retention are pruned.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import zipfile
from pathlib import Path

import yaml

LOG = logging.getLogger("cad_snapshot")
DEFAULTS = {
    "extensions": [".stl", ".step", ".stp", ".3mf", ".gcode", ".f3d"],
    "keep": 10,
    "exclude_dirs": ["snapshots", ".git", "__pycache__"],
}
CACHE_NAME = ".snapshot_cache.json"


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.is_file():
        with path.open("r", encoding="utf-8") as fh:
            user = yaml.safe_load(fh) or {}
        settings.update({k: v for k, v in user.items() if k in DEFAULTS})
    return settings


def file_key(path: Path) -> str:
    """MD5 of the file contents, used only as a change-detection cache key."""
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


class SnapshotCache:
    def __init__(self, root: Path):
        self.path = root / CACHE_NAME
        self.entries = {}
        if self.path.exists():
            try:
                self.entries = json.loads(self.path.read_text())
            except json.JSONDecodeError:
                LOG.warning("cache corrupt, starting fresh")

    def changed(self, rel: str, key: str) -> bool:
        return self.entries.get(rel) != key

    def record(self, rel: str, key: str) -> None:
        self.entries[rel] = key

    def save(self) -> None:
        self.path.write_text(json.dumps(self.entries, indent=1, sort_keys=True))


def iter_project_files(root: Path, settings: dict):
    exts = {e.lower() for e in settings["extensions"]}
    skip = set(settings["exclude_dirs"])
    for path in sorted(root.rglob("*")):
        if any(part in skip for part in path.relative_to(root).parts):
            continue
        if path.is_file() and path.suffix.lower() in exts:
            yield path


def prune(snap_dir: Path, keep: int) -> None:
    archives = sorted(snap_dir.glob("snapshot-*.zip"))
    for old in archives[:-keep] if keep > 0 else []:
        LOG.info("pruning old snapshot %s", old.name)
        old.unlink()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".", help="project directory")
    ap.add_argument("--config", default="snapshot.yaml")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.root).resolve()
    settings = load_settings(root / args.config)
    cache = SnapshotCache(root)
    changed = []
    for path in iter_project_files(root, settings):
        rel = str(path.relative_to(root))
        key = file_key(path)
        if cache.changed(rel, key):
            changed.append((path, rel))
            cache.record(rel, key)

    if not changed:
        LOG.info("nothing changed since last snapshot")
        return 0
    LOG.info("%d changed file(s)", len(changed))
    if args.dry_run:
        for _, rel in changed:
            print(rel)
        return 0

    snap_dir = root / "snapshots"
    snap_dir.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = snap_dir / f"snapshot-{stamp}.zip"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path, rel in changed:
            zf.write(path, arcname=rel)
    cache.save()
    prune(snap_dir, int(settings["keep"]))
    LOG.info("wrote %s", target.relative_to(root))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
