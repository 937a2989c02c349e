#!/usr/bin/env python3
"""Range VM heartbeat.

Each student VM in the red-team range reports in to the range controller so
instructors can see which boxes are up and which exercise they are on.
Configuration lives in ./heartbeat.ini:

    [controller]
    url = https://range-ctl.lab.internal/api/heartbeat
    interval = 60
    [student]
    seat = 14
    exercise = pivoting-02
"""
import argparse
import configparser
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("heartbeat")
DEFAULTS = {
    "controller": {"url": "https://range-ctl.lab.internal/api/heartbeat", "interval": "60"},
    "student": {"seat": "0", "exercise": "unassigned"},
}


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    else:
        LOG.warning("%s not found, using defaults", path)
    return cfg


def read_loadavg():
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


class Heartbeat:
    def __init__(self, cfg):
        self.url = cfg["controller"]["url"]
        self.interval = cfg["controller"].getint("interval")
        self.seat = cfg["student"]["seat"]
        self.exercise = cfg["student"]["exercise"]
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "range-heartbeat/1.3"
        self.running = True

    def params(self):
        return {
            "host": socket.gethostname(),
            "seat": self.seat,
            "exercise": self.exercise,
            "load": read_loadavg(),
            "ts": int(time.time()),
        }

    def beat(self):
        try:
            resp = self.session.get(self.url, params=self.params(), timeout=10)
            resp.raise_for_status()
        except requests.RequestException as exc:
            LOG.warning("heartbeat failed: %s", exc)
            return False
        LOG.debug("controller: %s", resp.text[:200])
        return True

    def stop(self, *_):
        self.running = False

    def run(self, once=False):
        failures = 0
        while self.running:
            failures = 0 if self.beat() else failures + 1
            if failures and failures % 10 == 0:
                LOG.error("%d consecutive heartbeat failures", failures)
            if once:
                break
            time.sleep(self.interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="range VM heartbeat")
    ap.add_argument("--config", default="heartbeat.ini")
    ap.add_argument("--once", action="store_true", help="send a single heartbeat")
    ap.add_argument("--log", default="heartbeat.log")
    args = ap.parse_args(argv)

    logging.basicConfig(
        filename=args.log,
        level=os.environ.get("HEARTBEAT_LOGLEVEL", "INFO"),
        format="%(asctime)s %(levelname)s %(message)s",
    )
    hb = Heartbeat(load_config(Path(args.config)))
    signal.signal(signal.SIGTERM, hb.stop)
    signal.signal(signal.SIGINT, hb.stop)
    hb.run(once=args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
