#!/usr/bin/env python3
"""Class reminder worker for the yoga studio booking system.

Every few minutes, finds bookings for classes starting in the next couple
of hours that have not been reminded yet and emails the member through the
local MTA.  Bookings come from the booking app's SQLite database.

Started from the studio server's init script, it switches to the service
account given by --user before touching the database.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

log = logging.getLogger("reminders")

SENDMAIL = ["/usr/sbin/sendmail", "-t", "-oi"]
FROM = formataddr(("Stillpoint Yoga", "classes@stillpoint-yoga.example"))

QUERY = """
SELECT b.id, m.name, m.email, c.title, c.starts_at, c.room, i.name
FROM bookings b
JOIN members m ON m.id = b.member_id
JOIN classes c ON c.id = b.class_id
JOIN instructors i ON i.id = c.instructor_id
WHERE b.status = 'booked'
  AND b.reminded_at IS NULL
  AND c.starts_at BETWEEN ? AND ?
ORDER BY c.starts_at
"""


class ServiceAccount:
    def __init__(self, username):
        self.entry = pwd.getpwnam(username)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = [g.gr_gid for g in grp.getgrall() if self.entry.pw_name in g.gr_mem]
        groups = sorted(set(groups + [gid]))
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self.libc.setgroups(len(groups), arr), "setgroups")
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")
        os.environ.update(HOME=self.entry.pw_dir, USER=self.entry.pw_name,
                          LOGNAME=self.entry.pw_name)
        os.umask(0o027)
        log.info("running as %s (%d:%d)", self.entry.pw_name, uid, gid)


class Worker:
    def __init__(self, db_path, lead_minutes, interval):
        self.db_path = db_path
        self.lead = timedelta(minutes=lead_minutes)
        self.interval = interval
        self.running = True

    def stop(self, *_):
        log.info("stopping after current pass")
        self.running = False

    def pending(self, conn):
        now = datetime.now()
        window = (now.isoformat(sep=" ", timespec="minutes"),
                  (now + self.lead).isoformat(sep=" ", timespec="minutes"))
        yield from conn.execute(QUERY, window)

    @staticmethod
    def build_message(name, email, title, starts_at, room, instructor):
        start = datetime.fromisoformat(starts_at)
        msg = EmailMessage()
        msg["From"] = FROM
        msg["To"] = formataddr((name, email))
        msg["Subject"] = f"Reminder: {title} at {start:%H:%M} today"
        msg["Message-ID"] = make_msgid(domain="stillpoint-yoga.example")
        msg.set_content(
            f"Hi {name.split()[0]},\n\n"
            f"See you at {title} with {instructor} in the {room} studio at {start:%H:%M}.\n"
            "Please arrive 10 minutes early and bring water. If you can't make it,\n"
            "cancel in the app so someone on the waitlist can take your mat.\n\n"
            "Namaste,\nStillpoint Yoga\n"
        )
        return msg

    @staticmethod
    def deliver(msg):
        proc = subprocess.run(SENDMAIL, input=msg.as_bytes(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode(errors="replace").strip() or "sendmail failed")

    def run_once(self):
        sent = 0
        with sqlite3.connect(self.db_path, timeout=10) as conn:
            for booking_id, *fields in list(self.pending(conn)):
                try:
                    self.deliver(self.build_message(*fields))
                except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
                    log.error("booking %s: %s", booking_id, exc)
                    continue
                conn.execute("UPDATE bookings SET reminded_at = ? WHERE id = ?",
                             (datetime.now().isoformat(sep=" ", timespec="seconds"), booking_id))
                sent += 1
        return sent

    def serve(self):
        while self.running:
            try:
                n = self.run_once()
                if n:
                    log.info("sent %d reminders", n)
            except sqlite3.Error as exc:
                log.error("database error: %s", exc)
            for _ in range(self.interval):
                if not self.running:
                    break
                time.sleep(1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="bookings.db")
    ap.add_argument("--lead", type=int, default=120, help="minutes before class")
    ap.add_argument("--interval", type=int, default=300, help="seconds between passes")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--user", default="studio")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")

    try:
        ServiceAccount(args.user).assume()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    worker = Worker(args.db, args.lead, args.interval)
    signal.signal(signal.SIGTERM, worker.stop)
    signal.signal(signal.SIGINT, worker.stop)
    if args.once:
        log.info("sent %d reminders", worker.run_once())
        return 0
    worker.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
