#!/usr/bin/env python3
"""Build and check fixity manifests for digitised record collections.

Walks a collection folder, records the SHA-256 of every file and compares
against the previous manifest so staff can spot files that changed or went
missing since the last audit. Files are only read, never modified.
"""

import argparse
import hashlib
import json
import logging
import os
from datetime import datetime, timezone
from pathlib import Path

MANIFEST_NAME = "fixity_manifest.json"
CHUNK = 1024 * 1024

log = logging.getLogger("fixity")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def scan(collection: Path) -> dict:
    entries = {}
    for dirpath, dirnames, filenames in os.walk(collection):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name == MANIFEST_NAME or name.startswith("."):
                continue
            path = Path(dirpath) / name
            rel = str(path.relative_to(collection))
            try:
                stat = path.stat()
                entries[rel] = {"sha256": sha256_of(path), "size": stat.st_size}
            except OSError as exc:
                log.warning("cannot read %s: %s", rel, exc)
    return entries


def compare(old: dict, new: dict) -> dict:
    old_keys, new_keys = set(old), set(new)
    changed = sorted(k for k in old_keys & new_keys
                     if old[k]["sha256"] != new[k]["sha256"])
    return {
        "missing": sorted(old_keys - new_keys),
        "added": sorted(new_keys - old_keys),
        "changed": changed,
    }


def load_manifest(path: Path) -> dict:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8")).get("files", {})


def write_manifest(path: Path, files: dict):
    doc = {
        "generated": datetime.now(timezone.utc).isoformat(),
        "algorithm": "sha256",
        "count": len(files),
        "files": files,
    }
    path.write_text(json.dumps(doc, indent=1, sort_keys=True), encoding="utf-8")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("collection", type=Path)
    parser.add_argument("--manifest-dir", type=Path, default=Path("./manifests"))
    parser.add_argument("--no-update", action="store_true",
                        help="report differences without saving a new manifest")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.collection.is_dir():
        log.error("%s is not a folder", args.collection)
        return 2

    args.manifest_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = args.manifest_dir / f"{args.collection.name}_{MANIFEST_NAME}"

    previous = load_manifest(manifest_path)
    current = scan(args.collection)
    diff = compare(previous, current)

    for kind in ("missing", "changed", "added"):
        for rel in diff[kind]:
            log.info("%-8s %s", kind.upper(), rel)
    log.info("%d files scanned; %d missing, %d changed, %d added",
             len(current), len(diff["missing"]), len(diff["changed"]), len(diff["added"]))

    if not args.no_update:
        write_manifest(manifest_path, current)
        os.chmod(manifest_path, 0o600)
        log.info("manifest saved to %s", manifest_path)

    return 1 if (diff["missing"] or diff["changed"]) and previous else 0


if __name__ == "__main__":
    raise SystemExit(main())
