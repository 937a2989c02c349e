#!/usr/bin/env python3
"""Render web thumbnails for student portfolio images.

Uses the ImageMagick 7 installed on the studio PCs (the `magick` command;
falls back to `convert` for IM6 machines). Produces <name>_thumb.jpg and
<name>_web.jpg next to each original, skipping ones that are up to date.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

log = logging.getLogger("thumbs")

SIZES = {"thumb": "320x320", "web": "1600x1600"}
SOURCES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".psd", ".webp"}


def find_magick():
    for name in (os.environ.get("MAGICK_BIN"), "magick", "convert"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Renderer:
    def __init__(self, binary, timeout=180):
        self.binary = binary
        self.timeout = timeout

    def convert(self, src, dest, geom):
        cmd = [self.binary, f"{src}[0]", "-auto-orient", "-colorspace", "sRGB",
               "-resize", f"{geom}>", "-strip", "-quality", "85", str(dest)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"convert failed: {proc.stderr.strip()[-300:]}")


def outputs_for(src):
    return {k: src.with_name(f"{src.stem}_{k}.jpg") for k in SIZES}


def needs_render(src, outs):
    m = src.stat().st_mtime
    return any(not o.exists() or o.stat().st_mtime < m for o in outs.values())


def render_one(renderer, src):
    outs = outputs_for(src)
    if not needs_render(src, outs):
        return False
    for kind, geom in SIZES.items():
        renderer.convert(src, outs[kind], geom)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    srcs = [p for p in sorted(args.folder.rglob("*"))
            if p.suffix.lower() in SOURCES and not p.stem.endswith(("_thumb", "_web"))]
    if not srcs:
        log.warning("no images under %s", args.folder)
        return 0

    binary = find_magick()
    if not binary:
        log.error("ImageMagick not found (install it or set MAGICK_BIN)")
        return 1
    renderer = Renderer(binary)

    start, done, failed = time.time(), 0, 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(render_one, renderer, s): s for s in srcs}
        for fut in as_completed(futures):
            src = futures[fut]
            try:
                if fut.result():
                    done += 1
                    log.info("rendered %s", src)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                failed += 1
                log.error("%s: %s", src, exc)
    log.info("%d rendered, %d failed, %d up to date in %.1fs",
             done, failed, len(srcs) - done - failed, time.time() - start)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
