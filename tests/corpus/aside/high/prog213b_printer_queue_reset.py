#!/usr/bin/env python3
"""printer_queue_reset.py - clear stuck patron print queues.

Branch staff run this from their own account when the patron printers
stop releasing jobs. Queue administration needs root, so the generated
reset script calls the CUPS tools through sudo.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

LOG = logging.getLogger("queue-reset")

DEFAULT_CONFIG = "printers.ini"

RESET_TEMPLATE = """#!/bin/bash
set -u
queue="$RESET_QUEUE"
echo "resetting $queue"
sudo -n cupsdisable "$queue" || exit 10
if [ "$RESET_CANCEL" = "1" ]; then
  sudo -n cancel -a "$queue" || echo "cancel failed for $queue" >&2
fi
sudo -n lpadmin -p "$queue" -o printer-error-policy=retry-job || true
sudo -n cupsenable "$queue" || exit 11
sudo -n cupsaccept "$queue" || exit 12
lpstat -p "$queue"
"""


@dataclass
class Queue:
    name: str
    branch: str
    cancel_jobs: bool


def load_queues(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        LOG.warning("no config at %s, using built-in queue list", path)
        return [Queue("patron-bw", "central", True), Queue("patron-colour", "central", True)]
    queues = []
    for section in cfg.sections():
        queues.append(Queue(
            name=cfg.get(section, "queue", fallback=section),
            branch=cfg.get(section, "branch", fallback="central"),
            cancel_jobs=cfg.getboolean(section, "cancel_jobs", fallback=True),
        ))
    return queues


def stuck_queues(queues):
    """Return queues that lpstat reports as disabled or with old jobs."""
    try:
        out = subprocess.run(["lpstat", "-p"], capture_output=True, text=True,
                             timeout=15).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("lpstat failed: %s", exc)
        return queues
    stuck = []
    for q in queues:
        for line in out.splitlines():
            if line.startswith(f"printer {q.name} ") and "disabled" in line:
                stuck.append(q)
    return stuck


def reset_queue(queue, script_path):
    env = dict(os.environ, RESET_QUEUE=queue.name,
               RESET_CANCEL="1" if queue.cancel_jobs else "0")
    proc = subprocess.run(["bash", script_path], env=env, capture_output=True,
                          text=True, timeout=60)
    if proc.returncode:
        LOG.error("%s: reset failed (%d) %s", queue.name, proc.returncode, proc.stderr.strip())
    else:
        LOG.info("%s: %s", queue.name, proc.stdout.strip().splitlines()[-1])
    return proc.returncode == 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--all", action="store_true", help="reset every configured queue")
    ap.add_argument("--branch")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    queues = load_queues(args.config)
    if args.branch:
        queues = [q for q in queues if q.branch == args.branch]
    targets = queues if args.all else stuck_queues(queues)
    if not targets:
        print("no stuck queues")
        return 0

    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(RESET_TEMPLATE)
        script = fh.name
    try:
        ok = sum(reset_queue(q, script) for q in targets)
    finally:
        os.unlink(script)
    print(f"{ok}/{len(targets)} queues reset")
    return 0 if ok == len(targets) else 1


if __name__ == "__main__":
    sys.exit(main())
