#!/usr/bin/env python3
"""ticket_replay.py - re-run Ghostscript preflight for job tickets dropped by
the MIS bridge.

The bridge drops pickled ticket objects next to each PDF in the hot folder.
For every ticket a small shell script is written that runs Ghostscript with
the ticket's settings; results are collected into a CSV in the working dir.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("ticket_replay")

GS_SCRIPT = """#!/bin/bash
set -u
gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=inkcov -r"$GS_RES" \\
   -dFirstPage=1 -dLastPage="$GS_LAST" "$GS_INPUT" 2>&1
"""


class Ticket:
    def __init__(self, job_id, pdf, resolution=150, last_page=1):
        self.job_id = job_id
        self.pdf = pdf
        self.resolution = resolution
        self.last_page = last_page

    @classmethod
    def load(cls, path):
        with open(path, "rb") as fh:
            obj = pickle.load(fh)
        if isinstance(obj, dict):
            return cls(**obj)
        return obj


class Replayer:
    def __init__(self, hotfolder):
        self.hotfolder = Path(hotfolder)
        self.script = None

    def __enter__(self):
        fd, self.script = tempfile.mkstemp(prefix="gs_replay_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(GS_SCRIPT)
        return self

    def __exit__(self, *exc):
        if self.script and os.path.exists(self.script):
            os.unlink(self.script)

    def run(self, ticket):
        pdf = self.hotfolder / ticket.pdf
        if not pdf.exists():
            raise FileNotFoundError(pdf)
        env = dict(os.environ, GS_INPUT=str(pdf), GS_RES=str(ticket.resolution),
                   GS_LAST=str(ticket.last_page))
        proc = subprocess.run(["bash", self.script], env=env, capture_output=True,
                              text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(proc.stdout.strip()[-300:])
        return proc.stdout.strip().splitlines()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("hotfolder", nargs="?", default="/srv/hotfolder/incoming")
    ap.add_argument("--report", default="ticket_replay.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    tickets = sorted(Path(args.hotfolder).glob("*.ticket"))
    if not tickets:
        LOG.info("no tickets in %s", args.hotfolder)
        return 0
    rows, failures = [], 0
    with Replayer(args.hotfolder) as replayer:
        for path in tickets:
            try:
                ticket = Ticket.load(path)
                coverage = replayer.run(ticket)
                rows.append([ticket.job_id, ticket.pdf, " | ".join(coverage)])
                LOG.info("%s ok", ticket.job_id)
            except (OSError, RuntimeError, pickle.UnpicklingError,
                    subprocess.TimeoutExpired) as exc:
                failures += 1
                LOG.error("%s: %s", path.name, exc)
    with open(args.report, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["job_id", "pdf", "ink_coverage"])
        writer.writerows(rows)
    LOG.info("%d ticket(s) replayed, %d failed", len(rows), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
