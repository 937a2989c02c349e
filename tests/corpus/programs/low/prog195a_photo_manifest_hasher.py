#!/usr/bin/env python3
"""Build a checksum manifest for a job's condition-survey photos.

Before photos go to the client or the heritage body, we record a SHA-256 for
every file so later copies can be verified.  A small MD5-keyed cache of
already-hashed files (by path, size and mtime) keeps re-runs fast.
"""
import argparse
import hashlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("photo-manifest")

CACHE_NAME = ".manifest-cache.json"
PHOTO_EXTS = {".jpg", ".jpeg", ".tif", ".tiff", ".png", ".cr2", ".nef", ".dng"}


@dataclass
class Entry:
    path: str
    size: int
    sha256: str


def digest_factory(name):
    ctor = getattr(hashlib, name)

    def digest(path: Path, block=1 << 20):
        h = ctor()
        with path.open("rb") as fh:
            for chunk in iter(lambda: fh.read(block), b""):
                h.update(chunk)
        return h.hexdigest()
    return digest


def cache_key(path: Path, st):
    raw = f"{path}|{st.st_size}|{st.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


class Manifest:
    def __init__(self, root: Path):
        self.root = root
        self.cache_path = root / CACHE_NAME
        self.cache = self._load_cache()
        self.sha = digest_factory("sha256")
        self.hits = 0

    def _load_cache(self):
        try:
            return json.loads(self.cache_path.read_text())
        except (OSError, json.JSONDecodeError):
            return {}

    def walk(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                p = Path(dirpath) / name
                if p.suffix.lower() in PHOTO_EXTS:
                    yield p

    def entry(self, p: Path):
        st = p.stat()
        key = cache_key(p, st)
        if key in self.cache:
            self.hits += 1
            digest = self.cache[key]
        else:
            digest = self.sha(p)
            self.cache[key] = digest
        return Entry(str(p.relative_to(self.root)), st.st_size, digest)

    def build(self):
        return [self.entry(p) for p in self.walk()]

    def save_cache(self):
        self.cache_path.write_text(json.dumps(self.cache))
        os.chmod(self.cache_path, 0o600)


def write_outputs(entries, out: Path, fmt: str):
    writers = {
        "sha256sum": lambda: "".join(f"{e.sha256}  {e.path}\n" for e in entries),
        "json": lambda: json.dumps([asdict(e) for e in entries], indent=2),
    }
    out.write_text(writers[fmt]())
    os.chmod(out, 0o600)
    return out


def main():
    ap = argparse.ArgumentParser(description="Checksum manifest for survey photos")
    ap.add_argument("root", type=Path, nargs="?", default=Path.cwd())
    ap.add_argument("--out", type=Path)
    ap.add_argument("--format", choices=("sha256sum", "json"), default="sha256sum")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache:
        (args.root / CACHE_NAME).unlink(missing_ok=True)
    m = Manifest(args.root)
    entries = m.build()
    m.save_cache()
    out = args.out or args.root / ("MANIFEST." + ("json" if args.format == "json" else "sha256"))
    write_outputs(entries, out, args.format)
    total = sum(e.size for e in entries)
    log.info("%d photos, %.1f MB, %d cache hits -> %s", len(entries), total / 1e6, m.hits, out)


if __name__ == "__main__":
    main()
