#!/usr/bin/env python3
"""Rotate local save-game backups.

Copies every world folder in ./saves into ./backups/<timestamp>/, keeps the
newest N backups and writes a small manifest readable only by the owner."""
import argparse
import datetime as dt
import hashlib
import json
import os
import shutil
from pathlib import Path

SAVES = Path("saves")
BACKUPS = Path("backups")
MANIFEST = BACKUPS / "manifest.json"


def folder_digest(folder):
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(folder)).encode())
            with path.open("rb") as fh:
                for chunk in iter(lambda: fh.read(65536), b""):
                    h.update(chunk)
    return h.hexdigest()


def load_manifest():
    if MANIFEST.exists():
        return json.loads(MANIFEST.read_text(encoding="utf-8"))
    return {"backups": []}


def save_manifest(data):
    MANIFEST.write_text(json.dumps(data, indent=2), encoding="utf-8")
    os.chmod(MANIFEST, 0o600)


def make_backup(manifest):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = BACKUPS / stamp
    worlds = {}
    for world in sorted(p for p in SAVES.iterdir() if p.is_dir()):
        digest = folder_digest(world)
        last = manifest["backups"][-1]["worlds"].get(world.name) if manifest["backups"] else None
        if last == digest:
            print(f"{world.name}: unchanged, skipped")
            continue
        shutil.copytree(world, target / world.name)
        worlds[world.name] = digest
        print(f"{world.name}: backed up")
    if worlds:
        prev = manifest["backups"][-1]["worlds"] if manifest["backups"] else {}
        merged = dict(prev)
        merged.update(worlds)
        manifest["backups"].append({"stamp": stamp, "worlds": merged})
    return manifest


def prune(manifest, keep):
    dirs = sorted(p for p in BACKUPS.iterdir() if p.is_dir())
    for old in dirs[:-keep] if keep > 0 else []:
        shutil.rmtree(old)
        print(f"pruned {old.name}")
    manifest["backups"] = manifest["backups"][-keep:]
    return manifest


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep", type=int, default=7)
    args = ap.parse_args()
    if not SAVES.is_dir():
        raise SystemExit("no ./saves directory found")
    BACKUPS.mkdir(exist_ok=True)
    manifest = make_backup(load_manifest())
    manifest = prune(manifest, args.keep)
    save_manifest(manifest)
    print(f"{len(manifest['backups'])} backups tracked")


if __name__ == "__main__":
    main()
