#!/usr/bin/env python3
"""Event logger for the automated medication dispensing cabinet.

The cabinet in the treatment room reports every drawer open / dose picked /
drawer closed over RS-232. This daemon opens the serial port (root only on
the nurse-station box), then switches to the unprivileged "carelog" account
and appends every event to the dispensing log used for the controlled-drugs
reconciliation at the end of each round.
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
import sqlite3
import sys
import time

import serial  # pyserial

log = logging.getLogger("dispenser")

FRAME_START, FRAME_END = b"\x02", b"\x03"
EVENT_CODES = {"DO": "drawer_open", "DC": "drawer_closed", "PK": "dose_picked",
               "RT": "dose_returned", "AL": "alarm"}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s: %s" % (what, os.strerror(err)))


def switch_user(username, group=None):
    """Become `username` for good once the device is open."""
    pw = pwd.getpwnam(username)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([gid, grp.getgrnam("dialout").gr_gid])
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = username
    log.info("running as %s (uid %d)", username, os.getuid())


def parse_frame(frame):
    """Frame: <code>|<drawer>|<item>|<qty>|<staff badge>"""
    text = frame.decode("ascii", errors="replace")
    parts = text.split("|")
    if len(parts) < 5 or parts[0] not in EVENT_CODES:
        raise ValueError("bad frame %r" % text)
    code, drawer, item, qty, badge = parts[:5]
    return {"event": EVENT_CODES[code], "drawer": drawer, "item": item,
            "qty": int(qty or 0), "badge": badge}


class EventStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("""CREATE TABLE IF NOT EXISTS dispense_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT, ts TEXT, event TEXT, drawer TEXT,
            item TEXT, qty INTEGER, badge TEXT)""")
        self.db.commit()

    def add(self, ev):
        self.db.execute("INSERT INTO dispense_events (ts, event, drawer, item, qty, badge)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (time.strftime("%Y-%m-%dT%H:%M:%S"), ev["event"], ev["drawer"],
                         ev["item"], ev["qty"], ev["badge"]))
        self.db.commit()


def read_frames(port):
    buf = b""
    while True:
        chunk = port.read(64)
        if not chunk:
            continue
        buf += chunk
        while FRAME_START in buf and FRAME_END in buf:
            start = buf.index(FRAME_START)
            end = buf.index(FRAME_END, start)
            yield buf[start + 1:end]
            buf = buf[end + 1:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyS0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="carelog")
    ap.add_argument("--db", default="dispense_events.sqlite3")
    ap.add_argument("--pidfile", default="/run/dispenser-logger.pid")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        port = serial.Serial(args.device, args.baud, timeout=1)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    if os.geteuid() == 0:
        with open(args.pidfile, "w") as fh:
            fh.write(str(os.getpid()))
        switch_user(args.user)
    store = EventStore(args.db)

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    for frame in read_frames(port):
        if stop["flag"]:
            break
        try:
            ev = parse_frame(frame)
        except ValueError as exc:
            log.warning("%s", exc)
            continue
        store.add(ev)
        if ev["event"] == "alarm":
            log.error("cabinet alarm: %s", json.dumps(ev))
        else:
            log.info("%s drawer %s %s x%d by %s", ev["event"], ev["drawer"], ev["item"],
                     ev["qty"], ev["badge"])
    port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
