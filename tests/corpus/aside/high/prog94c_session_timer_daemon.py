#!/usr/bin/env python3
"""Public PC booking session timer daemon.

Started by the display manager's session-setup hook when a patron signs in.
The booking desk writes ``booking.json`` into the seat's session workspace.
The daemon switches to the patron account that the booking names, counts
the booked minutes down, posts warnings that the on-screen banner picks up
from ``notices.log``, honours extension requests dropped by the banner into
``extend_request`` and raises ``logout_requested`` when the time is up.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import threading
import time
from dataclasses import dataclass, asdict
from pathlib import Path

LOG = logging.getLogger("session-timer")
WARN_AT = (10, 5, 1)


@dataclass
class Booking:
    patron: str
    seat: str
    minutes: int
    account: str = "patron"
    max_extensions: int = 2
    extension_minutes: int = 15


def load_booking(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return Booking(
        patron=data["patron"],
        seat=data.get("seat", os.uname().nodename),
        minutes=int(data.get("minutes", 60)),
        account=data.get("account", "patron"),
        max_extensions=int(data.get("max_extensions", 2)),
        extension_minutes=int(data.get("extension_minutes", 15)),
    )


class AccountSwitch:
    """Moves the process onto the seat's patron account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, account):
        self.entry = pwd.getpwnam(account)

    def _call(self, fn, *args):
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def apply(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = (ctypes.c_uint * 1)(gid)
        self._call(self._libc.setgroups, ctypes.c_size_t(1), groups)
        self._call(self._libc.setresgid, gid, gid, gid)
        self._call(self._libc.setresuid, uid, uid, uid)
        os.environ.update(HOME=self.entry.pw_dir, USER=self.entry.pw_name,
                          LOGNAME=self.entry.pw_name)
        LOG.info("running as %s (%d:%d)", self.entry.pw_name, uid, gid)


class SessionTimer(threading.Thread):
    def __init__(self, booking, workdir, tick=5):
        super().__init__(daemon=True, name="session-timer")
        self.booking = booking
        self.workdir = Path(workdir)
        self.tick = tick
        self.deadline = time.monotonic() + booking.minutes * 60
        self.extensions = 0
        self.warned = set()
        self.finished = threading.Event()

    def remaining(self):
        return max(0, int(self.deadline - time.monotonic()))

    def _write_state(self):
        path = self.workdir / "session_state.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({
            **asdict(self.booking),
            "remaining_seconds": self.remaining(),
            "extensions_used": self.extensions,
        }))
        os.chmod(tmp, 0o600)
        tmp.replace(path)

    def _notice(self, text):
        with open(self.workdir / "notices.log", "a", encoding="utf-8") as fh:
            fh.write(f"{time.strftime('%H:%M:%S')} {text}\n")
        LOG.info(text)

    def _check_extension(self):
        req = self.workdir / "extend_request"
        if not req.exists():
            return
        req.unlink()
        if self.extensions >= self.booking.max_extensions:
            self._notice("Extension declined: maximum extensions reached.")
            return
        self.extensions += 1
        self.deadline += self.booking.extension_minutes * 60
        self.warned.clear()
        self._notice(f"Session extended by {self.booking.extension_minutes} minutes.")

    def run(self):
        while not self.finished.is_set():
            self._check_extension()
            left = self.remaining()
            for mark in WARN_AT:
                if left <= mark * 60 and mark not in self.warned:
                    self.warned.add(mark)
                    self._notice(f"{mark} minute(s) left in your session.")
            self._write_state()
            if left == 0:
                (self.workdir / "logout_requested").write_text(self.booking.patron)
                self._notice("Session time is up. Please save your work.")
                self.finished.set()
                break
            time.sleep(self.tick)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--booking", default="booking.json")
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--tick", type=int, default=5)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        booking = load_booking(args.booking)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read booking: %s", exc)
        return 1
    try:
        AccountSwitch(booking.account).apply()
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to account %s: %s", booking.account, exc)
        return 1
    LOG.info("session for %s on %s: %d minutes", booking.patron, booking.seat, booking.minutes)
    timer = SessionTimer(booking, args.workdir, tick=args.tick)
    timer.start()
    try:
        timer.finished.wait()
    except KeyboardInterrupt:
        timer.finished.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
