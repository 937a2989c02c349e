#!/usr/bin/env python3
"""Print queue for repair tags and claim slips.

Keeps pending print jobs in a small cache so a kiosk restart does not lose
tags, and sends them to the counter printer with the system print command.
"""
import argparse
import logging
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("print.queue")

CACHE = Path("queue.cache")
PRINTER = "counter_thermal"


@dataclass
class Job:
    ticket: str
    text: str
    copies: int = 1
    created: float = field(default_factory=time.time)


class Queue:
    def __init__(self, cache):
        self.cache = cache
        self.jobs = []

    def load(self):
        if self.cache.exists():
            with open(self.cache, "rb") as fh:
                self.jobs = pickle.load(fh)
            log.debug("restored %d jobs", len(self.jobs))

    def save(self):
        with open(self.cache, "wb") as fh:
            pickle.dump(self.jobs, fh)

    def add(self, job):
        self.jobs.append(job)


def send_to_printer(job, printer):
    cmd = ["lp", "-d", printer, "-n", str(job.copies), "-t", "ticket-" + job.ticket]
    res = subprocess.run(cmd, input=job.text.encode(), capture_output=True, check=False)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.decode().strip() or "lp failed")


def flush(queue, printer):
    remaining = []
    for job in queue.jobs:
        try:
            send_to_printer(job, printer)
            log.info("printed ticket %s", job.ticket)
        except (OSError, RuntimeError) as exc:
            log.warning("ticket %s kept for retry: %s", job.ticket, exc)
            remaining.append(job)
    queue.jobs = remaining


ACTIONS = {}


def action(name):
    def deco(fn):
        ACTIONS[name] = fn
        return fn
    return deco


@action("add")
def do_add(queue, args):
    queue.add(Job(args.ticket, "Repair tag\nTicket %s\n%s\n" % (args.ticket, args.note), args.copies))


@action("flush")
def do_flush(queue, args):
    flush(queue, args.printer)


@action("list")
def do_list(queue, args):
    for job in queue.jobs:
        print("%s\t%d\t%s" % (job.ticket, job.copies, time.ctime(job.created)))


def parse_args():
    p = argparse.ArgumentParser(description="Repair tag print queue")
    p.add_argument("action", choices=sorted(["add", "flush", "list"]))
    p.add_argument("--ticket", default="")
    p.add_argument("--note", default="")
    p.add_argument("--copies", type=int, default=1)
    p.add_argument("--printer", default=PRINTER)
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    queue = Queue(CACHE)
    try:
        queue.load()
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable, starting empty: %s", exc)
    ACTIONS[args.action](queue, args)
    queue.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
