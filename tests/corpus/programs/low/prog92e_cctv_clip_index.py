#!/usr/bin/env python3
"""Build a searchable index of CCTV clips for the facility office viewer.

Walks clips/<camera>/<date>/*.mp4, reads each clip's duration from the MP4
header (no ffmpeg needed), and writes clip_index.json, which the office
viewer loads to jump to a time range. Per-clip metadata is cached under
.clipcache/ keyed on path+size+mtime so reruns only parse new clips; cache
entries for clips that no longer exist are pruned.
"""
import argparse
import hashlib
import json
import logging
import os
import struct
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("clip_index")

CACHE = Path(".clipcache")
INDEX = Path("clip_index.json")


def mp4_duration(path):
    """Return duration in seconds from the moov/mvhd box, or None."""
    with open(path, "rb") as fh:
        end = os.fstat(fh.fileno()).st_size
        pos = 0
        while pos + 8 <= end:
            fh.seek(pos)
            size, kind = struct.unpack(">I4s", fh.read(8))
            header = 8
            if size == 1:
                size = struct.unpack(">Q", fh.read(8))[0]
                header = 16
            elif size == 0:
                size = end - pos
            if kind == b"moov":
                end = pos + size
                pos += header
                continue
            if kind == b"mvhd":
                version = fh.read(1)[0]
                fh.read(3)
                if version == 1:
                    fh.read(16)
                    scale, dur = struct.unpack(">IQ", fh.read(12))
                else:
                    fh.read(8)
                    scale, dur = struct.unpack(">II", fh.read(8))
                return round(dur / scale, 2) if scale else None
            if size < header:
                break
            pos += size
    return None


def cache_key(path, st):
    raw = f"{path}|{st.st_size}|{int(st.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()


def clip_meta(path):
    st = path.stat()
    key = cache_key(path, st)
    cfile = CACHE / f"{key}.json"
    if cfile.exists():
        return key, json.loads(cfile.read_text())
    try:
        duration = mp4_duration(path)
    except (OSError, struct.error) as exc:
        log.warning("%s: unreadable header (%s)", path, exc)
        duration = None
    meta = {
        "camera": path.parent.parent.name,
        "date": path.parent.name,
        "file": str(path),
        "start": datetime.fromtimestamp(st.st_mtime).isoformat(timespec="seconds"),
        "bytes": st.st_size,
        "duration": duration,
    }
    cfile.write_text(json.dumps(meta))
    return key, meta


def walk(root):
    for cam in sorted(p for p in root.iterdir() if p.is_dir()):
        for day in sorted(p for p in cam.iterdir() if p.is_dir()):
            yield from sorted(day.glob("*.mp4"))


def prune(live_keys):
    removed = 0
    for f in CACHE.glob("*.json"):
        if f.stem not in live_keys:
            f.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="clips")
    ap.add_argument("--rebuild", action="store_true", help="ignore the metadata cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1
    if args.rebuild and CACHE.exists():
        for f in CACHE.glob("*.json"):
            f.unlink()
    CACHE.mkdir(exist_ok=True)

    entries, keys = [], set()
    for clip in walk(root):
        key, meta = clip_meta(clip)
        keys.add(key)
        entries.append(meta)

    by_camera = {}
    for e in entries:
        by_camera.setdefault(e["camera"], []).append(e)
    tmp = INDEX.with_suffix(".tmp")
    tmp.write_text(json.dumps({"generated": datetime.now().isoformat(timespec="seconds"),
                               "cameras": by_camera}, indent=1))
    os.chmod(tmp, 0o600)
    tmp.replace(INDEX)

    pruned = prune(keys)
    total_h = sum(e["duration"] or 0 for e in entries) / 3600
    log.info("indexed %d clips (%.1f h) from %d cameras; pruned %d cache entries",
             len(entries), total_h, len(by_camera), pruned)
    return 0


if __name__ == "__main__":
    sys.exit(main())
