#!/usr/bin/env python3
"""Manage the CNC job queue for the harp workshop router.

Jobs (a G-code file, the stock blank, tool list and an estimated run time)
are queued here between the CAM station and the router.  The queue is kept
in ./job_queue.pkl so it survives restarts of the shop-floor terminal.
"""

import argparse
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

QUEUE_FILE = Path("job_queue.pkl")
log = logging.getLogger("jobqueue")


@dataclass
class Job:
    gcode: str
    blank: str
    tools: list = field(default_factory=list)
    est_minutes: float = 0.0
    priority: int = 5
    added: float = field(default_factory=time.time)
    done: bool = False

    def label(self):
        return Path(self.gcode).stem


class JobQueue:
    def __init__(self, path=QUEUE_FILE):
        self.path = path
        self.jobs = []

    def load(self):
        if not self.path.exists():
            return
        try:
            with open(self.path, "rb") as fh:
                self.jobs = pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.error("queue file unreadable (%s), starting empty", exc)
            self.jobs = []

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            pickle.dump(self.jobs, fh)
        tmp.replace(self.path)

    def add(self, job):
        self.jobs.append(job)
        self.jobs.sort(key=lambda j: (j.done, j.priority, j.added))

    def pending(self):
        return [j for j in self.jobs if not j.done]

    def next_job(self):
        pending = self.pending()
        return pending[0] if pending else None

    def finish(self, label):
        for j in self.jobs:
            if j.label() == label and not j.done:
                j.done = True
                return True
        return False


def estimate_minutes(gcode_path):
    """Very rough estimate: count motion lines, assume 0.4 s each."""
    try:
        with open(gcode_path, encoding="ascii", errors="ignore") as fh:
            moves = sum(1 for line in fh if line.lstrip().startswith(("G1", "G2", "G3")))
    except OSError:
        return 0.0
    return round(moves * 0.4 / 60, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("gcode")
    a.add_argument("--blank", default="maple-20mm")
    a.add_argument("--tools", default="T1")
    a.add_argument("--priority", type=int, default=5)
    sub.add_parser("list")
    sub.add_parser("next")
    f = sub.add_parser("done")
    f.add_argument("label")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    q = JobQueue()
    q.load()

    if args.cmd == "add":
        if not Path(args.gcode).is_file():
            log.error("no such file: %s", args.gcode)
            return 1
        job = Job(args.gcode, args.blank, args.tools.split(","),
                  estimate_minutes(args.gcode), args.priority)
        q.add(job)
        q.save()
        log.info("queued %s (~%.1f min)", job.label(), job.est_minutes)
    elif args.cmd == "list":
        for j in q.jobs:
            mark = "x" if j.done else " "
            print(f"[{mark}] p{j.priority} {j.label():<24} {j.blank:<14} "
                  f"{','.join(j.tools):<10} {j.est_minutes:>6.1f} min")
    elif args.cmd == "next":
        j = q.next_job()
        print(j.gcode if j else "queue empty")
    elif args.cmd == "done":
        if not q.finish(args.label):
            log.error("no pending job %s", args.label)
            return 1
        q.save()
        log.info("marked %s done", args.label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
