#!/usr/bin/env python3
"""Write a SHA-256 manifest for a job's deliverables before issue.

Clients increasingly ask for checksums with the plan set and point cloud
handover so they can prove what they received. The manifest goes into the
deliverables folder as MANIFEST-SHA256.txt, and --verify re-checks it.
"""
import argparse
import hashlib
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("checksums")

MANIFEST_NAME = "MANIFEST-SHA256.txt"
SKIP_NAMES = {MANIFEST_NAME, "Thumbs.db", ".DS_Store"}
CHUNK = 1024 * 1024


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def walk_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name in SKIP_NAMES or name.startswith("~$"):
                continue
            yield Path(dirpath) / name


def build_manifest(root: Path, job: str) -> Path:
    lines = [f"# {job} deliverables - generated {time.strftime('%Y-%m-%d %H:%M')}"]
    total = 0
    for path in walk_files(root):
        rel = path.relative_to(root).as_posix()
        lines.append(f"{sha256_file(path)}  {rel}")
        total += path.stat().st_size
        log.debug("hashed %s", rel)
    manifest = root / MANIFEST_NAME
    manifest.write_text("\n".join(lines) + "\n", encoding="utf-8")
    log.info("%d file(s), %.1f MB -> %s", len(lines) - 1, total / 1e6, manifest)
    return manifest


def verify_manifest(root: Path) -> int:
    manifest = root / MANIFEST_NAME
    if not manifest.exists():
        log.error("no manifest in %s", root)
        return 2
    bad = 0
    for line in manifest.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        expected, rel = line.split("  ", 1)
        path = root / rel
        if not path.exists():
            print(f"MISSING  {rel}")
            bad += 1
        elif sha256_file(path) != expected:
            print(f"CHANGED  {rel}")
            bad += 1
    print("all files match" if bad == 0 else f"{bad} problem(s)")
    return 0 if bad == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description="SHA-256 manifest for deliverables")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--job", default=os.environ.get("HS_JOB", "unnamed job"))
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.folder.is_dir():
        log.error("%s is not a folder", args.folder)
        return 2
    if args.verify:
        return verify_manifest(args.folder)
    build_manifest(args.folder, args.job)
    return 0


if __name__ == "__main__":
    sys.exit(main())
