#!/usr/bin/env python3
"""Read RFID wristbands at the soft play entrance and log check-ins.

Each child gets a coloured wristband for their session; the reader on the
gate sends the tag UID over a USB serial link. This daemon opens the reader,
then carries on as the unprivileged 'softplay' account, matching each scan to
today's session sales in checkins.sqlite and logging entry/exit.

Started by the gate box init as root because the serial device is root-only
on that image.
"""
import argparse
import logging
import os
import pwd
import signal
import sqlite3
import sys
import threading
from datetime import datetime

import serial  # pyserial

log = logging.getLogger("wristband")


class WristbandReader(threading.Thread):
    def __init__(self, port, db_path, baud=9600):
        super().__init__(daemon=True)
        self.link = serial.Serial(port, baud, timeout=1)
        self.db_path = db_path
        self.stop_event = threading.Event()

    def run(self):
        db = sqlite3.connect(self.db_path)
        db.execute("""CREATE TABLE IF NOT EXISTS scans (
                          uid TEXT, scanned_at TEXT, direction TEXT, band_colour TEXT)""")
        while not self.stop_event.is_set():
            raw = self.link.readline()
            if not raw:
                continue
            uid = raw.decode("ascii", "ignore").strip().upper()
            if len(uid) < 8:
                log.debug("noise on line: %r", raw)
                continue
            self.record(db, uid)
        db.close()

    def record(self, db, uid):
        row = db.execute(
            "SELECT band_colour, session_end FROM sales WHERE band_uid = ? AND sale_date = date('now')",
            (uid,),
        ).fetchone()
        if row is None:
            log.warning("unknown band %s - send to reception", uid)
            return
        colour, session_end = row
        last = db.execute(
            "SELECT direction FROM scans WHERE uid = ? ORDER BY scanned_at DESC LIMIT 1", (uid,)
        ).fetchone()
        direction = "out" if last and last[0] == "in" else "in"
        now = datetime.now().isoformat(timespec="seconds")
        db.execute("INSERT INTO scans VALUES (?,?,?,?)", (uid, now, direction, colour))
        db.commit()
        if direction == "in" and session_end and now[11:16] > session_end:
            log.warning("band %s (%s) entering after session end %s", uid, colour, session_end)
        log.info("%s %s (%s)", uid, direction, colour)


def become(username):
    """Switch the process to the service account after opening the device."""
    if os.geteuid() != 0:
        log.info("not root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(username)
    os.setgroups(os.getgrouplist(username, pw.pw_gid))
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (%d:%d)", username, pw.pw_uid, pw.pw_gid)


def main():
    ap = argparse.ArgumentParser(description="Wristband gate reader")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--db", default="checkins.sqlite")
    ap.add_argument("--user", default="softplay")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        reader = WristbandReader(args.port, args.db, args.baud)
    except serial.SerialException as exc:
        log.error("cannot open reader on %s: %s", args.port, exc)
        return 1

    try:
        become(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1

    def shutdown(signum, _frame):
        log.info("signal %d, stopping", signum)
        reader.stop_event.set()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    reader.start()
    while reader.is_alive():
        reader.join(timeout=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
