#!/usr/bin/env python3
"""Refill reminder daemon for the branch server.

Started by the init system, it opens its log and spool under /var, then
switches to the unprivileged "rxmail" account and loops: every few minutes it
picks queued reminders from the spool database and mails them through the
group's SMTP relay (STARTTLS, credentials from /etc/rxmail/relay.ini which is
read before switching accounts).
"""
import argparse
import configparser
import ctypes
import ctypes.util
import grp
import logging
import logging.handlers
import os
import pwd
import signal
import smtplib
import sqlite3
import ssl
import sys
import time
from email.message import EmailMessage

log = logging.getLogger("rxmaild")

SPOOL_DB = "/var/spool/rxmail/queue.db"
LOG_FILE = "/var/log/rxmail/rxmaild.log"
RELAY_CONF = "/etc/rxmail/relay.ini"
_running = True


def _libc():
    lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    lib.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
    lib.setresgid.argtypes = [ctypes.c_uint] * 3
    lib.setresuid.argtypes = [ctypes.c_uint] * 3
    return lib


def switch_account(username):
    """Become `username` (and its supplementary groups) for the rest of the run."""
    if os.geteuid() != 0:
        log.info("not started as root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] + [pw.pw_gid]
    libc = _libc()
    arr = (ctypes.c_uint * len(groups))(*groups)
    for name, rc in (
        ("setgroups", libc.setgroups(len(groups), arr)),
        ("setresgid", libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("setresuid", libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    ):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    os.chdir(pw.pw_dir)
    log.info("now running as %s (uid %d)", username, pw.pw_uid)


def load_relay(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    r = cfg["relay"]
    return {"host": r["host"], "port": r.getint("port", 587), "user": r.get("user"),
            "password": r.get("password"), "sender": r.get("sender", "refills@pharmacy.local")}


def pending(db):
    cur = db.execute(
        "SELECT id, email, first_name, drug_name, due_date FROM reminders "
        "WHERE sent_at IS NULL AND attempts < ? ORDER BY due_date LIMIT 50", (5,))
    return cur.fetchall()


def send_batch(db, relay):
    rows = pending(db)
    if not rows:
        return 0
    ctx = ssl.create_default_context()
    sent = 0
    with smtplib.SMTP(relay["host"], relay["port"], timeout=30) as smtp:
        smtp.starttls(context=ctx)
        if relay["user"]:
            smtp.login(relay["user"], relay["password"])
        for rid, email, first, drug, due in rows:
            msg = EmailMessage()
            msg["From"], msg["To"] = relay["sender"], email
            msg["Subject"] = f"Your {drug} refill is due"
            msg.set_content(f"Hi {first},\n\nYour {drug} is due for a refill on {due}.\n"
                            "Call in or reply and we'll have it ready.\n")
            try:
                smtp.send_message(msg)
                db.execute("UPDATE reminders SET sent_at = datetime('now') WHERE id = ?", (rid,))
                sent += 1
            except smtplib.SMTPException as exc:
                log.warning("reminder %s to %s failed: %s", rid, email, exc)
                db.execute("UPDATE reminders SET attempts = attempts + 1 WHERE id = ?", (rid,))
    db.commit()
    return sent


def _stop(signum, _frame):
    global _running
    log.info("signal %d received, stopping", signum)
    _running = False


def main():
    ap = argparse.ArgumentParser(description="refill reminder daemon")
    ap.add_argument("--user", default="rxmail")
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()

    handler = logging.handlers.WatchedFileHandler(LOG_FILE)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler, logging.StreamHandler()])

    relay = load_relay(RELAY_CONF)
    db = sqlite3.connect(SPOOL_DB)
    switch_account(args.user)

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    while _running:
        try:
            n = send_batch(db, relay)
            if n:
                log.info("sent %d reminders", n)
        except (OSError, smtplib.SMTPException, sqlite3.Error) as exc:
            log.error("batch failed: %s", exc)
        if args.once:
            break
        for _ in range(args.interval):
            if not _running:
                break
            time.sleep(1)
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
