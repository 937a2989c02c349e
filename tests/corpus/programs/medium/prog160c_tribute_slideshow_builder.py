#!/usr/bin/env python3
"""Build the tribute slideshow video shown during a service.

Families send photos by email or USB stick; they are resized, ordered by the
list the family approved, and joined into an MP4 with ffmpeg. The per-photo
processing state is cached so a re-run after a late photo is quick.
"""
import argparse
import hashlib
import logging
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("slideshow")

CACHE_NAME = ".slideshow_cache.pkl"
IMAGE_TYPES = {".jpg", ".jpeg", ".png", ".heic", ".tif"}


class SlideCache:
    def __init__(self, folder):
        self.path = folder / CACHE_NAME
        self.entries = {}
        if self.path.exists():
            with open(self.path, "rb") as fh:
                self.entries = pickle.load(fh)

    def get(self, key):
        return self.entries.get(key)

    def put(self, key, value):
        self.entries[key] = value

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def ordered_photos(folder, order_file):
    photos = {p.name: p for p in folder.iterdir() if p.suffix.lower() in IMAGE_TYPES}
    if order_file and order_file.exists():
        names = [line.strip() for line in order_file.read_text().splitlines() if line.strip()]
        return [photos[n] for n in names if n in photos]
    return sorted(photos.values())


def prepare(photo, work_dir, index, width, height):
    out = work_dir / ("slide_%04d.jpg" % index)
    cmd = ["convert", str(photo), "-auto-orient", "-resize", "%dx%d" % (width, height),
           "-background", "black", "-gravity", "center",
           "-extent", "%dx%d" % (width, height), str(out)]
    subprocess.run(cmd, check=True)
    return out


def render(work_dir, output, seconds, music=None):
    cmd = ["ffmpeg", "-y", "-framerate", "1/%d" % seconds,
           "-i", str(work_dir / "slide_%04d.jpg")]
    if music:
        cmd += ["-i", str(music), "-shortest"]
    cmd += ["-c:v", "libx264", "-r", "25", "-pix_fmt", "yuv420p", str(output)]
    LOG.info("rendering %s", output)
    subprocess.run(cmd, check=True)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--order", type=Path, help="approved running order")
    parser.add_argument("--music", type=Path)
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("-o", "--output", type=Path, default=Path("tribute.mp4"))
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args = parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    work_dir = args.folder / "_slides"
    if work_dir.exists():
        shutil.rmtree(work_dir)
    work_dir.mkdir()
    cache = SlideCache(args.folder)
    photos = ordered_photos(args.folder, args.order)
    if not photos:
        LOG.error("no photos found in %s", args.folder)
        return 1
    for index, photo in enumerate(photos):
        key = digest(photo)
        prepared = prepare(photo, work_dir, index, width, height)
        cache.put(key, {"name": photo.name, "slide": prepared.name})
    cache.save()
    render(work_dir, args.output, args.seconds, args.music)
    LOG.info("%d photos in %s", len(photos), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
