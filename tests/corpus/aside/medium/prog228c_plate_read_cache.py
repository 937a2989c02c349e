#!/usr/bin/env python3
"""plate_read_cache - cache per-clip metadata for the ANPR review queue.

Reviewers scrub through gantry video clips when a plate read is disputed.
Probing every clip with ffprobe is slow, so results are cached on disk keyed
by the clip's path and mtime.
"""

import argparse
import hashlib
import json
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("clipcache")

PROBE = {
    "tool": "ffprobe",
    "args": ["-v", "error", "-print_format", "json", "-show_format", "-show_streams"],
    "timeout": 30,
}
CACHE_DIR = Path(".clip_cache")
CLIP_EXT = {".mp4", ".mkv", ".ts", ".avi"}


@dataclass
class ClipInfo:
    path: str
    duration: float = 0.0
    width: int = 0
    height: int = 0
    fps: float = 0.0
    codec: str = ""
    extra: dict = field(default_factory=dict)


def cache_key(path):
    st = os.stat(path)
    return hashlib.md5(f"{path}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()


class ClipCache:
    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(exist_ok=True)
        self.hits = 0
        self.misses = 0

    def _file(self, key):
        return self.root / f"{key}.pkl"

    def get(self, key):
        f = self._file(key)
        if not f.exists():
            self.misses += 1
            return None
        try:
            with f.open("rb") as fh:
                obj = pickle.load(fh)
            self.hits += 1
            return obj
        except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
            LOG.warning("corrupt cache entry %s: %s", f.name, exc)
            f.unlink(missing_ok=True)
            self.misses += 1
            return None

    def put(self, key, info):
        with self._file(key).open("wb") as fh:
            pickle.dump(info, fh, protocol=pickle.HIGHEST_PROTOCOL)


def _fps(rate):
    try:
        num, den = rate.split("/")
        return round(int(num) / int(den), 3) if int(den) else 0.0
    except (ValueError, AttributeError):
        return 0.0


def probe(path):
    cmd = [PROBE["tool"], *PROBE["args"], str(path)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=PROBE["timeout"])
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"{PROBE['tool']} exit {proc.returncode}")
    data = json.loads(proc.stdout)
    video = next((s for s in data.get("streams", []) if s.get("codec_type") == "video"), {})
    return ClipInfo(
        path=str(path),
        duration=float(data.get("format", {}).get("duration", 0) or 0),
        width=int(video.get("width", 0)),
        height=int(video.get("height", 0)),
        fps=_fps(video.get("r_frame_rate", "0/1")),
        codec=video.get("codec_name", ""),
        extra={"tags": data.get("format", {}).get("tags", {})},
    )


def scan(clip_dir, cache):
    for p in sorted(Path(clip_dir).rglob("*")):
        if p.suffix.lower() not in CLIP_EXT or not p.is_file():
            continue
        key = cache_key(p)
        info = cache.get(key)
        if info is None:
            try:
                info = probe(p)
            except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
                LOG.warning("probe failed for %s: %s", p, exc)
                continue
            cache.put(key, info)
        yield info


def main(argv=None):
    ap = argparse.ArgumentParser(description="List clip metadata with caching")
    ap.add_argument("clip_dir", nargs="?", default="./clips")
    ap.add_argument("--cache", default=str(CACHE_DIR))
    ap.add_argument("--json", action="store_true", help="emit JSON lines")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ClipCache(args.cache)
    for info in scan(args.clip_dir, cache):
        if args.json:
            print(json.dumps(info.__dict__))
        else:
            print(f"{info.path}\t{info.duration:8.2f}s\t{info.width}x{info.height}\t{info.fps}fps\t{info.codec}")
    LOG.info("cache hits=%d misses=%d", cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
