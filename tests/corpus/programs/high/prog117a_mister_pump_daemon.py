#!/usr/bin/env python3
"""Fruiting-room mister pump daemon.

Drives the high-pressure mister pumps through the Pi's GPIO pins according to
a pulse schedule (seconds on / seconds off per room). The GPIO lines are
exported through sysfs at start-up, after which the daemon switches to the
unprivileged `mister` account for the rest of its life.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import signal
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("misterd")

GPIO_ROOT = Path("/sys/class/gpio")
DEFAULT_SCHEDULE = "mister_schedule.json"


class PrivilegeDrop:
    """Switch real, effective and saved ids through libc."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        entry = pwd.getpwnam(user)
        self.uid, self.gid = entry.pw_uid, entry.pw_gid
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def apply(self):
        arr = (ctypes.c_uint * len(self.groups))(*self.groups)
        self._check(self._libc.setgroups(len(self.groups), arr), "setgroups")
        self._check(self._libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(self._libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


class GpioLine:
    def __init__(self, pin, owner_uid, owner_gid):
        self.pin = pin
        self.path = GPIO_ROOT / f"gpio{pin}"
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(pin))
            time.sleep(0.1)
        (self.path / "direction").write_text("out")
        for attr in ("value", "direction"):
            os.chown(self.path / attr, owner_uid, owner_gid)

    def set(self, on):
        (self.path / "value").write_text("1" if on else "0")


class RoomPulser(threading.Thread):
    def __init__(self, room, line, on_s, off_s, stop):
        super().__init__(name=f"pulse-{room}", daemon=True)
        self.room, self.line = room, line
        self.on_s, self.off_s = on_s, off_s
        self.stop = stop

    def run(self):
        while not self.stop.is_set():
            self.line.set(True)
            if self.stop.wait(self.on_s):
                break
            self.line.set(False)
            self.stop.wait(self.off_s)
        self.line.set(False)
        log.info("%s pump stopped", self.room)


def load_schedule(path):
    data = json.loads(Path(path).read_text())
    for room, cfg in data["rooms"].items():
        yield room, int(cfg["gpio"]), float(cfg["on_seconds"]), float(cfg["off_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--schedule", default=DEFAULT_SCHEDULE)
    ap.add_argument("-u", "--user", default="mister")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")

    try:
        rooms = list(load_schedule(args.schedule))
        drop = PrivilegeDrop(args.user)
    except (OSError, KeyError, ValueError) as exc:
        log.error("startup failed: %s", exc)
        return 1

    lines = {}
    for room, pin, _on, _off in rooms:
        try:
            lines[room] = GpioLine(pin, drop.uid, drop.gid)
        except OSError as exc:
            log.error("cannot export GPIO %d for %s: %s", pin, room, exc)
            return 1
    drop.apply()

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    workers = [RoomPulser(r, lines[r], on, off, stop) for r, _p, on, off in rooms]
    for w in workers:
        w.start()
    log.info("pulsing %d rooms", len(workers))
    while not stop.is_set():
        stop.wait(1.0)
    for w in workers:
        w.join(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
