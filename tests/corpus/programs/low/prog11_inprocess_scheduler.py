#!/usr/bin/env python3
"""A tiny cron-like scheduler inside the program: runs its own Python jobs
(summaries of files in ./data) every N seconds until interrupted."""
import argparse
import json
import logging
import sched
import threading
import time
from pathlib import Path

log = logging.getLogger("scheduler")


class Scheduler:
    def __init__(self):
        self.s = sched.scheduler(time.monotonic, time.sleep)
        self.stop = threading.Event()

    def every(self, seconds, job):
        def run():
            if self.stop.is_set():
                return
            try:
                job()
            except Exception:
                log.exception("job %s failed", job.__name__)
            self.s.enter(seconds, 1, run)
        self.s.enter(0, 1, run)

    def serve(self):
        try:
            self.s.run()
        except KeyboardInterrupt:
            self.stop.set()


def summarise():
    data = Path("data")
    files = list(data.glob("*.json")) if data.exists() else []
    total = sum(len(json.loads(f.read_text())) for f in files)
    Path("summary.txt").write_text(f"{len(files)} files, {total} records\n")
    log.info("summary: %d files", len(files))


def heartbeat():
    log.info("alive at %s", time.strftime("%H:%M:%S"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--every", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    s = Scheduler()
    s.every(args.every, summarise)
    s.every(10, heartbeat)
    s.serve()


if __name__ == "__main__":
    main()
