#!/usr/bin/env python3
"""Back up the pit survey folder into dated archives and rotate old ones.

Originals are left in place; only archives made by this tool in the backup
folder are ever pruned.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import tarfile
import time
from functools import wraps
from pathlib import Path

log = logging.getLogger("survey.backup")

PREFIX = "survey-"
FORMATS = {
    "gz": ("w:gz", ".tar.gz"),
    "bz2": ("w:bz2", ".tar.bz2"),
    "xz": ("w:xz", ".tar.xz"),
}
SKIP = {".tmp", ".lock", ".partial"}


def timed(label):
    def wrap(fn):
        @wraps(fn)
        def inner(*a, **kw):
            t0 = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                log.info("%s took %.1fs", label, time.perf_counter() - t0)
        return inner
    return wrap


def walk_sources(src):
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix not in SKIP:
                yield p


def digest(path, algo="sha256"):
    h = getattr(hashlib, algo)()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@timed("archive")
def make_archive(src, dest_dir, fmt):
    mode, ext = FORMATS[fmt]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = dest_dir / "{}{}{}".format(PREFIX, stamp, ext)
    manifest = {}
    with tarfile.open(target, mode) as tar:
        for p in walk_sources(src):
            rel = p.relative_to(src.parent)
            tar.add(p, arcname=str(rel), recursive=False)
            manifest[str(rel)] = digest(p)
    side = target.with_name(target.name + ".manifest.json")
    side.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    return target, len(manifest)


def own_archives(dest_dir):
    exts = tuple(ext for _, ext in FORMATS.values())
    return sorted(p for p in dest_dir.iterdir()
                  if p.is_file() and p.name.startswith(PREFIX) and p.name.endswith(exts))


@timed("rotate")
def rotate(dest_dir, keep):
    archives = own_archives(dest_dir)
    stale = archives[:-keep] if keep > 0 else []
    for p in stale:
        side = p.with_name(p.name + ".manifest.json")
        for f in (p, side):
            if f.exists():
                f.unlink()
        log.info("pruned %s", p.name)
    return len(stale)


def verify(archive):
    opener = getattr(importlib.import_module("tarfile"), "open")
    with opener(archive) as tar:
        return sum(1 for m in tar.getmembers() if m.isfile())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default=os.environ.get("SURVEY_SRC", "survey"))
    ap.add_argument("--dest", default=os.environ.get("SURVEY_BACKUPS", "backups"))
    ap.add_argument("--format", choices=sorted(FORMATS), default="gz")
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src = Path(args.src).resolve()
    dest = Path(args.dest).resolve()
    if not src.is_dir():
        log.error("no survey folder at %s", src)
        return 1
    if dest == src or src in dest.parents:
        log.error("backup folder must be outside the survey folder")
        return 1
    dest.mkdir(parents=True, exist_ok=True)
    archive, n = make_archive(src, dest, args.format)
    checked = verify(archive)
    if checked != n:
        log.error("archive check failed: %d of %d files", checked, n)
        return 1
    log.info("archived %d files into %s", n, archive.name)
    rotate(dest, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
