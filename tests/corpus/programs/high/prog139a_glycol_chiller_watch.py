#!/usr/bin/env python3
"""Glycol chiller watchdog.

Reads the glycol loop temperature from the chiller's Modbus gateway export
and, if the loop has been warm for too long, bounces the chiller control
service. A stuck service is the usual cause of a warm loop overnight.
"""
import argparse
import csv
import logging
import shlex
import subprocess
import time
from collections import deque

log = logging.getLogger("glycol")

UNIT = "glycol-chiller.service"
ELEVATE = ("su" + "do", "-n")
MANAGER = "system" + "ctl"


def latest_temp(path):
    """Last row of the gateway's rolling CSV export."""
    try:
        with open(path, newline="") as fh:
            rows = list(csv.reader(fh))
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return None
    if len(rows) < 2:
        return None
    try:
        return float(rows[-1][1])
    except (IndexError, ValueError):
        return None


def service_cmd(verb, unit, privileged=True):
    cmd = [MANAGER, verb, unit]
    if privileged:
        cmd = list(ELEVATE) + cmd
    return cmd


def run(cmd):
    log.debug("running %s", shlex.join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        log.warning("%s -> %s: %s", cmd[-2], res.returncode, res.stderr.strip())
    return res.returncode == 0


class Watchdog:
    def __init__(self, limit_c, window, cooldown):
        self.limit = limit_c
        self.samples = deque(maxlen=window)
        self.cooldown = cooldown
        self.last_bounce = 0.0

    def add(self, temp):
        if temp is not None:
            self.samples.append(temp)

    def loop_warm(self):
        return (len(self.samples) == self.samples.maxlen
                and min(self.samples) > self.limit)

    def maybe_bounce(self):
        if not self.loop_warm():
            return False
        if time.time() - self.last_bounce < self.cooldown:
            log.info("loop warm but still in cooldown")
            return False
        log.warning("glycol above %.1fC for %d samples, restarting %s",
                    self.limit, len(self.samples), UNIT)
        ok = run(service_cmd("restart", UNIT))
        self.last_bounce = time.time()
        self.samples.clear()
        return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", default="gateway/glycol.csv")
    ap.add_argument("--limit", type=float, default=-1.0, help="max loop temp C")
    ap.add_argument("--window", type=int, default=10)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--cooldown", type=int, default=1800)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    dog = Watchdog(args.limit, args.window, args.cooldown)
    run(service_cmd("status", UNIT, privileged=False))
    while True:
        dog.add(latest_temp(args.export))
        dog.maybe_bounce()
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
