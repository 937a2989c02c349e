#!/usr/bin/env python3
"""Minimal local delivery agent: read one RFC 5322 message on stdin and file
it into the recipient's ~/Maildir, running as that user.

Called by the MTA as root, e.g.  deliver.py --to alice < message
"""
import argparse
import email
import email.policy
import logging
import mailbox
import os
import pwd
import sys
from email.utils import getaddresses, parseaddr

log = logging.getLogger("deliver")

EX_NOUSER = 67
EX_TEMPFAIL = 75
EX_NOPERM = 77


def read_message(stream):
    raw = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    return email.message_from_bytes(raw, policy=email.policy.compat32)


def resolve_user(local_part):
    name = local_part.split("+", 1)[0].lower()
    try:
        return pwd.getpwnam(name)
    except KeyError:
        return None


def become(user):
    """Switch the whole process to the recipient's identity."""
    os.setgroups([])
    os.initgroups(user.pw_name, user.pw_gid)
    os.setgid(user.pw_gid)
    os.setuid(user.pw_uid)
    os.environ.update(HOME=user.pw_dir, USER=user.pw_name, LOGNAME=user.pw_name)
    os.umask(0o077)


def choose_folder(box, msg):
    lists = msg.get("List-Id", "")
    if lists:
        folder = parseaddr(lists)[1].split(".", 1)[0] or "lists"
        try:
            return box.get_folder(folder)
        except mailbox.NoSuchMailboxError:
            return box.add_folder(folder)
    if msg.get("X-Spam-Flag", "").strip().upper() == "YES":
        try:
            return box.get_folder("Junk")
        except mailbox.NoSuchMailboxError:
            return box.add_folder("Junk")
    return box


def deliver(user, msg):
    maildir = os.path.join(user.pw_dir, "Maildir")
    box = mailbox.Maildir(maildir, create=True)
    target = choose_folder(box, msg)
    m = mailbox.MaildirMessage(msg)
    m.set_subdir("new")
    key = target.add(m)
    log.info("delivered to %s as %s", maildir, key)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--to", required=True, help="recipient local part")
    ap.add_argument("--debug", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(stream=sys.stderr,
                        level=logging.DEBUG if a.debug else logging.INFO,
                        format="deliver[%(process)d]: %(message)s")

    user = resolve_user(a.to)
    if user is None:
        log.error("unknown user %s", a.to)
        return EX_NOUSER
    msg = read_message(sys.stdin)
    rcpts = [addr for _, addr in getaddresses(msg.get_all("To", []))]
    log.debug("header recipients: %s", rcpts)

    if os.geteuid() == 0:
        try:
            become(user)
        except PermissionError as exc:
            log.error("cannot switch to %s: %s", user.pw_name, exc)
            return EX_NOPERM
    elif os.geteuid() != user.pw_uid:
        log.error("must run as root or as %s", user.pw_name)
        return EX_NOPERM

    try:
        deliver(user, msg)
    except OSError as exc:
        log.error("delivery failed: %s", exc)
        return EX_TEMPFAIL
    return 0


if __name__ == "__main__":
    sys.exit(main())
