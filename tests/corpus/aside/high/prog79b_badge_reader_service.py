#!/usr/bin/env python3
"""Punch-clock badge reader service.

Reads RFID badge numbers from the serial badge reader, turns each read
into an IN/OUT punch for the employee the badge belongs to and stores it in
the local punch database that the uploader syncs later.

Started by the kiosk's init as root so it can claim the reader before the
desktop session grabs it; it then continues as the unprivileged kiosk
account for the rest of its life.

    badge_reader_service.py --device /dev/badge-reader --user timeclock
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import queue
import signal
import sqlite3
import sys
import threading
import time
from datetime import datetime

import serial  # pyserial

log = logging.getLogger("badged")

DEBOUNCE_SECONDS = 20
SCHEMA = """
CREATE TABLE IF NOT EXISTS punch (
    id INTEGER PRIMARY KEY,
    badge TEXT NOT NULL,
    employee_id TEXT,
    direction TEXT NOT NULL,
    at TEXT NOT NULL,
    synced INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS badge (badge TEXT PRIMARY KEY, employee_id TEXT NOT NULL);
"""


class Identity:
    """Switch the process to the service account after setup."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, username):
        pw = pwd.getpwnam(username)
        self.name = username
        self.uid = pw.pw_uid
        self.gid = pw.pw_gid
        self.home = pw.pw_dir
        self.groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]

    def _call(self, fn, *ids):
        if fn(*[ctypes.c_uint(i) for i in ids]) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def assume(self):
        if os.geteuid() != 0:
            log.info("not root, staying uid %d", os.geteuid())
            return
        os.setgroups(self.groups or [self.gid])
        self._call(self._libc.setresgid, self.gid, self.gid, self.gid)
        self._call(self._libc.setresuid, self.uid, self.uid, self.uid)
        os.environ["HOME"] = self.home
        os.umask(0o027)
        log.info("now running as %s (%d:%d)", self.name, self.uid, self.gid)


def reader_thread(port, out_q, stop):
    buf = b""
    while not stop.is_set():
        try:
            chunk = port.read(64)
        except serial.SerialException as exc:
            log.error("reader error: %s", exc)
            time.sleep(2)
            continue
        if not chunk:
            continue
        buf += chunk
        while b"\r" in buf:
            line, buf = buf.split(b"\r", 1)
            badge = line.strip(b"\n\x02\x03 ").decode("ascii", "ignore")
            if badge:
                out_q.put((badge, datetime.now().astimezone()))


class PunchStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)
        self.last_seen = {}

    def employee_for(self, badge):
        row = self.db.execute("SELECT employee_id FROM badge WHERE badge = ?", (badge,)).fetchone()
        return row[0] if row else None

    def next_direction(self, badge):
        row = self.db.execute(
            "SELECT direction FROM punch WHERE badge = ? AND date(at) = date('now','localtime') "
            "ORDER BY id DESC LIMIT 1", (badge,)).fetchone()
        return "OUT" if row and row[0] == "IN" else "IN"

    def record(self, badge, when):
        prev = self.last_seen.get(badge)
        if prev and (when - prev).total_seconds() < DEBOUNCE_SECONDS:
            return None
        self.last_seen[badge] = when
        direction = self.next_direction(badge)
        with self.db:
            self.db.execute(
                "INSERT INTO punch (badge, employee_id, direction, at) VALUES (?, ?, ?, ?)",
                (badge, self.employee_for(badge), direction, when.isoformat(timespec="seconds")))
        return direction


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/badge-reader")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="timeclock")
    ap.add_argument("--db", default="punches.sqlite3")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        port = serial.Serial(args.device, args.baud, timeout=1)
    except serial.SerialException as exc:
        log.error("cannot open reader %s: %s", args.device, exc)
        return 1
    Identity(args.user).assume()

    store = PunchStore(args.db)
    reads = queue.Queue()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    t = threading.Thread(target=reader_thread, args=(port, reads, stop), daemon=True)
    t.start()
    log.info("listening on %s", args.device)
    while not stop.is_set():
        try:
            badge, when = reads.get(timeout=1)
        except queue.Empty:
            continue
        direction = store.record(badge, when)
        if direction:
            log.info("badge %s punched %s", badge, direction)
    port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
