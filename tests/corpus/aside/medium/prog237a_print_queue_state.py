#!/usr/bin/env python3
"""Print-queue bookkeeping for the makerspace 3D printers.

Keeps the queue of patron print jobs between sessions (saved as a pickle
in the working directory), adds or completes jobs, and estimates
filament use by handing the G-code to a small awk script written next to it.
"""
import argparse
import logging
import os
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field

LOG = logging.getLogger("queue")

STATE_FILE = os.environ.get("QUEUE_STATE", "queue_state.pkl")
AWK_HELPER = "filament_sum.sh"

AWK_BODY = r"""#!/bin/bash
# sums extrusion (E) moves in a G-code file; prints millimetres of filament
awk '/^G1/ && / E[0-9.]+/ { for (i=1;i<=NF;i++) if ($i ~ /^E/) { e=substr($i,2); if (e>last) total+=e-last; last=e } }
     /^G92 E0/ { last=0 }
     END { printf "%.1f\n", total }' "$1"
"""


@dataclass
class Job:
    patron: str
    gcode: str
    printer: str
    added: float = field(default_factory=time.time)
    filament_mm: float = 0.0
    done: bool = False


class Queue:
    def __init__(self, path):
        self.path = path
        self.jobs = []

    def load(self):
        if not os.path.exists(self.path):
            LOG.info("no saved queue, starting empty")
            return
        with open(self.path, "rb") as fh:
            self.jobs = pickle.load(fh)
        LOG.info("loaded %d jobs from %s", len(self.jobs), self.path)

    def save(self):
        tmp = self.path + ".new"
        with open(tmp, "wb") as fh:
            pickle.dump(self.jobs, fh)
        os.replace(tmp, self.path)

    def pending(self):
        return [j for j in self.jobs if not j.done]


def ensure_helper():
    if not os.path.exists(AWK_HELPER):
        with open(AWK_HELPER, "w") as fh:
            fh.write(AWK_BODY)
        os.chmod(AWK_HELPER, 0o700)


def filament_length(gcode):
    ensure_helper()
    try:
        out = subprocess.run(["bash", AWK_HELPER, gcode], capture_output=True,
                             text=True, timeout=60, check=True)
        return float(out.stdout.strip() or 0)
    except (subprocess.SubprocessError, ValueError) as exc:
        LOG.warning("could not measure %s: %s", gcode, exc)
        return 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("patron")
    a.add_argument("gcode")
    a.add_argument("--printer", default="any")
    d = sub.add_parser("done")
    d.add_argument("index", type=int)
    sub.add_parser("list")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    q = Queue(STATE_FILE)
    try:
        q.load()
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        LOG.error("queue state unreadable: %s", exc)
        return 1

    if args.cmd == "add":
        job = Job(args.patron, args.gcode, args.printer)
        job.filament_mm = filament_length(args.gcode)
        q.jobs.append(job)
        LOG.info("queued %s for %s (%.0f mm filament)", args.gcode, args.patron, job.filament_mm)
    elif args.cmd == "done":
        pending = q.pending()
        if not 0 <= args.index < len(pending):
            LOG.error("no pending job %d", args.index)
            return 2
        pending[args.index].done = True
    else:
        for i, j in enumerate(q.pending()):
            age = (time.time() - j.added) / 3600
            print(f"{i:3d} {j.patron:20s} {j.printer:10s} {j.filament_mm/1000:6.2f} m  {age:4.1f} h  {j.gcode}")
    q.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
