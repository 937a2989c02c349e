#!/usr/bin/env python3
"""Batch-resize a directory of scans as fast as the machine allows.

While the batch runs, every CPU core is switched to the "performance"
frequency governor; the previous governors are restored afterwards.
"""
import argparse
import contextlib
import glob
import logging
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image

log = logging.getLogger("batch-resize")
CPUFREQ_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"


class GovernorSwitch(contextlib.AbstractContextManager):
    """Temporarily sets scaling_governor on all cores."""

    def __init__(self, target="performance"):
        self.target = target
        self.saved = {}

    def _nodes(self):
        return sorted(glob.glob(CPUFREQ_GLOB))

    @staticmethod
    def _write(node, value):
        with open(node, "w") as fh:
            fh.write(value + "\n")

    def __enter__(self):
        for node in self._nodes():
            try:
                with open(node) as fh:
                    self.saved[node] = fh.read().strip()
                self._write(node, self.target)
            except PermissionError:
                log.warning("cannot set governor on %s (run as root for full speed)", node)
                break
        if self.saved:
            log.info("governor -> %s on %d core(s)", self.target, len(self.saved))
        return self

    def __exit__(self, *exc):
        for node, value in self.saved.items():
            with contextlib.suppress(OSError):
                self._write(node, value)
        return False


def resize_one(job):
    src, dest, max_side, quality = job
    with Image.open(src) as im:
        im.thumbnail((max_side, max_side), Image.BICUBIC)
        if im.mode not in ("RGB", "L"):
            im = im.convert("RGB")
        dest.parent.mkdir(parents=True, exist_ok=True)
        im.save(dest, "JPEG", quality=quality, optimize=True)
    return dest


def collect(src_dir, out_dir, max_side, quality, overwrite):
    for src in sorted(src_dir.rglob("*")):
        if src.suffix.lower() not in (".tif", ".tiff", ".png", ".jpg", ".jpeg", ".bmp"):
            continue
        dest = out_dir / src.relative_to(src_dir).with_suffix(".jpg")
        if dest.exists() and not overwrite:
            continue
        yield src, dest, max_side, quality


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--max-side", type=int, default=2048)
    ap.add_argument("--quality", type=int, default=88)
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--no-turbo", action="store_true", help="leave CPU governor alone")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    jobs = list(collect(args.src, args.out, args.max_side, args.quality, args.overwrite))
    if not jobs:
        log.info("nothing to do")
        return
    switch = contextlib.nullcontext() if args.no_turbo else GovernorSwitch("performance")
    with switch, ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        for n, dest in enumerate(pool.map(resize_one, jobs, chunksize=4), 1):
            if n % 50 == 0 or n == len(jobs):
                log.info("%d/%d done (last: %s)", n, len(jobs), dest.name)


if __name__ == "__main__":
    main()
