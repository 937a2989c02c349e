#!/usr/bin/env python3
"""Index cue snapshot thumbnails for the lighting console's cue viewer.

Scans ./cue_snapshots for PNG thumbnails, keys each one by an MD5 of its
path and mtime, embeds the thumbnail as base64 in a JSON index the viewer's
web page can load directly, and can wipe its own build cache for a clean
rebuild. The index header records which machine built it.
"""
import argparse
import base64
import hashlib
import json
import logging
import platform
import shutil
import sys
from pathlib import Path

log = logging.getLogger("cue_index")

SNAP_DIR = Path("cue_snapshots")
CACHE_DIR = Path(".cue_index_cache")
INDEX_FILE = Path("cue_index.json")


def os_pretty_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.platform()


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cache_key(path: Path) -> str:
    stat = path.stat()
    return hashlib.md5(f"{path}:{stat.st_mtime_ns}".encode()).hexdigest()


def encoded_thumb(path: Path) -> str:
    """Return the thumbnail as base64, reusing the cached copy if unchanged."""
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.b64"
    if cached.exists():
        return cached.read_text()
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(data)
    return data


def cue_number(path: Path) -> str:
    # files are named like "q12.5_blackout.png"
    stem = path.stem
    return stem.split("_", 1)[0].lstrip("qQ")


def build_index() -> dict:
    entries = []
    for png in sorted(SNAP_DIR.glob("*.png")):
        try:
            entries.append({
                "cue": cue_number(png),
                "file": png.name,
                "thumb": "data:image/png;base64," + encoded_thumb(png),
            })
        except OSError as exc:
            log.warning("skipping %s: %s", png, exc)
    return {
        "built_on": {"os": os_pretty_name(), "cpu": cpu_model()},
        "count": len(entries),
        "cues": entries,
    }


def clean_cache():
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("removed %s", CACHE_DIR)
    if INDEX_FILE.exists():
        INDEX_FILE.unlink()
        log.info("removed %s", INDEX_FILE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clean", action="store_true", help="remove cache and index first")
    ap.add_argument("--clean-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean or args.clean_only:
        clean_cache()
        if args.clean_only:
            return 0
    if not SNAP_DIR.is_dir():
        log.error("no %s directory here", SNAP_DIR)
        return 1
    index = build_index()
    INDEX_FILE.write_text(json.dumps(index))
    log.info("indexed %d cue snapshot(s) into %s", index["count"], INDEX_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
