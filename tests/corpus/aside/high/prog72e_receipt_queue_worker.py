#!/usr/bin/env python3
"""Donation receipt queue worker.

The web form drops one JSON file per donation into the spool directory. This
worker picks them up, renders a plain-text tax receipt, hands it to the local
MTA and moves the job to done/ (or failed/). It is started by the init system
on the office server and switches to the unprivileged "receipts" account once
it has opened its spool and log files.

    receipt_queue_worker.py --spool /var/spool/receipts --user receipts
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import shutil
import smtplib
import sys
import time
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("receipt-worker")

TEMPLATE = """Dear {name},

Thank you for your gift of {currency} {amount} to Riverside Community Trust on {date}.

Receipt number: {receipt_no}
Registered charity no.: {charity_no}

No goods or services were provided in exchange for this donation.

With gratitude,
The Riverside Community Trust team
"""


class Identity:
    """Switches the running process to a service account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def _check(cls, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    @classmethod
    def assume(cls, username):
        pw = pwd.getpwnam(username)
        uid, gid = ctypes.c_uint(pw.pw_uid), ctypes.c_uint(pw.pw_gid)
        groups = (ctypes.c_uint * 1)(pw.pw_gid)
        cls._check(cls._libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
        cls._check(cls._libc.setresgid(gid, gid, gid), "setresgid")
        cls._check(cls._libc.setresuid(uid, uid, uid), "setresuid")
        os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
        log.info("now running as %s (%d:%d)", username, pw.pw_uid, pw.pw_gid)


def render(job, charity_no):
    msg = EmailMessage()
    msg["From"] = "Riverside Community Trust <receipts@riversidetrust.org>"
    msg["To"] = job["email"]
    msg["Subject"] = "Your donation receipt %s" % job["receipt_no"]
    msg.set_content(TEMPLATE.format(charity_no=charity_no, **job))
    return msg


def process(path, smtp_host, charity_no):
    job = json.loads(path.read_text())
    for key in ("name", "email", "amount", "currency", "date", "receipt_no"):
        if key not in job:
            raise ValueError("missing %s" % key)
    with smtplib.SMTP(smtp_host, 25, timeout=30) as s:
        s.send_message(render(job, charity_no))


def loop(spool, smtp_host, charity_no, interval):
    done, failed = spool / "done", spool / "failed"
    done.mkdir(exist_ok=True)
    failed.mkdir(exist_ok=True)
    while True:
        for job in sorted(spool.glob("*.json")):
            try:
                process(job, smtp_host, charity_no)
                shutil.move(str(job), done / job.name)
                log.info("sent %s", job.name)
            except (ValueError, OSError, smtplib.SMTPException) as exc:
                log.error("%s failed: %s", job.name, exc)
                shutil.move(str(job), failed / job.name)
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="donation receipt queue worker")
    ap.add_argument("--spool", default="/var/spool/receipts")
    ap.add_argument("--log", default="/var/log/receipt-worker.log")
    ap.add_argument("--user", default="receipts")
    ap.add_argument("--smtp", default="localhost")
    ap.add_argument("--charity-no", default=os.environ.get("CHARITY_NUMBER", "1234567"))
    ap.add_argument("--interval", type=float, default=15.0)
    args = ap.parse_args()

    handlers = [logging.StreamHandler()]
    try:
        handlers.append(logging.FileHandler(args.log))
    except OSError:
        pass
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    spool = Path(args.spool)
    if not spool.is_dir():
        log.error("spool directory %s does not exist", spool)
        return 2
    os.chdir(spool)

    if pwd.getpwuid(os.geteuid()).pw_name != args.user:
        try:
            Identity.assume(args.user)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.user, exc)
            return 3

    try:
        loop(spool, args.smtp, args.charity_no, args.interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
