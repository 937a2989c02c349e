#!/usr/bin/env python3
"""A compact on-disk cache for API lookups, kept in ./.cache.

Values are JSON, compressed with zlib and stored as base85 text so the
files stay small and remain safe to open in an editor.  Keys are hashed
with MD5 purely to derive short file names.
"""
import base64
import hashlib
import json
import os
import sys
import time
import zlib
from pathlib import Path

CACHE_DIR = Path(".cache") / "lookups"
TTL_SECONDS = 6 * 3600


def key_path(key):
    digest = hashlib.md5(key.encode("utf-8")).hexdigest()
    return CACHE_DIR / digest[:2] / f"{digest}.b85"


def pack(value):
    raw = json.dumps(value, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return base64.b85encode(zlib.compress(raw, 9)).decode("ascii")


def unpack(text):
    raw = zlib.decompress(base64.b85decode(text.encode("ascii")))
    return json.loads(raw.decode("utf-8"))


def put(key, value):
    path = key_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    record = {"t": time.time(), "k": key, "v": pack(value)}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(record), encoding="utf-8")
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def get(key):
    path = key_path(key)
    if not path.exists():
        return None
    record = json.loads(path.read_text(encoding="utf-8"))
    if time.time() - record["t"] > TTL_SECONDS:
        path.unlink(missing_ok=True)
        return None
    return unpack(record["v"])


def prune():
    removed = 0
    if not CACHE_DIR.exists():
        return removed
    now = time.time()
    for path in CACHE_DIR.rglob("*.b85"):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            path.unlink(missing_ok=True)
            removed += 1
            continue
        if now - record.get("t", 0) > TTL_SECONDS:
            path.unlink(missing_ok=True)
            removed += 1
    return removed


def stats():
    files = list(CACHE_DIR.rglob("*.b85")) if CACHE_DIR.exists() else []
    size = sum(p.stat().st_size for p in files)
    return len(files), size


def main(argv):
    if len(argv) < 2:
        print("usage: compact_json_cache.py put KEY JSON | get KEY | prune | stats")
        return 2
    cmd = argv[1]
    if cmd == "put" and len(argv) == 4:
        put(argv[2], json.loads(argv[3]))
    elif cmd == "get" and len(argv) == 3:
        value = get(argv[2])
        print(json.dumps(value, indent=2) if value is not None else "(miss)")
    elif cmd == "prune":
        print(f"removed {prune()} stale entries")
    elif cmd == "stats":
        count, size = stats()
        print(f"{count} entries, {size} bytes on disk")
    else:
        print(f"unknown command: {cmd}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
