#!/usr/bin/env python3
"""Build a thumbnail manifest of photo-finish frames for the results website.

Each race's finish frames are scaled down and embedded as base64 data in a
JSON manifest, which the web team uploads with the official result. Work is
spread over the CPU cores reported by /proc/cpuinfo.
"""
import argparse
import base64
import io
import json
import logging
import os
import shutil
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from PIL import Image

log = logging.getLogger("finish.thumbs")

THUMB_SIZE = (480, 160)
SCRATCH = Path(".thumb_scratch")


def cpu_count_from_proc():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return os.cpu_count() or 1


def make_thumb(path_str):
    path = Path(path_str)
    with Image.open(path) as img:
        img = img.convert("RGB")
        img.thumbnail(THUMB_SIZE)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=80)
    return {
        "file": path.name,
        "race": path.parent.name,
        "data": base64.b64encode(buf.getvalue()).decode("ascii"),
        "mime": "image/jpeg",
    }


def collect_frames(root):
    frames = sorted(str(p) for p in Path(root).glob("race_*/*.jpg"))
    log.info("found %d frames under %s", len(frames), root)
    return frames


def write_manifest(entries, output):
    # write to a private temp file next to the output, then move into place
    out = Path(output)
    fd, tmp_name = tempfile.mkstemp(prefix=".manifest-", suffix=".json", dir=out.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"frames": entries}, fh)
        os.replace(tmp_name, out)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


def clean_scratch():
    if SCRATCH.exists():
        shutil.rmtree(SCRATCH)
        log.info("removed %s", SCRATCH)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("frames_root", help="directory containing race_<n>/ folders")
    ap.add_argument("-o", "--output", default="finish_manifest.json")
    ap.add_argument("--workers", type=int, default=0, help="0 = one per CPU")
    ap.add_argument("--clean", action="store_true", help="remove scratch dir and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean_scratch()
        return 0

    frames = collect_frames(args.frames_root)
    if not frames:
        log.error("no frames found")
        return 1

    SCRATCH.mkdir(exist_ok=True)
    workers = args.workers or cpu_count_from_proc()
    entries = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for path, result in zip(frames, pool.map(make_thumb, frames, chunksize=4)):
            if result:
                entries.append(result)
            else:
                log.warning("skipped %s", path)

    write_manifest(entries, args.output)
    clean_scratch()
    log.info("manifest with %d thumbnails written to %s", len(entries), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
