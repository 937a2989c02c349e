#!/usr/bin/env python3
"""Index image dimensions for a local asset tree.

Reads PNG/GIF/BMP headers with struct (no image library needed) and keeps a
dbm cache in ./.cache keyed by an MD5 of path+mtime so re-runs are instant.
"""
import argparse
import dbm
import hashlib
import json
import logging
import os
import struct
import sys

log = logging.getLogger("imgindex")
CACHE_PATH = os.path.join(".cache", "imgdims")


def png_dims(head):
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def gif_dims(head):
    if head[:6] not in (b"GIF87a", b"GIF89a"):
        return None
    return struct.unpack("<HH", head[6:10])


def bmp_dims(head):
    if head[:2] != b"BM" or len(head) < 26:
        return None
    w, h = struct.unpack("<ii", head[18:26])
    return w, abs(h)


PARSERS = {".png": png_dims, ".gif": gif_dims, ".bmp": bmp_dims}


def cache_key(path, st):
    token = f"{path}|{st.st_mtime_ns}|{st.st_size}".encode()
    return hashlib.md5(token).hexdigest().encode()


def probe(path):
    parser = PARSERS.get(os.path.splitext(path)[1].lower())
    if parser is None:
        return None
    with open(path, "rb") as fh:
        head = fh.read(32)
    return parser(head)


def walk(root, db, stats):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for fn in filenames:
            full = os.path.join(dirpath, fn)
            try:
                st = os.stat(full)
            except OSError:
                continue
            key = cache_key(full, st)
            if key in db:
                stats["hit"] += 1
                w, h = struct.unpack("<II", db[key])
            else:
                dims = probe(full)
                if dims is None:
                    continue
                w, h = dims
                db[key] = struct.pack("<II", w, h)
                stats["miss"] += 1
            yield os.path.relpath(full, root), w, h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default="assets")
    ap.add_argument("--out", default="image_index.json")
    ap.add_argument("--reset", action="store_true", help="drop the cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    os.makedirs(os.path.dirname(CACHE_PATH), exist_ok=True)
    flag = "n" if args.reset else "c"
    stats = {"hit": 0, "miss": 0}
    with dbm.open(CACHE_PATH, flag) as db:
        index = {rel: {"w": w, "h": h} for rel, w, h in walk(args.root, db, stats)}

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(index, fh, indent=2, sort_keys=True)
    log.info("%d images indexed (%d cached, %d probed) -> %s",
             len(index), stats["hit"], stats["miss"], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
