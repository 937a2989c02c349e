#!/usr/bin/env python3
"""Auto-feeder scheduler daemon for the shop's display tanks.

Started as root at boot so it can open the feeder relay board's serial
device, then drops to the unprivileged 'aquafeed' account for the rest of
its life.  Feeding times come from a small INI file.
"""

import argparse
import configparser
import grp
import logging
import os
import pwd
import time
from datetime import datetime

LOG = logging.getLogger("feederd")

DEFAULT_CONFIG = os.environ.get("FEEDER_CONFIG", "feeder.ini")
RELAY_DEVICE = os.environ.get("FEEDER_RELAY", "/dev/ttyACM0")
RUN_AS = os.environ.get("FEEDER_USER", "aquafeed")


class RelayBoard:
    def __init__(self, device):
        self.device = device
        self.fd = None

    def open(self):
        self.fd = os.open(self.device, os.O_RDWR | os.O_NOCTTY)
        LOG.info("opened relay board %s", self.device)

    def pulse(self, channel, seconds):
        if self.fd is None:
            raise RuntimeError("relay board not open")
        os.write(self.fd, f"ON {channel}\n".encode())
        time.sleep(seconds)
        os.write(self.fd, f"OFF {channel}\n".encode())


def drop_privileges(username):
    if os.getuid() != 0:
        LOG.info("not root, keeping current user")
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    LOG.info("dropped privileges to %s (uid %d)", username, pw.pw_uid)


def load_schedule(path):
    cfg = configparser.ConfigParser()
    cfg.read(path)
    schedule = []
    for tank in cfg.sections():
        channel = cfg.getint(tank, "channel")
        seconds = cfg.getfloat(tank, "seconds", fallback=1.5)
        for t in cfg.get(tank, "times").split(","):
            schedule.append((t.strip(), tank, channel, seconds))
    LOG.info("loaded %d feeding slots for %d tanks",
             len(schedule), len(cfg.sections()))
    return schedule


def run(board, schedule):
    done_today = set()
    today = datetime.now().date()
    while True:
        now = datetime.now()
        if now.date() != today:
            today, done_today = now.date(), set()
        hhmm = now.strftime("%H:%M")
        for slot, tank, channel, seconds in schedule:
            key = (slot, tank)
            if slot == hhmm and key not in done_today:
                LOG.info("feeding %s (channel %d, %.1fs)", tank, channel, seconds)
                board.pulse(channel, seconds)
                done_today.add(key)
        time.sleep(20)


def main():
    ap = argparse.ArgumentParser(description="Aquarium auto-feeder daemon")
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--user", default=RUN_AS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s feederd %(levelname)s %(message)s")

    board = RelayBoard(RELAY_DEVICE)
    board.open()
    drop_privileges(args.user)
    schedule = load_schedule(args.config)
    if not schedule:
        LOG.error("no feeding schedule in %s", args.config)
        return 1
    run(board, schedule)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
